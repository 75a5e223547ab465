import * as assert from 'node:assert/strict';

import type { Point } from '../../src/panels/decimate';
import { decimateCharts, decimateIndices, decimatePoints, pointBudget } from '../../src/panels/decimate';
import type { ChartSpec } from '../../src/panels/protocol';

/** A deterministic noisy wave: `n` points a minute apart. */
function wave(n: number, seed = 1): Point[] {
  let s = seed;
  const random = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  return Array.from({ length: n }, (_, i): Point => [
    1_700_000_000_000 + i * 60_000,
    100 + 30 * Math.sin(i / 50) + 10 * random(),
  ]);
}

/** True when `sub` is `all` with some points left out (same tuples, same order). */
function isSubsequence(sub: Point[], all: Point[]): boolean {
  let j = 0;
  for (const p of sub) {
    while (j < all.length && all[j] !== p) {
      j++;
    }
    if (j === all.length) {
      return false;
    }
    j++;
  }
  return true;
}

describe('decimation before posting (LTTB with bucket extremes)', () => {
  it('respects the point budget, keeps first and last, and only drops points', () => {
    for (const [n, budget] of [
      [3000, 2400],
      [3000, 200],
      [10_080, 2000],
      [1001, 1000],
      [50_000, 5],
    ] as const) {
      const points = wave(n);
      const out = decimatePoints(points, budget);
      assert.ok(out.length <= budget, `${n} → ${budget}: got ${out.length}`);
      assert.equal(out[0], points[0]);
      assert.equal(out[out.length - 1], points[n - 1]);
      assert.ok(isSubsequence(out, points), 'a subsequence of the input, in time order');
    }
  });

  it('gives back the very same array when the series is within budget', () => {
    const points = wave(500);
    assert.equal(decimatePoints(points, 500), points);
    assert.equal(decimatePoints(points, 2400), points);
    assert.equal(
      decimateIndices(
        [
          [1, 1],
          [2, 2],
        ],
        2,
      ),
      undefined,
    );
  });

  it('is deterministic', () => {
    const points = wave(3000, 7);
    assert.deepEqual(
      decimatePoints(points, 600),
      decimatePoints(
        points.map((p): Point => [p[0], p[1]]),
        600,
      ),
    );
  });

  it('keeps a one-slice spike and a one-slice dip', () => {
    const points = wave(3000);
    points[1234] = [points[1234][0], 10_000];
    points[2345] = [points[2345][0], -500];
    const out = decimatePoints(points, 200);
    assert.ok(out.includes(points[1234]), 'the spike survives');
    assert.ok(out.includes(points[2345]), 'the dip survives');
  });

  it("keeps every bucket's lowest and highest value", () => {
    const points = wave(3000, 3);
    const budget = 302;
    const indices = decimateIndices(points, budget)!;
    const kept = new Set(indices);
    const buckets = Math.floor((budget - 2) / 3);
    const size = (points.length - 2) / buckets;
    for (let b = 0; b < buckets; b++) {
      const start = 1 + Math.floor(b * size);
      const end = b === buckets - 1 ? points.length - 1 : 1 + Math.floor((b + 1) * size);
      const values = points.slice(start, end).map((p) => p[1]!);
      const low = start + values.indexOf(Math.min(...values));
      const high = start + values.indexOf(Math.max(...values));
      assert.ok(kept.has(low) && kept.has(high), `bucket ${b}`);
    }
  });

  it('keeps a gap a gap: a null run stays null and no kept segment spans it', () => {
    const points = wave(3000);
    const runs: Array<[number, number]> = [
      [10, 10],
      [1500, 1529],
      [2990, 2990],
    ];
    for (const [a, b] of runs) {
      for (let i = a; i <= b; i++) {
        points[i] = [points[i][0], null];
      }
    }
    const out = decimatePoints(points, 200);
    assert.ok(out.length <= 200);
    for (const [a, b] of runs) {
      const from = points[a][0];
      const to = points[b][0];
      assert.ok(
        out.some((p) => p[1] === null && p[0] >= from && p[0] <= to),
        `a null kept in ${a}–${b}`,
      );
      // No two consecutive kept points with values on either side of the run (that would draw across it).
      for (let i = 1; i < out.length; i++) {
        const spans = out[i - 1][1] !== null && out[i][1] !== null && out[i - 1][0] < from && out[i][0] > to;
        assert.ok(!spans, `a line drawn across the gap ${a}–${b}`);
      }
    }
    assert.ok(
      out.every((p) => p[1] !== null || points.includes(p)),
      'no gap is made up',
    );
  });

  it('copes with all-null and leading or trailing gaps', () => {
    const empty: Point[] = Array.from({ length: 1000 }, (_, i): Point => [i, null]);
    const out = decimatePoints(empty, 100);
    assert.ok(out.length <= 100 && out.length >= 2 && out.every((p) => p[1] === null));
    const edges = wave(1000).map((p, i): Point => (i < 50 || i > 950 ? [p[0], null] : p));
    const thinned = decimatePoints(edges, 100);
    assert.equal(thinned[0][1], null);
    assert.equal(thinned[thinned.length - 1][1], null);
    assert.ok(thinned.some((p) => p[1] !== null));
  });

  it('thins the layers of a stacked chart at the same times, compare lines on their own', () => {
    const layer = (seed: number) => wave(3000, seed);
    const chart: ChartSpec = {
      id: 'breakdown',
      title: 'Breakdown',
      unit: 'ms',
      stacked: true,
      series: [
        { label: 'a', color: '--vscode-charts-blue', points: layer(1) },
        { label: 'b', color: '--vscode-charts-green', points: layer(2) },
        { label: 'a (1 day earlier)', color: '--vscode-charts-blue', compare: true, points: layer(3) },
      ],
    };
    const { charts, decimated } = decimateCharts([chart], 300);
    assert.equal(decimated, true);
    const [a, b, compare] = charts[0].series;
    assert.deepEqual(
      a.points.map((p) => p[0]),
      b.points.map((p) => p[0]),
    );
    assert.ok(a.points.length <= 300 && compare.points.length <= 300);
    assert.equal(compare.compare, true);
    assert.equal(chart.series[0].points.length, 3000, 'the input is not changed');
  });

  it('returns charts within budget as they were', () => {
    const chart: ChartSpec = {
      id: 'x',
      title: 'X',
      unit: '',
      series: [{ label: 's', color: '--vscode-charts-red', points: wave(30) }],
    };
    const result = decimateCharts([chart], pointBudget(undefined));
    assert.equal(result.decimated, false);
    assert.equal(result.charts[0], chart);
  });

  it('budgets one point a pixel, with a default width and clamped widths', () => {
    assert.equal(pointBudget(1000), 1000);
    assert.equal(pointBudget(undefined), 1200);
    assert.equal(pointBudget(Number.NaN), 1200);
    assert.equal(pointBudget(3), 100);
    assert.equal(pointBudget(1e9), 8000);
  });
});
