#!/usr/bin/env node
'use strict';
/**
 * End-to-end smoke test of the code-server infrastructure (codeServer.js):
 * generates a throwaway extension in a temp dir, starts code-server with it, opens
 * the workbench in headless Chromium, clicks the extension's activity-bar entry,
 * checks its two tree rows render, screenshots the result and checks the extension
 * host wrote the result file named by an env var (proving env reaches the
 * extension host and the extension activated).
 *
 * Usage: node scripts/vscode/smoke.js [--copy]   (--copy: copy the extension instead of symlinking)
 * Exit code 0 = everything worked, 1 = a check failed (the message says which).
 */
const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const cs = require('./codeServer');

const SCREENSHOT_DIR = path.join(cs.REPO_ROOT, '.vscode-test', 'screenshots');
const EXT_ID = 'timeslice-smoke.smoke-ext';
const CONTAINER_TITLE = 'Smoke Test';
const ITEMS = ['Smoke item one', 'Smoke item two'];

/** Writes the throwaway extension: a view container with a two-item tree. */
async function writeSmokeExtension(dir) {
  await fsp.mkdir(path.join(dir, 'media'), { recursive: true });
  const pkg = {
    name: 'smoke-ext',
    displayName: 'Smoke Ext',
    publisher: 'timeslice-smoke',
    version: '0.0.1',
    engines: { vscode: '^1.100.0' },
    main: './extension.js',
    // onStartupFinished: activation must not depend on the view being opened,
    // so the result file proves the host ran the extension on its own.
    activationEvents: ['onStartupFinished'],
    capabilities: { untrustedWorkspaces: { supported: true }, virtualWorkspaces: true },
    contributes: {
      viewsContainers: {
        activitybar: [{ id: 'smokeContainer', title: CONTAINER_TITLE, icon: 'media/icon.svg' }],
      },
      views: { smokeContainer: [{ id: 'smokeTree', name: 'Smoke Items' }] },
    },
  };
  await fsp.writeFile(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  await fsp.writeFile(
    path.join(dir, 'media', 'icon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">' +
      '<circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" stroke-width="2"/></svg>\n',
  );
  // Plain CommonJS, no build step needed.
  const source = `'use strict';
const vscode = require('vscode');
const fs = require('fs');
const ITEMS = ${JSON.stringify(ITEMS)};

function activate(context) {
  const provider = {
    getTreeItem: (label) => new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None),
    getChildren: (el) => (el ? [] : ITEMS),
  };
  context.subscriptions.push(vscode.window.registerTreeDataProvider('smokeTree', provider));
  const out = process.env.SMOKE_RESULT;
  if (out) {
    fs.writeFileSync(out, JSON.stringify({
      activated: true,
      marker: process.env.SMOKE_MARKER || null,
      vscodeVersion: vscode.version,
      node: process.version,
      pid: process.pid,
      extensionPath: context.extensionPath,
      workspaceFolders: (vscode.workspace.workspaceFolders || []).map((f) => f.uri.fsPath),
      at: new Date().toISOString(),
    }, null, 2));
  }
}
module.exports = { activate, deactivate() {} };
`;
  await fsp.writeFile(path.join(dir, 'extension.js'), source);
}

async function waitForFile(file, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (fs.existsSync(file)) {
      try {
        return JSON.parse(await fsp.readFile(file, 'utf8'));
      } catch {
        /* partially written */
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

async function main() {
  const mode = process.argv.includes('--copy') ? 'copy' : 'symlink';
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'ts-smoke-'));
  const extDir = path.join(tmp, 'extension');
  const workspace = path.join(tmp, 'workspace');
  const resultFile = path.join(tmp, 'result.json');
  const logFile = path.join(tmp, 'code-server.log');
  const marker = crypto.randomBytes(8).toString('hex');
  await writeSmokeExtension(extDir);
  await fsp.mkdir(workspace, { recursive: true });
  await fsp.writeFile(path.join(workspace, 'hello.txt'), 'smoke workspace\n');
  await fsp.mkdir(SCREENSHOT_DIR, { recursive: true });
  const screenshot = path.join(SCREENSHOT_DIR, 'smoke.png');

  let server;
  let browser;
  const failures = [];
  const t0 = Date.now();
  const lap = (label) => console.log(`smoke: ${label} (+${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  try {
    server = await cs.startCodeServer({
      extensionDirs: [{ path: extDir, id: EXT_ID }],
      workspaceFolder: workspace,
      settings: { 'workbench.colorTheme': 'Default Dark Modern' },
      env: { SMOKE_RESULT: resultFile, SMOKE_MARKER: marker },
      logFile,
      extensionInstallMode: mode,
    });
    lap(
      `code-server answering at ${server.url} (startup ${server.startupMs} ms, extension ${mode === 'copy' ? 'copied' : 'symlinked'})`,
    );

    browser = await cs.launchBrowser();
    lap('chromium launched');
    const page = await cs.openWorkbench(browser, server.url, workspace, { colorScheme: 'dark' });
    page.on('pageerror', (e) => console.log(`smoke: [page error] ${e.message}`));
    lap('workbench (.monaco-workbench) ready');

    // The activity-bar entry appears once the workbench has read the extension's contributions.
    const entry = page.locator(`.activitybar .action-label[aria-label^="${CONTAINER_TITLE}"]`);
    await entry.first().waitFor({ state: 'visible', timeout: 30000 });
    lap('activity-bar entry visible');
    await entry.first().click();

    for (const label of ITEMS) {
      const row = page.locator('.monaco-list-row', { hasText: label });
      try {
        await row.first().waitFor({ state: 'visible', timeout: 20000 });
      } catch {
        failures.push(`tree row "${label}" did not appear`);
      }
    }
    lap('tree rows checked');
    await page.screenshot({ path: screenshot });
    console.log(`smoke: screenshot ${screenshot}`);

    const result = await waitForFile(resultFile, 20000);
    if (!result)
      failures.push(`extension host did not write ${resultFile} (env SMOKE_RESULT not passed, or no activation)`);
    else {
      if (result.marker !== marker)
        failures.push(`env SMOKE_MARKER mismatch: got ${result.marker}, expected ${marker}`);
      console.log(
        `smoke: extension host: VS Code ${result.vscodeVersion}, Node ${result.node}, pid ${result.pid}, extensionPath ${result.extensionPath}`,
      );
    }
    const extJson = path.join(server.extensionsDir, 'extensions.json');
    if (fs.existsSync(extJson)) {
      const list = JSON.parse(fs.readFileSync(extJson, 'utf8'));
      console.log(
        `smoke: extensions.json written by VS Code lists: ${list.map((e) => `${e.identifier.id} -> ${e.location.path || e.location}`).join(', ')}`,
      );
    }
    await page.context().close();
  } catch (e) {
    failures.push(e.stack || String(e));
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (server) {
      const pid = server.pid;
      await server.stop();
      lap('code-server stopped');
      // Anything left in code-server's process group would be a leak.
      let alive = false;
      try {
        process.kill(-pid, 0);
        alive = true;
      } catch {
        /* group gone: good */
      }
      if (alive) failures.push(`processes of code-server group ${pid} still alive after stop()`);
      if (fs.existsSync(server.userDataDir)) failures.push(`stop() left ${server.userDataDir}`);
    }
  }

  if (failures.length) {
    console.error(`smoke: FAIL\n - ${failures.join('\n - ')}`);
    if (fs.existsSync(logFile)) {
      console.error('--- code-server log tail ---\n' + fs.readFileSync(logFile, 'utf8').slice(-3000));
    }
    console.error(`(temp files kept in ${tmp})`);
    process.exit(1);
  }
  await fsp.rm(tmp, { recursive: true, force: true });
  console.log(`smoke: PASS in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
}

main().catch((e) => {
  console.error(`smoke: FAIL ${e.stack || e}`);
  process.exit(1);
});
