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
  // A disable comment that no longer hides anything is itself a problem (and fails `npm run lint`).
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // Build output, test workbenches and downloads, none of it ours to lint; the demo's sample workspace
  // is sample data in other languages' styles (samples/demo-workspace/, opened by the demo).
  globalIgnores(['dist/', 'out/', '.vscode-test/', 'bench/.out/', 'test-results/', 'samples/']),

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
      // Unused code. `_`-prefixed parameters stay: they keep a callback's signature readable. A
      // property taken out of an object only to leave it out of the `...rest` copy is not unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read parsed JSON (package.json, the simulator's and NerdGraph's answers, Playwright's
      // page values) and walk into it field by field to assert on the service's wire format. Typing
      // every such body would restate the spec the test checks; a wrong path fails the assertion anyway.
      // Off only here: src/, webview/ and bench/ keep these rules.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // The NerdGraph conformance test walks GraphQL answers whose shape is the thing under test, and
    // says so with `any` (the same reason as above).
    files: ['test/unit/nerdgraph.conformance.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
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
  // These run in the benchmark's Chromium page, or hand it functions (page.evaluate) that run there.
  {
    files: ['bench/webview/*.js', 'bench/render.js', 'bench/screenshots.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
