/** The panels' chart catalogue (src/panels/catalogue.ts): each set asks for every metric its charts need. */
import * as assert from 'node:assert/strict';

import type { ChartSet } from '../../src/panels/catalogue';
import { DASHBOARD, HOST, keyTransactionCharts, neededMetrics, transactionCharts } from '../../src/panels/catalogue';
import type { MetricData } from '../../src/api/types';
import { ratioPoints } from '../../src/panels/metricSeries';

const SETS: Record<string, ChartSet> = {
  dashboard: DASHBOARD,
  host: HOST,
  keyTransaction: keyTransactionCharts('Controller/users/show'),
  transaction: transactionCharts('OtherTransaction/Background/Job/run', {
    errors: 'Errors/OtherTransaction/Background/Job/run',
  }),
};

describe('the chart catalogue', () => {
  for (const [name, set] of Object.entries(SETS)) {
    it(`the ${name} set asks for every metric its charts need, and its chart ids are distinct`, () => {
      for (const chart of set.charts) {
        for (const metric of neededMetrics(chart)) {
          assert.ok(set.metrics.includes(metric), `${chart.id} needs ${metric}`);
        }
      }
      assert.equal(new Set(set.charts.map((c) => c.id)).size, set.charts.length);
    });
  }

  it('an optional series (the browser Apdex) is not needed: the host set does not ask for it', () => {
    const apdex = HOST.charts.find((c) => c.id === 'apdex')!;
    assert.deepEqual(neededMetrics(apdex), ['Apdex']);
    assert.ok(!HOST.metrics.includes('EndUser/Apdex'));
    assert.deepEqual(neededMetrics(DASHBOARD.charts.find((c) => c.id === 'errorRate')!), [
      'Errors/all',
      'HttpDispatcher',
    ]);
  });

  it("a transaction's errors metric, absent from the answer, is no errors: 0 % in every slice, not a missing metric", () => {
    const txn = 'OtherTransaction/Background/Job/run';
    const errorRate = transactionCharts(txn, { errors: `Errors/${txn}` }).charts.find((c) => c.id === 'errorRate')!;
    assert.deepEqual(neededMetrics(errorRate), [txn]);
    const slice = (from: string, values: Record<string, number>) => ({ from, to: '', values });
    const calls = {
      name: txn,
      timeslices: [slice('2026-11-20T12:00:00Z', { call_count: 4 }), slice('2026-11-20T12:01:00Z', { call_count: 0 })],
    };
    const without: MetricData = {
      from: '',
      to: '',
      metricsFound: [txn],
      metricsNotFound: [`Errors/${txn}`],
      metrics: [calls],
    };
    const t0 = Date.parse('2026-11-20T12:00:00Z');
    const errors: [string, string] = [`Errors/${txn}`, 'error_count'];
    assert.deepEqual(ratioPoints(without, errors, [txn, 'call_count'], 100, true), [
      [t0, 0],
      [t0 + 60_000, 0],
    ]);
    // Without the flag (Errors/all of an application), an absent numerator is a gap, as before.
    assert.deepEqual(ratioPoints(without, errors, [txn, 'call_count'], 100), [
      [t0, null],
      [t0 + 60_000, null],
    ]);
    const withErrors: MetricData = {
      ...without,
      metrics: [calls, { name: `Errors/${txn}`, timeslices: [slice('2026-11-20T12:00:00Z', { error_count: 1 })] }],
    };
    assert.deepEqual(ratioPoints(withErrors, errors, [txn, 'call_count'], 100, true), [
      [t0, 25],
      [t0 + 60_000, null],
    ]);
  });
});
