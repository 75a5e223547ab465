/**
 * The parity checks shared by the unit parity suite (test/unit/nerdgraph.parity.test.ts) and the one
 * in the real workbench (test/integration/suite/parity.test.ts): the same seeded entity through REST
 * v2 and NerdGraph gives equal numbers, within the REST side's rounding (3 decimals for times, 2 for
 * Apdex scores and CPU, 1 for memory).
 */
import assert from 'node:assert/strict';

import type { ApplicationSummary } from '../../src/api/types';
import type { PanelData } from '../../src/panels/panelLoad';

/** REST's rounding: 3 decimals (ms), 2 (Apdex, CPU), 1 (memory, in the hundreds). */
export function near(a: number | null, b: number | null, what: string): void {
  if (a === null || b === null) {
    assert.equal(a, b, what);
    return;
  }
  assert.ok(Math.abs(a - b) <= Math.max(0.0051, Math.abs(a) * 1e-4), `${what}: REST ${a} vs NerdGraph ${b}`);
}

/** The same charts (titles, series, times) with values within REST's rounding; something must be there to compare. */
export function samePanels(rest: PanelData, ng: PanelData, what: string): void {
  assert.equal(ng.title, rest.title, what);
  assert.deepEqual(
    ng.charts.map((c) => c.title),
    rest.charts.map((c) => c.title),
    what,
  );
  rest.charts.forEach((chart, i) => {
    const other = ng.charts[i];
    assert.deepEqual(
      other.series.map((s) => s.label),
      chart.series.map((s) => s.label),
      `${what} ${chart.title}`,
    );
    chart.series.forEach((s, j) => {
      const points = other.series[j].points;
      assert.deepEqual(
        points.map((p) => p[0]),
        s.points.map((p) => p[0]),
        `${what} ${chart.title} ${s.label}: times`,
      );
      s.points.forEach((p, k) =>
        near(p[1], points[k][1], `${what} ${chart.title} ${s.label} @${new Date(p[0]).toISOString()}`),
      );
    });
  });
  assert.ok(
    rest.charts.some((c) => c.series.some((s) => s.points.length > 0)),
    `${what}: something to compare`,
  );
}

/** The breakdown table's own rounding, by column: ms to 2 decimals, shares to 1 (panelData.ts, breakdownTable). */
const BREAKDOWN_TABLE_UNITS = [0.01, 0.1];

/**
 * The same breakdown table (the whole range summarized), row by row. The table rounds again for
 * display, so a value that REST's 3-decimal rounding moved by a hair can come out one unit of the
 * table's rounding apart (21.7 vs 21.69 ms): that much is allowed, no more.
 */
export function sameTables(rest: PanelData, ng: PanelData, what: string): void {
  assert.deepEqual(
    ng.table?.rows.map((r) => r.metric),
    rest.table?.rows.map((r) => r.metric),
    what,
  );
  rest.table?.rows.forEach((row, i) =>
    row.values.forEach((a, j) => {
      const b = ng.table!.rows[i].values[j];
      if (a === null || b === null) {
        assert.equal(b, a, `${what} ${row.metric}`);
        return;
      }
      assert.ok(
        Math.abs(a - b) <= BREAKDOWN_TABLE_UNITS[j] * 1.000001,
        `${what} ${row.metric} (column ${j + 1}): REST ${a} vs NerdGraph ${b}`,
      );
    }),
  );
}

/** The same rolling summary: times and rates within REST's rounding, the error rate within its 4 decimals. */
export function sameSummary(
  rest: ApplicationSummary | undefined,
  ng: ApplicationSummary | undefined,
  what: string,
): void {
  assert.equal(ng === undefined, rest === undefined, what);
  if (rest && ng) {
    near(rest.responseTime, ng.responseTime, `${what} response time`);
    near(rest.throughput, ng.throughput, `${what} throughput`);
    assert.ok(
      Math.abs(rest.errorRate - ng.errorRate) <= 0.00006,
      `${what} error rate ${rest.errorRate} vs ${ng.errorRate}`,
    );
    near(rest.apdexScore, ng.apdexScore, `${what} Apdex`);
    assert.equal(ng.apdexTarget, rest.apdexTarget, `${what} Apdex target`);
  }
}

/** A panel's summary as shown, but its last report: NerdGraph has no `last_reported_at` (docs/service.md#applications). */
export function shownSummary(data: PanelData): PanelData['summary'] {
  return data.summary.filter((i) => i.label !== 'Last reported');
}
