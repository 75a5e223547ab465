import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import { Simulator } from '../../../src/simulator/server';
import { eventually, labelText, labels, setSettings, timeslice, tooltipText } from './helpers';

/** A simulator of the test's own, reached as a custom region (its CA trusted through the setting). */
describe('errors in the tree, against a simulator with faults', function () {
  this.timeout(90_000);
  let ts: TimesliceTestApi;
  let sim: Simulator;

  before(async () => {
    ts = await timeslice();
    sim = await Simulator.start({ seed: 3, apps: 6 });
    await setSettings({
      region: 'custom',
      customBaseUrl: sim.baseUrls.us,
      caCertificatePath: sim.certPath,
      requestTimeoutSeconds: 5,
    });
    await ts.keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
    await eventually(
      () => (ts.connections.current?.api.baseUrl.startsWith(sim.baseUrls.us) ? true : undefined),
      'the custom connection',
    );
  });

  afterEach(() => sim.clearFaults());

  after(async () => {
    await ts.keys.delete('custom');
    await setSettings({
      region: undefined,
      customBaseUrl: undefined,
      caCertificatePath: undefined,
      requestTimeoutSeconds: undefined,
    });
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
    // Custom region: the tree cannot name the key's region, only that it is the other one.
    {
      fault: 'wrongRegion',
      pattern:
        /belongs to an account in the other region: switch the region to US or EU\. The service answered "Account is not valid in this region"/,
      action: 'timeslice.switchRegion',
    },
  ];
  for (const c of cases) {
    it(`${c.fault} gives an error item with its message and action, never an empty tree (not the old data: it may be wrong)`, async () => {
      await rootsAfterRefresh(); // Good data first: it must not hide these failures.
      sim.injectFault({ endpoint: 'applications.list', kind: c.fault });
      const roots = await rootsAfterRefresh();
      assert.ok(roots.length >= 2, 'an error item and its actions');
      const item = ts.tree.getTreeItem(roots[0]);
      assert.match(labelText(item), c.pattern);
      assert.equal(item.command?.command, c.action);
      assert.ok(labels(ts, roots).includes('Show Log'));
      assert.ok(!roots.some((n) => n.kind === 'application'));
      sim.clearFaults();
      const recovered = await rootsAfterRefresh();
      assert.equal(recovered[0].kind, 'application');
    });
  }

  // Passing failures keep the last applications under a warning item (see network.test.ts for the view message).
  const passing: Array<{ fault: Parameters<Simulator['injectFault']>[0]['kind']; label: RegExp; detail: RegExp }> = [
    {
      fault: 'rateLimited',
      label: /^Showing data from just now — rate limited, retrying in \d+ s$/,
      detail: /rate limit.*Wait \d+ s/,
    },
    {
      fault: 'delay',
      label: /^Showing data from just now — offline: .* did not answer within 5 s, retrying in 30 s$/,
      detail: /did not answer within 5 s/,
    },
  ];
  for (const c of passing) {
    it(`${c.fault} after a good load keeps the applications under a warning item with Retry`, async () => {
      const good = await rootsAfterRefresh();
      sim.injectFault({ endpoint: 'applications.list', kind: c.fault, delayMs: 8000, retryAfterSeconds: 1 });
      const roots = await rootsAfterRefresh();
      const item = ts.tree.getTreeItem(roots[0]);
      assert.match(labelText(item), c.label);
      assert.match(tooltipText(item), c.detail);
      assert.equal(item.command?.command, 'timeslice.refresh');
      assert.deepEqual(
        roots.slice(1).map((n) => n.id),
        good.map((n) => n.id),
      );
      sim.clearFaults();
      const recovered = await rootsAfterRefresh();
      assert.deepEqual(
        recovered.map((n) => n.id),
        good.map((n) => n.id),
      );
    });
  }

  it('rateLimited with nothing shown yet is an error item with Retry', async () => {
    ts.applicationsView.setFilter(''); // Forgets the last data, as a new filter does.
    sim.injectFault({ endpoint: 'applications.list', kind: 'rateLimited', retryAfterSeconds: 1 });
    const roots = await rootsAfterRefresh();
    const item = ts.tree.getTreeItem(roots[0]);
    assert.match(labelText(item), /rate limit.*Wait \d+ s/);
    assert.equal(item.command?.command, 'timeslice.refresh');
  });

  it('never writes the key to the log', async () => {
    sim.injectFault({ endpoint: 'applications.list', kind: 'unauthorized', times: 1 });
    await rootsAfterRefresh();
    await rootsAfterRefresh();
    const lines = ts.recentLogLines();
    assert.ok(
      lines.some((l) => l.includes('GET /v2/applications.json')),
      'requests are logged',
    );
    assert.ok(
      lines.some((l) => /GET \/v2\/applications\.json 200 \d+ ms/.test(l)),
      'with status and time',
    );
    for (const line of lines) {
      assert.ok(!line.includes(sim.keys.us), `key in log line: ${line.slice(0, 80)}`);
    }
  });

  it('shows "set a key" guidance when a region has no key (welcome view, no items)', async () => {
    await ts.keys.delete('custom');
    await eventually(() => (ts.connections.state.kind === 'noKey' ? true : undefined), 'the no-key state');
    assert.deepEqual(await rootsAfterRefresh(), []);
    await ts.keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
    await eventually(() => (ts.connections.current ? true : undefined), 'the connection again');
  });

  it('explains a bad base URL in the tree without losing the setting', async () => {
    await setSettings({ customBaseUrl: 'http://example.com' });
    await eventually(
      () => (ts.connections.state.kind === 'invalidConfig' ? true : undefined),
      'the invalid-config state',
    );
    const roots = await rootsAfterRefresh();
    assert.match(labelText(ts.tree.getTreeItem(roots[0])), /must use https/);
    assert.equal(vscode.workspace.getConfiguration('timeslice').get('customBaseUrl'), 'http://example.com');
    await setSettings({ customBaseUrl: sim.baseUrls.us });
  });
});
