/** The demo's story in the simulator: its deployments' revisions, and the transactions they move (demoStory.ts). */
import * as assert from 'node:assert/strict';

import { DEMO_DATA_SET, Dataset } from '../../src/simulator/dataset';
import { DEMO_STORY } from '../../src/simulator/demoStory';
import { deploymentsBetween } from '../../src/simulator/deployments';
import { minuteOf } from '../../src/simulator/minutes';
import { Simulator } from '../../src/simulator/server';
import { transactionSplit } from '../../src/simulator/transactionSplit';

const NOW = Date.UTC(2026, 10, 24, 10, 30, 17);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STORY = DEMO_STORY['storefront-web'];

function storefront(anchor?: number, storyUntil?: string) {
  const dataset = new Dataset({ ...DEMO_DATA_SET, names: 'demo', storyAnchorMs: anchor, storyUntil });
  return { dataset, app: dataset.apps.find((a) => a.name === 'storefront-web')! };
}

interface Numbers {
  avg: number;
  errorRate: number;
}

/** Per web transaction over `minutes` (real clock): average response time and error rate. */
function window(anchor: number, from: number, minutes: number, storyUntil?: string): Map<string, Numbers> {
  const { dataset, app } = storefront(anchor, storyUntil);
  const sums = app.profile.transactions.map(() => ({ calls: 0, ms: 0, errors: 0 }));
  let dispatcher = { calls: 0, ms: 0 };
  for (let m = from; m < from + minutes; m++) {
    const minute = minuteOf(dataset.seed, { kind: 'application', app }, m);
    transactionSplit(app, minute).web.forEach((t, i) => {
      sums[i].calls += t.calls;
      sums[i].ms += t.totalMs;
      sums[i].errors += t.errors;
    });
    dispatcher = { calls: dispatcher.calls + minute.calls, ms: dispatcher.ms + minute.calls * minute.serverMs };
  }
  const web = sums.reduce((a, s) => ({ calls: a.calls + s.calls, ms: a.ms + s.ms }), { calls: 0, ms: 0 });
  assert.equal(web.calls, dispatcher.calls, 'the transactions add up to HttpDispatcher');
  assert.ok(Math.abs(web.ms - dispatcher.ms) < 1e-6 * dispatcher.ms);
  return new Map(
    app.profile.transactions.map((t, i) => [
      t.name,
      { avg: sums[i].ms / sums[i].calls, errorRate: sums[i].errors / sums[i].calls },
    ]),
  );
}

describe("the demo's story in the simulator (docs/simulator.md)", () => {
  it('stops at the deployment a test names: later ones are neither listed nor felt', () => {
    const { dataset, app } = storefront(NOW, '545143b');
    const anchorMinute = Math.floor(NOW / MINUTE) * MINUTE;
    const listed = deploymentsBetween(dataset, app, anchorMinute - 31 * HOUR, anchorMinute);
    assert.deepEqual(
      listed.map((d) => d.revision.slice(0, 7)),
      ['545143b', '77b26b0', '999a733', 'v3.2.0'],
    );
    // orders/create keeps its errors after 0922c08's minute: that deployment never happened.
    const at = Math.floor(NOW / MINUTE) - 3 * 60;
    const after = (until?: string) => window(NOW, at + 1, 60, until).get('Controller/orders/create')!.errorRate;
    assert.ok(after('545143b') < 0.01, String(after('545143b')));
    assert.ok(after() > 0.03, 'the whole story: its errors from 0922c08 on');
  });

  it('replaces the generated deployments before the anchor with the story, at fixed offsets, newest first', () => {
    const { dataset, app } = storefront(NOW);
    const anchorMinute = Math.floor(NOW / MINUTE) * MINUTE;
    const listed = deploymentsBetween(dataset, app, anchorMinute - 31 * HOUR, anchorMinute);
    assert.deepEqual(
      listed.map((d) => [d.revision, (anchorMinute - d.at) / HOUR]),
      [...STORY].reverse().map((s) => [s.revision, s.minutesBefore / 60]),
    );
    assert.ok(listed.every((d) => !d.bad && !d.failing));
    assert.deepEqual(
      listed.map((d) => d.commit),
      listed.map((d) => (/^[0-9a-f]{40}$/.test(d.revision) ? d.revision : undefined)),
    );
    // Without an anchor, and for the other applications, the deployments are the generated ones.
    const plain = storefront();
    const generated = deploymentsBetween(plain.dataset, plain.app, anchorMinute - 31 * HOUR, anchorMinute);
    assert.ok(generated.length > 0 && generated.every((d) => /^[0-9a-f]{16}$/.test(d.revision)));
    const other = dataset.apps.find((a) => a.name === 'billing-api')!;
    assert.ok(
      deploymentsBetween(dataset, other, anchorMinute - 31 * HOUR, anchorMinute).every((d) => d.revision.length === 16),
    );
  });

  it('moves the named transactions only: orders/show slower at the regression, orders/create failing at the newest', () => {
    const anchorMinute = Math.floor(NOW / MINUTE);
    const around = (minutesBefore: number) => {
      const at = anchorMinute - minutesBefore;
      return { before: window(NOW, at - 60, 60), after: window(NOW, at + 1, 60) };
    };
    const regression = around(STORY[3].minutesBefore);
    const failing = around(STORY[4].minutesBefore);
    const unchanged = around(STORY[2].minutesBefore);
    // Every transaction shares the application's minute-to-minute noise: a shift is a ratio apart from the rest.
    const ratios = (w: { before: Map<string, Numbers>; after: Map<string, Numbers> }, of: keyof Numbers) =>
      new Map([...w.before].map(([name, b]) => [name, w.after.get(name)![of] / b[of]]));
    const rest = (r: Map<string, number>) => r.get('Controller/orders/index')!;
    const slower = ratios(regression, 'avg');
    for (const [name, ratio] of slower) {
      const expected = name === 'Controller/orders/show' ? 2.5 : 1;
      assert.ok(Math.abs(ratio / rest(slower) - expected) < 0.03 * expected, `${name} ${ratio}`);
    }
    for (const [name, ratio] of ratios(unchanged, 'avg')) {
      assert.ok(Math.abs(ratio / rest(ratios(unchanged, 'avg')) - 1) < 0.03, `${name} ${ratio}`);
    }
    for (const [name, before] of failing.before) {
      const points = failing.after.get(name)!.errorRate - before.errorRate;
      const named = name === 'Controller/orders/create';
      assert.ok(named ? points > 0.02 : Math.abs(points) < 0.01, `${name} errors ${points}`);
      assert.ok(Math.abs(ratios(failing, 'avg').get(name)! / rest(ratios(failing, 'avg')) - 1) < 0.03, name);
    }
  });

  it('serves the story only when asked for, anchored at the clock of its start', async () => {
    const sim = await Simulator.start({ ...DEMO_DATA_SET, names: 'demo', now: () => new Date(NOW), demoStory: true });
    try {
      const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
      const newest = deploymentsBetween(sim.datasets.us, app, NOW - HOUR * 24, NOW)[0];
      assert.equal(newest.revision, STORY[STORY.length - 1].revision);
    } finally {
      await sim.stop();
    }
  });
});
