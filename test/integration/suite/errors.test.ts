import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceExports } from '../../../src/exports';
import { Simulator } from '../../../src/simulator/server';
import { eventually, labels, setSettings, timeslice } from './helpers';

/** A simulator of the test's own, reached as a custom region (its CA trusted through the setting). */
describe('errors in the tree, against a simulator with faults', function () {
  this.timeout(90_000);
  let ts: TimesliceExports;
  let sim: Simulator;

  before(async () => {
    ts = await timeslice();
    sim = await Simulator.start({ seed: 3, apps: 6 });
    await setSettings({ region: 'custom', customBaseUrl: sim.baseUrls.us, caCertificatePath: sim.certPath, requestTimeoutSeconds: 5 });
    await ts.apiKeys.set('custom', sim.keys.us);
    await eventually(() => (ts.connections.current?.api.baseUrl.startsWith(sim.baseUrls.us) ? true : undefined), 'the custom connection');
  });

  afterEach(() => sim.clearFaults());

  after(async () => {
    await ts.apiKeys.delete('custom');
    await setSettings({ region: undefined, customBaseUrl: undefined, caCertificatePath: undefined, requestTimeoutSeconds: undefined });
    await sim.stop();
  });

  async function rootsAfterRefresh() {
    ts.tree.refresh();
    return ts.tree.getChildren();
  }

  it('lists the applications with the stored key', async () => {
    const roots = await rootsAfterRefresh();
    assert.equal(roots.length, sim.datasets.us.apps.length);
  });

  const cases: Array<{ fault: Parameters<Simulator['injectFault']>[0]['kind']; pattern: RegExp; action: string }> = [
    { fault: 'unauthorized', pattern: /API key was rejected.*Set a valid User API key/, action: 'timeslice.setApiKey' },
    { fault: 'forbiddenHtml', pattern: /refused.*HTML page.*region/, action: 'timeslice.switchRegion' },
    { fault: 'rateLimited', pattern: /rate limit.*Wait \d+ s/, action: 'timeslice.refresh' },
    { fault: 'delay', pattern: /did not answer within 5 s/, action: 'timeslice.refresh' },
  ];
  for (const c of cases) {
    it(`${c.fault} gives an error item with its message and action, never an empty tree`, async () => {
      sim.injectFault({ endpoint: 'applications.list', kind: c.fault, delayMs: 8000, retryAfterSeconds: 1 });
      const roots = await rootsAfterRefresh();
      assert.ok(roots.length >= 2, 'an error item and its actions');
      const item = ts.tree.getTreeItem(roots[0]);
      assert.match(String(item.label), c.pattern);
      assert.equal(item.command?.command, c.action);
      assert.ok(labels(ts, roots).includes('Show Log'));
      sim.clearFaults();
      const recovered = await rootsAfterRefresh();
      assert.equal(recovered[0].kind, 'application');
    });
  }

  it('never writes the key to the log', async () => {
    sim.injectFault({ endpoint: 'applications.list', kind: 'unauthorized', times: 1 });
    await rootsAfterRefresh();
    await rootsAfterRefresh();
    const lines = ts.recentLogLines();
    assert.ok(lines.some((l) => l.includes('GET /v2/applications.json')), 'requests are logged');
    assert.ok(lines.some((l) => /GET \/v2\/applications\.json 200 \d+ ms/.test(l)), 'with status and time');
    for (const line of lines) {
      assert.ok(!line.includes(sim.keys.us), `key in log line: ${line.slice(0, 80)}`);
    }
  });

  it('shows "set a key" guidance when a region has no key (welcome view, no items)', async () => {
    await ts.apiKeys.delete('custom');
    await eventually(() => (ts.connections.state.kind === 'noKey' ? true : undefined), 'the no-key state');
    assert.deepEqual(await rootsAfterRefresh(), []);
    await ts.apiKeys.set('custom', sim.keys.us);
    await eventually(() => (ts.connections.current ? true : undefined), 'the connection again');
  });

  it('explains a bad base URL in the tree without losing the setting', async () => {
    await setSettings({ customBaseUrl: 'http://example.com' });
    await eventually(() => (ts.connections.state.kind === 'invalidConfig' ? true : undefined), 'the invalid-config state');
    const roots = await rootsAfterRefresh();
    assert.match(String(ts.tree.getTreeItem(roots[0]).label), /must use https/);
    assert.equal(vscode.workspace.getConfiguration('timeslice').get('customBaseUrl'), 'http://example.com');
    await setSettings({ customBaseUrl: sim.baseUrls.us });
  });
});
