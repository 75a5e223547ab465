// Pure shaping of what the extension sends into what the panel draws: the checks the shallow `isToWebview` guard
// leaves to the drawing side. No DOM and no Chart.js, so unit tests run it in Node.
import * as l10n from '@vscode/l10n';

import type { AlertMarker } from '../../src/panels/alertMarker';
import type { DeploymentMarker } from '../../src/panels/deploymentMarkers';
import type { ErrorPanelData } from '../../src/panels/errorEntity';
import type { ChartSpec, SeriesSpec, SummaryItem, SummaryTable, ToWebview } from '../../src/panels/protocol';
import { readErrorPanelData } from './errorData';
import { readAlertMarkers, readMarkers } from './markerData';

export type DataMessage = Extract<ToWebview, { type: 'data' }>;
export type Point = [number, number | null];

export interface ViewData {
  summary: SummaryItem[];
  summaryNote?: string;
  charts: ChartSpec[];
  table?: SummaryTable;
  range: { from: number; to: number; period: number; requestedTo?: number };
  /** Seconds per point the service accepts for this range, ascending. */
  validPeriods: number[];
  fetchedAt?: number;
  /** The points were thinned for drawing: the table view waits for every slice. */
  decimated?: boolean;
  deployments?: DeploymentMarker[];
  alerts?: AlertMarker[];
  /** The application's deployments of the last 7 days: the "around a deployment" choices. */
  aroundChoices?: DeploymentMarker[];
  /** The error panel's stack, or the transaction panel's error classes (errorData.ts). */
  errors?: ErrorPanelData;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 1000): string | undefined => (typeof v === 'string' ? v.slice(0, max) : undefined);
const textList = (v: unknown, maxItems = 100): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string').slice(0, maxItems) : [];

/** Series colours must name a theme variable; anything else would be a way to inject CSS. */
const THEME_VARIABLE = /^--vscode-[A-Za-z0-9-]{1,80}$/;
export const FALLBACK_SERIES_COLOR = '--vscode-charts-foreground';

export function isThemeVariable(v: unknown): v is string {
  return typeof v === 'string' && THEME_VARIABLE.test(v);
}

/** Malformed points dropped, non-finite values become gaps, sorted with one point per time (Chart.js's `normalized`). */
export function normalizePoints(raw: unknown): Point[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  const out: Point[] = [];
  let ordered = true;
  let previous = -Infinity;
  for (const p of raw as unknown[]) {
    if (!Array.isArray(p) || typeof p[0] !== 'number' || !Number.isFinite(p[0])) {
      continue;
    }
    const y: unknown = p[1];
    const point: Point =
      p.length === 2 && (y === null || (typeof y === 'number' && Number.isFinite(y)))
        ? (p as Point)
        : [p[0], typeof y === 'number' && Number.isFinite(y) ? y : null];
    if (point[0] <= previous) {
      ordered = false;
    }
    previous = point[0];
    out.push(point);
  }
  if (ordered) {
    return out;
  }
  out.sort((a, b) => a[0] - b[0]);
  // Keep the last point sent for a repeated time.
  return out.filter((p, i) => i === out.length - 1 || out[i + 1][0] !== p[0]);
}

export function readSeries(raw: unknown, index: number): SeriesSpec | undefined {
  if (!isRec(raw)) {
    return undefined;
  }
  const series: SeriesSpec = {
    label: text(raw.label, 500) ?? l10n.t('Series {0}', index + 1),
    color: isThemeVariable(raw.color) ? raw.color : FALLBACK_SERIES_COLOR,
    points: normalizePoints(raw.points),
  };
  if (raw.compare === true) {
    series.compare = true;
  }
  if (raw.dotted === true) {
    series.dotted = true;
  }
  const description = text(raw.description, 1000);
  if (description) {
    series.description = description;
  }
  return series;
}

export function readChart(raw: Rec): ChartSpec {
  const series = Array.isArray(raw.series)
    ? raw.series
        .slice(0, 50)
        .map(readSeries)
        .filter((s): s is SeriesSpec => s !== undefined)
    : [];
  const chart: ChartSpec = {
    id: text(raw.id, 200) ?? '',
    title: text(raw.title, 500) ?? '',
    unit: text(raw.unit, 50) ?? '',
    series,
  };
  if (raw.stacked === true) {
    chart.stacked = true;
  }
  const error = text(raw.error);
  if (error) {
    chart.error = error;
  }
  const notFound = textList(raw.notFound);
  if (notFound.length > 0) {
    chart.notFound = notFound;
  }
  const missingValues = textList(raw.missingValues, 50);
  if (missingValues.length > 0) {
    chart.missingValues = missingValues;
  }
  const note = text(raw.note, 500);
  if (note) {
    chart.note = note;
  }
  return chart;
}

function readSummary(raw: unknown[]): SummaryItem[] {
  return raw.filter(isRec).flatMap((item) => {
    const label = text(item.label, 200);
    const value = text(item.value, 200);
    if (label === undefined || value === undefined) {
      return [];
    }
    const hint = text(item.hint, 500);
    return [hint ? { label, value, hint } : { label, value }];
  });
}

function readTable(raw: unknown): SummaryTable | undefined {
  if (!isRec(raw) || !Array.isArray(raw.columns) || !Array.isArray(raw.rows)) {
    return undefined;
  }
  const columns = textList(raw.columns, 50);
  const caption = text(raw.caption, 200);
  const rowHeader = text(raw.rowHeader, 100);
  const rows = raw.rows
    .filter(isRec)
    .slice(0, 500)
    .flatMap((row) => {
      const metric = text(row.metric, 500);
      if (metric === undefined || !Array.isArray(row.values)) {
        return [];
      }
      const values = columns.map((_, i) => {
        const v: unknown = (row.values as unknown[])[i];
        return typeof v === 'number' && Number.isFinite(v) ? v : null;
      });
      return [{ metric, values }];
    });
  const decimals = Array.isArray(raw.decimals)
    ? columns.map((_, i) => {
        const d: unknown = (raw.decimals as unknown[])[i];
        return typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 6 ? d : null;
      })
    : undefined;
  return {
    columns,
    rows,
    ...(caption ? { caption } : {}),
    ...(rowHeader ? { rowHeader } : {}),
    ...(decimals?.some((d) => d !== null) ? { decimals } : {}),
  };
}

export function readPeriods(raw: unknown[]): number[] {
  const periods = raw.filter(
    (p): p is number => typeof p === 'number' && Number.isSafeInteger(p) && p > 0 && p % 60 === 0,
  );
  return [...new Set(periods)].sort((a, b) => a - b);
}

export function readData(msg: DataMessage, now = Date.now()): ViewData {
  const charts = (msg.charts as unknown[]).filter(isRec).map(readChart);
  const range = msg.range as unknown as Rec;
  const to = typeof range.to === 'string' && !Number.isNaN(Date.parse(range.to)) ? Date.parse(range.to) : now;
  const from =
    typeof range.from === 'string' && !Number.isNaN(Date.parse(range.from)) ? Date.parse(range.from) : to - 30 * 60_000;
  const period = typeof range.period === 'number' && range.period > 0 ? range.period : 60;
  const requestedTo = typeof range.requestedTo === 'string' ? Date.parse(range.requestedTo) : NaN;
  const data: ViewData = {
    summary: readSummary(msg.summary),
    charts,
    range: {
      from: Math.min(from, to),
      to: Math.max(from, to),
      period,
      ...(requestedTo > Math.max(from, to) ? { requestedTo } : {}),
    },
    validPeriods: readPeriods(msg.validPeriods),
  };
  const note = text(msg.summaryNote);
  if (note) {
    data.summaryNote = note;
  }
  const table = readTable(msg.table);
  if (table) {
    data.table = table;
  }
  if (msg.decimated === true) {
    data.decimated = true;
  }
  const deployments = readMarkers(msg.deployments);
  if (deployments && deployments.length > 0) {
    data.deployments = deployments;
  }
  const aroundChoices = readMarkers(msg.aroundChoices);
  if (aroundChoices && aroundChoices.length > 0) {
    data.aroundChoices = aroundChoices;
  }
  const errors = readErrorPanelData(msg.errors);
  if (errors) {
    data.errors = errors;
  }
  const alerts = readAlertMarkers(msg.alerts);
  if (alerts && alerts.length > 0) {
    data.alerts = alerts;
  }
  const fetchedAt = Date.parse(msg.fetchedAt);
  if (!Number.isNaN(fetchedAt)) {
    data.fetchedAt = fetchedAt;
  }
  return data;
}

export interface DecimationOptions {
  enabled: boolean;
  algorithm: 'lttb';
  samples: number;
  threshold: number;
}

const MIN_SAMPLES = 100;

/**
 * About one point per CSS pixel, by LTTB (it keeps peaks). The extension already thins to the width it was told
 * (src/panels/decimate.ts); this catches a narrower chart or data from before a resize. The plugin's default
 * threshold (four points a pixel) would leave 3,000 points on an 800-pixel chart untouched.
 */
export function decimationFor(widthPx: number, enabled = true): DecimationOptions {
  const samples = Math.max(MIN_SAMPLES, Math.round(Number.isFinite(widthPx) ? widthPx : 0));
  return { enabled, algorithm: 'lttb', samples, threshold: samples };
}

/**
 * A dense line is drawn 1 px wide: the canvas strokes it as a hairline, several times faster than 1.5 px (most of a
 * 10 × 3,000-point panel's first frame), and a wider line of such short segments only merges into a band.
 */
export function lineWidth(points: number, widthPx: number, highContrast: boolean, dotted: boolean): number {
  const dense = widthPx > 0 && points * 2 > widthPx;
  const base = highContrast ? 2 : dense ? 1 : 1.5;
  return base + (dotted ? 1 : 0);
}

/**
 * Chart.js's decimation picks different times per series, and a stacked layer then sits on nothing; so a stacked
 * chart is decimated here once, by LTTB on the top of the stack. Undefined when nothing is dropped or times differ.
 */
export function stackedKeepIndices(series: readonly Point[][], samples: number): number[] | undefined {
  const first = series[0];
  if (!first || samples < 3 || first.length <= samples * 2) {
    return undefined;
  }
  const n = first.length;
  if (!series.every((s) => s.length === n && s.every((p, i) => p[0] === first[i][0]))) {
    return undefined;
  }
  const xs = first.map((p) => p[0]);
  const totals = xs.map((_, i) => series.reduce((sum, s) => sum + (s[i][1] ?? 0), 0));
  return lttbIndices(xs, totals, samples);
}

/** Largest-triangle-three-buckets over (xs, ys): the indices of `samples` points, first and last included. */
export function lttbIndices(xs: readonly number[], ys: readonly number[], samples: number): number[] {
  const n = xs.length;
  if (samples >= n || samples < 3) {
    return xs.map((_, i) => i);
  }
  const keep = [0];
  const bucket = (n - 2) / (samples - 2);
  let a = 0;
  for (let i = 0; i < samples - 2; i++) {
    // The average of the next bucket is the third corner of each candidate's triangle.
    const nextStart = Math.floor((i + 1) * bucket) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * bucket) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += xs[j];
      avgY += ys[j];
    }
    const count = Math.max(1, nextEnd - nextStart);
    avgX /= count;
    avgY /= count;
    const start = Math.floor(i * bucket) + 1;
    const end = Math.min(Math.floor((i + 1) * bucket) + 1, n - 1);
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      const area = Math.abs((xs[a] - avgX) * (ys[j] - ys[a]) - (xs[a] - xs[j]) * (avgY - ys[a]));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    keep.push(best);
    a = best;
  }
  keep.push(n - 1);
  return keep;
}

/** One row of a chart's table: a time and each series' value then (undefined: no point at that time). */
export interface TableRow {
  time: number;
  values: Array<number | null | undefined>;
}

export function tableRows(series: readonly SeriesSpec[]): TableRow[] {
  const lookups = series.map((s) => new Map(s.points.map((p) => [p[0], p[1]])));
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
  return times.map((time) => ({ time, values: lookups.map((m) => m.get(time)) }));
}
