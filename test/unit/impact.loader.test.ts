/**
 * What moved at a deployment, loaded (src/impact/impactLoader.ts): the neighbours that clip the windows,
 * the two windows joined by name, and both backends against the simulator, whose bad deployments multiply
 * server time by BAD_DEPLOYMENT_FACTOR (docs/simulator.md): one request per window once the names are cached.
 */
import assert from 'node:assert/strict';

import type { Deployment } from '../../src/api/deployments';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import type { TransactionStats } from '../../src/api/transactionStats';
import { joinWindows, loadDeploymentImpact, neighboursOf } from '../../src/impact/impactLoader';
import { impactViewModel } from '../../src/impact/impactView';
import { MIN_CALLS_PER_WINDOW } from '../../src/impact/thresholds';
import { BAD_DEPLOYMENT_FACTOR, deploymentsBetween } from '../../src/simulator/deployments';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-IMPACTLOADER00000000000001';
const MINUTE = 60_000;

const dep = (id: string, time: number): Deployment => ({ id, revision: `r${id}`, time });

function stats(name: string, callCount: number, averageMs: number, errorRate = 0): TransactionStats {
  return { name, kind: 'web', callCount, callsPerMinute: callCount / 60, averageMs, errorRate, timeShare: 0 };
}

describe('Impact loader: neighbours and windows joined', () => {
  it('the deployments just before and after, in any order, the deployment itself left out', () => {
    const d = dep('b', 10 * MINUTE);
    const list = [dep('d', 40 * MINUTE), d, dep('a', 2 * MINUTE), dep('c', 20 * MINUTE), dep('z', 1 * MINUTE)];
    const { previous, next } = neighboursOf(list, d);
    assert.equal(previous?.id, 'a');
    assert.equal(next?.id, 'c');
    assert.deepEqual(neighboursOf([d], d), { previous: undefined, next: undefined });
  });

  it('a transaction seen on one side only keeps that side; errors come back as counts', () => {
    const joined = joinWindows(
      [stats('old', 100, 10), stats('both', 200, 20, 0.05)],
      [stats('both', 100, 30), stats('new', 60, 5)],
    );
    const by = new Map(joined.map((t) => [t.name, t]));
    assert.equal(by.get('old')?.after, undefined);
    assert.equal(by.get('new')?.before, undefined);
    assert.equal(by.get('both')?.before?.errorCount, 10);
    assert.equal(by.get('both')?.after?.averageMs, 30);
  });

  it('too early: less than a whole minute since the deployment asks nothing', async () => {
    let asked = 0;
    const api = {
      getTransactionStats: () => {
        asked++;
        return Promise.resolve([]);
      },
    };
    const d = dep('x', NOW.getTime() - 30_000);
    const answer = await loadDeploymentImpact(api, {
      application: { id: 1, name: 'a' },
      deployment: d,
      deployments: [d],
      now: NOW.getTime(),
    });
    assert.equal(answer.kind, 'tooEarly');
    assert.equal(asked, 0);
  });

  it('the windows asked are the equal windows, clipped by the previous deployment', async () => {
    const asked: Array<{ from: number; to: number }> = [];
    const api = {
      getTransactionStats: (q: { from: number; to: number }) => {
        asked.push({ from: q.from, to: q.to });
        return Promise.resolve([]);
      },
    };
    const at = Date.parse('2026-11-20T10:00:20Z');
    const d = dep('x', at);
    const answer = await loadDeploymentImpact(api, {
      application: { id: 1, name: 'a' },
      deployment: d,
      deployments: [d, dep('p', at - 20 * MINUTE)],
      now: NOW.getTime(),
    });
    assert.equal(answer.kind, 'impact');
    const minute = Date.parse('2026-11-20T10:00:00Z');
    assert.deepEqual(
      asked.sort((a, b) => a.from - b.from),
      [
        { from: minute - 19 * MINUTE, to: minute },
        { from: minute + MINUTE, to: minute + 20 * MINUTE },
      ],
    );
    assert.equal(answer.kind === 'impact' && answer.verdict.verdict, 'notEnoughCalls');
  });
});

describe('Impact loader: both backends against the simulator', function () {
  this.timeout(30_000);
  const both = simulatorWithBothBackends(KEY, NOW, { listApplications: true });

  /** A reporting application's bad deployment with a clean one before it and an hour after it. */
  function badDeployment() {
    for (const app of both.sim.datasets.us.apps.filter((a) => a.reporting)) {
      const list = deploymentsBetween(both.sim.datasets.us, app, NOW.getTime() - 5 * 86_400_000, NOW.getTime());
      for (let i = 0; i < list.length - 1; i++) {
        const d = list[i];
        const prior = list[i + 1];
        if (d.bad && !prior.bad && !prior.failing && !d.failing && NOW.getTime() - d.at > 2 * 3_600_000) {
          const next = list[i - 1];
          return { app, d, neighbours: [prior, ...(next ? [next] : [])] };
        }
      }
    }
    throw new Error('no bad deployment in the simulated week');
  }

  for (const backend of ['rest', 'ng'] as const) {
    it(`${backend}: a bad deployment is "worse", its top mover slower by the simulator's factor; one request per window`, async () => {
      const api = both[backend];
      const { app, d, neighbours } = badDeployment();
      const asDeployment = (s: { id: number; at: number; revision: string }) => dep(String(s.id), s.at);
      const metricNames = new MetricNamesCache(api);
      const query = {
        application: { id: app.id, name: app.name, language: app.language },
        deployment: asDeployment(d),
        deployments: [d, ...neighbours].map(asDeployment),
        now: NOW.getTime(),
      };
      await loadDeploymentImpact(api, query, { metricNames }); // warms the names listing
      both.sim.clearRequests();
      const impact = await loadDeploymentImpact(api, query, { metricNames });
      assert.deepEqual(
        both.sim.requests.map((r) => r.endpoint),
        backend === 'ng' ? ['graphql.nrql', 'graphql.nrql'] : ['metricData', 'metricData'],
      );
      assert.equal(impact.kind, 'impact');
      if (impact.kind !== 'impact') {
        return;
      }
      assert.equal(impact.windows.minutes, 60);
      assert.equal(impact.verdict.verdict, 'worse');
      const top = impact.rows[0];
      assert.equal(top.status, 'worse');
      assert.ok(top.before.callCount >= MIN_CALLS_PER_WINDOW);
      const ratio = top.after.averageMs / top.before.averageMs;
      assert.ok(Math.abs(ratio - BAD_DEPLOYMENT_FACTOR) < 0.25, `average ×${ratio}`);
      assert.ok(top.signals.some((s) => s.measure === 'time' && s.moved && s.direction === 'worse'));
      assert.deepEqual(impact.verdict.restsOn[0], top);
      // Web rows carry their Apdex counts from the same requests: one sample per call, and slower is less satisfied.
      const web = impact.rows.filter((r) => r.kind === 'web' && r.status !== 'tooFewCalls');
      assert.ok(web.length > 0);
      for (const r of web) {
        for (const side of [r.before, r.after]) {
          const a = side.apdex!;
          assert.equal(a.satisfied + a.tolerating + a.frustrated, side.callCount, r.name);
        }
      }
      assert.ok(top.apdex && top.apdex.change < 0, `Apdex ${top.apdex?.before} → ${top.apdex?.after}`);
      assert.ok(top.signals.some((s) => s.measure === 'apdex' && s.direction === 'worse'));
      const view = impactViewModel(impact).rows[0];
      assert.match(view.before, /Apdex \d\.\d\d$/);
      assert.ok(
        view.changes.some((c) => /^Apdex −\d\.\d\d$/.test(c)),
        view.changes.join(' | '),
      );
      // Rows with too few calls come last and carry no signal.
      const few = impact.rows.filter((r) => r.status === 'tooFewCalls');
      assert.ok(few.every((r) => r.signals.length === 0));
      assert.deepEqual(impact.rows.slice(impact.rows.length - few.length), few);
    });
  }
});
