// A past window's figures from the dashboard's own data for it, not the service's rolling average (src/api/metrics.ts).
import { APPLICATION_ERROR_RATE } from '../api/metrics';
import type { ApplicationSummary, MetricData } from '../api/types';
import type { ResolvedRange } from './panelRange';
import { LIVE_WINDOW_SLACK_MS } from './protocol';

/** The service's default Apdex T (seconds), for a record that gives none. */
export const DEFAULT_APDEX_T = 0.5;

export function isPastWindow(range: Pick<ResolvedRange, 'to'>, now: number): boolean {
  return range.to.getTime() < now - LIVE_WINDOW_SLACK_MS;
}

function sum(data: MetricData, metric: string, value: string): number {
  const found = data.metrics.find((m) => m.name === metric);
  return (found?.timeslices ?? []).reduce((total, s) => total + (s.values[value] ?? 0), 0);
}

export function windowSummary(
  data: MetricData,
  range: Pick<ResolvedRange, 'from' | 'to'>,
  apdexTarget: number,
): ApplicationSummary | undefined {
  const web = data.metrics.find((m) => m.name === 'HttpDispatcher');
  const calls = sum(data, 'HttpDispatcher', 'call_count');
  if (!web || calls === 0) {
    return undefined;
  }
  const timeMs = web.timeslices.reduce(
    (total, s) => total + (s.values.average_response_time ?? 0) * (s.values.call_count ?? 0),
    0,
  );
  const allCalls = APPLICATION_ERROR_RATE.calls.reduce((total, name) => total + sum(data, name, 'call_count'), 0);
  const [s, t, f] = ['s', 't', 'f'].map((v) => sum(data, 'Apdex', v));
  // The minutes the slices cover (the first may start before the range), else the range's.
  const covered = web.timeslices.reduce((total, sl) => total + (Date.parse(sl.to) - Date.parse(sl.from)), 0);
  const minutes = Math.max(1, (covered > 0 ? covered : range.to.getTime() - range.from.getTime()) / 60_000);
  return {
    responseTime: timeMs / calls,
    throughput: calls / minutes,
    errorRate: allCalls > 0 ? sum(data, APPLICATION_ERROR_RATE.errors, 'error_count') / allCalls : 0,
    apdexTarget,
    apdexScore: s + t + f > 0 ? (s + t / 2) / (s + t + f) : 0,
  };
}
