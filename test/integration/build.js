// Bundles each integration test (test/integration/suite/**/*.test.ts) into out/integration/<name>.test.js.
// Used by test/integration/run.js (code-server) and .vscode-test.mjs (desktop VS Code).
// `vscode` is provided by the extension host and mocha by the runner, so both stay external.
'use strict';
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const SUITE_DIR = path.join(__dirname, 'suite');
const OUT_DIR = path.join(REPO_ROOT, 'out', 'integration');

/** The suite's test files, relative to the repo root, sorted. */
function integrationTestFiles() {
  return fs
    .readdirSync(SUITE_DIR, { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(SUITE_DIR, f));
}

/**
 * Builds every test file into OUT_DIR (emptied first, so a deleted test does not keep running).
 * Resolves with the absolute paths of the bundles; rejects with esbuild's messages on an error.
 */
async function buildIntegrationTests() {
  const entryPoints = integrationTestFiles();
  if (entryPoints.length === 0) {
    throw new Error(`no *.test.ts files under ${SUITE_DIR}`);
  }
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints,
    outbase: SUITE_DIR,
    outdir: OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'silent',
    metafile: true,
    absWorkingDir: REPO_ROOT,
    // The sources a test imports run as in the test build it drives (esbuild.js).
    define: { __TIMESLICE_TEST__: 'true' },
  });
  return Object.keys(result.metafile.outputs)
    .filter((f) => f.endsWith('.test.js'))
    .map((f) => path.resolve(REPO_ROOT, f))
    .sort();
}

module.exports = { OUT_DIR, buildIntegrationTests, integrationTestFiles };

if (require.main === module) {
  buildIntegrationTests().then(
    (files) =>
      console.log(
        `built ${files.length} integration test bundle(s) in ${path.relative(process.cwd(), OUT_DIR) || '.'}`,
      ),
    (e) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
