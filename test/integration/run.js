#!/usr/bin/env node
// The integration suite, inside the real VS Code extension host (code-server 4.100.3 = VS Code 1.100.3).
//
//   node test/integration/run.js [--grep <pattern>]
//
// code-server refuses --extensionTestsPath, so: bundle test/integration/suite/**/*.test.ts, start
// code-server with two extensions (Timeslice from the repo root, built into dist/, and the test runner
// in test/integration/runner/), open the workbench in headless Chromium (the extension host starts only
// when a client connects), and wait for the runner to write its done marker. The runner runs mocha with
// test/support/countingReporter.js, which writes the counts to $TIMESLICE_TEST_STATS.
// Exit code 0 only when the suite ran and nothing failed. Desktop VS Code runs the same bundles
// through .vscode-test.mjs.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const codeServer = require('../../scripts/vscode/codeServer');
const { OUT_DIR, buildIntegrationTests } = require('./build');
const { dataClockShift } = require('../support/dataClock');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const RUNNER_DIR = path.join(__dirname, 'runner');
const TIMEOUT_MS = Number(process.env.TIMESLICE_INTEGRATION_TIMEOUT_MS) || 15 * 60_000;

const grepIndex = process.argv.indexOf('--grep');
const grep = grepIndex > 0 ? process.argv[grepIndex + 1] : undefined;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-int-'));
const statsFile = process.env.TIMESLICE_TEST_STATS || path.join(tmp, 'stats.json');
/** Kept after a harness failure: it holds code-server's output. */
let keepTmp = false;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function readStats() {
  try {
    return JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Adds one failure that is the harness's, not a test's, to the counts (keeping any the suite wrote). */
function recordHarnessFailure(message) {
  const counts = readStats() ?? { passed: 0, failed: 0, skipped: 0, failures: [] };
  counts.failed += 1;
  counts.failures.push(`integration: ${message}`);
  fs.writeFileSync(statsFile, JSON.stringify(counts));
  console.error(`\nintegration: ${message}`);
}

/** Copies what the runner appended to its log since the last call to our stdout; returns the new offset. */
function pumpLog(logFile, offset) {
  let size;
  try {
    size = fs.statSync(logFile).size;
  } catch {
    return offset;
  }
  if (size > offset) {
    const fd = fs.openSync(logFile, 'r');
    const buffer = Buffer.alloc(size - offset);
    fs.readSync(fd, buffer, 0, buffer.length, offset);
    fs.closeSync(fd);
    process.stdout.write(buffer);
  }
  return size;
}

/** The extension host's own log (activation errors land there), found in the user-data dir. */
function extensionHostLogTail(userDataDir, chars = 4000) {
  const logsDir = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logsDir)) {
    return '';
  }
  return fs
    .readdirSync(logsDir, { recursive: true })
    .filter((f) => /exthost\.log$/i.test(f))
    .map((f) => `--- ${f} ---\n${fs.readFileSync(path.join(logsDir, f), 'utf8').slice(-chars)}`)
    .join('\n');
}

/**
 * The window's focus, as a test asks for it (helpers.ts setWindowFocus writes `{ "focused": false }`):
 * what the workbench reads is `document.hasFocus()` on window focus and blur events, and headless
 * Chromium always reports focus, so the page is told otherwise, as a switch to another application
 * would (as test/e2e/idle.e2e.ts does). Both events are sent, the wanted one last: the workbench's
 * focus tracker also hears the editors' own focus changes (they reach the window in the capture
 * phase), so it may already believe the state asked for and ignore a single event. The file is
 * removed once applied.
 */
async function applyFocusRequest(page, focusFile) {
  let focused;
  try {
    focused = JSON.parse(fs.readFileSync(focusFile, 'utf8')).focused === true;
  } catch {
    return; // None asked for (or not yet written whole: the test writes it by a rename).
  }
  fs.rmSync(focusFile, { force: true });
  const [first, last] = focused ? ['blur', 'focus'] : ['focus', 'blur'];
  await page.evaluate(`(async () => {
    document.hasFocus = () => ${focused};
    window.dispatchEvent(new FocusEvent('${first}'));
    await new Promise((r) => setTimeout(r, 50)); // the tracker settles a blur in a timeout
    window.dispatchEvent(new FocusEvent('${last}'));
  })()`);
}

/**
 * A workbench dialog answered as a user would (helpers.ts answerDialog writes `{ "button": "Continue" }`):
 * a modal the workbench opens itself (a language-model tool's confirmation) lives in the page, out of
 * the extension host's reach. The request waits until a dialog shows; then its text is written beside
 * the request file (`.seen`) and the named button clicked.
 */
async function applyDialogRequest(page, dialogFile) {
  let button;
  try {
    button = JSON.parse(fs.readFileSync(dialogFile, 'utf8')).button;
  } catch {
    return;
  }
  const dialog = page.locator('.monaco-dialog-box');
  if (!(await dialog.isVisible().catch(() => false))) {
    return; // Not shown yet: asked again on the next turn.
  }
  const text = await dialog.innerText();
  const buttons = await dialog.locator('.monaco-button').allInnerTexts();
  fs.rmSync(dialogFile, { force: true });
  const index = buttons.findIndex((b) => b.trim() === button);
  if (index >= 0) {
    await dialog.locator('.monaco-button').nth(index).click();
  } else {
    await page.keyboard.press('Escape'); // No such button: dismissed, so no test waits on it forever.
  }
  fs.writeFileSync(`${dialogFile}.seen.tmp`, JSON.stringify({ text, buttons, clicked: index >= 0 }));
  fs.renameSync(`${dialogFile}.seen.tmp`, `${dialogFile}.seen`);
}

async function main() {
  fs.rmSync(statsFile, { force: true });
  if (!fs.existsSync(codeServer.codeServerBin())) {
    recordHarnessFailure('code-server is not installed; run: bash scripts/vscode/installCodeServer.sh');
    return 1;
  }
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) {
    recordHarnessFailure('dist/extension.js is missing; build the extension first: node esbuild.js');
    return 1;
  }
  try {
    await buildIntegrationTests();
  } catch (e) {
    recordHarnessFailure(`the integration tests did not build:\n${e.message}`);
    return 1;
  }

  // A multi-root workspace of three folders, so a suite can bind each folder to its own application
  // (status.test.ts). The first folder is the one a single-folder window would have opened.
  const folders = ['workspace', 'second', 'third'].map((name) => path.join(tmp, name));
  const workspace = path.join(tmp, 'integration.code-workspace');
  const logFile = path.join(tmp, 'mocha.log');
  const doneFile = path.join(tmp, 'done.json');
  const focusFile = path.join(tmp, 'focus.json');
  const dialogFile = path.join(tmp, 'dialog.json');
  const serverLog = path.join(tmp, 'code-server.log');
  const hostTmp = path.join(tmp, 'tmp');
  for (const folder of folders) {
    fs.mkdirSync(folder);
  }
  fs.writeFileSync(workspace, JSON.stringify({ folders: folders.map((f) => ({ path: f })), settings: {} }, null, 2));
  fs.mkdirSync(hostTmp);

  const t0 = Date.now();
  let server;
  let browser;
  let failed = false;
  try {
    server = await codeServer.startCodeServer({
      extensionDirs: [
        { path: REPO_ROOT, id: 'timeslice.timeslice' },
        { path: RUNNER_DIR, id: 'timeslice-test.runner' },
      ],
      workspaceFolder: workspace,
      logFile: serverLog,
      env: {
        // The one switch for test behaviour (src/testHarness.ts): the test API, a quiet start (no
        // walkthrough, no end-of-life notice), and a demo (started by the suite when it needs one) that
        // serves the names that catch markup injection, its data clock set (test/support/dataClock.js).
        // Set whole, so nothing from the caller's shell (a demo left on) changes what the tests see.
        TIMESLICE_TEST_HARNESS: `api,quiet,names=test,clockShift=${dataClockShift()}`,
        TIMESLICE_INTEGRATION_BUNDLE: OUT_DIR,
        TIMESLICE_REPO_ROOT: REPO_ROOT,
        TIMESLICE_TEST_STATS: statsFile,
        TIMESLICE_INTEGRATION_LOG: logFile,
        TIMESLICE_INTEGRATION_DONE: doneFile,
        TIMESLICE_INTEGRATION_FOCUS: focusFile,
        TIMESLICE_INTEGRATION_DIALOG: dialogFile,
        TIMESLICE_INTEGRATION_GREP: grep,
        TIMESLICE_INTEGRATION_COLOR: process.stdout.isTTY ? '1' : '0',
        // Temp files of the server and its extension host (the git extension's socket, simulator
        // certificates) go into our temp dir and are removed with it: they survive a killed server otherwise.
        TMPDIR: hostTmp,
      },
    });
    browser = await codeServer.launchBrowser();
    const page = await codeServer.openWorkbench(browser, server.url, workspace);
    console.log(
      `integration: VS Code workbench up in ${seconds(Date.now() - t0)}; running the suite in its extension host`,
    );

    let offset = 0;
    const deadline = Date.now() + TIMEOUT_MS;
    while (!fs.existsSync(doneFile) && Date.now() < deadline) {
      offset = pumpLog(logFile, offset);
      await applyFocusRequest(page, focusFile);
      await applyDialogRequest(page, dialogFile);
      await sleep(100);
    }
    pumpLog(logFile, offset);

    if (!fs.existsSync(doneFile)) {
      failed = true;
      recordHarnessFailure(
        fs.existsSync(logFile)
          ? `the suite did not finish within ${seconds(TIMEOUT_MS)}`
          : `the test runner extension did not start within ${seconds(TIMEOUT_MS)} (see the extension host log below)`,
      );
    } else {
      const done = JSON.parse(fs.readFileSync(doneFile, 'utf8'));
      if (done.error) {
        failed = true;
        // The full stack is in the log printed above.
        recordHarnessFailure(`the suite could not run: ${done.error.split('\n')[0]}`);
      } else if (!readStats()) {
        failed = true;
        recordHarnessFailure('the suite finished but wrote no counts');
      }
    }
    if (failed && server) {
      console.error(extensionHostLogTail(server.userDataDir));
    }
  } catch (e) {
    failed = true;
    recordHarnessFailure(e instanceof Error ? e.message : String(e));
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
  }

  const counts = readStats();
  console.log(`integration: finished in ${seconds(Date.now() - t0)} (code-server start, workbench and suite)`);
  if (failed) {
    keepTmp = true;
    console.error(`integration: code-server's output is kept in ${serverLog}`);
    return 1;
  }
  if (!counts) {
    return 1;
  }
  if (!grep && counts.passed + counts.failed + counts.skipped === 0) {
    recordHarnessFailure('no tests ran');
    return 1;
  }
  return counts.failed === 0 ? 0 : 1;
}

main().then(
  (code) => {
    if (!keepTmp) {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    process.exit(code);
  },
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
