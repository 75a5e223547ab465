import * as assert from 'node:assert/strict';

import { inZone } from '../support/timeZone';
import { chooseStep, formatTickLabel, timeTicks } from '../../webview/shared/timeTicks';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('webview time-axis ticks', () => {
  it('chooses the finest round step that fits the width', () => {
    assert.deepEqual(chooseStep(30 * 60_000, 10), { unit: 'minute', count: 5 });
    assert.deepEqual(chooseStep(30 * 60_000, 40), { unit: 'minute', count: 1 });
    assert.deepEqual(chooseStep(24 * 3_600_000, 8), { unit: 'hour', count: 3 });
    assert.deepEqual(chooseStep(24 * 3_600_000, 5), { unit: 'hour', count: 6 });
    assert.deepEqual(chooseStep(7 * 86_400_000, 8), { unit: 'day', count: 1 });
    assert.deepEqual(chooseStep(365 * 86_400_000, 8), { unit: 'day', count: 7 });
  });

  it('puts minute ticks on round minutes, not on the range start', () => {
    const from = Date.parse('2026-01-05T10:37:00Z');
    const { step, ticks } = timeTicks(from, from + 30 * 60_000, 600, 'utc');
    assert.deepEqual(step, { unit: 'minute', count: 5 });
    assert.deepEqual(ticks.map(iso), [
      '2026-01-05T10:40',
      '2026-01-05T10:45',
      '2026-01-05T10:50',
      '2026-01-05T10:55',
      '2026-01-05T11:00',
      '2026-01-05T11:05',
    ]);
    assert.deepEqual(
      ticks.map((t) => formatTickLabel(t, step, 'utc')),
      ['10:40', '10:45', '10:50', '10:55', '11:00', '11:05'],
    );
  });

  it('aligns hour steps to the wall clock of the chosen zone, half-hour offsets included', () => {
    const from = Date.parse('2026-01-05T00:10:00Z');
    const to = from + 24 * 3_600_000;
    const utc = timeTicks(from, to, 600, 'utc');
    assert.deepEqual(utc.step, { unit: 'hour', count: 3 });
    assert.equal(iso(utc.ticks[0]), '2026-01-05T03:00');
    inZone('Asia/Kolkata', () => {
      const local = timeTicks(from, to, 600, 'local');
      // 00:10 UTC is 05:40 in Kolkata; the first 3-hour tick there is 06:00, i.e. 00:30 UTC.
      assert.equal(iso(local.ticks[0]), '2026-01-05T00:30');
      assert.equal(formatTickLabel(local.ticks[0], local.step, 'local'), '06:00');
    });
  });

  it('labels midnights with the date, and day steps start at the first midnight', () => {
    const from = Date.parse('2026-01-05T12:00:00Z');
    const { step, ticks } = timeTicks(from, from + 3 * 86_400_000, 250, 'utc');
    assert.deepEqual(step, { unit: 'day', count: 1 });
    assert.deepEqual(
      ticks.map((t) => formatTickLabel(t, step, 'utc')),
      ['Jan 6', 'Jan 7', 'Jan 8'],
    );
    const hours = timeTicks(from, from + 86_400_000, 600, 'utc');
    assert.ok(hours.ticks.map((t) => formatTickLabel(t, hours.step, 'utc')).includes('Jan 6'));
  });

  it('keeps local midnights across a daylight saving change', () => {
    inZone('Europe/Berlin', () => {
      const from = Date.parse('2026-03-27T12:00:00Z');
      const { ticks, step } = timeTicks(from, from + 4 * 86_400_000, 300, 'local');
      assert.deepEqual(
        ticks.map((t) => formatTickLabel(t, step, 'local')),
        ['Mar 28', 'Mar 29', 'Mar 30', 'Mar 31'],
      );
      assert.ok(ticks.every((t) => new Date(t).getHours() === 0));
    });
  });

  it('returns no ticks for an empty range', () => {
    assert.deepEqual(timeTicks(10, 10, 500, 'utc').ticks, []);
  });
});
