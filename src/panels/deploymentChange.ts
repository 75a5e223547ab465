// The vendor's IDE extension compares the 3 hours after the last deployment with the 3 before.
import * as l10n from '@vscode/l10n';

import { formatAge, formatApdex, formatErrorRate } from '../format/presentation';
import { AROUND_DEPLOYMENT_MS } from './aroundDeployment';
import type { DeploymentMarker } from './deploymentMarkers';
import type { PanelRange } from './panelRange';
import type { ChartSpec, SeriesSpec } from './protocol';

const MIN_WINDOW_MS = 10 * 60_000;

/** Response time: a steady application's 3 h averages stay within a tenth of each other. */
export const RESPONSE_TIME_THRESHOLD = 0.1;
/** Throughput: traffic follows the time of day, so 3 h windows of an ordinary day differ by up to a half. */
export const THROUGHPUT_THRESHOLD = 0.5;
/** Error rate, in percentage points: a relative change of a rate near zero is noise (0.1 % → 0.2 % is "+100 %"). */
export const ERROR_RATE_THRESHOLD_POINTS = 0.5;
/** Apdex, in score points: the score has two decimals and moves by a few hundredths from hour to hour. */
export const APDEX_THRESHOLD = 0.05;

type FigureId = 'responseTime' | 'throughput' | 'errorRate' | 'apdex';

export interface FigureChange {
  id: FigureId;
  before: number;
  after: number;
  size: number;
  text: string;
}

export interface DeploymentChange {
  marker: DeploymentMarker;
  figures: FigureChange[];
  text: string;
}

interface Figure {
  id: FigureId;
  size: (before: number, after: number) => number;
  describe: (before: number, after: number) => string;
  perCall: boolean;
}

function signedPercent(before: number, after: number): string {
  const percent = Math.round((after / before - 1) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)} %`;
}

const relative = (threshold: number) => (before: number, after: number) =>
  before > 0 ? Math.abs(after / before - 1) / threshold : 0;

const FIGURES: readonly Figure[] = [
  {
    id: 'responseTime',
    perCall: true,
    size: relative(RESPONSE_TIME_THRESHOLD),
    describe: (b, a) => l10n.t('Response time {0}', signedPercent(b, a)),
  },
  {
    id: 'throughput',
    perCall: false,
    size: relative(THROUGHPUT_THRESHOLD),
    describe: (b, a) => l10n.t('Throughput {0}', signedPercent(b, a)),
  },
  {
    id: 'errorRate',
    perCall: true,
    size: (b, a) => Math.abs(a - b) / ERROR_RATE_THRESHOLD_POINTS,
    // The chart's unit is %; formatErrorRate reads a fraction.
    describe: (b, a) => l10n.t('Error rate {0} → {1}', formatErrorRate(b / 100), formatErrorRate(a / 100)),
  },
  {
    id: 'apdex',
    perCall: true,
    size: (b, a) => Math.abs(a - b) / APDEX_THRESHOLD,
    describe: (b, a) => l10n.t('Apdex {0} → {1}', formatApdex(b), formatApdex(a)),
  },
];

type Points = SeriesSpec['points'];

/** Weighted by calls, so a 3-call minute counts 3 and a 10,000-call minute 10,000. */
export function weightedMean(points: Points, from: number, to: number, weights?: Points): number | undefined {
  const weightAt = weights ? new Map(weights) : undefined;
  let sum = 0;
  let total = 0;
  for (const [t, v] of points) {
    const w = weightAt ? weightAt.get(t) : 1;
    if (t < from || t >= to || v === null || w === null || w === undefined) {
      continue;
    }
    sum += v * w;
    total += w;
  }
  return total > 0 ? sum / total : undefined;
}

function seriesOf(charts: readonly ChartSpec[], id: string, compare: boolean): Points | undefined {
  return charts.find((c) => c.id === id)?.series.find((s) => !s.compare === !compare)?.points;
}

interface Windows {
  marker: DeploymentMarker;
  before: (id: string) => Points | undefined;
  after: (id: string) => Points | undefined;
  beforeFrom: number;
  beforeTo: number;
  afterFrom: number;
  afterTo: number;
}

function windowsOf(
  charts: readonly ChartSpec[],
  markers: readonly DeploymentMarker[],
  range: Pick<PanelRange, 'requested' | 'around'>,
  now: number,
): Windows | undefined {
  const from = range.requested.from.getTime();
  const to = Math.min(range.requested.to.getTime(), now);
  const requested = (id: string) => seriesOf(charts, id, false);
  if (range.around !== undefined) {
    // The range is the after-window and the overlay the before-window, already shifted onto it.
    const marker = markers.find((m) => m.time === range.around);
    if (!marker || to - from < MIN_WINDOW_MS) {
      return undefined;
    }
    const overlay = (id: string) => seriesOf(charts, id, true);
    return { marker, before: overlay, after: requested, beforeFrom: from, beforeTo: to, afterFrom: from, afterTo: to };
  }
  const marker = markers.find((m) => m.time > from && m.time < to);
  if (!marker) {
    return undefined;
  }
  const w = Math.min(AROUND_DEPLOYMENT_MS, marker.time - from, to - marker.time);
  if (w < MIN_WINDOW_MS) {
    return undefined;
  }
  return {
    marker,
    before: requested,
    after: requested,
    beforeFrom: marker.time - w,
    beforeTo: marker.time,
    afterFrom: marker.time,
    afterTo: marker.time + w,
  };
}

export function deploymentChange(
  charts: readonly ChartSpec[],
  markers: readonly DeploymentMarker[],
  range: Pick<PanelRange, 'requested' | 'around'>,
  now: number,
): DeploymentChange | undefined {
  const windows = windowsOf(charts, markers, range, now);
  if (!windows) {
    return undefined;
  }
  const measured: FigureChange[] = [];
  for (const figure of FIGURES) {
    const weights = (side: 'before' | 'after') => (figure.perCall ? windows[side]('throughput') : undefined);
    const [beforePoints, afterPoints] = [windows.before(figure.id), windows.after(figure.id)];
    if (!beforePoints || !afterPoints) {
      continue;
    }
    const before = weightedMean(beforePoints, windows.beforeFrom, windows.beforeTo, weights('before'));
    const after = weightedMean(afterPoints, windows.afterFrom, windows.afterTo, weights('after'));
    if (before === undefined || after === undefined || (figure.id === 'responseTime' && before <= 0)) {
      continue;
    }
    const size = figure.size(before, after);
    measured.push({ id: figure.id, before, after, size, text: figure.describe(before, after) });
  }
  const moved = measured.filter((f) => f.size > 1).sort((a, b) => b.size - a.size);
  const responseTime = measured.find((f) => f.id === 'responseTime');
  const figures = moved.length > 0 ? moved : responseTime ? [responseTime] : [];
  if (figures.length === 0) {
    return undefined;
  }
  const { marker } = windows;
  return {
    marker,
    figures,
    text: l10n.t(
      '{0} since {1} ({2})',
      figures.map((f) => f.text).join(', '),
      marker.short,
      formatAge(now - marker.time),
    ),
  };
}
