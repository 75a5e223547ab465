import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import { Simulator } from '../../../src/simulator/server';
import { eventually, labels, setSettings, settled, startDemo, timeslice } from './helpers';

/**
 * The backend is part of the connection: switching `timeslice.backend` (or the demo's) makes exactly
 * one new connection, and the tree shows the same applications through NerdGraph. With `auto`, a
 * REST host answering 410 Gone moves the connection to NerdGraph by itself.
 */
describe('choosing the backend', function () {
  this.timeout(120_000);
  let ts: TimesliceTestApi;
  let changes = 0;
  const seen: string[] = [];
  let subscription: vscode.Disposable;

  before(async () => {
    ts = await timeslice();
    subscription = ts.connections.onDidChangeSession((state) => {
      changes++;
      seen.push(
        state.kind === 'ready'
          ? `${state.connection.demo ? 'demo' : (state.connection.spec.accountId ?? 'auto')}|${state.connection.backend}`
          : state.kind,
      );
    });
  });

  after(() => {
    subscription.dispose();
  });

  async function rootLabels(): Promise<string[]> {
    ts.tree.refresh();
    return labels(ts, await ts.tree.getChildren()).sort();
  }

  async function switchTo(values: Record<string, unknown>, backend: 'restV2' | 'nerdGraph'): Promise<void> {
    // current is set before its change event fires: let the previous rebuild announce itself first.
    await ts.connections.whenSettled();
    const before = changes;
    const old = ts.connections.current;
    await setSettings(values);
    await eventually(
      () => (ts.connections.current && ts.connections.current !== old ? true : undefined),
      `the ${backend} connection`,
    );
    // A second (wrong) rebuild would start from an event already sent: settled() waits for those.
    await settled(ts);
    assert.equal(changes - before, 1, `exactly one new connection (${seen.slice(before).join(', ')})`);
    assert.equal(ts.connections.current!.backend, backend);
    assert.equal(ts.connections.current!.spec.backend, backend, 'the spec names the backend');
  }

  describe("a custom region (a simulator of the test's own)", () => {
    let sim: Simulator;

    before(async () => {
      sim = await Simulator.start({ seed: 14, apps: 5 });
      await setSettings({
        region: 'custom',
        customBaseUrl: sim.baseUrls.us,
        caCertificatePath: sim.certPath,
        backend: undefined,
      });
      await ts.keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
      await eventually(
        () => (ts.connections.current?.api.baseUrl.startsWith(sim.baseUrls.us) ? true : undefined),
        'the custom connection',
      );
    });

    after(async () => {
      await ts.keys.delete('custom');
      await setSettings({
        region: undefined,
        customBaseUrl: undefined,
        caCertificatePath: undefined,
        backend: undefined,
      });
      await sim.stop();
    });

    it('auto speaks REST v2 today; timeslice.backend = nerdGraph reconnects once and lists the same applications through NerdGraph', async () => {
      assert.equal(ts.connections.current!.backend, 'restV2');
      const rest = await rootLabels();
      assert.ok(rest.length >= 5, rest.join(', '));
      assert.match(String(ts.applicationsView.view.description), /Custom base URL · REST v2/);
      sim.clearRequests();
      await switchTo({ backend: 'nerdGraph' }, 'nerdGraph');
      assert.deepEqual(await rootLabels(), rest);
      assert.ok(
        sim.requests.some((r) => r.endpoint === 'graphql.entitySearch'),
        'the tree asked NerdGraph',
      );
      assert.ok(!sim.requests.some((r) => r.path.startsWith('/v2/')), 'and not REST');
      assert.match(String(ts.applicationsView.view.description), /NerdGraph/);
    });

    it('auto: when REST answers 410 Gone, the connection moves to NerdGraph by itself, once', async () => {
      await switchTo({ backend: 'auto' }, 'restV2');
      const rest = await rootLabels();
      await ts.connections.whenSettled();
      sim.setRestRetired(true);
      try {
        const before = changes;
        ts.tree.refresh();
        await ts.tree.getChildren().catch(() => undefined); // This refresh meets the 410.
        await eventually(
          () => (ts.connections.current?.backend === 'nerdGraph' ? true : undefined),
          'the move to NerdGraph',
        );
        // The new session's own requests come next: a second (wrong) rebuild would follow one of them or an event already sent.
        assert.deepEqual(await rootLabels(), rest);
        await settled(ts);
        assert.equal(changes - before, 1, `exactly one new connection (${seen.slice(before).join(', ')})`);
        assert.ok(
          ts
            .recentLogLines()
            .some((l) => /backend: NerdGraph \(automatic: the REST v2 host answered 410 Gone\)/.test(l)),
        );
      } finally {
        sim.setRestRetired(false);
      }
    });
  });

  describe('the demo', () => {
    after(async () => {
      await setSettings({ 'demo.backend': undefined });
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    it("timeslice.demo.backend = nerdGraph reconnects once, and the demo's tree is the same through NerdGraph", async () => {
      await startDemo(ts);
      assert.equal(ts.connections.current!.backend, 'restV2');
      const rest = await rootLabels();
      const sim = ts.demo.simulator!;
      sim.clearRequests();
      await switchTo({ 'demo.backend': 'nerdGraph' }, 'nerdGraph');
      assert.deepEqual(await rootLabels(), rest);
      assert.ok(
        sim.requests.some((r) => r.path === '/graphql'),
        'the demo answered through /graphql',
      );
      assert.match(String(ts.applicationsView.view.description), /^demo · NerdGraph/);
    });
  });
});
