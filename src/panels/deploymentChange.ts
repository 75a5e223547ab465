/**
 * The before/after change of a panel (issue 25): the response time in equal windows before and after
 * the newest deployment in the panel's range (3 h each at most, less when the range is shorter on
 * either side), as the header says it: "Response time +42 % since a1b2c3d (2 h ago)". The vendor's
 * IDE extension compares the 3 hours after the last deployment with the 3 before. Pure, no `vscode`.
 */
import * as l10n from '@vscode/l10n';

import { formatAge } from '../format/presentation';
import type { DeploymentMarker } from './deploymentMarkers';
import { AROUND_DEPLOYMENT_MS } from './panelDeployments';
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

export function deploymentChange(
  charts: readonly ChartSpec[],
  markers: readonly DeploymentMarker[],
  range: { from: Date; to: Date },
  now: number,
): DeploymentChange | undefined {
  const series = charts.find((c) => c.id === 'responseTime')?.series.find((s) => !s.compare);
  const from = range.from.getTime();
  const to = Math.min(range.to.getTime(), now);
  const marker = markers.find((m) => m.time > from && m.time < to);
  if (!series || !marker) {
    return undefined;
  }
  const w = Math.min(AROUND_DEPLOYMENT_MS, marker.time - from, to - marker.time);
  const before = w >= MIN_WINDOW_MS ? mean(series.points, marker.time - w, marker.time) : undefined;
  const after = w >= MIN_WINDOW_MS ? mean(series.points, marker.time, marker.time + w) : undefined;
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
