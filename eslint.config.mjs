// ESLint (flat config): `npm run lint`, the first suite of `npm test`.
// TypeScript gets typescript-eslint's type-checked recommended rules, which need the type
// information of the project each file belongs to: tsconfig.json (src/, test/, bench/) and
// tsconfig.webview.json (webview/, src/panels/protocol.ts, bench/anchors/). The `projectService`
// option would look only for files named tsconfig.json, so webview/ would have no project: the two
// files are listed instead. Plain JavaScript (build and test scripts, the bench's browser helpers) gets
// ESLint's recommended rules, which need no types.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Build output, test workbenches and downloads, none of it ours to lint.
  globalIgnores(['dist/', 'out/', '.vscode-test/', 'bench/.out/', 'test-results/']),

  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.webview.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its rejection. Deliberate fire-and-forget is written `void p`.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function where a void callback is expected (event listeners, timers, array
      // callbacks) drops its rejection the same way.
      '@typescript-eslint/no-misused-promises': 'error',
      // Unused code. `_`-prefixed parameters stay: they keep a callback's signature readable.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js'], languageOptions: { sourceType: 'commonjs' } },
  // These run in the benchmark's Chromium page, not in Node.
  {
    files: ['bench/webview/fakeVscode.js', 'bench/webview/sampleData.js', 'bench/webview/themes.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
