// LTTB with each bucket's lowest and highest kept, since on a monitoring chart the outlier is the point; a
// null in a bucket takes LTTB's slot, so the line still breaks.
import type { ChartSpec, SeriesSpec } from './protocol';

export type Point = [number, number | null];

// Chart.js draws a decimated line at one point a pixel too; more would only add drawing time.
export const POINTS_PER_PIXEL = 1;
export const DEFAULT_PLOT_WIDTH = 1200;
/** Widths outside this range are clamped (a tiny plot still gets a readable line; 8K is plenty). */
const MIN_PLOT_WIDTH = 100;
const MAX_PLOT_WIDTH = 8000;

export function pointBudget(plotWidth: number | undefined): number {
  const width = plotWidth !== undefined && Number.isFinite(plotWidth) ? plotWidth : DEFAULT_PLOT_WIDTH;
  return Math.round(Math.min(MAX_PLOT_WIDTH, Math.max(MIN_PLOT_WIDTH, width)) * POINTS_PER_PIXEL);
}

/** Undefined when every point fits. (Budgets under 5 leave no room for a bucket and keep everything.) */
export function decimateIndices(points: readonly Point[], budget: number): number[] | undefined {
  const n = points.length;
  const buckets = Math.floor((budget - 2) / 3);
  if (n <= budget || buckets < 1) {
    return undefined;
  }
  const size = (n - 2) / buckets;
  const bucketStart = (b: number) => 1 + Math.floor(b * size);
  const keep: number[] = [0];
  // The last kept point with a value: the first corner of the next bucket's triangles.
  let anchor = points[0][1] === null ? -1 : 0;
  for (let b = 0; b < buckets; b++) {
    const start = bucketStart(b);
    const end = b === buckets - 1 ? n - 1 : bucketStart(b + 1);
    // The third corner: the average of the next bucket's values (the last point after the last bucket).
    const nextEnd = b === buckets - 1 ? n : Math.min(bucketStart(b + 2), n - 1);
    let avgX = 0;
    let avgY = 0;
    let count = 0;
    for (let j = end; j < nextEnd; j++) {
      const y = points[j][1];
      if (y !== null) {
        avgX += points[j][0];
        avgY += y;
        count++;
      }
    }
    avgX /= count || 1;
    avgY /= count || 1;
    let low = -1;
    let high = -1;
    let firstNull = -1;
    let picked = -1;
    let pickedArea = -1;
    const ax = anchor >= 0 ? points[anchor][0] : 0;
    const ay = anchor >= 0 ? (points[anchor][1] as number) : 0;
    let lowY = 0;
    let highY = 0;
    for (let j = start; j < end; j++) {
      const y = points[j][1];
      if (y === null) {
        if (firstNull < 0) {
          firstNull = j;
        }
        continue;
      }
      if (low < 0 || y < lowY) {
        low = j;
        lowY = y;
      }
      if (high < 0 || y > highY) {
        high = j;
        highY = y;
      }
      if (anchor >= 0 && count > 0) {
        const area = Math.abs((ax - avgX) * (y - ay) - (ax - points[j][0]) * (avgY - ay));
        if (area > pickedArea) {
          pickedArea = area;
          picked = j;
        }
      }
    }
    const third = firstNull >= 0 ? firstNull : picked;
    const a = Math.min(low, high);
    const c = Math.max(low, high);
    for (const i of sortThree(a, c, third)) {
      if (i >= 0 && i !== keep[keep.length - 1]) {
        keep.push(i);
      }
    }
    if (c >= 0) {
      anchor = Math.max(c, third >= 0 && points[third][1] !== null ? third : -1);
    }
  }
  keep.push(n - 1);
  return keep;
}

function sortThree(a: number, b: number, c: number): [number, number, number] {
  return c <= a ? [c, a, b] : c <= b ? [a, c, b] : [a, b, c];
}

function pick(points: Point[], indices: number[] | undefined): Point[] {
  return indices ? indices.map((i) => points[i]) : points;
}

export function decimatePoints(points: Point[], budget: number): Point[] {
  if (points.length <= budget) {
    return points;
  }
  return pick(points, decimateIndices(points, budget));
}

/** A stacked layer with no point where the layer below has one would float, so layers are decimated together. */
function decimateGroup(series: SeriesSpec[], budget: number): SeriesSpec[] {
  const first = series[0].points;
  const shared =
    series.length > 1 &&
    series.every((s) => s.points.length === first.length && s.points.every((p, i) => p[0] === first[i][0]));
  if (!shared) {
    return series.map((s) => (s.points.length <= budget ? s : { ...s, points: decimatePoints(s.points, budget) }));
  }
  if (first.length <= budget) {
    return series;
  }
  const totals = first.map((p, i): Point => {
    let total: number | null = null;
    for (const s of series) {
      const v = s.points[i][1];
      if (v !== null) {
        total = (total ?? 0) + v;
      }
    }
    return [p[0], total];
  });
  const indices = decimateIndices(totals, budget);
  return series.map((s) => ({ ...s, points: pick(s.points, indices) }));
}

export function chartsForView(
  charts: ChartSpec[],
  view: 'chart' | 'table',
  plotWidth: number | undefined,
): { charts: ChartSpec[]; decimated: boolean; budget?: number } {
  if (view === 'table') {
    return { charts, decimated: false };
  }
  const budget = pointBudget(plotWidth);
  const result = decimateCharts(charts, budget);
  return result.decimated ? { ...result, budget } : result;
}

export function decimateCharts(charts: ChartSpec[], budget: number): { charts: ChartSpec[]; decimated: boolean } {
  let decimated = false;
  const out = charts.map((chart) => {
    if (chart.series.every((s) => s.points.length <= budget)) {
      return chart;
    }
    decimated = true;
    // In a stacked chart the current layers stack together and the compare lines among themselves.
    const groups = chart.stacked
      ? [chart.series.filter((s) => !s.compare), chart.series.filter((s) => s.compare)]
      : chart.series.map((s) => [s]);
    const thinned = new Map<SeriesSpec, SeriesSpec>();
    for (const group of groups.filter((g) => g.length > 0)) {
      decimateGroup(group, budget).forEach((s, i) => thinned.set(group[i], s));
    }
    return { ...chart, series: chart.series.map((s) => thinned.get(s) ?? s) };
  });
  return { charts: out, decimated };
}
