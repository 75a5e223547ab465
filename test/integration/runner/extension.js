// Test-only extension that runs the integration suite inside the real extension host.
//
// Desktop VS Code runs a suite with `--extensionTestsPath`; code-server refuses that flag, so
// test/integration/run.js loads this extension next to Timeslice and this activate() runs mocha
// itself. It does nothing unless TIMESLICE_INTEGRATION_BUNDLE is set, so a stray copy is harmless.
//
// Environment (set by test/integration/run.js, inherited by the extension host):
//   TIMESLICE_INTEGRATION_BUNDLE  a bundled test file, or a folder whose *.test.js files are loaded
//   TIMESLICE_REPO_ROOT           repository root: mocha and the counting reporter are loaded from it
//   TIMESLICE_TEST_STATS          where the counting reporter writes {passed, failed, skipped, failures}
//   TIMESLICE_INTEGRATION_LOG     the spec reporter's output is mirrored here: the host's stdout is not ours
//   TIMESLICE_INTEGRATION_DONE    written last, as JSON {failures, error?, durationMs}
//   TIMESLICE_INTEGRATION_GREP    optional mocha --grep
//   TIMESLICE_INTEGRATION_COLOR   '1' for coloured output (the outer script's stdout is a terminal)
'use strict';
const fs = require('node:fs');
const { findSourceMap, SourceMap } = require('node:module');
const path = require('node:path');
const { fileURLToPath } = require('node:url');
const util = require('node:util');

function activate(context) {
  const bundle = process.env.TIMESLICE_INTEGRATION_BUNDLE;
  if (!bundle) {
    return;
  }
  // Where this host keeps extensions' global storage (Timeslice's code cache is read there).
  process.env.TIMESLICE_TEST_GLOBAL_STORAGE = path.dirname(context.globalStorageUri.fsPath);
  // Not awaited: activate() returns at once, and the outer script waits for the done marker.
  runSuite(bundle).catch((e) => console.error('[timeslice-test.runner]', e));
}

function deactivate() {}

const originalEmit = process.emit;

/**
 * VS Code's own git extension writes paths to a `git check-ignore` it started; when a suite has just deleted
 * that repository, git exits first and the write's EPIPE is thrown uncaught in this shared extension host, where
 * mocha charged it to whichever of our tests was running. Only that error, raised from the git extension's own
 * files, is written to the log instead; every other uncaught error still fails the running test.
 */
function passOverGitExtensionPipes(log) {
  process.emit = function (event, error, ...rest) {
    const stack = error && typeof error.stack === 'string' ? error.stack : '';
    if (
      event === 'uncaughtException' &&
      error?.code === 'EPIPE' &&
      /[\\/]extensions[\\/]git[\\/]dist[\\/]/.test(stack)
    ) {
      log(`\n(an EPIPE of VS Code's git extension, not a test's: ${stack.split('\n').slice(0, 3).join(' | ')})\n`);
      return true;
    }
    return originalEmit.call(this, event, error, ...rest);
  };
}

async function runSuite(bundle) {
  const started = Date.now();
  const repoRoot = requiredEnv('TIMESLICE_REPO_ROOT');
  const logFile = requiredEnv('TIMESLICE_INTEGRATION_LOG');
  const doneFile = requiredEnv('TIMESLICE_INTEGRATION_DONE');

  // 'wx' fails if the log exists: when the extension host restarts (the browser reconnected),
  // the suite must not run a second time over the first run's results.
  let logFd;
  try {
    logFd = fs.openSync(logFile, 'wx');
  } catch {
    return;
  }
  const log = (text) => fs.writeSync(logFd, text);

  const done = { failures: 0, error: undefined, durationMs: 0 };
  try {
    // Stack traces of failed tests then point at the .ts sources (the bundles carry source maps).
    process.setSourceMapsEnabled(true);
    const Mocha = require(path.join(repoRoot, 'node_modules', 'mocha'));
    const CountingReporter = require(path.join(repoRoot, 'test', 'support', 'countingReporter.js'));
    class Reporter extends CountingReporter {
      constructor(runner, options) {
        // Registered before the reporters' own listeners, so they already see the mapped stack.
        runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (_test, err) => mapStack(err));
        super(runner, options);
      }
    }

    // Every line of the spec reporter (and so of the counting reporter, which extends it) goes
    // through Base.consoleLog; copy it to the log file.
    const consoleLog = Mocha.reporters.Base.consoleLog;
    Mocha.reporters.Base.consoleLog = (...args) => {
      log(`${util.format(...args)}\n`);
      consoleLog(...args);
    };

    const color = process.env.TIMESLICE_INTEGRATION_COLOR === '1';
    Mocha.reporters.Base.useColors = color;
    const mocha = new Mocha({
      ui: 'bdd',
      reporter: Reporter,
      timeout: 20_000,
      color,
      grep: process.env.TIMESLICE_INTEGRATION_GREP || undefined,
    });
    for (const file of testFiles(bundle)) {
      mocha.addFile(file);
    }
    passOverGitExtensionPipes(log);
    done.failures = await new Promise((resolve, reject) => {
      try {
        mocha.run(resolve);
      } catch (e) {
        // A test file that throws while loading (before any test runs) ends up here.
        reject(e);
      }
    });
  } catch (e) {
    done.error = e instanceof Error ? e.stack || e.message : String(e);
    log(`\nThe integration runner failed: ${done.error}\n`);
  } finally {
    process.emit = originalEmit;
    done.durationMs = Date.now() - started;
    fs.closeSync(logFd);
    // Written to a temporary name and renamed, so the outer script never reads half a file.
    fs.writeFileSync(`${doneFile}.tmp`, JSON.stringify(done));
    fs.renameSync(`${doneFile}.tmp`, doneFile);
  }
}

/**
 * Rewrites the bundles' positions in err.stack to the .ts sources. Node's own source-map support
 * does not apply here: the extension host installs its own Error.prepareStackTrace.
 */
const loadedMaps = new Map();

/**
 * Node's map of a loaded file, else the file's own .map: Timeslice's dist/main.js is compiled by its
 * loader with vm.Script (code cache), whose source maps Node 20 does not register.
 */
function sourceMapOf(file) {
  const known = findSourceMap(file);
  if (known) {
    return known;
  }
  if (!loadedMaps.has(file)) {
    let map;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    loadedMaps.set(file, map);
  }
  return loadedMaps.get(file);
}

function mapStack(err) {
  if (!err || typeof err.stack !== 'string') {
    return;
  }
  // Mocha has already shortened the paths to be relative to the current directory.
  err.stack = err.stack.replace(/([^\s()]+\.js):(\d+):(\d+)/g, (whole, file, line, column) => {
    const map = sourceMapOf(path.resolve(file));
    const entry = map && map.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !entry.originalSource) {
      return whole;
    }
    // A map read from its file names its sources relative to it.
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(path.dirname(path.resolve(file)), entry.originalSource);
    return `${path.relative(process.cwd(), source)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

function testFiles(bundle) {
  if (!fs.statSync(bundle).isDirectory()) {
    return [bundle];
  }
  const files = fs
    .readdirSync(bundle, { recursive: true })
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => path.join(bundle, f));
  if (files.length === 0) {
    throw new Error(`no *.test.js files in ${bundle}`);
  }
  return files;
}

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

module.exports = { activate, deactivate };
