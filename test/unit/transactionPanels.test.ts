/**
 * The transaction panel and the transactions table: their entities and the command's
 * arguments (untrusted), the table's sort, the row's wording, and both loaders on both backends
 * against the simulator (numbers, requests).
 */
import assert from 'node:assert/strict';

import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { TransactionStats } from '../../src/api/transactionStats';
import { describeTransaction, formatShortPercent, transactionFigures } from '../../src/format/transactions';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelState } from '../../src/panels/protocol';
import { isPanelEntity, isPanelState } from '../../src/panels/protocol';
import { isOpenTransactionRequest } from '../../src/panels/transactionEntity';
import { Simulator } from '../../src/simulator/server';
import { nextSort, sortTableRows } from '../../webview/shared/tableSort';
import { simTransactionNames } from '../support/simTransactions';
import { simulatorWithBothBackends } from '../support/bothBackends';

describe('Transaction panels: entities, arguments, sort and wording', () => {
  it('a transaction entity needs its name; the table none; no other kind carries either', () => {
    const base = { applicationId: 7, title: 't' };
    assert.ok(
      isPanelEntity({ ...base, kind: 'transaction', transactionName: 'Controller/users/show', language: 'ruby' }),
    );
    assert.ok(isPanelEntity({ ...base, kind: 'transactions', language: 'python' }));
    assert.ok(!isPanelEntity({ ...base, kind: 'transaction' }));
    assert.ok(!isPanelEntity({ ...base, kind: 'transaction', transactionName: '' }));
    assert.ok(!isPanelEntity({ ...base, kind: 'transaction', transactionName: 'x'.repeat(1001) }));
    assert.ok(!isPanelEntity({ ...base, kind: 'transaction', transactionName: 'x', keyTransactionId: 3 }));
    assert.ok(!isPanelEntity({ ...base, kind: 'transactions', transactionName: 'x' }));
    assert.ok(!isPanelEntity({ ...base, kind: 'application', transactionName: 'x' }));
    assert.ok(!isPanelEntity({ ...base, kind: 'application', language: 'ruby' }));
    assert.ok(
      isPanelState({
        entity: { ...base, kind: 'transaction', transactionName: 'WebTransaction/Go/GET /users' },
        range: { preset: '1h', compare: 'day' },
        view: 'table',
      }),
    );
  });

  it('timeslice.openTransaction takes { applicationId, name } and refuses anything else', () => {
    assert.ok(isOpenTransactionRequest({ applicationId: 1, name: 'Controller/a/b' }));
    assert.ok(isOpenTransactionRequest({ applicationId: 1, name: 'Controller/a/b', language: 'ruby' }));
    for (const bad of [
      undefined,
      null,
      'Controller/a/b',
      { applicationId: '1', name: 'x' },
      { applicationId: 0, name: 'x' },
      { applicationId: 1.5, name: 'x' },
      { applicationId: 1, name: '' },
      { applicationId: 1, name: 'x'.repeat(1001) },
      { applicationId: 1, name: 'x', language: 42 },
    ]) {
      assert.ok(!isOpenTransactionRequest(bad), JSON.stringify(bad));
    }
  });

  it('the table sorts by each column, both ways, rows without a value last', () => {
    const rows = [
      { metric: 'a', values: [10, 300, 5, null, 0.9] },
      { metric: 'b', values: [60, 20, 50, 1.5, 0.5] },
      { metric: 'c', values: [30, 80, 500, 0, null] },
    ];
    const order = (column: number, direction: 'ascending' | 'descending') =>
      sortTableRows(rows, { column, direction }).map((r) => r.metric);
    assert.deepEqual(order(0, 'descending'), ['b', 'c', 'a']);
    assert.deepEqual(order(1, 'descending'), ['a', 'c', 'b']);
    assert.deepEqual(order(2, 'descending'), ['c', 'b', 'a']);
    assert.deepEqual(order(3, 'descending'), ['b', 'c', 'a']);
    assert.deepEqual(order(3, 'ascending'), ['c', 'b', 'a']);
    assert.deepEqual(order(4, 'ascending'), ['b', 'a', 'c']);
    assert.deepEqual(nextSort({ column: 0, direction: 'descending' }, 0), { column: 0, direction: 'ascending' });
    assert.deepEqual(nextSort({ column: 0, direction: 'ascending' }, 2), { column: 2, direction: 'descending' });
  });

  it('a row reads "84 ms · 1.2k rpm · 0.4 % err"; the tooltip has Apdex and the share of its kind', () => {
    const t: TransactionStats = {
      name: 'Controller/users/show',
      kind: 'web',
      callCount: 36_000,
      callsPerMinute: 1200,
      averageMs: 84.2,
      errorRate: 0.004,
      apdex: 0.93,
      timeShare: 0.25,
    };
    assert.equal(describeTransaction(t), '84 ms · 1.2k rpm · 0.4 % err');
    assert.equal(describeTransaction({ ...t, errorRate: 0 }), '84 ms · 1.2k rpm · 0 % err');
    assert.deepEqual(
      transactionFigures(t).map((f) => f.value),
      ['84 ms', '1.2k rpm', '0.4 %', '0.93', '25 %'],
    );
    assert.equal(formatShortPercent(0.00001), '<0.1 %');
    assert.equal(formatShortPercent(0), '0 %');
  });
});

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-TXNPANELSKEY000000000001';

describe('Transaction panels: loaders on both backends against the simulator', function () {
  this.timeout(20_000);
  const both = simulatorWithBothBackends(KEY, NOW);
  let sim: Simulator;
  let rest: HttpTimesliceApi;
  let ng: NerdGraphTimesliceApi;
  before(() => ({ sim, rest, ng } = both));

  const app = () => sim.datasets.us.apps.find((a) => a.reporting)!;

  for (const backend of ['REST', 'NerdGraph'] as const) {
    it(`${backend}: a transaction's panel charts its own metrics, its summary the range's numbers, one request (two with compare)`, async () => {
      const api = backend === 'REST' ? rest : ng;
      const a = app();
      const txn = a.profile.transactions[0].name;
      const entity = {
        kind: 'transaction' as const,
        applicationId: a.id,
        transactionName: txn,
        language: a.language,
        title: txn,
      };
      const ctx = { api, metricNames: new MetricNamesCache(api), now: NOW };
      sim.clearRequests();
      const data = await loadPanelData(ctx, { entity, range: { preset: '1h', compare: 'none' }, view: 'chart' });
      assert.equal(sim.requests.length, 1);
      assert.deepEqual(
        data.charts.map((c) => [c.id, c.series.length, c.notFound]),
        [
          ['responseTime', 1, undefined],
          ['throughput', 1, undefined],
          ['errorRate', 1, undefined],
          ['apdex', 1, undefined],
        ],
      );
      const [stats] = await api.getTransactionStats({
        applicationId: a.id,
        language: a.language,
        names: [txn],
        from: NOW.getTime() - 3_600_000,
        to: Math.floor(NOW.getTime() / 60_000) * 60_000,
      });
      const shown = Object.fromEntries(data.summary.map((s) => [s.label, s.value]));
      assert.deepEqual(
        [shown['Response time'], shown['Throughput'], shown['Error rate'], shown['Apdex']],
        transactionFigures(stats)
          .slice(0, 4)
          .map((f) => f.value),
      );
      sim.clearRequests();
      const compared = await loadPanelData(ctx, { entity, range: { preset: '1h', compare: 'day' }, view: 'chart' });
      assert.equal(sim.requests.length, 2);
      assert.ok(compared.charts.every((c) => c.series.some((s) => s.compare)));
    });

    it(`${backend}: the transactions table, one row per transaction, one summarized request once the names are cached`, async () => {
      const api = backend === 'REST' ? rest : ng;
      const a = app();
      const ctx = { api, metricNames: new MetricNamesCache(api), now: NOW };
      const state: PanelState = {
        entity: { kind: 'transactions', applicationId: a.id, language: a.language, title: a.name },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      };
      const first = await loadPanelData(ctx, state);
      sim.clearRequests();
      const data = await loadPanelData(ctx, state);
      assert.equal(sim.requests.length, 1);
      assert.deepEqual(data, first);
      assert.deepEqual(data.table!.rows.map((r) => r.metric).sort(), simTransactionNames(a).sort());
      // Time consumed in seconds: calls × average, comparable across web and background.
      const stats = await api.getTransactionStats(
        {
          applicationId: a.id,
          language: a.language,
          from: NOW.getTime() - 30 * 60_000,
          to: Math.floor(NOW.getTime() / 60_000) * 60_000,
        },
        { metricNames: ctx.metricNames },
      );
      for (const r of data.table!.rows) {
        const s = stats.find((x) => x.name === r.metric)!;
        assert.equal(r.values[0], (s.callCount * s.averageMs) / 1000, r.metric);
      }
    });
  }
});
