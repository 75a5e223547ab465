#!/usr/bin/env node
// `npm run demo` (after `node esbuild.js`): VS Code in the browser (code-server 4.100.3 = VS Code
// 1.100.3) with Timeslice in demo mode, i.e. showing the built-in API simulator's applications.
//
//   node scripts/demo.js [--port N]      (or PORT=N; default 8080, a free port if that one is taken)
//                        [--backend restV2|nerdGraph]   (or TIMESLICE_DEMO_BACKEND; default: as
//                        timeslice.demo.backend says; the simulator serves both APIs over the same data)
//
// It opens a copy of samples/demo-workspace (a multi-root workspace of small apps bound to the demo's
// applications). Everything lives in a temp dir (user data, workspace) and is removed on Ctrl+C.
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const codeServer = require('./vscode/codeServer');

const REPO_ROOT = path.resolve(__dirname, '..');
const DEFAULT_PORT = 8080;

const desktopHint = [
  'With desktop VS Code instead (1.100 or later):',
  `  TIMESLICE_TEST_HARNESS=demo code --extensionDevelopmentPath=${REPO_ROOT}`,
].join('\n');

const BACKENDS = ['restV2', 'nerdGraph'];

/** `--backend restV2|nerdGraph` (or TIMESLICE_DEMO_BACKEND): the API the demo speaks first. */
function requestedBackend() {
  const args = process.argv.slice(2);
  let value = process.env.TIMESLICE_DEMO_BACKEND;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--backend') {
      value = args[++i];
    } else if (args[i].startsWith('--backend=')) {
      value = args[i].slice('--backend='.length);
    }
  }
  if (value !== undefined && value !== '' && !BACKENDS.includes(value)) {
    usage(`not a backend: ${value} (use ${BACKENDS.join(' or ')})`);
  }
  return value || undefined;
}

function requestedPort() {
  const args = process.argv.slice(2);
  let value = process.env.PORT;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port') {
      value = args[++i];
    } else if (args[i].startsWith('--port=')) {
      value = args[i].slice('--port='.length);
    } else if (args[i] === '--backend') {
      i++; // requestedBackend() reads it.
    } else if (args[i].startsWith('--backend=')) {
      // requestedBackend() reads it.
    } else {
      usage(`unknown argument: ${args[i]}`);
    }
  }
  if (value === undefined || value === '') {
    return DEFAULT_PORT;
  }
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    usage(`not a port number: ${value}`);
  }
  return port;
}

function usage(problem) {
  console.error(
    `demo: ${problem}\nUsage: node scripts/demo.js [--port N] [--backend restV2|nerdGraph]   (or PORT=N, TIMESLICE_DEMO_BACKEND=…; default port ${DEFAULT_PORT})`,
  );
  process.exit(2);
}

/** Listens on 127.0.0.1:port and resolves the port bound (port 0: one the OS picks). */
function listen(server, port) {
  return new Promise((resolve, reject) => {
    const onError = (e) => reject(e);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(server.address().port);
    });
  });
}

async function main() {
  if (!fs.existsSync(codeServer.codeServerBin())) {
    console.error('demo: code-server is not installed. Install it (and headless Chromium) with:\n');
    console.error('  bash scripts/vscode/installCodeServer.sh\n');
    console.error(desktopHint);
    return 1;
  }
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) {
    console.error('demo: dist/extension.js is missing; build first (`npm run demo` does): node esbuild.js');
    return 1;
  }

  // codeServer.js always starts code-server on a free port of its own choosing, so the port the user
  // asked for is ours: a plain TCP relay to code-server, which carries its HTTP and WebSocket traffic
  // unchanged (Host and Origin headers included, which code-server compares).
  let upstreamPort;
  const relay = net.createServer((client) => {
    if (upstreamPort === undefined) {
      client.destroy();
      return;
    }
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  const wanted = requestedPort();
  const backend = requestedBackend();
  let port;
  try {
    port = await listen(relay, wanted);
  } catch (e) {
    if (e.code !== 'EADDRINUSE' && e.code !== 'EACCES') {
      throw e;
    }
    port = await listen(relay, 0);
    console.log(`demo: port ${wanted} is ${e.code === 'EADDRINUSE' ? 'taken' : 'not allowed'}; using ${port} instead.`);
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-demo-'));
  const workspace = path.join(tmp, 'workspace');
  const hostTmp = path.join(tmp, 'tmp');
  fs.mkdirSync(hostTmp);
  // The sample workspace (samples/demo-workspace): one small app per demo application, each folder bound
  // to its application, so the transactions' numbers show above their code at once. A copy: whatever the
  // user changes in the demo stays out of the repository.
  fs.cpSync(path.join(REPO_ROOT, 'samples', 'demo-workspace'), workspace, { recursive: true });
  // Its showcase folders as git repositories whose commits are the demo's deployments (docs/impact.md).
  require('esbuild-register/dist/node').register({});
  require('../src/demo/demoRepositories').writeDemoRepositories(workspace);

  let server;
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) {
      return;
    }
    stopping = true;
    console.log(`\ndemo: ${signal}, stopping…`);
    relay.close();
    await server?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log('demo: stopped.');
    process.exit(0);
  };
  // process.on, not once: codeServer.js kills the server on these signals and then raises the signal
  // again; with our listener still registered, that second signal cannot end the process before the
  // temp dir is gone.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  console.log('demo: starting VS Code (code-server) with Timeslice in demo mode…');
  try {
    server = await codeServer.startCodeServer({
      extensionDirs: [{ path: REPO_ROOT, id: 'timeslice.timeslice' }],
      workspaceFolder: path.join(workspace, 'demo.code-workspace'),
      settings: { 'workbench.colorTheme': 'Default Dark Modern' },
      env: {
        // Timeslice's one switch for test and demo behaviour (src/testHarness.ts): the demo starts with it.
        // The demo serves both APIs; `demo=<backend>` picks the first one (timeslice.demo.backend switches later).
        TIMESLICE_TEST_HARNESS: backend ? `demo=${backend}` : 'demo',
        // The server's temp files go away with the demo's temp dir.
        TMPDIR: hostTmp,
      },
      logFile: path.join(tmp, 'code-server.log'),
    });
  } catch (e) {
    relay.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  upstreamPort = server.port;

  console.log(`
Timeslice demo is running.

  Open http://127.0.0.1:${port}/ in your browser,
  then click the Timeslice icon in the activity bar.
  (On a remote machine, forward the port first: ssh -L ${port}:127.0.0.1:${port} <host>)

Press Ctrl+C to stop.

${desktopHint}
`);
  return undefined;
}

main().then(
  (code) => {
    if (code !== undefined) {
      process.exit(code);
    }
  },
  (e) => {
    console.error(`demo: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
