/**
 * One error rate for an application (src/api/metrics.ts, APPLICATION_ERROR_RATE): the dashboard's
 * chart and the application's summary on both backends divide `Errors/all` (web and background
 * errors) by all calls (`HttpDispatcher` + `OtherTransaction/all`), over the simulator's metrics of an
 * application with background jobs, whose `Errors/all` is `Errors/allWeb` + `Errors/allOther`.
 */
import * as assert from 'node:assert/strict';

import type { MetricData } from '../../src/api/types';
import { DASHBOARD } from '../../src/panels/catalogue';
import { ratioPoints } from '../../src/panels/metricSeries';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');
/** The simulator's application summary covers the last three whole minutes (src/simulator/records.ts). */
const SUMMARY_MINUTES = 3;

function count(data: MetricData, name: string, value: string): number {
  const metric = data.metrics.find((m) => m.name === name);
  assert.ok(metric, `${name} in the answer`);
  return metric.timeslices.reduce((sum, s) => sum + (s.values[value] ?? 0), 0);
}

describe('the error rate of an application with background jobs', function () {
  this.timeout(30_000);
  const both = simulatorWithBothBackends('NRAK-ERRORRATE0000000000000', NOW, {
    simulator: { seed: 42, apps: 6 },
    listApplications: true,
  });

  it("the dashboard's error rate is all errors over all calls, equal to application_summary.error_rate on both backends", async () => {
    // The failing-most application with background jobs, so that its jobs' errors show in three minutes.
    const app = both.sim.datasets.us.apps
      .filter((a) => a.reporting && a.profile.background.length > 0)
      .sort((a, b) => b.profile.errorRate * b.profile.baseRpm - a.profile.errorRate * a.profile.baseRpm)[0];
    const to = new Date(Math.floor(NOW.getTime() / 60_000) * 60_000);
    const from = new Date(to.getTime() - SUMMARY_MINUTES * 60_000);
    const series = DASHBOARD.charts.find((c) => c.id === 'errorRate')!.series[0].points;
    assert.ok('ratio' in series);
    for (const [backend, api] of [
      ['REST', both.rest],
      ['NerdGraph', both.ng],
    ] as const) {
      const data = await api.getMetricData(
        { kind: 'application', applicationId: app.id },
        { names: [...DASHBOARD.metrics, 'Errors/allWeb', 'Errors/allOther'], from, to, summarize: true },
      );
      const web = count(data, 'Errors/allWeb', 'error_count');
      const background = count(data, 'Errors/allOther', 'error_count');
      const errors = count(data, 'Errors/all', 'error_count');
      assert.ok(background > 0, `${backend}: the background jobs fail too`);
      assert.equal(errors, web + background, `${backend}: Errors/all is web + background`);
      const calls = count(data, 'HttpDispatcher', 'call_count') + count(data, 'OtherTransaction/all', 'call_count');
      const { of, per, alsoPer, scale } = series.ratio;
      const [[, chart]] = ratioPoints(data, of, per, scale, false, alsoPer);
      assert.ok(chart !== null);
      assert.ok(Math.abs(chart - (100 * errors) / calls) < 1e-9, `${backend}: chart ${chart} %`);
      const summary = (await api.getApplication(app.id)).summary!;
      assert.ok(
        Math.abs(summary.errorRate - errors / calls) <= 0.00005,
        `${backend}: application_summary.error_rate ${summary.errorRate} vs ${errors / calls}`,
      );
    }
  });
});
