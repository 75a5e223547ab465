/**
 * The session with an in-memory vscode: the manager, the tree provider and a chart panel.
 *
 * ConnectionManager and ApiKeyStore with an in-memory `vscode` (settings, focus, SecretStorage): only
 * the settings a connection is made of make a new session, once per real change; saving a key makes
 * one session even though two events announce it; the old session is disposed (its requests
 * aborted); registered jobs follow every new session; window focus reaches its scheduler.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { PageWrite } from '../../src/panels/panelPageWriter';
import type { FakeVscodeControl, SessionModules } from '../support/fakeVscode';
import { EventEmitter, FakeSecretStorage, installFakeVscode, loadSessionModules } from '../support/fakeVscode';

describe('ConnectionManager with fakes (SecretStorage, settings, window focus)', () => {
  let vscode: FakeVscodeControl & { uninstall(): void };
  let secrets: FakeSecretStorage;
  let manager: import('../../src/session/connectionManager').ConnectionManager;
  let keys: import('../../src/auth/apiKeyStore').ApiKeyStore;
  let config: import('../../src/config').Config;
  let changes: number;
  let modules: SessionModules;

  before(() => {
    vscode = installFakeVscode();
    modules = loadSessionModules();
  });

  after(() => vscode.uninstall());

  beforeEach(async () => {
    const { ConnectionManager, ApiKeyStore, Config, MemoryLogger } = modules;
    vscode.settings.clear();
    vscode.setFocused(true);
    secrets = new FakeSecretStorage();
    keys = new ApiKeyStore(secrets);
    config = new Config();
    const demo = { endpoint: undefined, onDidChange: new EventEmitter<void>().event };
    manager = new ConnectionManager(config, keys, demo as never, new MemoryLogger());
    changes = 0;
    manager.onDidChangeSession(() => changes++);
    await manager.rebuild();
  });

  afterEach(() => {
    manager.dispose();
    keys.dispose();
    config.dispose();
  });

  it('starts without a key, announcing that once', () => {
    assert.equal(manager.state.kind, 'noKey');
    assert.equal(changes, 1);
  });

  it('saving a key makes exactly one session, though the store and SecretStorage both announce it', async () => {
    await keys.set('us', 'NRAK-AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await manager.whenSettled();
    assert.equal(manager.state.kind, 'ready');
    assert.equal(changes, 2);
    const session = manager.current!;
    await keys.set('us', 'NRAK-AAAAAAAAAAAAAAAAAAAAAAAAAAA'); // The same key again.
    await manager.whenSettled();
    assert.equal(manager.current, session, 'the same session');
    assert.equal(changes, 2);
  });

  it('settings that are not part of the connection change nothing: same session, no event', async () => {
    await keys.set('us', 'NRAK-AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await manager.whenSettled();
    const session = manager.current!;
    const before = changes;
    for (const [key, value] of [
      ['timeslice.statusBar.colorMode', 'thresholds'],
      ['timeslice.alerts.enabled', false],
      ['timeslice.boundApplication', { id: 1, region: 'us', name: 'x' }],
      ['timeslice.refreshIntervalSeconds', 120],
      ['timeslice.timeZone', 'utc'],
      ['editor.fontSize', 20],
    ] as const) {
      vscode.setSetting(key, value);
      await manager.whenSettled();
      assert.equal(manager.current, session, `${key} keeps the session`);
    }
    assert.equal(changes, before);
    assert.equal(session.disposed, false);
  });

  it('a connection setting makes exactly one new session and disposes the old one (its requests aborted)', async () => {
    await keys.set('us', 'NRAK-AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await manager.whenSettled();
    const old = manager.current!;
    const before = changes;
    vscode.setSetting('timeslice.responseFormat', 'xml');
    await manager.whenSettled();
    assert.notEqual(manager.current, old);
    assert.equal(changes - before, 1);
    assert.equal(old.disposed, true);
    assert.equal(old.signal.aborted, true);
    assert.equal(manager.current!.spec.format, 'xml');
  });

  it('another key is another session; removing it leaves none', async () => {
    await keys.set('us', 'NRAK-AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await manager.whenSettled();
    const first = manager.current!;
    await keys.set('us', 'NRAK-BBBBBBBBBBBBBBBBBBBBBBBBBBB');
    await manager.whenSettled();
    assert.notEqual(manager.current, first);
    assert.equal(first.disposed, true);
    await keys.delete('us');
    await manager.whenSettled();
    assert.equal(manager.state.kind, 'noKey');
  });

  it('registered jobs follow every new session, and the window focus reaches its scheduler', async () => {
    const job = { name: 'tree', active: () => true, run: () => undefined };
    const registration = manager.registerJob(job);
    await keys.set('us', 'NRAK-AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await manager.whenSettled();
    assert.equal(manager.current!.scheduler.timerPending, true, 'the job is scheduled in the new session');
    vscode.setFocused(false);
    assert.equal(manager.current!.scheduler.timerPending, false, 'no timer while unfocused');
    vscode.setFocused(true);
    vscode.setSetting('timeslice.responseFormat', 'xml');
    await manager.whenSettled();
    assert.equal(manager.current!.scheduler.timerPending, true, 'the job moved to the next session');
    registration.dispose();
    assert.equal(manager.current!.scheduler.timerPending, false, 'and leaves it when disposed');
  });
});

/** A user's connection to a fresh simulator through the custom region: its manager, key store, settings and log. */
interface SimulatorConnection {
  vscode: FakeVscodeControl & { uninstall(): void };
  sim: import('../../src/simulator/server').Simulator;
  manager: import('../../src/session/connectionManager').ConnectionManager;
  log: import('../../src/log').MemoryLogger;
  close(): Promise<void>;
}

/** Installs the fake vscode, starts a simulator and connects to it with a stored custom-region key. */
async function connectToSimulator(seed: number, apps: number): Promise<SimulatorConnection> {
  const vscode = installFakeVscode();
  const { ConnectionManager, ApiKeyStore, Config, MemoryLogger } = loadSessionModules();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the fake is installed
  const { Simulator } = require('../../src/simulator/server') as typeof import('../../src/simulator/server');
  const sim = await Simulator.start({ seed, apps });
  vscode.settings.clear();
  vscode.setSetting('timeslice.region', 'custom');
  vscode.setSetting('timeslice.customBaseUrl', sim.baseUrls.us);
  vscode.setSetting('timeslice.caCertificatePath', sim.certPath);
  const keys = new ApiKeyStore(new FakeSecretStorage());
  const config = new Config();
  const log = new MemoryLogger();
  const demo = { endpoint: undefined, onDidChange: new EventEmitter<void>().event };
  const manager = new ConnectionManager(config, keys, demo as never, log);
  await keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
  await manager.whenSettled();
  return {
    vscode,
    sim,
    manager,
    log,
    close: async () => {
      manager.dispose();
      keys.dispose();
      config.dispose();
      vscode.uninstall();
      await sim.stop();
    },
  };
}

describe('the tree provider on a session (fakes + the simulator)', function () {
  this.timeout(30_000);
  let vscode: FakeVscodeControl;
  let sim: SimulatorConnection['sim'];
  let manager: SimulatorConnection['manager'];
  let connection: SimulatorConnection;
  let tree: import('../../src/tree/applicationsTreeProvider').ApplicationsTreeProvider;

  before(async () => {
    connection = await connectToSimulator(8, 4);
    ({ vscode, sim, manager } = connection);
    const { ApplicationsTreeProvider } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the fake is installed
      require('../../src/tree/applicationsTreeProvider') as typeof import('../../src/tree/applicationsTreeProvider');
    tree = new ApplicationsTreeProvider(manager, connection.log);
  });

  after(async () => {
    tree.dispose();
    await connection.close();
  });

  afterEach(() => sim.clearFaults());

  const appNames = (nodes: Array<{ kind: string }>) =>
    nodes.flatMap((n) => (n.kind === 'application' ? [(n as unknown as { app: { name: string } }).app.name] : []));

  it("keeps the session's last data under a warning when a refresh fails for a passing reason", async () => {
    const first = await tree.getChildren();
    assert.equal(appNames(first).length, 4);
    sim.injectFault({ endpoint: 'applications.list', kind: 'unavailable', times: 10 });
    tree.refresh();
    const stale = await tree.getChildren();
    assert.equal(stale[0].id, 'stale');
    assert.deepEqual(appNames(stale), appNames(first));
  });

  it("a new session drops the old one's late answer, and its first failure shows an error, not the old data", async () => {
    sim.injectFault({ endpoint: 'applications.list', kind: 'delay', delayMs: 10_000, times: 1 });
    tree.refresh();
    const late = tree.getChildren();
    await new Promise<void>((resolve) => {
      const poll = () => (sim.faultsUsed('applications.list') > 0 ? resolve() : setImmediate(poll));
      poll();
    });
    sim.injectFault({ endpoint: 'applications.list', kind: 'unavailable', times: 10 });
    vscode.setSetting('timeslice.responseFormat', 'xml');
    await manager.whenSettled();
    assert.deepEqual(await late, [], "the replaced session's answer reaches no view");
    const roots = await tree.getChildren();
    assert.deepEqual(appNames(roots), [], 'nothing of the old session, not even as stale');
    assert.equal(roots[0].id, '/error');
    assert.ok(
      roots.some((n) => n.id === '/error/retry'),
      "Retry offered (the error policy's action)",
    );
  });

  it("a latest deployment's new verdict redraws the deployment rows loaded, not the tree", async () => {
    tree.refresh();
    const rows = [];
    for (const app of (await tree.getChildren()).filter((n) => n.kind === 'application')) {
      const group = (await tree.getChildren(app)).find((n) => n.kind === 'deploymentsGroup');
      rows.push(...(group ? await tree.getChildren(group) : []).filter((n) => n.kind === 'deployment'));
    }
    assert.ok(rows.length > 0, 'the simulator lists deployments');
    const fired: unknown[] = [];
    const listening = tree.onDidChangeTreeData((e) => fired.push(e));
    await tree.redrawDeployments();
    listening.dispose();
    assert.equal(fired.length, 1);
    assert.deepEqual(fired[0], rows);
  });
});

describe("a chart panel's message handling (fakes + the simulator)", function () {
  this.timeout(30_000);
  let vscode: FakeVscodeControl;
  let sim: SimulatorConnection['sim'];
  let manager: SimulatorConnection['manager'];
  let log: SimulatorConnection['log'];
  let connection: SimulatorConnection;
  let ChartPanel: typeof import('../../src/panels/chartPanel').ChartPanel;

  /** A WebviewPanel that records what the extension posts, and lets the test post as the webview. */
  function fakePanel() {
    const received = new EventEmitter<unknown>();
    const posted: Array<{ type: string; [k: string]: unknown }> = [];
    const panel = {
      title: '',
      iconPath: undefined,
      visible: true,
      webview: {
        options: {},
        html: '',
        cspSource: 'vscode-webview:',
        asWebviewUri: (u: unknown) => u,
        postMessage: (m: { type: string }) => {
          posted.push(m);
          return Promise.resolve(true);
        },
        onDidReceiveMessage: received.event,
      },
      onDidChangeViewState: new EventEmitter<void>().event,
      onDidDispose: new EventEmitter<void>().event,
      reveal: () => undefined,
      dispose: () => undefined,
    };
    const next = async (type: string) => {
      for (let i = 0; i < 2000 && !posted.some((m) => m.type === type); i++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      return posted.find((m) => m.type === type);
    };
    return { panel, posted, send: (m: unknown) => received.fire(m), next };
  }

  before(async () => {
    connection = await connectToSimulator(9, 3);
    ({ vscode, sim, manager, log } = connection);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the fake is installed
    ChartPanel = (require('../../src/panels/chartPanel') as typeof import('../../src/panels/chartPanel')).ChartPanel;
  });

  after(() => connection.close());

  afterEach(() => sim.clearFaults());

  function open(extensionPath = '/ext', visible = true, writePage: PageWrite = 'now') {
    const f = fakePanel();
    f.panel.visible = visible;
    const app = sim.datasets.us.apps[0];
    const chart = new ChartPanel(
      f.panel as never,
      {
        entity: { kind: 'application', applicationId: app.id, title: app.name },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      },
      {
        extensionUri: { path: extensionPath, fsPath: extensionPath } as never,
        connections: manager,
        log,
        timeZone: () => 'utc',
      },
      writePage,
    );
    return { ...f, chart };
  }

  it('ignores a malformed message with a warning, and answers "ready" with init, then the data', async () => {
    const { posted, send, next, chart } = open();
    send({ type: 'changeRange', range: { preset: 'forever' } });
    assert.equal(posted.length, 0, 'nothing posted before ready, nothing for a bad message');
    assert.ok(log.lines.some((l) => /ignored an invalid message/.test(l)));
    send({ type: 'ready' });
    const data = await next('data');
    assert.ok(data, 'data posted');
    assert.deepEqual(
      posted.slice(0, 2).map((m) => m.type),
      ['init', 'loading'],
    );
    chart.dispose();
  });

  it('a rejected key: the error carries the policy\'s fix, and "fix" runs it', async () => {
    const { posted, send, next, chart } = open();
    sim.injectFault({ endpoint: 'metricData', kind: 'unauthorized', times: 5 });
    send({ type: 'ready' });
    const error = await next('error');
    assert.equal(error?.fix, 'Set API Key…');
    assert.equal(error?.retryable, true);
    vscode.executed.length = 0;
    send({ type: 'fix' });
    for (let i = 0; i < 100 && vscode.executed.length === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepEqual(vscode.executed, [['timeslice.setApiKey']]);
    assert.ok(!posted.some((m) => m.type === 'data'));
    chart.dispose();
  });

  describe('a page with its files written into it', () => {
    let root: string;
    before(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-page-'));
      fs.mkdirSync(path.join(root, 'dist', 'webview'), { recursive: true });
      fs.mkdirSync(path.join(root, 'media'));
      fs.writeFileSync(path.join(root, 'dist', 'webview', 'panelBoot.js'), 'window.booted = 1;');
      fs.writeFileSync(path.join(root, 'dist', 'webview', 'panel.js'), 'window.bundled = 1;');
      fs.writeFileSync(path.join(root, 'media', 'panel.css'), 'body { margin: 0 }');
    });
    after(() => fs.rmSync(root, { recursive: true, force: true }));

    it('is posted its init and data before it says "ready", and "ready" asks for nothing again', async () => {
      const { panel, posted, send, next, chart } = open(root);
      assert.match(panel.webview.html, /window\.booted = 1;/);
      assert.doesNotMatch(panel.webview.html, /<script[^>]* src=/);
      assert.equal(posted[0]?.type, 'init', 'init at once, for VS Code to hold until the page loads');
      void chart.load(); // (as the panel manager does when it opens a panel)
      assert.ok(await next('data'), 'the data without a ready');
      const count = posted.length;
      send({ type: 'ready', plotWidth: 600 });
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(posted.length, count, 'nothing posted twice');
      chart.dispose();
    });

    it('opened by the user: written a task after the panel, then posted init and what its first load said, in order', async () => {
      const { panel, posted, next, chart } = open(root, true, 'nextTask');
      void chart.load(); // (as the panel manager does when it opens a panel)
      assert.equal(panel.webview.html, '', 'no page in the task that created the panel');
      assert.equal(posted.length, 0, 'nothing posted to a page not yet written');
      assert.ok(await next('data'));
      assert.match(panel.webview.html, /window\.booted = 1;/);
      assert.deepEqual(
        posted.map((m) => m.type),
        ['init', 'loading', 'data'],
      );
      chart.dispose();
    });

    it('closed in the task that opened it: no page is written and nothing posted', async () => {
      const { panel, posted, chart } = open(root, true, 'nextTask');
      chart.dispose();
      await new Promise((resolve) => setTimeout(resolve, 0));
      assert.equal(panel.webview.html, '');
      assert.deepEqual(posted, []);
    });

    it('restored (nothing loaded it as it opened): its "ready" loads the data', async () => {
      const { posted, send, next, chart } = open(root);
      assert.deepEqual(
        posted.map((m) => m.type),
        ['init'],
      );
      send({ type: 'ready' });
      assert.ok(await next('data'));
      assert.equal(posted.filter((m) => m.type === 'init').length, 1, 'init once');
      chart.dispose();
    });

    it('a hidden one gets nothing until it says "ready", then init and the data', async () => {
      const { posted, send, next, chart } = open(root, false);
      void chart.load();
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(!posted.some((m) => m.type === 'init' || m.type === 'data'));
      send({ type: 'ready' });
      assert.ok(await next('data'));
      assert.equal(posted[0]?.type, 'init');
      chart.dispose();
    });
  });

  it('a new session clears what the panel shows and loads again from the new one', async () => {
    const { posted, send, next, chart } = open();
    send({ type: 'ready' });
    await next('data');
    posted.length = 0;
    vscode.setSetting('timeslice.responseFormat', 'xml');
    await manager.whenSettled();
    assert.equal(posted[0]?.type, 'clear', "the old session's charts are dropped first");
    assert.ok(await next('data'), "then the new session's data");
    vscode.setSetting('timeslice.responseFormat', undefined);
    await manager.whenSettled();
    chart.dispose();
  });
});
