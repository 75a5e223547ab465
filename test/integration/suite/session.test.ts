import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { HttpTimesliceApi } from '../../../src/api/rest/client';
import { MemoryLogger } from '../../../src/log';
import { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, labelText, labels, setSettings, startDemo, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

/** Only the settings a connection is made of reconnect; replacing a connection cancels what it started. */
describe('one connection: what reconnects and what does not', function () {
  this.timeout(90_000);
  let ts: TimesliceTestApi;
  let changes = 0;
  let subscription: vscode.Disposable;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts);
    subscription = ts.connections.onDidChangeSession(() => changes++);
  });

  after(async () => {
    subscription.dispose();
    const folder = vscode.workspace.workspaceFolders![0];
    await vscode.workspace
      .getConfiguration('timeslice', folder.uri)
      .update('boundApplication', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    await setSettings({
      'statusBar.colorMode': undefined,
      'alerts.enabled': undefined,
      responseFormat: undefined,
      timeZone: undefined,
      refreshIntervalSeconds: undefined,
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  it('binding a folder and changing the status bar colours, alerts, time zone and refresh interval keep the connection, the tree and the open dashboard: no new request', async () => {
    const sim = ts.demo.simulator!;
    const roots = await ts.tree.getChildren();
    const node = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web')!;
    if (node.kind !== 'application') {
      throw new Error('no storefront-web');
    }
    const item = ts.tree.getTreeItem(node);
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    await eventually(
      () => (sim.requests.some((r) => r.endpoint === 'metricData') ? true : undefined),
      "the dashboard's data",
    );
    const folder = vscode.workspace.workspaceFolders![0];
    await vscode.workspace
      .getConfiguration('timeslice', folder.uri)
      .update(
        'boundApplication',
        { id: node.app.id, region: 'demo', name: 'storefront-web' },
        vscode.ConfigurationTarget.WorkspaceFolder,
      );
    await eventually(
      () => ts.status.poller.snapshot({ id: node.app.id, region: 'demo' })?.app,
      "the bound application's first poll",
    );
    // The binding also asks for the application's production errors (and their rates): let that finish
    // first, as it is the binding's work, not the settings'.
    await ts.errorDiagnostics.refresh();
    const connection = ts.connections.current;
    const before = changes;
    sim.clearRequests();
    await setSettings({
      'statusBar.colorMode': 'thresholds',
      'alerts.enabled': false,
      timeZone: 'utc',
      refreshIntervalSeconds: 120,
    });
    // What a rebuild would decide, asked for directly: the same connection, no change event.
    await ts.connections.rebuild();
    assert.equal(ts.connections.current, connection, 'the same connection object');
    assert.equal(changes, before, 'no connection change event');
    assert.deepEqual(
      sim.requests.filter((r) => r.endpoint === 'applications.list' || r.endpoint === 'metricData').map((r) => r.path),
      [],
      'no application or metric-data request',
    );
    const again = await ts.tree.getChildren();
    assert.deepEqual(
      again.map((n) => n.id),
      roots.map((n) => n.id),
      'the tree keeps its items',
    );
  });

  it('changing the response format makes exactly one new connection and cancels what the old one had in flight', async () => {
    const sim = ts.demo.simulator!;
    const old = ts.connections.current!;
    const app = (await old.api.listApplications())[0];
    sim.injectFault({ endpoint: 'metricData', kind: 'delay', delayMs: 20_000, times: 1 });
    const slow = old.api
      .getMetricData({ kind: 'application', applicationId: app.id }, { names: ['HttpDispatcher'] })
      .then(
        () => 'answered',
        (e: unknown) => e,
      );
    const before = changes;
    const started = Date.now();
    await setSettings({ responseFormat: 'xml' });
    await eventually(() => (changes > before ? true : undefined), 'the connection change event');
    assert.notEqual(ts.connections.current, old);
    const outcome = await slow;
    // The extension's ApiError class is not this bundle's: compare the kind, not the class.
    assert.equal(
      (outcome as { kind?: string }).kind,
      'cancelled',
      `the old request was cancelled, not ${String(outcome)}`,
    );
    assert.ok(Date.now() - started < 15_000, 'cancelled at once, not after the 20 s delay');
    assert.equal(changes - before, 1, 'exactly one connection change');
    assert.equal(ts.connections.current!.spec.format, 'xml');
  });
});

/** A session's late answers never reach a view: after switching accounts, nothing of the old one shows, not even as stale. */
describe('switching accounts while the old one is slow', function () {
  this.timeout(120_000);
  let ts: TimesliceTestApi;
  let accountB: Simulator;

  before(async () => {
    ts = await timeslice();
    accountB = await Simulator.start({ seed: 21, apps: 3 });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
    await ts.keys.delete('custom');
    await setSettings({ region: undefined, customBaseUrl: undefined, caCertificatePath: undefined });
    await accountB.stop();
  });

  it("switching from account A to B while A's tree and panel requests hang: nothing of A in the tree or the panel afterwards", async () => {
    await startDemo(ts);
    const a = ts.demo.simulator!;
    const rootsA = await ts.tree.getChildren();
    const appA = rootsA.find((n) => n.kind === 'application');
    if (appA?.kind !== 'application') {
      throw new Error('account A lists no application');
    }
    const item = ts.tree.getTreeItem(appA);
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    const panel = await eventually(
      () => [...ts.panels.open.values()].find((p) => panelStatus(p).dataAt !== undefined),
      "account A's dashboard with data",
    );

    // Account B waits underneath (the demo wins while it runs).
    await setSettings({ region: 'custom', customBaseUrl: accountB.baseUrls.us, caCertificatePath: accountB.certPath });
    await ts.keys.set('custom', accountB.keys.us, new URL(accountB.baseUrls.us).origin);
    const namesB = new Set((await listApplications(accountB)).map((app) => app.name));
    const onlyA = rootsA
      .filter((n) => n.kind === 'application' && !namesB.has(n.app.name))
      .map((n) => labelText(ts.tree.getTreeItem(n)));
    assert.ok(onlyA.length > 0, 'account A has applications B does not');

    // A hangs: a tree refresh and a panel reload are in flight when the switch happens.
    a.injectFault({ endpoint: 'applications.list', kind: 'delay', delayMs: 30_000, times: 5 });
    a.injectFault({ endpoint: 'metricData', kind: 'delay', delayMs: 30_000, times: 5 });
    ts.tree.refresh();
    const lateTree = ts.tree.getChildren();
    const lateLoad = panel.load();
    // Requests are recorded when answered: a delay fault counts when the request arrives.
    await eventually(
      () => (a.faultsUsed('applications.list') > 0 && a.faultsUsed('metricData') > 0 ? true : undefined),
      "A's slow requests in flight",
    );
    // B fails from its first request, for a passing reason: a view that kept anything of A would show it now, as "stale".
    accountB.injectFault({ endpoint: 'applications.list', kind: 'unavailable', times: 50 });
    const switchedAt = Date.now();
    await vscode.commands.executeCommand('timeslice.stopDemo');
    await eventually(
      () => (ts.connections.current?.api.baseUrl.startsWith(accountB.baseUrls.us) ? true : undefined),
      'the session of account B',
    );
    // Both settle (cancelled with the session, or failed when A's server stopped while A was still current).
    await Promise.all([lateTree, lateLoad]);
    const failed = await eventually(async () => {
      const roots = await ts.tree.getChildren();
      return roots.some((n) => n.kind === 'message' && n.id === '/error') ? roots : undefined;
    }, "B's first load failing");
    assert.ok(!failed.some((n) => n.id === 'stale'), 'no "showing earlier data": B has none, and A\'s is not B\'s');
    assert.deepEqual(
      labels(ts, failed).filter((l) => onlyA.includes(l)),
      [],
      'no application of A',
    );

    accountB.clearFaults();
    ts.tree.refresh();
    const rootsB = await eventually(async () => {
      const roots = await ts.tree.getChildren();
      return roots.some((n) => n.kind === 'application') ? roots : undefined;
    }, "account B's applications");
    assert.deepEqual(
      labels(ts, rootsB).filter((l) => onlyA.includes(l)),
      [],
      "no application of A in B's tree",
    );

    // The panel was A's entity: whatever B answers for it, A's data is gone, and no stale note dates from A.
    const status = panelStatus(panel);
    assert.ok(
      status.dataAt === undefined || status.dataAt >= switchedAt,
      `no data of A kept (data from ${String(status.dataAt)})`,
    );
    assert.equal(status.staleNote, undefined, "no stale note about A's data");
  });
});

async function listApplications(sim: Simulator) {
  const api = new HttpTimesliceApi({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  });
  try {
    return await api.listApplications();
  } finally {
    await api.dispose();
  }
}
