/**
 * One NRQL query typed by the user ("Run NRQL Query…"), as the GraphQL request that carries it and
 * the result it answers. The NRQL travels only as the `$nrql: Nrql!` variable (docs/service.md#request): the
 * GraphQL text is a constant, so no query text can change what is asked of NerdGraph. No `vscode`.
 */
import { isRecord } from '../fieldReaders';
import { DEFAULT_OPEN_POINTS } from './openPoints';

/** `{query, variables}`: the body POSTed to `/graphql` (docs/service.md#request), and what "Copy as curl" copies. */
export interface GraphqlRequestBody {
  query: string;
  variables: Record<string, unknown>;
}

/** What NerdGraph says about a result besides its rows (docs/service.md#nrql-results); missing fields are empty. */
export interface NrqlMetadata {
  /** The FACET attributes, e.g. `["host"]`; empty without FACET. */
  facets: string[];
  eventTypes: string[];
  /** Warnings of the service about the query. */
  messages: string[];
  /** Epoch ms. */
  timeWindow?: { begin: number; end: number };
}

export interface NrqlResult {
  /** "A flat list of objects whose structure matches the query submitted" (docs/service.md#nrql-results). */
  results: Array<Record<string, unknown>>;
  metadata: NrqlMetadata;
}

/** The GraphQL text: the same for every query, with the account and the NRQL as variables. */
export function nrqlGraphql(timeoutSeconds: number = DEFAULT_OPEN_POINTS.nrqlTimeoutSeconds): string {
  const timeout = Math.max(1, Math.floor(timeoutSeconds));
  return `query($accountId: Int!, $nrql: Nrql!) { actor { account(id: $accountId) { nrql(query: $nrql, timeout: ${timeout}) { results metadata { eventTypes facets messages timeWindow { begin end } } } } } }`;
}

/** Where the answer sits in `data`. */
export const NRQL_RESULT_PATH = ['actor', 'account', 'nrql'];

export function nrqlRequestBody(accountId: number, nrql: string, timeoutSeconds?: number): GraphqlRequestBody {
  return { query: nrqlGraphql(timeoutSeconds), variables: { accountId, nrql } };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** Reads the `nrql` field's value defensively: rows that are not objects are dropped, unknown fields ignored. */
export function readNrqlResult(value: unknown): NrqlResult {
  const container = isRecord(value) ? value : {};
  const metadata = isRecord(container.metadata) ? container.metadata : {};
  const window = isRecord(metadata.timeWindow) ? metadata.timeWindow : {};
  const begin = window.begin,
    end = window.end;
  return {
    results: Array.isArray(container.results) ? container.results.filter(isRecord) : [],
    metadata: {
      facets: strings(metadata.facets),
      eventTypes: strings(metadata.eventTypes),
      messages: strings(metadata.messages),
      ...(typeof begin === 'number' && typeof end === 'number' ? { timeWindow: { begin, end } } : {}),
    },
  };
}

/**
 * The query "Run NRQL Query…" starts from: the application's web response time and throughput per
 * minute over the last 30 minutes, in the timeslice form New Relic's REST→NRQL guide gives (docs/service.md#metric-values:
 * `average(…) * 1000` and `rate(count(…), 1 minute)` on `HttpDispatcher`), with TIMESERIES so
 * it is charted too. It ends a minute ago, not now: a window up to now ends in the unfinished current
 * minute, whose bucket holds part of a minute's calls (throughput fell towards 0 at the chart's right
 * edge). `UNTIL 1 minute ago` always ends inside the last finished minute and stays readable in the
 * input box; buckets align to UNTIL (docs/service.md#nrql-time).
 */
export function exampleNrql(applicationId: number): string {
  return (
    `SELECT average(newrelic.timeslice.value) * 1000 AS 'Response time (ms)', rate(count(newrelic.timeslice.value), 1 minute) AS 'Throughput (rpm)' ` +
    `FROM Metric WHERE appId = ${applicationId} AND metricTimesliceName = 'HttpDispatcher' SINCE 31 minutes ago UNTIL 1 minute ago TIMESERIES`
  );
}
