import * as assert from 'node:assert/strict';

import {
  canApply,
  MAX_CHOSEN_VALUES,
  MAX_PICKED_METRICS,
  pruneValues,
  readMetricNames,
  sameSelection,
  toggleIn,
  valueChoices,
} from '../../webview/shared/explorerModel';

describe('webview metric explorer model', () => {
  it('picks at most ten metrics, once each', () => {
    let picked: string[] = [];
    for (let i = 0; i < 12; i++) {
      picked = toggleIn(picked, `M${i}`, true, MAX_PICKED_METRICS);
    }
    assert.equal(picked.length, 10);
    assert.deepEqual(toggleIn(picked, 'M0', true, MAX_PICKED_METRICS), picked);
    assert.deepEqual(toggleIn(picked, 'M3', false, MAX_PICKED_METRICS).includes('M3'), false);
  });

  it("offers the picked metrics' values in first-seen order, plus chosen values not known yet", () => {
    const known = new Map([
      ['A', ['call_count', 'average_response_time']],
      ['B', ['average_response_time', 'score']],
    ]);
    assert.deepEqual(valueChoices(['A', 'B'], known, []), ['call_count', 'average_response_time', 'score']);
    assert.deepEqual(valueChoices(['C'], known, ['max_response_time']), ['max_response_time']);
  });

  it("drops chosen values no picked metric offers, unless a picked metric's values are unknown", () => {
    const known = new Map([
      ['A', ['call_count']],
      ['B', ['score']],
    ]);
    assert.deepEqual(pruneValues(['A'], known, ['call_count', 'score']), ['call_count']);
    assert.deepEqual(pruneValues(['A', 'C'], known, ['call_count', 'score']), ['call_count', 'score']);
  });

  it('can chart one to ten metrics with one to twenty values', () => {
    assert.equal(canApply({ metrics: ['A'], values: ['v'] }), true);
    assert.equal(canApply({ metrics: [], values: ['v'] }), false);
    assert.equal(canApply({ metrics: ['A'], values: [] }), false);
    assert.equal(
      canApply({ metrics: ['A'], values: Array.from({ length: MAX_CHOSEN_VALUES + 1 }, (_, i) => `v${i}`) }),
      false,
    );
    assert.ok(sameSelection({ metrics: ['A'], values: ['v'] }, { metrics: ['A'], values: ['v'] }));
    assert.ok(!sameSelection({ metrics: ['A'], values: ['v'] }, undefined));
  });

  it('reads a metricNames answer defensively', () => {
    const names = readMetricNames([
      { name: 'Apdex', values: ['score', 3] },
      { name: '' },
      { values: [] },
      'x',
      { name: 'HttpDispatcher' },
    ]);
    assert.deepEqual(names, [
      { name: 'Apdex', values: ['score'] },
      { name: 'HttpDispatcher', values: [] },
    ]);
    assert.deepEqual(readMetricNames('nope'), []);
  });
});
