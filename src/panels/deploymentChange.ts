/**
 * The before/after change of a panel (issue 25): the response time in equal windows before and after a
 * deployment, as the header says it: "Response time +42 % since a1b2c3d (2 h ago)". Around a deployment
 * (aroundDeployment.ts) the windows are the range and its overlay; otherwise they are taken from the
 * panel's own series around the newest deployment in its range (3 h each at most, less when the range
 * is shorter on either side). The status bar's tooltip says it with the same words (`changeText`).
 * The vendor's IDE extension compares the 3 hours after the last deployment with the 3 before. Pure.
 */
import * as l10n from '@vscode/l10n';

import { formatAge } from '../format/presentation';
import { AROUND_DEPLOYMENT_MS } from './aroundDeployment';
import type { DeploymentMarker } from './deploymentMarkers';
import type { PanelRange } from './panelRange';
import type { ChartSpec } from './protocol';

/** Shorter windows than this say nothing: no change is shown. */
const MIN_WINDOW_MS = 10 * 60_000;

export interface DeploymentChange {
  marker: DeploymentMarker;
  /** Whole percent, after against before. */
  percent: number;
  text: string;
}

function mean(points: Array<[number, number | null]>, from: number, to: number): number | undefined {
  const values = points.filter(([t, v]) => t >= from && t < to && v !== null).map(([, v]) => v!);
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

/** The one presenter of a change: the panel's header and the status bar's tooltip. */
function changeOf(
  marker: DeploymentMarker,
  before: number | undefined,
  after: number | undefined,
  now: number,
): DeploymentChange | undefined {
  if (before === undefined || after === undefined || before <= 0) {
    return undefined;
  }
  const percent = Math.round((after / before - 1) * 100);
  const signed = `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)} %`;
  return {
    marker,
    percent,
    text: l10n.t('Response time {0} since {1} ({2})', signed, marker.short, formatAge(now - marker.time)),
  };
}

export function deploymentChange(
  charts: readonly ChartSpec[],
  markers: readonly DeploymentMarker[],
  range: Pick<PanelRange, 'requested' | 'around'>,
  now: number,
): DeploymentChange | undefined {
  const responseTime = charts.find((c) => c.id === 'responseTime')?.series;
  const series = responseTime?.find((s) => !s.compare);
  const from = range.requested.from.getTime();
  const to = Math.min(range.requested.to.getTime(), now);
  if (!series) {
    return undefined;
  }
  if (range.around !== undefined) {
    // The range is the after-window and the overlay the before-window, already shifted onto it.
    const marker = markers.find((m) => m.time === range.around);
    const before = responseTime?.find((s) => s.compare);
    if (!marker || !before || to - from < MIN_WINDOW_MS) {
      return undefined;
    }
    return changeOf(marker, mean(before.points, from, to), mean(series.points, from, to), now);
  }
  const marker = markers.find((m) => m.time > from && m.time < to);
  if (!marker) {
    return undefined;
  }
  const w = Math.min(AROUND_DEPLOYMENT_MS, marker.time - from, to - marker.time);
  if (w < MIN_WINDOW_MS) {
    return undefined;
  }
  return changeOf(
    marker,
    mean(series.points, marker.time - w, marker.time),
    mean(series.points, marker.time, marker.time + w),
    now,
  );
}
