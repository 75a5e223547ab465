import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, setSettings, startDemo, timeslice } from './helpers';

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
    await vscode.workspace.getConfiguration('timeslice', folder.uri).update('boundApplication', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    await setSettings({ 'statusBar.colorMode': undefined, 'alerts.enabled': undefined, responseFormat: undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  it('binding a folder and changing the status bar colours and alerts keep the connection, the tree and the open dashboard: no new request', async () => {
    const sim = ts.demo.simulator!;
    const roots = await ts.tree.getChildren();
    const node = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web')!;
    if (node.kind !== 'application') {
      throw new Error('no storefront-web');
    }
    const item = ts.tree.getTreeItem(node);
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    await eventually(() => (sim.requests.some((r) => r.endpoint === 'metricData') ? true : undefined), 'the dashboard\'s data');
    const folder = vscode.workspace.workspaceFolders![0];
    await vscode.workspace.getConfiguration('timeslice', folder.uri).update('boundApplication', { id: node.app.id, region: 'demo', name: 'storefront-web' }, vscode.ConfigurationTarget.WorkspaceFolder);
    await eventually(() => ts.status.poller.snapshot({ id: node.app.id, region: 'demo' })?.app, 'the bound application\'s first poll');
    const connection = ts.connections.current;
    const before = changes;
    sim.clearRequests();
    await setSettings({ 'statusBar.colorMode': 'thresholds', 'alerts.enabled': false });
    // What a rebuild would decide, asked for directly: the same connection, no change event.
    await ts.connections.rebuild();
    assert.equal(ts.connections.current, connection, 'the same connection object');
    assert.equal(changes, before, 'no connection change event');
    assert.deepEqual(sim.requests.filter((r) => r.endpoint === 'applications.list' || r.endpoint === 'metricData').map((r) => r.path), [], 'no application or metric-data request');
    const again = await ts.tree.getChildren();
    assert.deepEqual(again.map((n) => n.id), roots.map((n) => n.id), 'the tree keeps its items');
  });

  it('changing the response format makes exactly one new connection and cancels what the old one had in flight', async () => {
    const sim = ts.demo.simulator!;
    const old = ts.connections.current!;
    const app = (await old.api.listApplications())[0];
    sim.injectFault({ endpoint: 'metricData', kind: 'delay', delayMs: 20_000, times: 1 });
    const slow = old.api.getMetricData({ kind: 'application', applicationId: app.id }, { names: ['HttpDispatcher'] }).then(() => 'answered', (e: unknown) => e);
    const before = changes;
    const started = Date.now();
    await setSettings({ responseFormat: 'xml' });
    await eventually(() => (changes > before ? true : undefined), 'the connection change event');
    assert.notEqual(ts.connections.current, old);
    const outcome = await slow;
    // The extension's ApiError class is not this bundle's: compare the kind, not the class.
    assert.equal((outcome as { kind?: string }).kind, 'cancelled', `the old request was cancelled, not ${String(outcome)}`);
    assert.ok(Date.now() - started < 15_000, 'cancelled at once, not after the 20 s delay');
    assert.equal(changes - before, 1, 'exactly one connection change');
    assert.ok(ts.connections.current!.identity.includes('|xml'));
  });
});
