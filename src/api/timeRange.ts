// A period finer than the range's default is never honoured (docs/service.md#value-rules), so only multiples are offered.
import * as l10n from '@vscode/l10n';

import { ApiError } from './apiError';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Default seconds per point by range length, in ascending range order (docs/service.md#value-rules). */
export const GRANULARITY_TABLE: ReadonlyArray<{ upToSeconds: number; periodSeconds: number }> = [
  { upToSeconds: 3 * HOUR, periodSeconds: MINUTE },
  { upToSeconds: 6 * HOUR, periodSeconds: 2 * MINUTE },
  { upToSeconds: 14 * HOUR, periodSeconds: 5 * MINUTE },
  { upToSeconds: 24 * HOUR, periodSeconds: 10 * MINUTE },
  { upToSeconds: 4 * DAY, periodSeconds: 30 * MINUTE },
  { upToSeconds: 7 * DAY, periodSeconds: HOUR },
  { upToSeconds: 21 * DAY, periodSeconds: 3 * HOUR },
  { upToSeconds: 42 * DAY, periodSeconds: 6 * HOUR },
  { upToSeconds: 63 * DAY, periodSeconds: 12 * HOUR },
  { upToSeconds: Number.POSITIVE_INFINITY, periodSeconds: 3 * DAY },
];

export const MIN_RANGE_SECONDS = 60;
/** The service caps a series at about this many timeslices per metric. */
export const MAX_POINTS_PER_METRIC = 3000;

export interface TimeRange {
  from: Date;
  to: Date;
}

export function defaultPeriodSeconds(rangeSeconds: number): number {
  return GRANULARITY_TABLE.find((row) => rangeSeconds <= row.upToSeconds)!.periodSeconds;
}

/** The default and the coarser steps of the table that are whole multiples of it and give at least one point. */
export function validPeriods(rangeSeconds: number): number[] {
  const base = defaultPeriodSeconds(rangeSeconds);
  const steps = new Set(GRANULARITY_TABLE.map((row) => row.periodSeconds));
  return [...steps]
    .filter((p) => p >= base && p % base === 0 && p <= Math.max(base, rangeSeconds))
    .sort((a, b) => a - b);
}

export function checkRange(range: Partial<TimeRange>, period?: number): void {
  const { from, to } = range;
  if ((from === undefined) !== (to === undefined)) {
    throw new ApiError('invalidRequest', l10n.t('Give both "from" and "to", or neither (the last 30 minutes).'));
  }
  for (const d of [from, to]) {
    if (d !== undefined && Number.isNaN(d.getTime())) {
      throw new ApiError('invalidRequest', l10n.t('The time range holds an invalid date. Pick the range again.'));
    }
  }
  const rangeSeconds = from && to ? (to.getTime() - from.getTime()) / 1000 : 30 * MINUTE;
  if (from && to && rangeSeconds <= 0) {
    throw new ApiError(
      'invalidRequest',
      l10n.t(
        'The range starts ({0}) at or after its end ({1}). Pick a "from" before "to".',
        formatApiTime(from),
        formatApiTime(to),
      ),
    );
  }
  if (rangeSeconds < MIN_RANGE_SECONDS) {
    throw new ApiError(
      'invalidRequest',
      l10n.t(
        'The range is {0} s long; the service needs at least {1} s. Pick a longer range.',
        Math.round(rangeSeconds),
        MIN_RANGE_SECONDS,
      ),
    );
  }
  if (period !== undefined && !validPeriods(rangeSeconds).includes(period)) {
    throw new ApiError(
      'invalidRequest',
      l10n.t(
        'A period of {0} s is not valid for this range; choose one of {1} s.',
        period,
        validPeriods(rangeSeconds).join(', '),
      ),
    );
  }
}

/** ISO 8601 in UTC with an explicit offset, as the service writes it: 2026-01-27T23:25:45+00:00. */
export function formatApiTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function wholeMinute(now: Date): number {
  return Math.floor(now.getTime() / 60_000) * 60_000;
}

/** A range ending now (rounded down to the second), e.g. the last 30 minutes. */
export function lastMinutes(minutes: number, now: Date = new Date()): TimeRange {
  const to = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return { from: new Date(to.getTime() - minutes * 60_000), to };
}
