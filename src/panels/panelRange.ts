import * as l10n from '@vscode/l10n';

import { defaultPeriodSeconds, validPeriods, wholeMinute } from '../api/timeRange';
import type { MetricData } from '../api/types';
import type { RangeSelection } from './protocol';
import { PRESET_MINUTES } from './protocol';

export interface ResolvedRange {
  from: Date;
  to: Date;
  period: number;
  validPeriods: number[];
}

export interface CompareRange extends ResolvedRange {
  shiftMs: number;
  label: string;
}

/** What the returned slices cover; `requestedTo` is set when the data ends a minute or more early. */
export interface ShownRange {
  from: Date;
  to: Date;
  requestedTo?: Date;
}

/** A panel's range before its data is in: what to ask for. */
export interface PanelRange {
  requested: ResolvedRange;
  compare?: CompareRange;
  /** The deployment (ms) the range is around: `requested` is the window after it, `compare` the one before. */
  around?: number;
}

export interface PanelRangeShown extends PanelRange {
  /** What the returned slices cover (may start before `requested.from`, or end early when data lags). */
  shown: ShownRange;
}

const DAY_MS = 86_400_000;
const COMPARE_SHIFT_MS = { none: 0, day: DAY_MS, week: 7 * DAY_MS } as const;

export function resolveRange(selection: RangeSelection, now: Date = new Date()): ResolvedRange {
  let from: Date;
  let to: Date;
  if (selection.preset === 'custom') {
    from = new Date(selection.from!);
    to = new Date(selection.to!);
  } else {
    to = new Date(wholeMinute(now));
    from = new Date(to.getTime() - PRESET_MINUTES[selection.preset] * 60_000);
  }
  const seconds = (to.getTime() - from.getTime()) / 1000;
  const periods = seconds >= 60 ? validPeriods(seconds) : [];
  const period =
    selection.period !== undefined && periods.includes(selection.period)
      ? selection.period
      : defaultPeriodSeconds(Math.max(seconds, 60));
  return { from, to, period, validPeriods: periods };
}

export function resolvePanelRange(selection: RangeSelection, now: Date = new Date()): PanelRange {
  const requested = resolveRange(selection, now);
  if (selection.around !== undefined && selection.preset === 'custom') {
    // The equal window before the deployment, shifted onto the one after it (aroundDeployment.ts).
    const shiftMs = requested.to.getTime() - requested.from.getTime();
    return {
      requested,
      around: selection.around,
      compare: {
        ...requested,
        from: new Date(requested.from.getTime() - shiftMs),
        to: new Date(requested.to.getTime() - shiftMs),
        shiftMs,
        label: l10n.t('before the deployment'),
      },
    };
  }
  const shiftMs = COMPARE_SHIFT_MS[selection.compare];
  if (shiftMs === 0) {
    return { requested };
  }
  return {
    requested,
    compare: {
      ...requested,
      from: new Date(requested.from.getTime() - shiftMs),
      to: new Date(requested.to.getTime() - shiftMs),
      shiftMs,
      label: selection.compare === 'day' ? l10n.t('1 day earlier') : l10n.t('1 week earlier'),
    },
  };
}

/**
 * From the first returned slice (which may start before `from`, docs/service.md#value-rules) to the last one's
 * end; when data lags the clock the span ends where the data does, not in blank minutes.
 */
export function shownRange(range: ResolvedRange, data: MetricData | undefined): ShownRange {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const metric of data?.metrics ?? []) {
    for (const slice of metric.timeslices) {
      const from = Date.parse(slice.from);
      const to = Date.parse(slice.to);
      if (Number.isFinite(from) && Number.isFinite(to)) {
        first = Math.min(first, from);
        last = Math.max(last, to);
      }
    }
  }
  if (!Number.isFinite(first)) {
    return { from: range.from, to: range.to };
  }
  const from = new Date(Math.min(first, range.from.getTime()));
  if (range.to.getTime() - last >= 60_000) {
    return { from, to: new Date(last), requestedTo: range.to };
  }
  return { from, to: new Date(Math.max(last, range.to.getTime())) };
}

export function withShown(range: PanelRange, data: MetricData | undefined): PanelRangeShown {
  return { ...range, shown: shownRange(range.requested, data) };
}
