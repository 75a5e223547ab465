import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, startDemo, timeslice } from './helpers';

describe('chart panels against the demo simulator', function () {
  this.timeout(60_000);
  let ts: TimesliceTestApi;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  it('opens the dashboard from the tree node, which makes exactly one metric-data request', async () => {
    const sim = ts.demo.simulator!;
    const roots = await ts.tree.getChildren();
    const node = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web')!;
    const item = ts.tree.getTreeItem(node);
    assert.equal(item.command?.command, 'timeslice.openEntity');
    sim.clearRequests();
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    assert.equal(ts.panels.open.size, 1);
    await eventually(() => (sim.requests.some((r) => r.endpoint === 'metricData') ? true : undefined), 'the dashboard\'s data request', 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    const dataRequests = sim.requests.filter((r) => r.endpoint === 'metricData');
    assert.equal(dataRequests.length, 1);
    assert.deepEqual(dataRequests[0].query.getAll('names[]').sort(), ['Apdex', 'EndUser/Apdex', 'Errors/all', 'HttpDispatcher']);
  });

  it('reveals the open panel instead of opening a second one for the same entity', async () => {
    const roots = await ts.tree.getChildren();
    const node = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web')!;
    await vscode.commands.executeCommand('timeslice.openEntity', node);
    assert.equal(ts.panels.open.size, 1);
    await vscode.commands.executeCommand('timeslice.openBreakdown', node);
    assert.equal(ts.panels.open.size, 2);
  });

  it('the breakdown lists datastore names through the cache, narrowed by name', async () => {
    const sim = ts.demo.simulator!;
    const names = await eventually(() => {
      const found = sim.requests.filter((r) => r.endpoint === 'metricNames');
      return found.length > 0 ? found : undefined;
    }, 'the breakdown\'s names request', 30_000);
    assert.ok(names.every((r) => r.query.get('name') === 'Datastore/'));
  });
});
