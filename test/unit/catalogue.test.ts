/** The panels' chart catalogue (src/panels/catalogue.ts): each set asks for every metric its charts need. */
import * as assert from 'node:assert/strict';

import type { ChartSet } from '../../src/panels/catalogue';
import { DASHBOARD, HOST, keyTransactionCharts, neededMetrics } from '../../src/panels/catalogue';

const SETS: Record<string, ChartSet> = {
  dashboard: DASHBOARD,
  host: HOST,
  keyTransaction: keyTransactionCharts('Controller/users/show'),
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
});
