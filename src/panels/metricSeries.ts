import type { MetricData } from '../api/types';
import type { SeriesSpec } from './protocol';

export type Points = Array<[number, number | null]>;

export function seriesPoints(
  data: MetricData,
  metric: string,
  value: string,
  transform: (v: number) => number = (v) => v,
): Points {
  const found = data.metrics.find((m) => m.name === metric);
  if (!found) {
    return [];
  }
  return found.timeslices.map((slice): [number, number | null] => {
    const v = slice.values[value];
    return [Date.parse(slice.from), typeof v === 'number' ? transform(v) : null];
  });
}

/** `alsoB` absent from the answer counts 0 (an application without background jobs has no `OtherTransaction/all`). */
export function ratioPoints(
  data: MetricData,
  a: [string, string],
  b: [string, string],
  scale = 1,
  absentAIsZero = false,
  alsoB: ReadonlyArray<[string, string]> = [],
): Points {
  const numerator = new Map(seriesPoints(data, a[0], a[1]));
  const aAbsent = absentAIsZero && !data.metrics.some((m) => m.name === a[0]);
  const more = alsoB.map((m) => new Map(seriesPoints(data, m[0], m[1])));
  return seriesPoints(data, b[0], b[1]).map(([t, first]) => {
    const n = aAbsent ? 0 : numerator.get(t);
    const parts = [first, ...more.filter((m) => m.size > 0).map((m) => m.get(t) ?? null)];
    const d = parts.some((p) => p === null) ? null : parts.reduce<number>((sum, p) => sum + p!, 0);
    return [t, n === undefined || n === null || d === null ? null : d === 0 ? 0 : (n / d) * scale];
  });
}

export function asCompare(series: SeriesSpec, shiftMs: number, label: string): SeriesSpec {
  return {
    ...series,
    label: `${series.label} (${label})`,
    compare: true,
    points: series.points.map(([t, v]) => [t + shiftMs, v]),
  };
}
