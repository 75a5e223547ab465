// Pure formatting for the panel; no DOM, so unit tests run it in Node.
import * as l10n from '@vscode/l10n';

import { UTCDateMini } from '@date-fns/utc/date/mini';
import { format } from 'date-fns/format';
import type { ContextOptions } from 'date-fns';

import { LIVE_WINDOW_SLACK_MS } from '../../src/panels/protocol';

export type TimeZoneMode = 'local' | 'utc';

/** UTC through `@date-fns/utc`, or the browser's local time (date-fns's default). */
export function zoneContext(tz: TimeZoneMode): ContextOptions<Date> {
  return tz === 'utc' ? { in: utc } : {};
}

/**
 * The package's full `UTCDate` makes three Intl formatters when its module loads, and a new page pays tens of
 * milliseconds of ICU set-up for them before its first chart.
 */
function utc(value: Date | number | string): Date {
  return new UTCDateMini(+new Date(value));
}

/** "2026-01-05 14:30": sortable and the same in every locale, for tables people copy into other tools. */
export function formatDateTime(ms: number, tz: TimeZoneMode, withSeconds = false): string {
  return format(ms, withSeconds ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm', zoneContext(tz));
}

export function timeZoneLabel(tz: TimeZoneMode): string {
  return tz === 'utc' ? 'UTC' : l10n.t('local time');
}

/** "2026-01-05 14:00 – 14:30 UTC", with the date once when both ends share it. */
export function describeSpan(fromMs: number, toMs: number, tz: TimeZoneMode): string {
  const sameDay = format(fromMs, 'yyyy-MM-dd', zoneContext(tz)) === format(toMs, 'yyyy-MM-dd', zoneContext(tz));
  const end = sameDay ? format(toMs, 'HH:mm', zoneContext(tz)) : formatDateTime(toMs, tz);
  return `${formatDateTime(fromMs, tz)} – ${end} ${timeZoneLabel(tz)}`;
}

const DATETIME_LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

export function toDateTimeLocalValue(ms: number, tz: TimeZoneMode): string {
  return format(ms, DATETIME_LOCAL_FORMAT, zoneContext(tz));
}

const DATETIME_LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{3}))?)?$/;

/**
 * Undefined for a date that does not exist (February 30th); a time skipped by daylight saving moves forward, as
 * the input does. Read by hand: date-fns's `parse` with its locale data is about 30 KB of the bundle.
 */
export function parseDateTimeLocalValue(value: string, tz: TimeZoneMode): number | undefined {
  const m = DATETIME_LOCAL_INPUT.exec(value.trim());
  if (!m) {
    return undefined;
  }
  const [year, month, day, hour, minute, second = 0, milli = 0] = m
    .slice(1)
    .map((x) => (x === undefined ? undefined : Number(x))) as number[];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  // Day 0 of the next month is this month's last day (2001 is not a leap year).
  const daysInMonth = new Date(Date.UTC(2001, month, 0)).getUTCDate() + (month === 2 && isLeapYear(year) ? 1 : 0);
  if (day < 1 || day > daysInMonth) {
    return undefined;
  }
  const date = new Date(0);
  if (tz === 'utc') {
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hour, minute, second, milli);
  } else {
    date.setFullYear(year, month - 1, day);
    date.setHours(hour, minute, second, milli);
  }
  return date.getTime();
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The shortest range the service answers with at least one point. */
export const MIN_CUSTOM_RANGE_MS = 60_000;

export function validateCustomRange(fromMs: number | undefined, toMs: number | undefined): string | undefined {
  if (fromMs === undefined || toMs === undefined) {
    return l10n.t('Enter a valid start and end date and time.');
  }
  if (fromMs >= toMs) {
    return l10n.t('The start must be before the end.');
  }
  if (toMs - fromMs < MIN_CUSTOM_RANGE_MS) {
    return l10n.t('The range must be at least one minute long.');
  }
  return undefined;
}

/** 60 → "1 minute", 900 → "15 minutes", 3600 → "1 hour", 86400 → "1 day". */
export function formatPeriod(seconds: number): string {
  if (seconds % 86_400 === 0) {
    return seconds === 86_400 ? l10n.t('1 day') : l10n.t('{0} days', seconds / 86_400);
  }
  if (seconds % 3600 === 0) {
    return seconds === 3600 ? l10n.t('1 hour') : l10n.t('{0} hours', seconds / 3600);
  }
  if (seconds % 60 === 0) {
    return seconds === 60 ? l10n.t('1 minute') : l10n.t('{0} minutes', seconds / 60);
  }
  return seconds === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', seconds);
}

/** Written out rather than Intl.NumberFormat, whose first use costs ~20 ms of ICU set-up; the same in every locale. */
export function formatNumber(value: number, digits: number): string {
  const fixed = Math.abs(value).toFixed(digits);
  const [whole, fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = trimmed ? `${grouped}.${trimmed}` : grouped;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** More decimals for small numbers, so an Apdex of 0.9375 or an error rate of 0.0042 % stays readable. */
export function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return '—';
  }
  const abs = Math.abs(value);
  return formatNumber(value, abs !== 0 && abs < 1 ? 4 : abs < 1000 ? 3 : 1);
}

/** A table value with exactly `decimals` decimals (6.0 beside 58.5), grouped; "—" for a gap. */
export function formatFixed(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return '—';
  }
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const text = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

const COMPACT: ReadonlyArray<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** A y-axis tick: 25K, 1.5M, 1,500, 0.25. */
export function formatTick(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 10_000) {
    const [size, suffix] = COMPACT.find(([n]) => abs >= n) ?? [1, ''];
    return `${formatNumber(value / size, 1)}${suffix}`;
  }
  return formatNumber(value, abs !== 0 && abs < 1 ? 3 : 2);
}

/** "data to 14:27 (3 min behind)" for a range ending now (the service's data lags the clock). */
export function dataEndNote(
  range: { to: number; requestedTo?: number },
  fetchedAt: number | undefined,
  tz: TimeZoneMode,
): string | undefined {
  if (range.requestedTo === undefined) {
    return undefined;
  }
  const end = formatDateTime(range.to, tz).slice(11);
  const live = fetchedAt === undefined || range.requestedTo >= fetchedAt - LIVE_WINDOW_SLACK_MS;
  return live
    ? l10n.t('data to {0} ({1} min behind)', end, Math.round((range.requestedTo - range.to) / 60_000))
    : l10n.t('data to {0}', end);
}
