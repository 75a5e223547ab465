// The integration suite under desktop VS Code, through @vscode/test-cli: `npx vscode-test`.
// It downloads VS Code 1.100.0 (our minimum engine), so it needs the internet; on machines that reach
// only the npm registry, `node test/integration/run.js` runs the same bundles in code-server instead.
// See https://github.com/microsoft/vscode-test-cli (the options are in its out/config.d.cts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@vscode/test-cli';

const root = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { buildIntegrationTests } = require('./test/integration/build.js');

// The project has no `pretest` step, so build here: the extension into dist/ (what VS Code loads
// from the development path) and each test into out/integration/ (what `files` matches).
execFileSync(process.execPath, [join(root, 'esbuild.js')], { cwd: root, stdio: 'inherit' });
await buildIntegrationTests();

// A fresh, empty folder to open, as in the code-server run; inside the ignored .vscode-test/.
const workspaceFolder = join(root, '.vscode-test', 'integration-workspace');
rmSync(workspaceFolder, { recursive: true, force: true });
mkdirSync(workspaceFolder, { recursive: true });

export default defineConfig({
  label: 'integration',
  files: 'out/integration/**/*.test.js',
  version: '1.100.0',
  extensionDevelopmentPath: root,
  workspaceFolder,
  // Only the extension under development: nothing installed on the machine takes part.
  launchArgs: ['--disable-extensions'],
  // The one switch for test behaviour (src/testApi.ts), set whole: the test API and no demo at start
  // (the suite starts the demo itself when it needs it).
  env: { TIMESLICE_TEST_HARNESS: 'api' },
  mocha: {
    ui: 'bdd',
    timeout: 20_000,
  },
});
