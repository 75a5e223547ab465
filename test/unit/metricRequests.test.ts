import * as assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { mergeMetricData, missingValues, planMetricRequests } from '../../src/api/rest/metricRequests';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import type { MetricData } from '../../src/api/types';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import { resolveRange, shownRange } from '../../src/panels/panelRange';
import { Simulator } from '../../src/simulator/server';

describe("metric requests that do not depend on another metric's value columns", () => {
  it('groups listed metrics by the wanted values they have; unlisted ones share one request without values[]', () => {
    const listed = new Map([
      ['HttpDispatcher', ['average_response_time', 'average_call_time', 'call_count', 'requests_per_minute']],
      ['External/allWeb', ['call_count', 'average_response_time', 'min_response_time']],
      ['Memcache/allWeb', ['average_response_time', 'call_count']],
      ['EndUser/Apdex', ['score', 's', 't', 'f', 'count']],
    ]);
    const values = ['average_call_time', 'average_response_time', 'call_count'];
    const plan = planMetricRequests(
      [
        { name: 'HttpDispatcher', values },
        { name: 'External/allWeb', values },
        { name: 'Memcache/allWeb', values },
        { name: 'WebTransactionTotalTime', values },
        { name: 'EndUser/Apdex', values },
        { name: 'External/allWeb', values },
      ],
      listed,
    );
    assert.deepEqual(plan.requests, [
      { names: ['HttpDispatcher'], values: ['average_call_time', 'average_response_time', 'call_count'] },
      { names: ['External/allWeb', 'Memcache/allWeb'], values: ['average_response_time', 'call_count'] },
      { names: ['WebTransactionTotalTime'], values: ['average_call_time', 'average_response_time', 'call_count'] },
    ]);
    assert.deepEqual(
      plan.lacking.map((w) => w.name),
      ['EndUser/Apdex'],
    );
  });

  it('with no listing at all, asks once for every value; one metric alone is asked for its own values', () => {
    assert.deepEqual(
      planMetricRequests([
        { name: 'A', values: ['x'] },
        { name: 'B', values: ['y'] },
      ]).requests,
      [{ names: ['A', 'B'] }],
    );
    assert.deepEqual(planMetricRequests([{ name: 'A', values: ['x', 'x', 'y'] }]).requests, [
      { names: ['A'], values: ['x', 'y'] },
    ]);
  });

  it('merges answers side by side and names what no metric sent', () => {
    const part = (name: string, values: Record<string, number>, notFound: string[] = []): MetricData => ({
      from: 'f',
      to: 't',
      metricsFound: [name],
      metricsNotFound: notFound,
      metrics: [{ name, timeslices: [{ from: 'a', to: 'b', values }] }],
    });
    const merged = mergeMetricData([part('A', { x: 1 }, ['Nope']), part('B', {})]);
    assert.deepEqual(merged.metricsFound, ['A', 'B']);
    assert.deepEqual(merged.metricsNotFound, ['Nope']);
    assert.deepEqual(
      missingValues(merged, [
        { name: 'A', values: ['x', 'y'] },
        { name: 'B', values: ['x'] },
        { name: 'Nope', values: ['x'] },
      ]),
      [
        { metric: 'A', value: 'y' },
        { metric: 'B', value: 'x' },
      ],
    );
  });
});

describe("what a panel's axis and header describe: the slices returned", function () {
  this.timeout(20_000);
  const NOW = new Date('2026-11-20T14:36:20Z');
  let sim: Simulator;
  let api: HttpTimesliceApi;

  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log: new MemoryLogger(),
    });
  });
  after(async () => {
    sim.setLagMinutes(0);
    await api.dispose();
    await sim.stop();
  });

  it('without lag: the requested 30 minutes, nothing clipped', async () => {
    sim.setLagMinutes(0);
    const app = sim.datasets.us.apps[0];
    const data = await loadPanelData(
      { api, metricNames: new MetricNamesCache(api), now: NOW },
      {
        entity: { kind: 'application', applicationId: app.id, title: 't' },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      },
    );
    assert.equal(data.range.shown.from.toISOString(), '2026-11-20T14:06:00.000Z');
    assert.equal(data.range.shown.to.toISOString(), '2026-11-20T14:36:00.000Z');
    assert.equal(data.range.shown.requestedTo, undefined);
  });

  it("with the service's 3-minute lag: from the first slice (before `from`) to where the data ends, and says it ends early", async () => {
    sim.setLagMinutes(3);
    const app = sim.datasets.us.apps[0];
    const data = await loadPanelData(
      { api, metricNames: new MetricNamesCache(api), now: NOW },
      {
        entity: { kind: 'application', applicationId: app.id, title: 't' },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      },
    );
    const points = data.charts[0].series[0].points;
    assert.equal(
      new Date(points[0][0]).toISOString(),
      '2026-11-20T14:03:00.000Z',
      'the first slice starts before the requested 14:06',
    );
    assert.equal(new Date(points[points.length - 1][0]).toISOString(), '2026-11-20T14:32:00.000Z');
    assert.equal(
      data.range.shown.from.toISOString(),
      '2026-11-20T14:03:00.000Z',
      'the axis starts at the first slice, so none is clipped',
    );
    assert.equal(data.range.shown.to.toISOString(), '2026-11-20T14:33:00.000Z', 'the axis ends where the data ends');
    assert.equal(data.range.shown.requestedTo?.toISOString(), '2026-11-20T14:36:00.000Z');
  });

  it('a slice that ends past the requested end widens the span instead of being cut', () => {
    const range = resolveRange({ preset: '30m', compare: 'none' }, NOW);
    const data: MetricData = {
      from: '',
      to: '',
      metricsFound: ['A'],
      metricsNotFound: [],
      metrics: [
        {
          name: 'A',
          timeslices: [
            { from: '2026-11-20T14:05:00+00:00', to: '2026-11-20T14:20:00+00:00', values: {} },
            { from: '2026-11-20T14:20:00+00:00', to: '2026-11-20T14:40:00+00:00', values: {} },
          ],
        },
      ],
    };
    const shown = shownRange(range, data);
    assert.equal(shown.from.toISOString(), '2026-11-20T14:05:00.000Z');
    assert.equal(shown.to.toISOString(), '2026-11-20T14:40:00.000Z');
    assert.equal(shown.requestedTo, undefined);
  });
});
