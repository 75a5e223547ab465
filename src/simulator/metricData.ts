/**
 * The metric names and metric data endpoints: parameter checks as the service does them (422 with an
 * error title), the granularity table, period alignment, `summarize`, `metrics_not_found`, and
 * `values: {}` for value names a metric lacks.
 */
import { defaultPeriodSeconds, formatApiTime, MAX_POINTS_PER_METRIC, MIN_RANGE_SECONDS } from '../api/timeRange';
import type { MetricDef, SimScope } from './series';
import { metricCatalog, sliceValues, valueNames } from './series';

export class ParameterError extends Error {}

/** The names listing of a scope, filtered by `name` (a simple, case-sensitive character match). */
export function metricNameRecords(scope: SimScope, nameFilter: string | null): Array<Record<string, unknown>> {
  return metricCatalog(scope.app)
    .filter((d) => !nameFilter || d.name.includes(nameFilter))
    .map((d) => ({ name: d.name, values: valueNames(d, scope.kind) }));
}

function parseTime(raw: string | null, what: string): Date | undefined {
  if (raw === null) {
    return undefined;
  }
  // Date.parse accepts more than ISO 8601; insist on the shape the service documents.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(raw)) {
    throw new ParameterError(`Invalid parameter '${what}': expected an ISO 8601 time`);
  }
  const t = Date.parse(raw);
  if (Number.isNaN(t)) {
    throw new ParameterError(`Invalid parameter '${what}': expected an ISO 8601 time`);
  }
  return new Date(t);
}

export function metricDataBody(seed: number, scope: SimScope, params: URLSearchParams, now: Date): Record<string, unknown> {
  const names = [...params.getAll('names[]'), ...params.getAll('names')];
  if (names.length === 0) {
    throw new ParameterError("Parameter 'names' is required");
  }
  const wanted = [...params.getAll('values[]'), ...params.getAll('values')];
  let from = parseTime(params.get('from'), 'from');
  let to = parseTime(params.get('to'), 'to');
  if (!from && !to) {
    to = now;
    from = new Date(now.getTime() - 30 * 60_000);
  } else if (!from || !to) {
    from = from ?? new Date(to!.getTime() - 30 * 60_000);
    to = to ?? now;
  }
  const rangeSeconds = (to.getTime() - from.getTime()) / 1000;
  if (rangeSeconds < MIN_RANGE_SECONDS) {
    throw new ParameterError(`Invalid time range: 'to' must be at least ${MIN_RANGE_SECONDS} seconds after 'from'`);
  }
  const base = defaultPeriodSeconds(rangeSeconds);
  let period = base;
  const rawPeriod = params.get('period');
  if (rawPeriod !== null) {
    const p = Number(rawPeriod);
    if (!Number.isInteger(p) || p <= 0 || p % 60 !== 0) {
      throw new ParameterError("Invalid parameter 'period': a whole number of minutes in seconds is expected");
    }
    period = Math.max(p, base); // Never finer than the default for the range (api-notes).
  }
  const summarize = params.get('summarize') === 'true';
  const fromMinute = Math.floor(from.getTime() / 60_000);
  const toMinute = Math.floor(to.getTime() / 60_000);
  const periodMinutes = period / 60;
  const firstSlice = Math.floor(fromMinute / periodMinutes) * periodMinutes;
  if (!summarize && (toMinute - firstSlice) / periodMinutes > MAX_POINTS_PER_METRIC) {
    throw new ParameterError(`Too many timeslices requested: choose a period of at least ${Math.ceil(((toMinute - firstSlice) * 60) / MAX_POINTS_PER_METRIC / 60) * 60} seconds`);
  }

  const catalog = new Map(metricCatalog(scope.app).map((d) => [d.name, d]));
  const found: MetricDef[] = [];
  const notFound: string[] = [];
  for (const name of names) {
    const def = catalog.get(name);
    if (def && !found.includes(def)) {
      found.push(def);
    } else if (!def && !notFound.includes(name)) {
      notFound.push(name);
    }
  }

  // Slices: [start, end) in minutes, aligned to whole periods; the first may start before `from`.
  const slices: Array<[number, number]> = [];
  if (summarize) {
    slices.push([fromMinute, Math.max(fromMinute + 1, toMinute)]);
  } else {
    for (let start = firstSlice; start < Math.max(toMinute, firstSlice + 1); start += periodMinutes) {
      slices.push([start, start + periodMinutes]);
    }
  }
  const perSlice = slices.map(([a, b]) => sliceValues(seed, scope, found, a, b));
  const metrics = found.map((def, i) => ({
    name: def.name,
    timeslices: slices.map(([a, b], s) => ({
      from: formatApiTime(new Date(a * 60_000)),
      // A summarized slice ends at :59 of its last minute, as the service's does.
      to: formatApiTime(new Date(b * 60_000 - (summarize ? 1000 : 0))),
      values: pick(perSlice[s][i], wanted),
    })),
  }));
  return {
    metric_data: {
      from: formatApiTime(new Date(Math.floor(from.getTime() / 1000) * 1000)),
      to: formatApiTime(new Date(Math.floor(to.getTime() / 1000) * 1000)),
      metrics_not_found: notFound,
      metrics_found: found.map((d) => d.name),
      metrics,
    },
  };
}

/** Only the asked-for values a metric has: `{}` when it has none of them. */
function pick(values: Record<string, number>, wanted: string[]): Record<string, number> {
  if (wanted.length === 0) {
    return values;
  }
  const out: Record<string, number> = {};
  for (const w of wanted) {
    if (w in values) {
      out[w] = values[w];
    }
  }
  return out;
}
