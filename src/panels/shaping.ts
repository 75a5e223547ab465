/**
 * Pure data shaping for panels (no `vscode`): ranges from a selection, metric data to chart series,
 * the compare overlay, and CSV/JSON export of what is shown.
 */
import { defaultPeriodSeconds, validPeriods, wholeMinute } from '../api/timeRange';
import type { MetricData } from '../api/types';
import type { ChartSpec, RangeSelection, SeriesSpec } from './protocol';
import { PRESET_MINUTES } from './protocol';

export interface ResolvedRange {
  from: Date;
  to: Date;
  period: number;
  validPeriods: number[];
}

const COMPARE_SHIFT_MS = { none: 0, day: 86_400_000, week: 7 * 86_400_000 } as const;

/** The concrete range of a selection at `now`; the period falls back to the default when not valid. */
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

/** What the returned slices cover; `requestedTo` is set when the data ends a minute or more early. */
export interface ShownRange {
  from: Date;
  to: Date;
  requestedTo?: Date;
}

/**
 * The span the axis, header and table describe: from the first returned slice (which may start
 * before the requested `from`, api-notes) to the last one's end. Returned data is never clipped, and
 * when the service's data lags the clock the span ends where the data ends, not in blank minutes.
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

/** The same range one day or week earlier. */
export function compareRange(range: ResolvedRange, compare: RangeSelection['compare']): ResolvedRange | undefined {
  const shift = COMPARE_SHIFT_MS[compare];
  return shift === 0
    ? undefined
    : { ...range, from: new Date(range.from.getTime() - shift), to: new Date(range.to.getTime() - shift) };
}

export function compareShiftMs(compare: RangeSelection['compare']): number {
  return COMPARE_SHIFT_MS[compare];
}

/** [time, value] points of one value of one metric; missing values are gaps (null). */
export function seriesPoints(
  data: MetricData,
  metric: string,
  value: string,
  transform: (v: number) => number = (v) => v,
): Array<[number, number | null]> {
  const found = data.metrics.find((m) => m.name === metric);
  if (!found) {
    return [];
  }
  return found.timeslices.map((slice): [number, number | null] => {
    const v = slice.values[value];
    return [Date.parse(slice.from), typeof v === 'number' ? transform(v) : null];
  });
}

/** Points computed from two metrics' values per slice (e.g. errors ÷ calls). */
export function ratioPoints(
  data: MetricData,
  a: [string, string],
  b: [string, string],
  scale = 1,
): Array<[number, number | null]> {
  const numerator = new Map(seriesPoints(data, a[0], a[1]));
  return seriesPoints(data, b[0], b[1]).map(([t, d]) => {
    const n = numerator.get(t);
    return [t, n === undefined || n === null || d === null ? null : d === 0 ? 0 : (n / d) * scale];
  });
}

/** Moves a compare series forward onto the current range and marks it dashed. */
export function asCompare(series: SeriesSpec, shiftMs: number, label: string): SeriesSpec {
  return {
    ...series,
    label: `${series.label} (${label})`,
    compare: true,
    points: series.points.map(([t, v]) => [t + shiftMs, v]),
  };
}

function csvCell(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  const text = String(value);
  // Quote what needs it, and keep spreadsheet formulas from running (a leading = + - @).
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row per point: time (ISO UTC), chart, series, value, unit. */
export function chartsToCsv(charts: ChartSpec[]): string {
  const lines = ['time,chart,series,value,unit'];
  for (const chart of charts) {
    for (const series of chart.series) {
      for (const [t, v] of series.points) {
        lines.push([new Date(t).toISOString(), chart.title, series.label, v, chart.unit].map(csvCell).join(','));
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

export function chartsToJson(charts: ChartSpec[], meta: Record<string, unknown>): string {
  return `${JSON.stringify(
    {
      ...meta,
      charts: charts.map((c) => ({
        title: c.title,
        unit: c.unit,
        series: c.series.map((s) => ({
          label: s.label,
          compare: s.compare ?? false,
          points: s.points.map(([t, v]) => ({ time: new Date(t).toISOString(), value: v })),
        })),
      })),
    },
    null,
    2,
  )}\n`;
}
