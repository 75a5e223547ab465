// REST metric values from NRQL components, as the service's REST → NRQL table defines them (docs/service.md#metric-values).
import type { MetricScope } from '../types';

/** Per bucket and metric: count, sum (total), sum of totalExclusive, min and max; times in seconds. */
export interface Components {
  c: number;
  t: number;
  x: number;
  mn: number | null;
  mx: number | null;
}

export type ValueKind = 'apdex' | 'endUserApdex' | 'dispatcher' | 'endUser' | 'errors' | 'cpu' | 'memory' | 'timed';

export function valueKind(name: string): ValueKind {
  if (name === 'EndUser/Apdex') {
    return 'endUserApdex';
  }
  if (name === 'Apdex' || name.startsWith('Apdex/')) {
    return 'apdex';
  }
  if (name === 'HttpDispatcher') {
    return 'dispatcher';
  }
  if (name === 'EndUser') {
    return 'endUser';
  }
  if (name === 'Errors/all' || name.startsWith('Errors/')) {
    return 'errors';
  }
  if (name === 'CPU/User Time') {
    return 'cpu';
  }
  return name === 'Memory/Physical' ? 'memory' : 'timed';
}

const TIMED = [
  'average_response_time',
  'calls_per_minute',
  'call_count',
  'min_response_time',
  'max_response_time',
  'average_exclusive_time',
  'average_value',
  'total_call_time_per_minute',
  'requests_per_minute',
];

/** The value names REST offers for this metric (standard_deviation needs sumOfSquares: not fetched). */
export function valueNamesFor(name: string, scope: MetricScope['kind']): string[] {
  switch (valueKind(name)) {
    case 'apdex':
      return ['score', 's', 't', 'f', 'count', 'value', 'threshold', 'threshold_min'];
    case 'endUserApdex':
      return ['score', 's', 't', 'f', 'count'];
    case 'dispatcher':
      return ['average_response_time', 'average_call_time', 'call_count', 'requests_per_minute'];
    case 'endUser':
      return ['call_count', 'average_response_time'];
    case 'errors':
      return ['error_count', 'errors_per_minute'];
    case 'cpu':
      return ['percent'];
    case 'memory':
      return [scope === 'application' ? 'total_used_mb' : 'used_mb_by_host'];
    case 'timed':
      return TIMED;
  }
}

export function restValues(
  name: string,
  scope: MetricScope['kind'],
  k: Components,
  minutes: number,
): Record<string, number> {
  const avgMs = k.c > 0 ? (1000 * k.t) / k.c : 0;
  switch (valueKind(name)) {
    case 'apdex':
    case 'endUserApdex': {
      // s = count, t = sum, f = sum of totalExclusive (the docs' REST → NRQL table).
      const count = k.c + k.t + k.x;
      const score = count > 0 ? (k.c + k.t / 2) / count : 0;
      const out: Record<string, number> = { score, s: k.c, t: k.t, f: k.x, count };
      if (valueKind(name) === 'apdex') {
        Object.assign(out, { value: score, threshold: k.mx ?? 0, threshold_min: k.mn ?? 0 });
      }
      return out;
    }
    case 'dispatcher':
      return {
        average_response_time: avgMs,
        average_call_time: avgMs,
        call_count: k.c,
        requests_per_minute: k.c / minutes,
      };
    case 'endUser':
      return { call_count: k.c, average_response_time: avgMs };
    case 'errors':
      return { error_count: k.c, errors_per_minute: k.c / minutes };
    case 'cpu':
      // 100 · sum / window seconds, the window being the bucket (the docs' REST → NRQL row for CPU/User Time).
      return { percent: (100 * k.t) / (minutes * 60) };
    case 'memory':
      return scope === 'application'
        ? { total_used_mb: k.t / minutes } // the hosts' values summed per minute (open point totalUsedMb)
        : { used_mb_by_host: k.c > 0 ? k.t / k.c : 0 };
    case 'timed':
      return {
        average_response_time: avgMs,
        calls_per_minute: k.c / minutes,
        call_count: k.c,
        min_response_time: k.c > 0 && k.mn !== null ? k.mn * 1000 : 0,
        max_response_time: k.c > 0 && k.mx !== null ? k.mx * 1000 : 0,
        average_exclusive_time: k.c > 0 ? (1000 * k.x) / k.c : 0,
        average_value: k.c > 0 ? k.t / k.c : 0,
        total_call_time_per_minute: (1000 * k.t) / minutes,
        requests_per_minute: k.c / minutes,
      };
  }
}

/** The SELECT list that fetches the components, every aggregate aliased (docs/service.md#nrql-results). */
export const COMPONENTS_SELECT =
  "count(newrelic.timeslice.value) AS c, sum(newrelic.timeslice.value) AS t, sum(newrelic.timeslice.value['totalExclusive']) AS x, min(newrelic.timeslice.value) AS mn, max(newrelic.timeslice.value) AS mx";

export function componentsOf(row: Record<string, unknown>): Components {
  const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    c: numberOrNull(row.c) ?? 0,
    t: numberOrNull(row.t) ?? 0,
    x: numberOrNull(row.x) ?? 0,
    mn: numberOrNull(row.mn),
    mx: numberOrNull(row.mx),
  };
}

/** An NRQL string literal: the NRQL itself travels as a GraphQL variable, but its literals still need quoting. */
export function nrqlString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
