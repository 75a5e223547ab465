/**
 * The 4.8 breakdown and the explorer under every reading of the service's `values[]` rule
 * (docs/service.md#value-rules: a later metric lacking a column of the first comes back with `"values": {}`).
 * Expected numbers are worked out here from single-metric requests, which no reading affects.
 */
import * as assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import type { MetricScope } from '../../src/api/types';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelData } from '../../src/panels/panelLoad';
import type { PanelState } from '../../src/panels/protocol';
import { VALUES_RULES } from '../../src/simulator/metricData';
import { Simulator } from '../../src/simulator/server';

const NOW = new Date('2026-11-20T12:00:30Z');

/** Which metrics make each component of the table, per seeded application (seed 42). */
const CASES: Array<{
  app: string;
  why: string;
  components: Record<string, string[]>;
  total: 'WebTransactionTotalTime' | 'HttpDispatcher';
}> = [
  {
    app: 'billing-api',
    why: 'Ruby agent 3.9.9.275 (up to 3.10.0.279): ActiveRecord',
    total: 'WebTransactionTotalTime',
    components: {
      'Database (ActiveRecord)': ['ActiveRecord/all'],
      'Web external': ['External/allWeb'],
      'Request queuing': ['WebFrontend/QueueTime'],
    },
  },
  {
    app: 'storefront-web',
    why: 'Ruby agent 9.6.0 (3.11.0 and later): datastore; with queue time and memcache',
    total: 'WebTransactionTotalTime',
    components: {
      Datastore: ['Datastore/Elasticsearch/allWeb'],
      Memcache: ['Memcache/allWeb'],
      'Web external': ['External/allWeb'],
      'Request queuing': ['WebFrontend/QueueTime'],
    },
  },
  {
    app: 'Zahlungsdienst – Köln ☕',
    why: 'pre-2015 PHP agent: Database/allWeb, no WebTransactionTotalTime',
    total: 'HttpDispatcher',
    components: {
      Database: ['Database/allWeb'],
      'Web external': ['External/allWeb'],
      'Request queuing': ['WebFrontend/QueueTime'],
    },
  },
  {
    app: 'catalog-service',
    why: 'Java with two datastore types',
    total: 'WebTransactionTotalTime',
    components: {
      Datastore: ['Datastore/DynamoDB/allWeb', 'Datastore/Postgres/allWeb'],
      'Web external': ['External/allWeb'],
      'Request queuing': ['WebFrontend/QueueTime'],
    },
  },
];

const ALL_COMPONENTS = [
  'Datastore',
  'Database',
  'Database (ActiveRecord)',
  'Memcache',
  'Web external',
  'Request queuing',
];

describe('the breakdown and the explorer under every reading of the values[] rule', function () {
  this.timeout(30_000);
  let sim: Simulator;
  let api: HttpTimesliceApi;
  const appNamed = (name: string) => sim.datasets.us.apps.find((a) => a.name === name)!;
  const state = (
    kind: 'breakdown' | 'explorer',
    applicationId: number,
    explorer?: PanelState['explorer'],
  ): PanelState => ({
    entity: kind === 'breakdown' ? { kind, applicationId, title: 't' } : { kind, applicationId, title: 't' },
    range: { preset: '30m', compare: 'none' },
    view: 'chart',
    ...(explorer ? { explorer } : {}),
  });
  const dataRequests = () => sim.requests.filter((r) => r.endpoint === 'metricData');

  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log: new MemoryLogger(),
    });
  });
  beforeEach(() => sim.clearRequests());
  after(async () => {
    await api.dispose();
    await sim.stop();
  });

  /** One metric's summarized average_response_time × call_count ÷ HttpDispatcher call_count. */
  async function perRequestMs(scope: MetricScope, data: PanelData, metric: string): Promise<number> {
    const one = async (name: string) =>
      (
        await api.getMetricData(scope, {
          names: [name],
          from: data.range.requested.from,
          to: data.range.requested.to,
          summarize: true,
        })
      ).metrics[0].timeslices[0].values;
    const [m, web] = await Promise.all([one(metric), one('HttpDispatcher')]);
    return (m.average_response_time * m.call_count) / web.call_count;
  }

  const row = (data: PanelData, label: string) =>
    data.table!.rows.find((r) => r.metric === label || (label === 'Total' && r.metric.startsWith('Total (')));

  for (const rule of VALUES_RULES) {
    describe(`values rule "${rule}"`, () => {
      before(() => sim.setValuesRule(rule));
      after(() => sim.setValuesRule('strict'));

      for (const c of CASES) {
        it(`${c.app} (${c.why}): every reporting component is non-zero, equal to its metrics' worked numbers, and they add up to the total`, async () => {
          const app = appNamed(c.app);
          const scope: MetricScope = { kind: 'application', applicationId: app.id };
          const data = await loadPanelData(
            { api, metricNames: new MetricNamesCache(api), now: NOW },
            state('breakdown', app.id),
          );
          const stack = data.charts[0].series.map((s) => s.label);
          for (const [label, metrics] of Object.entries(c.components)) {
            const expected = (await Promise.all(metrics.map((m) => perRequestMs(scope, data, m)))).reduce(
              (a, b) => a + b,
              0,
            );
            const got = row(data, label)?.values[0];
            assert.ok(typeof got === 'number' && got > 0, `${label} is in the table and non-zero (got ${got})`);
            assert.ok(
              Math.abs(got - expected) < 0.02,
              `${label}: table ${got} ms, worked out ${expected.toFixed(3)} ms`,
            );
            assert.ok(stack.includes(label), `${label} is a series of the stacked chart`);
            const points = data.charts[0].series.find((s) => s.label === label)!.points;
            assert.ok(
              points.length >= 30 && points.every(([, v]) => typeof v === 'number' && v > 0),
              `${label} has a value at every minute`,
            );
          }
          for (const label of ALL_COMPONENTS.filter((l) => !(l in c.components))) {
            assert.equal(row(data, label), undefined, `${label} is not reported by ${c.app}`);
          }
          const total = (
            await api.getMetricData(scope, {
              names: [c.total],
              from: data.range.requested.from,
              to: data.range.requested.to,
              summarize: true,
            })
          ).metrics[0].timeslices[0].values.average_response_time;
          const totalRow = row(data, 'Total')!;
          assert.equal(totalRow.metric, `Total (${c.total})`);
          assert.ok(Math.abs(totalRow.values[0]! - total) < 0.01, `total ${totalRow.values[0]} = ${c.total} ${total}`);
          const parts = data.table!.rows.filter((r) => !/^(Total|Request queuing|Response time)/.test(r.metric));
          const sum = parts.reduce((a, r) => a + (r.values[0] ?? 0), 0);
          assert.ok(Math.abs(sum - total) < 0.05, `components add up to ${sum}, total ${total}`);
          const shares = parts.reduce((a, r) => a + (r.values[1] ?? 0), 0);
          assert.ok(Math.abs(shares - 100) < 0.5, `shares add up to ${shares} %`);
          assert.ok(row(data, 'Application code')!.values[0]! > 0);
        });
      }

      it('the summarized table agrees with the count-weighted mean of the series', async () => {
        const app = appNamed('storefront-web');
        const data = await loadPanelData(
          { api, metricNames: new MetricNamesCache(api), now: NOW },
          state('breakdown', app.id),
        );
        const web = await api.getMetricData(
          { kind: 'application', applicationId: app.id },
          {
            names: ['HttpDispatcher'],
            from: data.range.requested.from,
            to: data.range.requested.to,
            period: data.range.requested.period,
          },
        );
        const calls = new Map(web.metrics[0].timeslices.map((s) => [Date.parse(s.from), s.values.call_count]));
        for (const series of data.charts[0].series) {
          let weighted = 0;
          let n = 0;
          for (const [t, v] of series.points) {
            weighted += (v ?? 0) * (calls.get(t) ?? 0);
            n += calls.get(t) ?? 0;
          }
          const tableValue = row(data, series.label)!.values[0]!;
          assert.ok(
            Math.abs(weighted / n - tableValue) < 0.02,
            `${series.label}: series mean ${(weighted / n).toFixed(3)}, table ${tableValue}`,
          );
        }
      });

      it('the breakdown makes two metric-data requests (the series and the range summarized) and says so', async () => {
        const data = await loadPanelData(
          { api, metricNames: new MetricNamesCache(api), now: NOW },
          state('breakdown', appNamed('billing-api').id),
        );
        assert.equal(dataRequests().length, 2);
        assert.equal(data.metricDataRequests, 2);
        assert.ok(
          dataRequests().every((r) => r.query.getAll('values[]').length === 0),
          'asked without values[]',
        );
        assert.match(data.summaryNote!, /from 2 metric-data requests/);
      });

      it('the explorer charts EndUser/Apdex score next to EndUser call_count, with names listed or not', async () => {
        const app = appNamed('storefront-web');
        const scope: MetricScope = { kind: 'application', applicationId: app.id };
        const selection = { metrics: ['EndUser', 'EndUser/Apdex'], values: ['call_count', 'score'] };
        for (const listed of [true, false]) {
          const names = new MetricNamesCache(api);
          if (listed) {
            await names.get(scope, 'EndUser'); // What searching the names in the explorer leaves in the cache.
          }
          sim.clearRequests();
          const data = await loadPanelData({ api, metricNames: names, now: NOW }, state('explorer', app.id, selection));
          const [callCount, score] = data.charts;
          assert.deepEqual(
            callCount.series.map((s) => s.label),
            ['EndUser'],
          );
          assert.deepEqual(
            score.series.map((s) => s.label),
            ['EndUser/Apdex'],
          );
          assert.ok(
            score.series[0].points.every(([, v]) => typeof v === 'number' && v >= 0 && v <= 1),
            'Apdex scores at every point',
          );
          assert.ok(callCount.series[0].points.every(([, v]) => typeof v === 'number' && v > 0));
          assert.deepEqual(callCount.missingValues, ['EndUser/Apdex returned no `call_count`']);
          assert.deepEqual(score.missingValues, ['EndUser returned no `score`']);
          assert.deepEqual(
            data.table!.rows.map((r) => [r.metric, r.values.map((v) => typeof v)]),
            [
              ['EndUser', ['number', 'object']],
              ['EndUser/Apdex', ['object', 'number']],
            ],
          );
          // Listed: one request per value list (EndUser: call_count; EndUser/Apdex: score); not listed: all values at once.
          assert.equal(dataRequests().length, listed ? 4 : 2);
          assert.equal(data.metricDataRequests, listed ? 4 : 2);
        }
      });
    });
  }
});
