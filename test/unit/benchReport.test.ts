/** The bench table's verdict column: in quick mode (one run inside `npm test`) only exact counts get one. */
import * as assert from 'node:assert/strict';

import type { Figure } from '../../bench/lib/figure';
import { tableRows } from '../../bench/lib/report';

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
const verdict = (rows: string[][]) => rows.map((r) => r[5]);

describe('bench table', () => {
  it('a full run marks every budget ✔ or ✘', () => {
    assert.deepEqual(verdict(tableRows([slowDraw, requests])), ['✘', '✘']);
  });

  it('a quick run marks only exact counts: a time from one run on a busy machine gets no verdict', () => {
    assert.deepEqual(verdict(tableRows([slowDraw, requests], true)), ['', '✘']);
    assert.equal(tableRows([slowDraw], true)[0][4], '≤ 1.00×', 'the budget is still shown');
  });
});
