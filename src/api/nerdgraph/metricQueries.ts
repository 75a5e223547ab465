// The NRQL behind the metric views and REST's metric data from its rows (docs/service.md#metric-values).
import * as l10n from '@vscode/l10n';

import { ApiError } from '../apiError';
import { defaultPeriodSeconds, formatApiTime } from '../timeRange';
import type { MetricData, MetricDataQuery, MetricName, MetricScope, MetricSeries } from '../types';
import type { Fields } from './entities';
import { asNumber, asString } from './entities';
import { COMPONENTS_SELECT, componentsOf, nrqlString, restValues, valueNamesFor } from './metricValues';

/** One row of components per metric name, for REST's summary of the `minutes` before `until` (ms). */
export function componentsNrql(
  applicationId: number,
  names: readonly string[],
  facet: string,
  until: number,
  minutes: number,
): string {
  return (
    `SELECT ${COMPONENTS_SELECT} FROM Metric WHERE appId = ${applicationId} AND metricTimesliceName IN (${[...new Set(names)].map(nrqlString).join(', ')}) ` +
    `FACET ${facet} SINCE ${until - minutes * 60_000} UNTIL ${until} LIMIT MAX`
  );
}

/** REST's filter is a case-sensitive "contains" and NRQL's LIKE is not (docs/service.md#metric-names). */
export function metricNamesFrom(rows: Fields[], kind: MetricScope['kind'], containing?: string): MetricName[] {
  const names = rows[0]?.names;
  return (Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [])
    .filter((n) => !containing || n.includes(containing))
    .map((name) => ({ name, values: valueNamesFor(name, kind) }));
}

export function metricNamesNrql(
  where: string,
  name: string | undefined,
  until: number,
  windowMinutes: number,
  uniquesLimit: number,
): string {
  const like = name ? ` AND metricTimesliceName LIKE ${nrqlString(`%${name}%`)}` : '';
  return `SELECT uniques(metricTimesliceName, ${uniquesLimit}) AS names FROM Metric WHERE ${where} AND newrelic.timeslice.value IS NOT NULL${like} SINCE ${until - windowMinutes * 60_000} UNTIL ${until} LIMIT MAX`;
}

export interface MetricDataWindow {
  since: number;
  until: number;
  bucketMinutes: number | undefined;
}

export function metricDataWindow(
  from: Date,
  to: Date,
  query: Pick<MetricDataQuery, 'summarize' | 'period'>,
): MetricDataWindow {
  const fromMinute = Math.floor(from.getTime() / 60_000);
  const toMinute = Math.floor(to.getTime() / 60_000);
  if (query.summarize) {
    return { since: fromMinute, until: Math.max(fromMinute + 1, toMinute), bucketMinutes: undefined };
  }
  // REST's slices: whole periods on period boundaries from the one holding `from` (docs/service.md#value-rules); NRQL
  // buckets end at UNTIL (docs/service.md#nrql-time), so UNTIL is the period boundary at or after `to`.
  const bucketMinutes = Math.max(query.period ?? 0, defaultPeriodSeconds((to.getTime() - from.getTime()) / 1000)) / 60;
  const since = Math.floor(fromMinute / bucketMinutes) * bucketMinutes;
  const until = Math.max(since + bucketMinutes, Math.ceil(toMinute / bucketMinutes) * bucketMinutes);
  if ((until - since) / bucketMinutes > 366) {
    throw new ApiError(
      'invalidRequest',
      l10n.t(
        'This range needs {0} points; NRQL allows at most 366. Choose a longer period.',
        (until - since) / bucketMinutes,
      ),
    );
  }
  return { since, until, bucketMinutes };
}

export function metricDataNrql(scopeWhere: string, names: readonly string[], window: MetricDataWindow): string {
  const where = `${scopeWhere} AND metricTimesliceName IN (${names.map(nrqlString).join(', ')})`;
  return (
    `SELECT ${COMPONENTS_SELECT} FROM Metric WHERE ${where} FACET metricTimesliceName SINCE ${window.since * 60_000} UNTIL ${window.until * 60_000}` +
    `${window.bucketMinutes !== undefined ? ` TIMESERIES ${window.bucketMinutes} minutes` : ''} LIMIT MAX`
  );
}

/** REST's metric data from the rows of `metricDataNrql`: its values per slice, only the `values` asked for. */
export function metricDataFrom(
  rows: Fields[],
  request: {
    scope: MetricScope;
    names: readonly string[];
    query: MetricDataQuery;
    from: Date;
    to: Date;
    window: MetricDataWindow;
  },
): MetricData {
  const { scope, names, query, from, to, window } = request;
  const byName = new Map<string, Fields[]>();
  for (const row of rows) {
    const name = asString(row.facet) ?? asString(row.metricTimesliceName);
    if (name !== undefined) {
      byName.set(name, [...(byName.get(name) ?? []), row]);
    }
  }
  const wanted = query.values && query.values.length > 0 ? new Set(query.values) : undefined;
  const metrics: MetricSeries[] = names
    .filter((n) => byName.has(n))
    .map((name) => ({
      name,
      timeslices: byName
        .get(name)!
        .map((row) => {
          const begin = window.bucketMinutes !== undefined ? (asNumber(row.beginTimeSeconds) ?? 0) / 60 : window.since;
          const end = window.bucketMinutes !== undefined ? (asNumber(row.endTimeSeconds) ?? 0) / 60 : window.until;
          const all = restValues(name, scope.kind, componentsOf(row), end - begin);
          const values = wanted ? Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k))) : all;
          return {
            from: formatApiTime(new Date(begin * 60_000)),
            // A summarized slice ends at :59 of its last minute, as REST's does.
            to: formatApiTime(new Date(end * 60_000 - (query.summarize ? 1000 : 0))),
            values,
          };
        })
        .sort((a, b) => a.from.localeCompare(b.from)),
    }));
  return {
    from: formatApiTime(new Date(Math.floor(from.getTime() / 1000) * 1000)),
    to: formatApiTime(new Date(Math.floor(to.getTime() / 1000) * 1000)),
    metricsFound: metrics.map((m) => m.name),
    metricsNotFound: names.filter((n) => !byName.has(n)),
    metrics,
  };
}
