import * as assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelEntity, PanelState } from '../../src/panels/protocol';
import { chartsToCsv, chartsToJson } from '../../src/panels/exportFormats';
import { resolvePanelRange, resolveRange } from '../../src/panels/panelRange';
import { Simulator } from '../../src/simulator/server';

/** An entity of any kind without its title (distributed over the kinds, so each keeps its own ids). */
type EntityWithoutTitle = PanelEntity extends infer E ? (E extends unknown ? Omit<E, 'title'> : never) : never;

const NOW = new Date('2026-11-20T12:00:30Z');

describe('panel data against the simulator', function () {
  this.timeout(20_000);
  let sim: Simulator;
  let api: HttpTimesliceApi;
  let names: MetricNamesCache;
  const state = (entity: EntityWithoutTitle, extra: Partial<PanelState> = {}): PanelState => ({
    entity: { title: 't', ...entity },
    range: { preset: '1h', compare: 'none' },
    view: 'chart',
    ...extra,
  });
  const appNamed = (name: string) => sim.datasets.us.apps.find((a) => a.name === name)!;
  const dataRequests = () => sim.requests.filter((r) => r.endpoint === 'metricData');

  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log: new MemoryLogger(),
    });
    names = new MetricNamesCache(api);
  });
  beforeEach(() => sim.clearRequests());
  after(async () => {
    await api.dispose();
    await sim.stop();
  });

  it("the dashboard makes exactly one metric-data request, and its points are the simulator's", async () => {
    const app = appNamed('storefront-web');
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'application', applicationId: app.id }),
    );
    assert.equal(dataRequests().length, 1);
    assert.deepEqual(
      data.charts.map((c) => c.id),
      ['responseTime', 'throughput', 'errorRate', 'apdex'],
    );
    const direct = await api.getMetricData(
      { kind: 'application', applicationId: app.id },
      { names: ['HttpDispatcher'], from: data.range.requested.from, to: data.range.requested.to },
    );
    const expected = direct.metrics[0].timeslices.map((s) => [Date.parse(s.from), s.values.requests_per_minute]);
    assert.deepEqual(data.charts[1].series[0].points, expected);
    assert.equal(data.charts[0].series[0].points.length, 60);
    assert.equal(data.title, 'storefront-web');
  });

  it('compare adds a dashed series shifted onto the current range (a second request)', async () => {
    const app = appNamed('storefront-web');
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'application', applicationId: app.id }, { range: { preset: '1h', compare: 'day' } }),
    );
    assert.equal(dataRequests().length, 2);
    const [current, earlier] = data.charts[0].series;
    assert.equal(earlier.compare, true);
    assert.match(earlier.label, /1 day earlier/);
    assert.deepEqual(
      earlier.points.map((p) => p[0]),
      current.points.map((p) => p[0]),
    );
    assert.notDeepEqual(
      earlier.points.map((p) => p[1]),
      current.points.map((p) => p[1]),
    );
  });

  it('the breakdown applies the Ruby rule: ActiveRecord for the old agent, datastore for the new', async () => {
    const legacy = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'breakdown', applicationId: appNamed('billing-api').id }),
    );
    assert.ok(legacy.charts[0].series.some((s) => s.label === 'Database (ActiveRecord)'));
    assert.ok(!legacy.charts[0].series.some((s) => s.label === 'Datastore'));
    assert.match(legacy.summaryNote!, /3\.10\.0\.279/);
    const modern = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'breakdown', applicationId: appNamed('storefront-web').id }),
    );
    assert.ok(modern.charts[0].series.some((s) => s.label === 'Datastore'));
    assert.ok(!modern.charts[0].series.some((s) => s.label === 'Database (ActiveRecord)'));
    assert.ok(modern.charts[0].stacked);
    assert.ok(
      modern.charts[0].series.every((s) => s.description && s.description.length > 10),
      'each component says its formula',
    );
  });

  it("the breakdown says on the chart why its stack can stand above the response time, shares its colours out clearly and fixes the table's decimals", async () => {
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'breakdown', applicationId: appNamed('storefront-web').id }),
    );
    const [stacked, responseTime] = data.charts;
    assert.equal(responseTime.id, 'responseTime');
    assert.match(stacked.note ?? '', /add up to total time \(WebTransactionTotalTime\), not response time/);
    assert.match(stacked.note ?? '', /asynchronous work included/);
    assert.match(
      stacked.note ?? '',
      /Request queuing, stacked on top, is not part of the total\.$/,
      'storefront-web queues',
    );
    const noQueue = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'breakdown', applicationId: appNamed('legacy-admin').id }),
    );
    assert.doesNotMatch(noQueue.charts[0].note ?? '', /queuing, stacked/, 'legacy-admin has no queue to speak of');
    const noTotal = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'breakdown', applicationId: appNamed('Zahlungsdienst – Köln ☕').id }),
    );
    assert.match(
      noTotal.charts[0].note ?? '',
      /reports no WebTransactionTotalTime: the components add up to HttpDispatcher/,
    );
    // Yellow and orange, as 30 % fills, are too alike to tell two parts apart: never both in one breakdown.
    const colors = stacked.series.map((s) => s.color);
    assert.equal(new Set(colors).size, colors.length, 'one colour per part');
    assert.ok(
      !(colors.includes('--vscode-charts-yellow') && colors.includes('--vscode-charts-orange')),
      colors.join(', '),
    );
    const all = ['billing-api', 'inventory-service', 'storefront-web'];
    for (const name of all) {
      const other = await loadPanelData(
        { api, metricNames: names, now: NOW },
        state({ kind: 'breakdown', applicationId: appNamed(name).id }),
      );
      assert.ok(!other.charts[0].series.some((s) => s.color === '--vscode-charts-orange'), `${name}: no orange part`);
    }
    assert.deepEqual(data.table?.columns, ['ms', '% of total']);
    assert.deepEqual(data.table?.decimals, [2, 1], 'every share with one decimal, every time with two');
  });

  it('the breakdown stack adds up to the total time', async () => {
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'breakdown', applicationId: appNamed('inventory-service').id }),
    );
    const stack = data.charts[0].series.filter((s) => s.label !== 'Request queuing');
    const sumAt0 = stack.reduce((a, s) => a + (s.points[0][1] ?? 0), 0);
    const direct = await api.getMetricData(
      { kind: 'application', applicationId: appNamed('inventory-service').id },
      { names: ['WebTransactionTotalTime'], from: data.range.requested.from, to: data.range.requested.to },
    );
    assert.ok(Math.abs(sumAt0 - direct.metrics[0].timeslices[0].values.average_response_time) < 0.01);
  });

  it('the key-transaction panel charts its parent transaction and says the summary is a 10-minute average', async () => {
    const kt = sim.datasets.us.keyTransactions[0];
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'keyTransaction', applicationId: kt.appId, keyTransactionId: kt.id }),
    );
    assert.match(data.summaryNote!, /rolling 10-minute average/);
    assert.equal(data.charts[0].series[0].label, kt.transactionName);
    assert.ok(data.charts[0].series[0].points.length > 0);
  });

  it('host and instance panels use their own scope and add CPU and memory', async () => {
    const app = appNamed('storefront-web');
    const host = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'host', applicationId: app.id, hostId: app.hostIds[0] }),
    );
    assert.ok(dataRequests().some((r) => r.path.includes(`/hosts/${app.hostIds[0]}/metrics/data`)));
    assert.deepEqual(host.charts.map((c) => c.id).slice(-2), ['cpu', 'memory']);
    const instance = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state({ kind: 'instance', applicationId: app.id, instanceId: app.instanceIds[0] }),
    );
    assert.match(instance.title, /:\d{4} · storefront-web$/);
  });

  it('the explorer charts the chosen values and tables the summarized ones', async () => {
    const app = appNamed('storefront-web');
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state(
        { kind: 'explorer', applicationId: app.id },
        { explorer: { metrics: ['HttpDispatcher', 'Nope/x'], values: ['call_count'] } },
      ),
    );
    assert.equal(data.charts.length, 1);
    assert.deepEqual(data.charts[0].notFound, ['Nope/x']);
    assert.equal(data.table!.rows.length, 1);
    assert.equal(typeof data.table!.rows[0].values[0], 'number');
    assert.ok(sim.requests.some((r) => r.query.get('summarize') === 'true'));
  });

  it('the explorer charts an Apdex score on the Apdex axis (0 to 1), other values on their own', async () => {
    const app = appNamed('storefront-web');
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state(
        { kind: 'explorer', applicationId: app.id },
        { explorer: { metrics: ['Apdex', 'EndUser/Apdex'], values: ['score', 's'] } },
      ),
    );
    const byId = new Map(data.charts.map((c) => [c.id, c]));
    assert.ok(byId.get('value:score')!.series.length > 0, 'the score is charted');
    assert.equal(byId.get('value:score')!.unit, 'apdex');
    assert.equal(byId.get('value:s')!.unit, 's');
    const mixed = await loadPanelData(
      { api, metricNames: names, now: NOW },
      state(
        { kind: 'explorer', applicationId: app.id },
        { explorer: { metrics: ['HttpDispatcher'], values: ['call_count'] } },
      ),
    );
    assert.equal(mixed.charts[0].unit, 'call_count');
  });

  it('offers only the periods valid for the range and ignores an invalid one', () => {
    const r = resolveRange({ preset: '24h', compare: 'none', period: 60 }, NOW);
    assert.equal(r.period, 600);
    assert.ok(!r.validPeriods.includes(60));
    assert.equal(resolveRange({ preset: '24h', compare: 'none', period: 1800 }, NOW).period, 1800);
  });

  it('resolves a range once: the requested range and, with an overlay, its twin a day or a week back', () => {
    assert.equal(resolvePanelRange({ preset: '1h', compare: 'none' }, NOW).compare, undefined);
    const { requested, compare } = resolvePanelRange({ preset: '1h', compare: 'week' }, NOW);
    assert.equal(requested.to.toISOString(), '2026-11-20T12:00:00.000Z');
    assert.equal(compare?.to.toISOString(), '2026-11-13T12:00:00.000Z');
    assert.equal(compare?.from.toISOString(), '2026-11-13T11:00:00.000Z');
    assert.equal(compare?.shiftMs, 7 * 86_400_000);
    assert.equal(compare?.period, requested.period);
    assert.equal(compare?.label, '1 week earlier');
  });

  it('exports CSV safely and JSON faithfully', () => {
    const charts = [
      {
        id: 'a',
        title: 'Resp, "time"',
        unit: 'ms',
        series: [
          {
            label: '=cmd|x',
            color: '--vscode-charts-blue',
            points: [
              [Date.UTC(2026, 0, 1), 1.5],
              [Date.UTC(2026, 0, 1, 0, 1), null],
            ] as Array<[number, number | null]>,
          },
        ],
      },
    ];
    const csv = chartsToCsv(charts);
    assert.equal(
      csv,
      'time,chart,series,value,unit\n2026-01-01T00:00:00.000Z,"Resp, ""time""",\'=cmd|x,1.5,ms\n2026-01-01T00:01:00.000Z,"Resp, ""time""",\'=cmd|x,,ms\n',
    );
    const json = JSON.parse(chartsToJson(charts, { entity: 'x' }));
    assert.deepEqual(json.charts[0].series[0].points[1], { time: '2026-01-01T00:01:00.000Z', value: null });
    assert.equal(json.entity, 'x');
  });
});
