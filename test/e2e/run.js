#!/usr/bin/env node
// The UI suite: test/e2e/**/*.e2e.ts, in plain Node, each file driving code-server (VS Code 1.100.3)
// in headless Chromium through test/e2e/support/workbench.ts.
//
//   node test/e2e/run.js [--grep <pattern>]
//
// The same as `mocha --no-config -r esbuild-register -r test/e2e/support/hooks.ts --reporter
// test/support/countingReporter.js --timeout 120000 --exit 'test/e2e/**/*.e2e.ts'`, written out so
// that the repo's .mocharc.json (the unit suite's) is not merged in and a missing code-server fails
// with the command that installs it. The counting reporter writes the counts to $TIMESLICE_TEST_STATS;
// after a failed test, support/hooks.ts saves a screenshot of each open workbench. At the end it prints
// the five slowest describe blocks (with their hooks) and tests.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const { codeServerBin } = require('../../scripts/vscode/codeServer');

function fail(message) {
  console.error(`ui: ${message}`);
  const statsFile = process.env.TIMESLICE_TEST_STATS;
  if (statsFile) {
    fs.writeFileSync(statsFile, JSON.stringify({ passed: 0, failed: 1, skipped: 0, failures: [`ui: ${message}`] }));
  }
  process.exit(1);
}

if (!fs.existsSync(codeServerBin())) {
  fail('code-server is not installed; run: bash scripts/vscode/installCodeServer.sh');
}
if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) {
  fail('dist/extension.js is missing; build the extension first: node esbuild.js');
}

require('esbuild-register/dist/node').register({ target: 'node20' });
// The sources the tests import run as in the test build (esbuild.js's __TIMESLICE_TEST__), like the unit tests'.
require('../support/testBuildFlag');
const Mocha = require('mocha');
const CountingReporter = require('../support/countingReporter');
const { mochaHooks } = require('./support/hooks');

const grepIndex = process.argv.indexOf('--grep');
const mocha = new Mocha({
  ui: 'bdd',
  reporter: CountingReporter,
  timeout: 120_000,
  // A slow test here means a slow workbench, not a slow assertion.
  slow: 20_000,
  grep: grepIndex > 0 ? process.argv[grepIndex + 1] : undefined,
  // A screenshot of every open workbench after a failed test (.vscode-test/screenshots/failed-*.png).
  rootHooks: mochaHooks,
});

// Failure screenshots of an earlier run would read as this run's.
const screenshotDir = path.join(REPO_ROOT, '.vscode-test', 'screenshots');
for (const name of fs.existsSync(screenshotDir) ? fs.readdirSync(screenshotDir) : []) {
  if (name.startsWith('failed-')) {
    fs.rmSync(path.join(screenshotDir, name), { force: true });
  }
}

const e2eDir = __dirname;
const files = fs
  .readdirSync(e2eDir, { recursive: true })
  .filter((f) => f.endsWith('.e2e.ts') && !f.split(path.sep).includes('node_modules'))
  .sort();
if (files.length === 0) {
  fail('no test/e2e/**/*.e2e.ts files');
}
for (const file of files) {
  mocha.addFile(path.join(e2eDir, file));
}

const started = Date.now();
const runner = mocha.run((failures) => {
  printSlowest();
  console.log(`ui: finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // --exit: a leftover handle (a browser or server a failed test did not close) must not keep us
  // running; codeServer.js kills any server still up when the process exits.
  process.exit(failures > 0 ? 1 : 0);
});

// Where the time goes: a block's time includes its hooks (a workbench's start and close), a test's does not.
const blocks = [];
const tests = [];
const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_END } = Mocha.Runner.constants;
const blockStarts = new Map();
runner.on(EVENT_SUITE_BEGIN, (suite) => {
  if (suite.parent?.root) {
    blockStarts.set(suite, Date.now());
  }
});
runner.on(EVENT_SUITE_END, (suite) => {
  if (blockStarts.has(suite)) {
    blocks.push({ title: suite.title, ms: Date.now() - blockStarts.get(suite), file: suite.file });
  }
});
runner.on(EVENT_TEST_END, (test) => tests.push({ title: test.fullTitle(), ms: test.duration ?? 0, file: test.file }));

function printSlowest() {
  const top = (rows) =>
    [...rows]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((r) => `    ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${path.basename(r.file ?? '')}: ${r.title}`);
  if (tests.length > 1) {
    console.log(
      ['ui: slowest blocks (with their hooks):', ...top(blocks), 'ui: slowest tests:', ...top(tests)].join('\n'),
    );
  }
}
