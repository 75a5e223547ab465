// The error panel's chart from `TransactionError` events (docs/errors.md#queries); counts from events are a
// floor, since agents sample them.
import { nrqlString } from '../api/nerdgraph/metricValues';
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { TimeRange } from '../api/timeRange';
import { UNEXPECTED_ONLY } from './errorQueries';

export interface ErrorClassTimeline {
  errorClass: string;
  points: Array<[number, number]>;
}

// More make the chart unreadable; the service ranks facets over the whole range (docs/service.md#nrql-limits).
export const MAX_TIMELINE_CLASSES = 10;

// Aliased, as the client aliases every aggregate (docs/service.md#nrql-results).
const COUNT_KEY = 'errors';

export function errorTimelineNrql(options: {
  applicationId: number;
  transactionName: string;
  range: TimeRange;
  periodSeconds: number;
}): string {
  const { applicationId, transactionName, range, periodSeconds } = options;
  if (!Number.isSafeInteger(applicationId) || applicationId <= 0) {
    throw new RangeError(`Not an application id: ${String(applicationId)}`);
  }
  if (!Number.isSafeInteger(periodSeconds) || periodSeconds <= 0 || periodSeconds % 60 !== 0) {
    throw new RangeError(`Not a period of whole minutes: ${String(periodSeconds)}`);
  }
  const from = range.from.getTime();
  const to = range.to.getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) {
    throw new RangeError('The range must start before it ends.');
  }
  const minutes = periodSeconds / 60;
  return (
    `SELECT count(*) AS '${COUNT_KEY}' FROM TransactionError WHERE appId = ${applicationId} ` +
    `AND transactionName = ${nrqlString(transactionName)} AND ${UNEXPECTED_ONLY} ` +
    `FACET error.class TIMESERIES ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ` +
    `SINCE ${from} UNTIL ${to} LIMIT ${MAX_TIMELINE_CLASSES}`
  );
}

const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

// A facet may come as the attribute or as `facet` (docs/service.md#nrql-results).
export function readErrorTimeline(result: NrqlResult): ErrorClassTimeline[] {
  const byClass = new Map<string, Array<[number, number]>>();
  for (const row of result.results.filter(isRow)) {
    const facet: unknown = row['error.class'] ?? (Array.isArray(row.facet) ? (row.facet as unknown[])[0] : row.facet);
    const begin = row.beginTimeSeconds;
    if (typeof facet !== 'string' || typeof begin !== 'number' || !Number.isFinite(begin)) {
      continue;
    }
    const value = row[COUNT_KEY];
    const count = typeof value === 'number' && Number.isFinite(value) ? value : 0;
    const points = byClass.get(facet) ?? [];
    points.push([begin * 1000, count]);
    byClass.set(facet, points);
  }
  return [...byClass].map(([errorClass, points]) => ({ errorClass, points: points.sort((a, b) => a[0] - b[0]) }));
}
