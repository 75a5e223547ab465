import * as assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import { checkRange, defaultPeriodSeconds, formatApiTime, validPeriods } from '../../src/api/timeRange';

const H = 3600;
const D = 86_400;

describe('time ranges and periods', () => {
  it('follows the granularity table at each boundary', () => {
    const cases: Array<[number, number]> = [
      [30 * 60, 60],
      [3 * H, 60],
      [3 * H + 1, 120],
      [6 * H, 120],
      [6 * H + 1, 300],
      [14 * H, 300],
      [24 * H, 600],
      [4 * D, 1800],
      [7 * D, H],
      [21 * D, 3 * H],
      [42 * D, 6 * H],
      [63 * D, 12 * H],
      [63 * D + 1, 3 * D],
    ];
    for (const [range, period] of cases) {
      assert.equal(defaultPeriodSeconds(range), period, `range ${range}`);
    }
  });

  it('offers only multiples of the default, never finer', () => {
    assert.deepEqual(validPeriods(30 * 60), [60, 120, 300, 600, 1800]);
    assert.deepEqual(validPeriods(5 * H), [120, 600, 1800, 3600, 3 * H]);
    for (const p of validPeriods(7 * D)) {
      assert.equal(p % H, 0);
    }
    assert.ok(!validPeriods(24 * H).includes(300));
  });

  it('refuses ranges under 60 s, from ≥ to, invalid dates and periods', () => {
    const t = new Date('2026-01-01T00:00:00Z');
    const plus = (s: number) => new Date(t.getTime() + s * 1000);
    const refuses = (fn: () => void, phrase: RegExp) =>
      assert.throws(fn, (e: unknown) => e instanceof ApiError && e.kind === 'invalidRequest' && phrase.test(e.message));
    refuses(() => checkRange({ from: t, to: plus(59) }), /at least 60 s/);
    refuses(() => checkRange({ from: t, to: t }), /at or after its end/);
    refuses(() => checkRange({ from: plus(10), to: t }), /at or after its end/);
    refuses(() => checkRange({ from: new Date('x'), to: t }), /invalid date/);
    refuses(() => checkRange({ from: t }), /both/);
    refuses(() => checkRange({ from: t, to: plus(3600) }, 90), /not valid/);
    assert.doesNotThrow(() => checkRange({ from: t, to: plus(60) }));
    assert.doesNotThrow(() => checkRange({ from: t, to: plus(3600) }, 300));
    assert.doesNotThrow(() => checkRange({}, 60));
  });

  it('formats UTC with an explicit +00:00 offset', () => {
    assert.equal(formatApiTime(new Date('2026-01-27T23:25:45.123Z')), '2026-01-27T23:25:45+00:00');
  });
});
