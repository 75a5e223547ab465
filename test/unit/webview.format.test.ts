import * as assert from 'node:assert/strict';

import { inZone } from '../support/timeZone';
import { presetLabel } from '../../src/panels/protocol';
import {
  dataEndNote,
  describeSpan,
  formatDateTime,
  formatFixed,
  formatPeriod,
  formatTick,
  formatValue,
  parseDateTimeLocalValue,
  toDateTimeLocalValue,
  validateCustomRange,
} from '../../webview/shared/format';

describe('webview formatting', () => {
  const at = Date.parse('2026-01-05T14:30:07Z');

  it('formats times in UTC or local time, locale-free', () => {
    assert.equal(formatDateTime(at, 'utc'), '2026-01-05 14:30');
    assert.equal(formatDateTime(at, 'utc', true), '2026-01-05 14:30:07');
    inZone('America/New_York', () => assert.equal(formatDateTime(at, 'local'), '2026-01-05 09:30'));
    inZone('Asia/Kolkata', () => assert.equal(formatDateTime(at, 'local'), '2026-01-05 20:00'));
  });

  it('describes a span with the date once when both ends share it', () => {
    assert.equal(describeSpan(at - 30 * 60_000, at, 'utc'), '2026-01-05 14:00 – 14:30 UTC');
    assert.equal(describeSpan(at - 86_400_000, at, 'utc'), '2026-01-04 14:30 – 2026-01-05 14:30 UTC');
    inZone('America/New_York', () =>
      assert.equal(describeSpan(at - 30 * 60_000, at, 'local'), '2026-01-05 09:00 – 09:30 local time'),
    );
  });

  it('round-trips datetime-local values in both time zones', () => {
    const minute = Date.parse('2026-01-05T14:30:00Z');
    assert.equal(toDateTimeLocalValue(minute, 'utc'), '2026-01-05T14:30');
    assert.equal(parseDateTimeLocalValue('2026-01-05T14:30', 'utc'), minute);
    assert.equal(parseDateTimeLocalValue('2026-01-05T14:30:15', 'utc'), minute + 15_000);
    inZone('America/New_York', () => {
      assert.equal(toDateTimeLocalValue(minute, 'local'), '2026-01-05T09:30');
      assert.equal(parseDateTimeLocalValue('2026-01-05T09:30', 'local'), minute);
    });
  });

  it('rejects datetime-local text that is not a real date and time', () => {
    for (const bad of [
      '',
      'yesterday',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-01-05T24:00',
      '2026-01-05 10:00',
      '<img>',
    ]) {
      assert.equal(parseDateTimeLocalValue(bad, 'utc'), undefined, bad);
    }
  });

  it('accepts a custom range only when the start is before the end by a minute or more', () => {
    const t = Date.parse('2026-01-05T14:00:00Z');
    assert.equal(validateCustomRange(t, t + 60_000), undefined);
    assert.match(validateCustomRange(t, t + 59_000) ?? '', /at least one minute/);
    assert.match(validateCustomRange(t, t) ?? '', /before the end/);
    assert.match(validateCustomRange(t + 1, t) ?? '', /before the end/);
    assert.match(validateCustomRange(undefined, t) ?? '', /valid start and end/);
  });

  it('names periods and presets', () => {
    assert.equal(formatPeriod(60), '1 minute');
    assert.equal(formatPeriod(900), '15 minutes');
    assert.equal(formatPeriod(3600), '1 hour');
    assert.equal(formatPeriod(21_600), '6 hours');
    assert.equal(formatPeriod(86_400), '1 day');
    assert.equal(formatPeriod(90), '90 seconds');
    assert.equal(presetLabel('30m'), 'Last 30 minutes');
    assert.equal(presetLabel('7d'), 'Last 7 days');
  });

  it('formats values and ticks', () => {
    assert.equal(formatValue(null), '—');
    assert.equal(formatValue(undefined), '—');
    assert.equal(formatValue(Number.NaN), '—');
    assert.equal(formatValue(0.93751), '0.9375');
    assert.equal(formatValue(123.4567), '123.457');
    assert.equal(formatValue(24_003.75), '24,003.8');
    assert.equal(formatValue(1_234_567.04), '1,234,567');
    assert.equal(formatValue(-0.00001), '0');
    assert.equal(formatValue(-1234.5), '-1,234.5');
    assert.equal(formatValue(0), '0');
    assert.equal(formatTick(0.25), '0.25');
    assert.equal(formatTick(1500), '1,500');
    assert.equal(formatTick(25_000), '25K');
    assert.equal(formatTick(1_500_000), '1.5M');
    assert.equal(formatTick(-20_000), '-20K');
  });

  it('formatFixed shows every decimal asked for, so a column reads 6.0 beside 58.5', () => {
    assert.deepEqual(
      [6, 58.5, 100, 0, 33.333].map((v) => formatFixed(v, 1)),
      ['6.0', '58.5', '100.0', '0.0', '33.3'],
    );
    assert.equal(formatFixed(1234.5, 2), '1,234.50');
    assert.equal(formatFixed(-0.01, 1), '0.0');
    assert.equal(formatFixed(-2.25, 1), '-2.3');
    assert.equal(formatFixed(null, 1), '—');
    assert.equal(formatFixed(Number.NaN, 1), '—');
  });

  it("says data is behind only for a range that ends now; a past window's data just ends", () => {
    const minute = 60_000;
    const fetched = Date.parse('2026-11-20T12:00:05Z');
    // The last 30 minutes, data to 11:57: behind the clock.
    const live = { to: fetched - 3 * minute - 5000, requestedTo: fetched - 5000 };
    assert.equal(dataEndNote(live, fetched, 'utc'), 'data to 11:57 (3 min behind)');
    // A window two days ago whose data ends 3 minutes early: not "behind".
    const past = { to: Date.parse('2026-11-18T01:00:00Z'), requestedTo: Date.parse('2026-11-18T01:03:00Z') };
    assert.equal(dataEndNote(past, fetched, 'utc'), 'data to 01:00');
    assert.equal(dataEndNote({ to: past.to }, fetched, 'utc'), undefined);
  });
});
