// The NRQL travels only as the `$nrql: Nrql!` variable (docs/service.md#request): the GraphQL text is a constant.
import { isRecord } from '../fieldReaders';
import { DEFAULT_OPEN_POINTS } from './openPoints';

/** `{query, variables}`: the body POSTed to `/graphql` (docs/service.md#request), and what "Copy as curl" copies. */
export interface GraphqlRequestBody {
  query: string;
  variables: Record<string, unknown>;
}

/** What NerdGraph says about a result besides its rows (docs/service.md#nrql-results); missing fields are empty. */
export interface NrqlMetadata {
  facets: string[];
  eventTypes: string[];
  messages: string[];
  /** Epoch ms. */
  timeWindow?: { begin: number; end: number };
}

export interface NrqlResult {
  /** "A flat list of objects whose structure matches the query submitted" (docs/service.md#nrql-results). */
  results: Array<Record<string, unknown>>;
  metadata: NrqlMetadata;
}

export function nrqlGraphql(timeoutSeconds: number = DEFAULT_OPEN_POINTS.nrqlTimeoutSeconds): string {
  const timeout = Math.max(1, Math.floor(timeoutSeconds));
  return `query($accountId: Int!, $nrql: Nrql!) { actor { account(id: $accountId) { nrql(query: $nrql, timeout: ${timeout}) { results metadata { eventTypes facets messages timeWindow { begin end } } } } } }`;
}

export const NRQL_RESULT_PATH = ['actor', 'account', 'nrql'];

export function nrqlRequestBody(accountId: number, nrql: string, timeoutSeconds?: number): GraphqlRequestBody {
  return { query: nrqlGraphql(timeoutSeconds), variables: { accountId, nrql } };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

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
 * Web response time and throughput per minute in the REST→NRQL guide's form (docs/service.md#metric-values),
 * ending a minute ago: the unfinished current minute's bucket would drop towards 0 (docs/service.md#nrql-time).
 */
export function exampleNrql(applicationId: number): string {
  return (
    `SELECT average(newrelic.timeslice.value) * 1000 AS 'Response time (ms)', rate(count(newrelic.timeslice.value), 1 minute) AS 'Throughput (rpm)' ` +
    `FROM Metric WHERE appId = ${applicationId} AND metricTimesliceName = 'HttpDispatcher' SINCE 31 minutes ago UNTIL 1 minute ago TIMESERIES`
  );
}
