// The metric names and data endpoints, checking parameters as the service does (docs/service.md#value-rules).
import { defaultPeriodSeconds, formatApiTime, MAX_POINTS_PER_METRIC, MIN_RANGE_SECONDS } from '../api/timeRange';
import type { MetricDef } from './metricCatalog';
import { metricCatalog, valueNames } from './metricCatalog';
import type { SimScope } from './minutes';
import { sliceValues } from './series';

export class ParameterError extends Error {}

/**
 * How `values[]` applies when the named metrics have different value lists (docs/service.md#value-rules). The
 * columns are the requested values the first found metric has. `strict` (default, the documented example):
 * a later metric lacking a column gets `{}`; `first-metric`: `{}` only when it has none; `lenient`: each
 * answers its own subset. A client must work under every reading.
 */
export type ValuesRule = 'strict' | 'first-metric' | 'lenient';
export const VALUES_RULES: readonly ValuesRule[] = ['strict', 'first-metric', 'lenient'];

export interface MetricDataOptions {
  valuesRule?: ValuesRule;
  /**
   * Minutes the data lags the clock (the service's examples show about 3): a window reaching into the last
   * `lag` minutes is answered from `from − lag` to `to − lag`; an older window is answered whole.
   */
  lagMinutes?: number;
}

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

export function metricDataBody(
  seed: number,
  scope: SimScope,
  params: URLSearchParams,
  now: Date,
  options: MetricDataOptions = {},
): Record<string, unknown> {
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
    if (!Number.isInteger(p) || p <= 0) {
      throw new ParameterError("Invalid parameter 'period': a whole number of seconds is expected");
    }
    // Never finer than the default for the range (docs/service.md#value-rules): a finer one, sub-minute included, gets the default.
    period = Math.max(p, base);
    if (period % 60 !== 0) {
      throw new ParameterError("Invalid parameter 'period': a whole number of minutes in seconds is expected");
    }
  }
  const summarize = params.get('summarize') === 'true';
  // The data lags the clock, not the past: a window that ends before the lagged data does is answered whole
  // (an open point; the service's examples show the lag on windows ending now).
  const lagMinutes = options.lagMinutes ?? 0;
  const lag = summarize || to.getTime() <= now.getTime() - lagMinutes * 60_000 ? 0 : lagMinutes;
  const fromMinute = Math.floor(from.getTime() / 60_000) - lag;
  const toMinute = Math.floor(to.getTime() / 60_000) - lag;
  const periodMinutes = period / 60;
  const firstSlice = Math.floor(fromMinute / periodMinutes) * periodMinutes;
  if (!summarize && (toMinute - firstSlice) / periodMinutes > MAX_POINTS_PER_METRIC) {
    throw new ParameterError(
      `Too many timeslices requested: choose a period of at least ${Math.ceil(((toMinute - firstSlice) * 60) / MAX_POINTS_PER_METRIC / 60) * 60} seconds`,
    );
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

  const slices: Array<[number, number]> = [];
  if (summarize) {
    slices.push([fromMinute, Math.max(fromMinute + 1, toMinute)]);
  } else {
    for (let start = firstSlice; start < Math.max(toMinute, firstSlice + 1); start += periodMinutes) {
      slices.push([start, start + periodMinutes]);
    }
  }
  const perSlice = slices.map(([a, b]) => sliceValues(seed, scope, found, a, b));
  const columns = valueColumns(
    found.map((def) => valueNames(def, scope.kind)),
    wanted,
    options.valuesRule ?? 'strict',
  );
  const metrics = found.map((def, i) => ({
    name: def.name,
    timeslices: slices.map(([a, b], s) => ({
      from: formatApiTime(new Date(a * 60_000)),
      // A summarized slice ends at :59 of its last minute, as the service's does.
      to: formatApiTime(new Date(b * 60_000 - (summarize ? 1000 : 0))),
      values: pick(perSlice[s][i], columns[i]),
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

/** undefined = all of its values (no `values[]` asked). */
export function valueColumns(
  valueLists: ReadonlyArray<readonly string[]>,
  wanted: readonly string[],
  rule: ValuesRule,
): Array<readonly string[] | undefined> {
  if (wanted.length === 0) {
    return valueLists.map(() => undefined);
  }
  const unique = [...new Set(wanted)];
  if (rule === 'lenient') {
    return valueLists.map((has) => unique.filter((w) => has.includes(w)));
  }
  const first = valueLists[0] ?? [];
  const columns = unique.filter((w) => first.includes(w));
  return valueLists.map((has, i) => {
    if (i === 0) {
      return columns;
    }
    const present = columns.filter((c) => has.includes(c));
    if (rule === 'strict') {
      return present.length === columns.length ? columns : [];
    }
    return present;
  });
}

function pick(values: Record<string, number>, columns: readonly string[] | undefined): Record<string, number> {
  if (columns === undefined) {
    return values;
  }
  const out: Record<string, number> = {};
  for (const c of columns) {
    if (c in values) {
      out[c] = values[c];
    }
  }
  return out;
}
