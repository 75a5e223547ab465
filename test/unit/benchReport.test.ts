/** The bench table's verdict column: in quick mode (one run inside `npm test`) only budgets on counts get one. */
import * as assert from 'node:assert/strict';

import type { Figure } from '../../bench/lib/figure';
import { quickChecks, tableRows } from '../../bench/lib/report';

const slowDraw: Figure = {
  name: 'panel draw',
  unit: 'ms',
  ours: 338,
  anchor: 309,
  anchorName: 'Chart.js alone',
  budget: { kind: 'ratio', max: 1 },
  samples: { ours: [338], anchor: [309] },
};
const requests: Figure = {
  name: 'requests to open',
  unit: 'requests',
  ours: 2,
  budget: { kind: 'exactly', value: 1 },
  samples: { ours: [2] },
};
const keyBudget: Figure = {
  name: 'key budget per minute',
  unit: '%',
  ours: 0.72,
  budget: { kind: 'atMost', max: 1 },
  samples: { ours: [0.72] },
};
const heap: Figure = {
  name: 'heap growth',
  unit: 'MB',
  ours: 9,
  budget: { kind: 'atMost', max: 5 },
  samples: { ours: [9] },
};
const verdict = (rows: string[][]) => rows.map((r) => r[5]);

describe('bench table', () => {
  it('a full run marks every budget ✔ or ✘', () => {
    assert.deepEqual(verdict(tableRows([slowDraw, requests, keyBudget, heap])), ['✘', '✘', '✔', '✘']);
  });

  it('a quick run marks and checks only budgets on counts: a time or a heap from one run on a busy machine gets no verdict', () => {
    assert.deepEqual(verdict(tableRows([slowDraw, requests, keyBudget, heap], true)), ['', '✘', '✔', '']);
    assert.equal(tableRows([slowDraw], true)[0][4], '≤ 1.00×', 'the budget is still shown');
    const checks = quickChecks([slowDraw, requests, keyBudget, heap], []);
    assert.deepEqual([checks.passed, checks.failed], [1, 1]);
    assert.deepEqual(checks.failures, ['bench: requests to open is 1 (got 2)']);
  });

  it('over a floor, the margin above it is the result, with a budget or without one', () => {
    const floor: Omit<Figure, 'name'> = {
      unit: 'ms',
      ours: 340,
      anchor: 200,
      anchorName: 'floor',
      samples: { ours: [340], anchor: [200] },
    };
    const [budgeted, loaded, ratioOnly] = tableRows([
      { ...floor, name: 'idle', budget: { kind: 'overAnchor', max: 150 } },
      { ...floor, name: 'loaded', overFloor: true },
      { ...floor, name: 'no floor' },
    ]);
    assert.deepEqual([budgeted[3], budgeted[5]], ['+140.0 ms', '✔']);
    assert.deepEqual([loaded[3], loaded[5]], ['+140.0 ms', '']);
    assert.equal(ratioOnly[3], '1.70×');
  });
});
