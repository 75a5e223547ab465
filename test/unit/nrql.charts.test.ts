/**
 * A NRQL result → the explorer's charts (src/panels/nrqlCharts.ts), on the result shapes of
 * docs/service.md#nrql-results: TIMESERIES rows, FACET + TIMESERIES flattened rows (facet as a string or an
 * array, the attribute repeated under its name or alias), Apdex objects, empty buckets, and results
 * without TIMESERIES, which have no chart. Then the simulator's own answer to the prefilled query.
 */
import assert from 'node:assert/strict';

import { exampleNrql } from '../../src/api/nerdgraph/nrqlQuery';
import type { NrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import { MAX_NRQL_SERIES, nrqlPanelData, nrqlTimeseriesCharts } from '../../src/panels/nrqlCharts';
import { isPanelEntity } from '../../src/panels/protocol';
import { Dataset } from '../../src/simulator/dataset';
import { runNrql } from '../../src/simulator/nerdgraph/nrqlEngine';

const T0 = 1_763_640_000; // a whole minute, epoch seconds
const bucket = (i: number, minutes = 1) => ({
  beginTimeSeconds: T0 + i * 60 * minutes,
  endTimeSeconds: T0 + (i + 1) * 60 * minutes,
});
const result = (results: Array<Record<string, unknown>>, facets: string[] = []): NrqlResult => ({
  results,
  metadata: { facets, eventTypes: ['Metric'], messages: [] },
});

describe('NRQL result → explorer charts', () => {
  it('TIMESERIES: one chart per aggregate, one line, a point per bucket at its start, in time order', () => {
    const rows = [2, 0, 1].map((i) => ({ ...bucket(i), 'Response time (ms)': 100 + i, 'Throughput (rpm)': 10 * i }));
    const set = nrqlTimeseriesCharts(result(rows));
    assert.ok(set);
    assert.deepEqual(
      set.charts.map((c) => c.title),
      ['Response time (ms)', 'Throughput (rpm)'],
    );
    assert.deepEqual(
      set.charts.map((c) => c.series.length),
      [1, 1],
    );
    assert.deepEqual(set.charts[0].series[0].points, [
      [T0 * 1000, 100],
      [(T0 + 60) * 1000, 101],
      [(T0 + 120) * 1000, 102],
    ]);
    assert.deepEqual(
      set.charts[1].series[0].points.map((p) => p[1]),
      [0, 10, 20],
    );
    assert.equal(set.charts[0].series[0].label, 'Response time (ms)');
    assert.equal(set.from.getTime(), T0 * 1000);
    assert.equal(set.to.getTime(), (T0 + 180) * 1000);
    assert.equal(set.bucketSeconds, 60);
    assert.equal(set.facetsLeftOut, 0);
  });

  it("keeps an empty bucket as a gap (null), and draws an Apdex object's score on an Apdex axis", () => {
    const rows = [0, 1].map((i) => ({
      ...bucket(i, 5),
      'average.newrelic.timeslice.value': i === 0 ? null : 0.2,
      score: { score: 0.9 - i / 10, s: 9, t: 1, f: 0, count: 10 },
    }));
    const set = nrqlTimeseriesCharts(result(rows))!;
    assert.deepEqual(set.charts[0].series[0].points, [
      [T0 * 1000, null],
      [(T0 + 300) * 1000, 0.2],
    ]);
    assert.equal(set.charts[1].unit, 'apdex');
    assert.deepEqual(
      set.charts[1].series[0].points.map((p) => p[1]),
      [0.9, 0.8],
    );
    assert.equal(set.bucketSeconds, 300);
  });

  it("FACET + TIMESERIES: one line per facet in the service's order; the facet's attribute and alias keys are not charted", () => {
    const rows = ['HttpDispatcher', 'Errors/all'].flatMap((name) =>
      [0, 1].map((i) => ({
        facet: name,
        metricTimesliceName: name,
        name,
        ...bucket(i),
        c: name === 'Errors/all' ? i : 100 + i,
        t: 1.5,
      })),
    );
    const set = nrqlTimeseriesCharts(result(rows, ['metricTimesliceName']))!;
    assert.deepEqual(
      set.charts.map((c) => c.title),
      ['c', 't'],
    );
    assert.deepEqual(
      set.charts[0].series.map((s) => s.label),
      ['HttpDispatcher', 'Errors/all'],
    );
    assert.deepEqual(
      set.charts[0].series[0].points.map((p) => p[1]),
      [100, 101],
    );
    assert.deepEqual(
      set.charts[0].series[1].points.map((p) => p[1]),
      [0, 1],
    );
    assert.notEqual(set.charts[0].series[0].color, set.charts[0].series[1].color);
  });

  it('does not chart a numeric facet repeated under an alias metadata.facets does not name (FACET appId AS app)', () => {
    const rows = [41, 42].flatMap((app) => [0, 1].map((i) => ({ facet: String(app), app, ...bucket(i), c: i })));
    const set = nrqlTimeseriesCharts(result(rows, ['appId']))!;
    assert.deepEqual(
      set.charts.map((c) => c.title),
      ['c'],
    );
    assert.deepEqual(
      set.charts[0].series.map((s) => s.label),
      ['41', '42'],
    );
  });

  it('names a facet of several attributes by all of them', () => {
    const rows = [0, 1].map((i) => ({
      facet: ['web-01', 'HttpDispatcher'],
      host: 'web-01',
      metricTimesliceName: 'HttpDispatcher',
      ...bucket(i),
      c: i,
    }));
    const set = nrqlTimeseriesCharts(result(rows, ['host', 'metricTimesliceName']))!;
    assert.deepEqual(
      set.charts.map((c) => c.title),
      ['c'],
    );
    assert.deepEqual(
      set.charts[0].series.map((s) => s.label),
      ['web-01, HttpDispatcher'],
    );
  });

  it(`draws the first ${MAX_NRQL_SERIES} facets and counts the others`, () => {
    const rows = Array.from({ length: MAX_NRQL_SERIES + 3 }, (_, f) => ({
      facet: `host-${f}`,
      host: `host-${f}`,
      ...bucket(0),
      c: f,
    }));
    const set = nrqlTimeseriesCharts(result(rows, ['host']))!;
    assert.equal(set.charts[0].series.length, MAX_NRQL_SERIES);
    assert.equal(set.facetsLeftOut, 3);
    assert.match(nrqlPanelData(result(rows, ['host']), { accountId: 1, query: 'q' }, 'q').summaryNote ?? '', /3 more/);
  });

  it('has no chart for a result without TIMESERIES (plain, faceted, or uniques)', () => {
    assert.equal(nrqlTimeseriesCharts(result([{ 'Response time (ms)': 120 }])), undefined);
    assert.equal(
      nrqlTimeseriesCharts(
        result(
          [
            { facet: 'a', host: 'a', c: 1 },
            { facet: 'b', host: 'b', c: 2 },
          ],
          ['host'],
        ),
      ),
      undefined,
    );
    assert.equal(nrqlTimeseriesCharts(result([{ 'uniques.metricTimesliceName': ['HttpDispatcher'] }])), undefined);
    assert.equal(nrqlTimeseriesCharts(result([])), undefined);
    const data = nrqlPanelData(result([{ c: 1 }]), { accountId: 1, query: 'SELECT 1' }, 't');
    assert.deepEqual(data.charts, []);
    assert.match(data.summaryNote ?? '', /TIMESERIES/);
  });

  it('does not chart values that are not numbers (uniques lists, strings)', () => {
    const rows = [0, 1].map((i) => ({ ...bucket(i), c: i, names: ['a', 'b'], label: 'x' }));
    assert.deepEqual(
      nrqlTimeseriesCharts(result(rows))!.charts.map((c) => c.title),
      ['c'],
    );
  });

  it("gives the panel the query's own range and bucket, with no other period to choose, and a restorable entity", () => {
    const rows = [0, 1, 2].map((i) => ({ ...bucket(i), c: i }));
    const source = {
      accountId: 1_234_567,
      query:
        "SELECT count(newrelic.timeslice.value) AS c FROM Metric WHERE appName = 'x' SINCE 3 minutes ago TIMESERIES",
    };
    const data = nrqlPanelData(
      { ...result(rows), metadata: { facets: [], eventTypes: [], messages: ['a warning of the service'] } },
      source,
      'title',
    );
    assert.equal(data.range.requested.period, 60);
    assert.deepEqual(data.range.requested.validPeriods, []);
    assert.equal(data.range.shown.from.getTime(), T0 * 1000);
    assert.equal(data.range.shown.to.getTime(), (T0 + 180) * 1000);
    assert.equal(data.metricDataRequests, 0);
    assert.ok(data.summary.some((s) => s.value === '1234567'));
    assert.match(data.summaryNote ?? '', /a warning of the service/);
    assert.ok(isPanelEntity({ kind: 'explorer', applicationId: 7, title: 'title', nrql: source }));
  });

  it("charts the simulator's answer to the query the palette prefills: 30 one-minute buckets of both aggregates", async () => {
    const dataset = new Dataset({ seed: 42, apps: 4 });
    const app = dataset.apps.find((a) => a.reporting)!;
    const now = new Date('2026-11-20T12:00:30Z');
    const answer = await runNrql({ dataset, accountId: 1, now }, exampleNrql(app.id));
    const set = nrqlTimeseriesCharts({
      results: answer.results,
      metadata: { facets: [], eventTypes: [], messages: [] },
    });
    assert.ok(set, 'the prefilled query is a TIMESERIES query the simulator answers');
    assert.deepEqual(
      set.charts.map((c) => c.title),
      ['Response time (ms)', 'Throughput (rpm)'],
    );
    for (const chart of set.charts) {
      assert.equal(chart.series[0].points.length, 30);
      assert.ok(
        chart.series[0].points.every(([, v]) => v !== null && v >= 0),
        chart.title,
      );
    }
    assert.equal(set.bucketSeconds, 60);
  });

  it('the prefilled query ends before the unfinished current minute, so its last bucket is a whole minute of calls', async () => {
    const dataset = new Dataset({ seed: 42, apps: 4 });
    const app = dataset.apps.find((a) => a.reporting)!;
    const now = new Date('2026-11-20T12:00:30Z');
    const currentMinute = Date.parse('2026-11-20T12:00:00Z');
    const answer = await runNrql({ dataset, accountId: 1, now }, exampleNrql(app.id));
    const ends = answer.results.map((r) => Number(r.endTimeSeconds) * 1000);
    assert.equal(ends.length, 30);
    assert.ok(
      Math.max(...ends) <= currentMinute,
      `the last bucket ends at ${new Date(Math.max(...ends)).toISOString()}, inside the current minute`,
    );
    assert.ok(answer.metadata.timeWindow.end <= currentMinute, 'the window ends inside the current minute');
  });
});
