/**
 * The before/after change of a deployment (src/panels/deploymentChange.ts): each figure is a mean per
 * call, not per minute, and the header names every figure that moved beyond its threshold, largest first.
 */
import * as assert from 'node:assert/strict';

import { deploymentChange, weightedMean } from '../../src/panels/deploymentChange';
import type { DeploymentMarker } from '../../src/panels/deploymentMarkers';
import type { ChartSpec } from '../../src/panels/protocol';

const MINUTE = 60_000;
const DEPLOYED = Date.parse('2026-11-20T10:00:00Z');
const NOW = DEPLOYED + 2 * 3_600_000;
/** café-checkout's deployment. */
const MARKER: DeploymentMarker = { time: DEPLOYED, revision: 'v3.2.0', short: 'v3.2.0' };
/** An hour before the deployment to an hour after it, per minute. */
const RANGE = {
  requested: {
    from: new Date(DEPLOYED - 3_600_000),
    to: new Date(DEPLOYED + 3_600_000),
    period: 60,
    validPeriods: [60],
  },
};
const MINUTES = Array.from({ length: 120 }, (_, i) => DEPLOYED - 3_600_000 + i * MINUTE);

type PerMinute = (t: number) => number;

function chart(id: string, values: PerMinute): ChartSpec {
  return { id, title: id, unit: '', series: [{ label: id, color: '', points: MINUTES.map((t) => [t, values(t)]) }] };
}

/** The dashboard's four charts; each figure before and after the deployment. */
function dashboard(figures: {
  responseTime: [number, number];
  throughput?: PerMinute;
  errorRate?: [number, number];
  apdex?: [number, number];
}): ChartSpec[] {
  const split =
    ([before, after]: [number, number]): PerMinute =>
    (t) =>
      t < DEPLOYED ? before : after;
  return [
    chart('responseTime', split(figures.responseTime)),
    chart('throughput', figures.throughput ?? (() => 1000)),
    chart('errorRate', split(figures.errorRate ?? [1, 1])),
    chart('apdex', split(figures.apdex ?? [0.95, 0.95])),
  ];
}

describe('the change since a deployment', () => {
  it('weighs each minute by its calls: a 3-call minute does not count as much as a 10,000-call one', () => {
    const points: Array<[number, number]> = [
      [0, 2000],
      [MINUTE, 100],
    ];
    const calls: Array<[number, number]> = [
      [0, 3],
      [MINUTE, 10_000],
    ];
    assert.equal(weightedMean(points, 0, 2 * MINUTE, calls), (3 * 2000 + 10_000 * 100) / 10_003);
    assert.equal(weightedMean(points, 0, 2 * MINUTE), 1050);

    // After the deployment, every other minute has 3 slow calls and the others 10,000 as fast as before;
    // before it, as many calls in all, evenly. A mean of the minutes would say +950 %.
    const quiet = (t: number) => t >= DEPLOYED && ((t - DEPLOYED) / MINUTE) % 2 === 0;
    const callsAt = (t: number) => (t < DEPLOYED ? 10_003 / 2 : quiet(t) ? 3 : 10_000);
    const charts = dashboard({ responseTime: [100, 100], throughput: callsAt });
    charts[0].series[0].points = MINUTES.map((t) => [t, quiet(t) ? 2000 : 100]);
    const change = deploymentChange(charts, [MARKER], RANGE, NOW)!;
    assert.equal(change.text, 'Response time +1 % since v3.2.0 (2 h ago)');
  });

  it("names the error rate of café-checkout's deployment (1 % → 4 %), not the response time's −2 %", () => {
    const change = deploymentChange(dashboard({ responseTime: [200, 196], errorRate: [1, 4] }), [MARKER], RANGE, NOW)!;
    assert.equal(change.text, 'Error rate 1.00 % → 4.00 % since v3.2.0 (2 h ago)');
    assert.deepEqual(
      change.figures.map((f) => f.id),
      ['errorRate'],
    );
  });

  it('names every figure beyond its threshold, largest move first', () => {
    const change = deploymentChange(
      dashboard({ responseTime: [200, 300], errorRate: [1, 4], apdex: [0.95, 0.8] }),
      [MARKER],
      RANGE,
      NOW,
    )!;
    // Error rate: 3 points of 0.5 (6), response time: +50 % of 10 % (5), Apdex: 0.15 of 0.05 (3).
    assert.equal(
      change.text,
      'Error rate 1.00 % → 4.00 %, Response time +50 %, Apdex 0.95 → 0.80 since v3.2.0 (2 h ago)',
    );
  });

  it('says the response time alone when nothing moved beyond its threshold', () => {
    const change = deploymentChange(dashboard({ responseTime: [200, 196] }), [MARKER], RANGE, NOW)!;
    assert.equal(change.text, 'Response time −2 % since v3.2.0 (2 h ago)');
  });
});
