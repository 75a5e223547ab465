'use strict';
/**
 * Helpers to run an extension inside a real VS Code workbench (code-server
 * 4.100.3 = VS Code 1.100.3) and drive it with headless Debian Chromium through
 * playwright-core. Used by the integration tests, the demo and CI.
 *
 * Install code-server first: `bash scripts/vscode/installCodeServer.sh`.
 *
 *   const cs = require('./scripts/vscode/codeServer');
 *   const server = await cs.startCodeServer({ extensionDirs: [{ path: repoRoot }], workspaceFolder });
 *   const browser = await cs.launchBrowser();
 *   const page = await cs.openWorkbench(browser, server.url, workspaceFolder);
 *   ...
 *   await browser.close(); await server.stop();
 */
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const fsp = require('fs/promises');
const http = require('http');
const net = require('net');
const os = require('os');
const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const CODE_SERVER_DIR = path.join(REPO_ROOT, '.vscode-test', 'code-server');
const CHROMIUM_PATH = '/usr/bin/chromium';

// Chromium flags that work headless on these machines (no GPU, no sandbox as root,
// and nothing that tries to reach the internet).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Settings every run needs. Workspace trust off: otherwise the folder opens in
// Restricted Mode and extensions may be disabled. No start-up editor so the
// screenshots show what the test opened, not the welcome page.
const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
};

/** Absolute path of the code-server launcher installed by installCodeServer.sh. */
function codeServerBin() {
  return path.join(CODE_SERVER_DIR, 'node_modules', '.bin', 'code-server');
}

/** Resolves a free TCP port on 127.0.0.1 (the OS picks it; tiny race until code-server binds). */
function getFreePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** GET url; resolves the status code, or rejects on a connection error/timeout. */
function httpStatus(url, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.resume(); // drain so the socket is freed
      resolve(res.statusCode);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves true if `promise` settles within ms, else false. Clears its timer either
 * way: a leftover timeout would keep the caller's process alive for seconds after
 * it finished (and an unref'd one would let Node exit in the middle of an await).
 */
function settlesWithin(promise, ms) {
  let timer;
  const timeout = new Promise((r) => {
    timer = setTimeout(() => r(false), ms);
  });
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reads an extension folder's package.json and returns its identity.
 * VS Code names installed extension folders `publisher.name-version`.
 */
function readExtensionManifest(dir) {
  const manifestPath = path.join(dir, 'package.json');
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read extension manifest ${manifestPath}: ${e.message}`, { cause: e });
  }
  for (const key of ['publisher', 'name', 'version']) {
    if (!pkg[key]) throw new Error(`${manifestPath} has no "${key}" (needed to load it as an extension)`);
  }
  const id = `${pkg.publisher}.${pkg.name}`;
  return { id, version: pkg.version, folderName: `${id}-${pkg.version}`, pkg };
}

/**
 * Puts each extension into the extensions dir under the folder name VS Code expects.
 * mode 'symlink' (default): the real folder is used as-is, so a rebuilt dist/ is
 * picked up without copying. mode 'copy': a snapshot (for a folder that may change
 * or be deleted while the server runs).
 */
async function placeExtensions(extensionDirs, extensionsDir, mode) {
  const placed = [];
  for (const ext of extensionDirs) {
    const src = path.resolve(typeof ext === 'string' ? ext : ext.path);
    const info = readExtensionManifest(src);
    // An explicit id is a guard against loading the wrong folder; VS Code ids are case-insensitive.
    if (ext.id && ext.id.toLowerCase() !== info.id.toLowerCase()) {
      throw new Error(`extension at ${src} is "${info.id}", expected "${ext.id}"`);
    }
    const dest = path.join(extensionsDir, info.folderName);
    if (mode === 'copy') {
      // Skip node_modules/.git/.vscode-test: big, and .vscode-test would contain code-server itself.
      const skip = new Set(['.git', '.vscode-test', 'node_modules']);
      await fsp.cp(src, dest, {
        recursive: true,
        dereference: true,
        filter: (p) => p === src || !skip.has(path.relative(src, p).split(path.sep)[0]),
      });
    } else {
      await fsp.symlink(src, dest, 'dir');
    }
    placed.push({ id: info.id, version: info.version, source: src, dest });
  }
  return placed;
}

/** `code-server --install-extension <vsix>`: unpacks it into the extensions dir as VS Code does, then exits. */
function installVsix(bin, vsix, userDataDir, extensionsDir, configFile) {
  const args = ['--config', configFile, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  const result = spawnSync(bin, [...args, '--install-extension', path.resolve(vsix)], {
    encoding: 'utf8',
    timeout: 120000,
  });
  if (result.status !== 0) {
    throw new Error(`installing ${vsix} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/**
 * Starts code-server on a free 127.0.0.1 port with a fresh user-data dir and
 * extensions dir, and resolves once it answers HTTP.
 *
 * @param {object} opts
 * @param {Array<{path: string, id?: string}|string>} [opts.extensionDirs] extension folders (with package.json) to load
 * @param {string} [opts.workspaceFolder] folder to open (also pass it to openWorkbench)
 * @param {object} [opts.settings] extra user settings, e.g. { 'workbench.colorTheme': 'Default Dark Modern' }
 * @param {object} [opts.env] extra env vars; code-server's extension host inherits them
 * @param {string} [opts.logFile] append code-server's stdout/stderr here
 * @param {'symlink'|'copy'} [opts.extensionInstallMode] default 'symlink'
 * @param {string} [opts.vsix] a packaged extension to install first, as a user installs one
 *   (`code-server --install-extension`), into the same extensions dir
 * @param {number} [opts.timeoutMs] start-up timeout, default 60000
 * @returns {Promise<{url: string, port: number, pid: number, userDataDir: string,
 *   extensionsDir: string, extensions: object[], startupMs: number,
 *   output: () => string, stop: () => Promise<void>}>}
 */
async function startCodeServer(opts = {}) {
  const {
    extensionDirs = [],
    workspaceFolder,
    settings = {},
    env = {},
    logFile,
    extensionInstallMode = 'symlink',
    vsix,
    timeoutMs = 60000,
  } = opts;

  const bin = codeServerBin();
  if (!fs.existsSync(bin)) {
    throw new Error(`code-server not found at ${bin}; run: bash scripts/vscode/installCodeServer.sh`);
  }
  if (workspaceFolder && !fs.existsSync(workspaceFolder)) {
    throw new Error(`workspace folder does not exist: ${workspaceFolder}`);
  }

  // Short base path: code-server puts a unix socket in the user-data dir and
  // socket paths are limited to ~107 bytes.
  const baseDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ts-cs-'));
  const userDataDir = path.join(baseDir, 'ud');
  const extensionsDir = path.join(baseDir, 'ext');
  const configFile = path.join(baseDir, 'config.yaml');
  await fsp.mkdir(path.join(userDataDir, 'User'), { recursive: true });
  await fsp.mkdir(extensionsDir, { recursive: true });
  await fsp.writeFile(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2),
  );
  // Our own config file, so code-server neither reads nor writes ~/.config/code-server/config.yaml
  // (which could carry a password, a cert or another bind address).
  await fsp.writeFile(configFile, 'auth: none\ncert: false\n');

  let extensions;
  try {
    extensions = await placeExtensions(extensionDirs, extensionsDir, extensionInstallMode);
    if (vsix) {
      installVsix(bin, vsix, userDataDir, extensionsDir, configFile);
    }
  } catch (e) {
    await fsp.rm(baseDir, { recursive: true, force: true });
    throw e;
  }

  const childEnv = { ...process.env, ...env };
  // Inside a VS Code/code-server terminal this makes `code-server` hand the folder
  // to the *existing* instance and exit instead of starting a server.
  delete childEnv.VSCODE_IPC_HOOK_CLI;
  // These would override our flags/config file.
  for (const k of ['CODE_SERVER_CONFIG', 'PASSWORD', 'HASHED_PASSWORD', 'PORT', 'CODE_SERVER_HOST']) {
    if (!(k in env)) delete childEnv[k];
  }

  const logStream = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
  let output = '';
  const record = (chunk) => {
    const s = chunk.toString();
    output += s;
    if (output.length > 200000) output = output.slice(-100000); // keep memory bounded
    if (logStream) logStream.write(s);
  };

  // A port can be taken between getFreePort() and code-server binding it; retry then.
  for (let attempt = 1; ; attempt++) {
    const port = await getFreePort();
    const args = [
      '--config',
      configFile,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
    ];
    if (workspaceFolder) args.push(path.resolve(workspaceFolder));

    const t0 = Date.now();
    record(`\n[codeServer.js] spawn ${bin} ${args.join(' ')}\n`);
    // detached => own process group, so stop() can kill code-server together with its
    // wrapper child, extension host, pty host and file watcher in one signal.
    const child = spawn(bin, args, { env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', record);
    child.stderr.on('data', record);
    let exited = null;
    const exitPromise = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        exited = { code, signal };
        resolve(exited);
      });
      child.on('error', (err) => {
        exited = { code: null, signal: null, err };
        resolve(exited);
      });
    });

    const url = `http://127.0.0.1:${port}`;
    let ready = false;
    while (Date.now() - t0 < timeoutMs && !exited) {
      try {
        // /healthz answers once the HTTP server is listening.
        if ((await httpStatus(`${url}/healthz`)) === 200) {
          ready = true;
          break;
        }
      } catch {
        /* not listening yet */
      }
      await sleep(200);
    }

    const stop = makeStopper(child, exitPromise, () => exited, baseDir, logStream);
    if (ready) {
      return {
        url,
        port,
        pid: child.pid,
        userDataDir,
        extensionsDir,
        extensions,
        startupMs: Date.now() - t0,
        output: () => output,
        stop,
      };
    }
    await stop({ keepDirs: true });
    const portClash = /EADDRINUSE/.test(output);
    if (portClash && attempt < 3) continue;
    await fsp.rm(baseDir, { recursive: true, force: true });
    if (logStream) logStream.end();
    const why = exited
      ? `exited early (${exited.err ? exited.err.message : `code ${exited.code}, signal ${exited.signal}`})`
      : `did not answer on ${url} within ${timeoutMs} ms`;
    throw new Error(`code-server ${why}. Output tail:\n${output.slice(-4000)}`);
  }
}

/**
 * All descendant pids of `rootPid` (Linux /proc). Processes that start their own
 * session (e.g. terminal shells spawned through node-pty) leave the process group,
 * so stop() also kills these individually.
 */
function procStat(pid) {
  // Fields after the ')' of the command name (which may contain spaces): state ppid ... starttime(22nd overall).
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(rest[1]), startTime: rest[19] };
}

function descendantPids(rootPid) {
  const children = new Map();
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const { ppid, startTime } = procStat(name);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push({ pid: Number(name), startTime });
    } catch {
      /* process exited meanwhile */
    }
  }
  const out = [];
  const queue = [rootPid];
  while (queue.length) {
    for (const c of children.get(queue.shift()) || []) {
      out.push(c);
      queue.push(c.pid);
    }
  }
  return out;
}

/** SIGKILLs the recorded processes that still exist; the start time guards against a reused pid. */
function killRecorded(procs) {
  for (const { pid, startTime } of procs) {
    try {
      if (procStat(pid).startTime === startTime) process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

// Servers not yet stopped. code-server runs in its own process group (detached), so
// it would outlive a test run that crashes or is interrupted; these hooks kill it.
const running = new Set();
let hooksInstalled = false;
function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const r of running) r.killNow();
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, () => {
      for (const r of running) r.killNow();
      // Re-raise so the process still ends the way the signal intends.
      process.kill(process.pid, sig);
    });
  }
}

/** True while any process of group `pgid` exists (zombies count until they are reaped). */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** Builds stop(): SIGTERM the process group, SIGKILL after 5 s, then remove the temp dirs. */
function makeStopper(child, exitPromise, getExited, baseDir, logStream) {
  let stopping = null;
  // Synchronous last resort for process exit: kill the group, remove the temp dirs.
  const entry = {
    killNow() {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      try {
        fs.rmSync(baseDir, { recursive: true, force: true });
      } catch {
        /* best effort */
      }
    },
  };
  running.add(entry);
  installExitHooks();
  return function stop({ keepDirs = false } = {}) {
    if (stopping) return stopping;
    running.delete(entry);
    stopping = (async () => {
      const killGroup = (sig) => {
        try {
          process.kill(-child.pid, sig);
        } catch {
          /* group already gone */
        }
      };
      const descendants = descendantPids(child.pid);
      if (!getExited()) {
        killGroup('SIGTERM');
        if (!(await settlesWithin(exitPromise, 5000))) {
          killGroup('SIGKILL');
          await settlesWithin(exitPromise, 2000);
        }
      }
      // The leader may exit before its children (extension host, watcher): make sure
      // nothing from the group survives to hold files in the dirs we delete.
      await sleep(200);
      killGroup('SIGKILL');
      killRecorded(descendants);
      // Signals are asynchronous: wait (max 5 s) until the group has really gone, so callers can
      // start the next server or check for leaks right after stop() resolves.
      for (let i = 0; i < 50 && groupAlive(child.pid); i++) await sleep(100);
      if (!keepDirs) {
        await fsp.rm(baseDir, { recursive: true, force: true, maxRetries: 3 });
        if (logStream) logStream.end();
      }
    })();
    return stopping;
  };
}

/** Launches headless Debian Chromium through playwright-core (no browser download). */
async function launchBrowser(opts = {}) {
  const { chromium } = require('playwright-core');
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found; run: bash scripts/vscode/installCodeServer.sh`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: opts.headless !== false,
    args: [...CHROMIUM_ARGS, ...(opts.args || [])],
  });
}

/**
 * Opens the workbench for `folder` in a new browser context and resolves with the
 * page once `.monaco-workbench` is in the DOM. Extensions activate a little later:
 * wait for the UI you need (e.g. your activity-bar entry) rather than a fixed delay.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {string} url server url from startCodeServer
 * @param {string} [folder] workspace folder or .code-workspace file (absolute path on the server machine)
 * @param {{colorScheme?: 'light'|'dark', viewport?: {width:number,height:number}, timeoutMs?: number, context?: import('playwright-core').BrowserContext}} [opts]
 *   context: a window in that context (its profile, caches and service workers kept), not in a new one
 * @returns {Promise<import('playwright-core').Page>} close it with page.context().close(), or page.close() in a given context
 */
async function openWorkbench(browser, url, folder, opts = {}) {
  const { colorScheme = 'dark', viewport = { width: 1400, height: 900 }, timeoutMs = 60000 } = opts;
  const context = opts.context ?? (await browser.newContext({ colorScheme, viewport }));
  const page = await context.newPage();
  // A .code-workspace file opens as a (multi-root) workspace, anything else as a folder.
  const param = folder && folder.endsWith('.code-workspace') ? 'workspace' : 'folder';
  const target = folder ? `${url}/?${param}=${encodeURIComponent(path.resolve(folder))}` : `${url}/`;
  await page.goto(target, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  await page.waitForSelector('.monaco-workbench', { state: 'attached', timeout: timeoutMs });
  return page;
}

module.exports = {
  REPO_ROOT,
  CODE_SERVER_DIR,
  CHROMIUM_PATH,
  CHROMIUM_ARGS,
  BASE_SETTINGS,
  codeServerBin,
  getFreePort,
  readExtensionManifest,
  startCodeServer,
  launchBrowser,
  openWorkbench,
};
