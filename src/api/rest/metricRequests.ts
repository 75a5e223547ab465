/**
 * The service applies `values[]` by the first found metric: a later one lacking a column answers `{}`
 * (docs/service.md#value-rules). So metrics are asked together only for values all of them have.
 */
import type { TimesliceApi } from '../timesliceApi';
import type { MetricData, MetricDataQuery, MetricScope, RequestOptions } from '../types';

export interface MetricWant {
  name: string;
  values: readonly string[];
}

/** One metric-data request: `values` undefined asks for every value of the named metrics. */
export interface MetricRequest {
  names: string[];
  values?: string[];
}

export interface MetricRequestPlan {
  requests: MetricRequest[];
  /** Metrics whose listing has none of the wanted values: not asked, and said so beside the chart. */
  lacking: MetricWant[];
}

/** Unlisted metrics share one request without `values[]` (one alone is asked for its wanted values). */
export function planMetricRequests(
  wants: readonly MetricWant[],
  listed: ReadonlyMap<string, readonly string[]> = new Map(),
): MetricRequestPlan {
  const groups = new Map<string, MetricRequest>();
  const allValues: string[] = [];
  const lacking: MetricWant[] = [];
  const seen = new Set<string>();
  for (const want of wants) {
    if (seen.has(want.name)) {
      continue;
    }
    seen.add(want.name);
    const has = listed.get(want.name);
    if (!has) {
      allValues.push(want.name);
      continue;
    }
    const columns = [...new Set(want.values)].filter((v) => has.includes(v));
    if (columns.length === 0) {
      lacking.push(want);
      continue;
    }
    const key = [...columns].sort().join('\u0000');
    const group = groups.get(key);
    if (group) {
      group.names.push(want.name);
    } else {
      groups.set(key, { names: [want.name], values: columns });
    }
  }
  const requests = [...groups.values()];
  if (allValues.length === 1) {
    // Alone in its request it is the first metric, which decides the columns: its own values are safe.
    requests.push({ names: allValues, values: [...new Set(wants.find((w) => w.name === allValues[0])!.values)] });
  } else if (allValues.length > 1) {
    requests.push({ names: allValues });
  }
  return { requests, lacking };
}

export function mergeMetricData(parts: readonly MetricData[]): MetricData {
  if (parts.length === 1) {
    return parts[0];
  }
  const found = new Set<string>();
  const notFound = new Set<string>();
  for (const p of parts) {
    p.metricsFound.forEach((n) => found.add(n));
    p.metricsNotFound.forEach((n) => notFound.add(n));
  }
  return {
    from: parts[0]?.from ?? '',
    to: parts[0]?.to ?? '',
    metricsFound: [...found],
    metricsNotFound: [...notFound].filter((n) => !found.has(n)),
    metrics: parts.flatMap((p) => p.metrics),
  };
}

/** Runs the plan's requests in parallel over the same range and summarize setting (docs/service.md#response-time-breakdown). */
export async function fetchPlanned(
  api: Pick<TimesliceApi, 'getMetricData'>,
  scope: MetricScope,
  plan: MetricRequestPlan,
  query: Omit<MetricDataQuery, 'names' | 'values'>,
  options?: RequestOptions,
): Promise<MetricData> {
  const parts = await Promise.all(
    plan.requests.map((r) => api.getMetricData(scope, { ...query, names: r.names, values: r.values }, options)),
  );
  return mergeMetricData(parts);
}

/** Every wanted value that no slice of a metric has (a found metric answered `{}`, or its listing lacks it). */
export function missingValues(
  data: MetricData,
  wants: readonly MetricWant[],
  lacking: readonly MetricWant[] = [],
): Array<{ metric: string; value: string }> {
  const out: Array<{ metric: string; value: string }> = [];
  for (const want of wants) {
    const metric = data.metrics.find((m) => m.name === want.name);
    if (!metric && !lacking.some((l) => l.name === want.name)) {
      continue; // Not found at all: reported as such elsewhere.
    }
    for (const value of want.values) {
      if (!metric || !metric.timeslices.some((s) => typeof s.values[value] === 'number')) {
        out.push({ metric: want.name, value });
      }
    }
  }
  return out;
}
