/**
 * The dashboard's tiles above a past window (src/panels/windowSummary.ts): that window's figures from its
 * own data, on both backends, not the service's summary of the last minutes; a live range keeps the latter.
 */
import * as assert from 'node:assert/strict';

import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { formatApdex, formatErrorRate, formatMs, formatRpm } from '../../src/format/presentation';
import { summaryFigures } from '../../src/format/summary';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelState } from '../../src/panels/protocol';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');

describe('the summary tiles above a past window', function () {
  this.timeout(30_000);
  const both = simulatorWithBothBackends('NRAK-WINDOWSUMMARY00000000000', NOW, {
    simulator: { seed: 42, apps: 6 },
    listApplications: true,
  });
  const tiles = (summary: Array<{ label: string; value: string }>) =>
    Object.fromEntries(summary.map((s) => [s.label, s.value]));

  it("two days ago: that window's Apdex, response time, throughput and error rate, and no last report", async () => {
    const app = both.sim.datasets.us.apps.find((a) => a.reporting)!;
    const [from, to] = [new Date(Date.parse('2026-11-18T10:00:00Z')), new Date(Date.parse('2026-11-18T13:00:00Z'))];
    const state: PanelState = {
      entity: { kind: 'application', applicationId: app.id, title: app.name },
      range: { preset: 'custom', from: from.toISOString(), to: to.toISOString(), compare: 'none' },
      view: 'chart',
    };
    for (const api of [both.rest, both.ng]) {
      const data = await loadPanelData({ api, metricNames: new MetricNamesCache(api), now: NOW }, state);
      // The window's own figures, summed over its minutes (the simulator's summarize samples long ranges).
      const window = await api.getMetricData(
        { kind: 'application', applicationId: app.id },
        { names: ['HttpDispatcher', 'Apdex', 'Errors/all', 'OtherTransaction/all'], from, to, period: 60 },
      );
      const total = (name: string, value: string) =>
        window.metrics.find((m) => m.name === name)!.timeslices.reduce((a, sl) => a + (sl.values[value] ?? 0), 0);
      const calls = total('HttpDispatcher', 'call_count');
      const time = window.metrics
        .find((m) => m.name === 'HttpDispatcher')!
        .timeslices.reduce((a, sl) => a + sl.values.average_response_time * sl.values.call_count, 0);
      const [sat, tol, fru] = ['s', 't', 'f'].map((k) => total('Apdex', k));
      const shown = tiles(data.summary);
      assert.equal(shown['Response time'], formatMs(time / calls), api.constructor.name);
      assert.equal(shown['Throughput'], formatRpm(calls / 180), api.constructor.name);
      const errors = total('Errors/all', 'error_count') / (calls + total('OtherTransaction/all', 'call_count'));
      assert.equal(shown['Error rate'], formatErrorRate(errors), api.constructor.name);
      assert.equal(shown['Apdex'], formatApdex((sat + tol / 2) / (sat + tol + fru)), api.constructor.name);
      // Not the service's summary of the last minutes.
      assert.notDeepEqual(data.summary.slice(0, 4), summaryFigures((await api.getApplication(app.id)).summary));
      assert.equal(shown['Last reported'], undefined);
      assert.match(data.summaryNote ?? '', /over the range shown/);
    }
  });

  it("a host's panel two days ago: that window's throughput on the host", async () => {
    const app = both.sim.datasets.us.apps.find((a) => a.reporting)!;
    const hostId = app.hostIds[0];
    const [from, to] = [new Date('2026-11-18T10:00:00Z'), new Date('2026-11-18T13:00:00Z')];
    const data = await loadPanelData(
      { api: both.rest, metricNames: new MetricNamesCache(both.rest), now: NOW },
      {
        entity: { kind: 'host', applicationId: app.id, hostId, title: 'h' },
        range: { preset: 'custom', from: from.toISOString(), to: to.toISOString(), compare: 'none' },
        view: 'chart',
      },
    );
    const window = await both.rest.getMetricData(
      { kind: 'host', applicationId: app.id, hostId },
      { names: ['HttpDispatcher'], from, to, period: 60 },
    );
    const calls = window.metrics[0].timeslices.reduce((a, sl) => a + sl.values.call_count, 0);
    assert.equal(tiles(data.summary)['Throughput'], formatRpm(calls / 180));
  });

  it("the last 30 minutes: the service's summary, and when the application last reported", async () => {
    const app = both.sim.datasets.us.apps.find((a) => a.reporting)!;
    const data = await loadPanelData(
      { api: both.rest, metricNames: new MetricNamesCache(both.rest), now: NOW },
      {
        entity: { kind: 'application', applicationId: app.id, title: app.name },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      },
    );
    const record = await both.rest.getApplication(app.id);
    assert.deepEqual(data.summary.slice(0, 4), summaryFigures(record.summary));
    assert.ok(tiles(data.summary)['Last reported'] !== undefined);
  });
});
