/**
 * An application's transactions with their numbers (transactionStats.ts), the same way on both
 * backends: the transaction names from the (cached) names listing, then one summarized metric-data
 * read of every transaction, its `Errors/<txn>` and its Apdex metric (companionNames), asked without
 * `values[]` so no metric's columns depend on another's (docs/service.md#value-rules). Each backend
 * says how it lists names and how many names one request may carry. No `vscode`.
 */
import { mergeMetricData } from './rest/metricRequests';
import type { TimesliceApi } from './timesliceApi';
import { companionNames, transactionKind, transactionNamesOf, transactionPrefixes } from './transactionCompanions';
import type { TransactionStats, TransactionStatsOptions, TransactionStatsQuery } from './transactionStats';
import type { MetricData, MetricScope } from './types';

export interface TransactionStatsPlan {
  /** The names-listing filters to read (`''`: the whole list in one lookup). */
  nameFilters(language: string | undefined): string[];
  /** The metric names split into the requests that carry them. */
  split(names: readonly string[]): string[][];
}

export async function loadTransactionStats(
  api: Pick<TimesliceApi, 'listMetricNames' | 'getMetricData'>,
  plan: TransactionStatsPlan,
  query: TransactionStatsQuery,
  options: TransactionStatsOptions = {},
): Promise<TransactionStats[]> {
  const scope: MetricScope = { kind: 'application', applicationId: query.applicationId };
  const { language } = query;
  let txns: string[];
  if (query.names) {
    txns = [...new Set(query.names)].filter((n) => transactionKind(language, n) !== undefined);
  } else {
    const lists = await Promise.all(
      plan
        .nameFilters(language)
        .map((f) =>
          options.metricNames
            ? options.metricNames.get(scope, f)
            : api.listMetricNames(scope, f ? { name: f } : {}, { signal: options.signal }),
        ),
    );
    txns = transactionNamesOf(
      language,
      lists.flat().map((m) => m.name),
    );
  }
  if (txns.length === 0) {
    return [];
  }
  const names = [
    ...txns.flatMap((t) => {
      const c = companionNames(language, t);
      return c.apdex ? [t, c.errors, c.apdex] : [t, c.errors];
    }),
    ...Object.values(KIND_TOTALS),
  ];
  const range = { from: new Date(query.from), to: new Date(query.to), summarize: true };
  const parts = await Promise.all(
    plan.split(names).map((chunk) => api.getMetricData(scope, { ...range, names: chunk }, { signal: options.signal })),
  );
  return transactionStatsFrom(language, txns, mergeMetricData(parts));
}

/** Each kind's total time in the application, the base of a transaction's share of it. */
const KIND_TOTALS = { web: 'HttpDispatcher', background: 'OtherTransaction/all' } as const;

/** A metric's values over its (summarized) slices: counts summed, averages weighted by calls. */
function totals(data: MetricData, name: string): Record<string, number> | undefined {
  const metric = data.metrics.find((m) => m.name === name);
  if (!metric || metric.timeslices.length === 0) {
    return undefined;
  }
  if (metric.timeslices.length === 1) {
    return metric.timeslices[0].values;
  }
  const sum = (k: string) => metric.timeslices.reduce((a, s) => a + (s.values[k] ?? 0), 0);
  const calls = sum('call_count');
  const timeMs = metric.timeslices.reduce(
    (a, s) => a + (s.values.average_response_time ?? 0) * (s.values.call_count ?? 0),
    0,
  );
  const s = sum('s');
  const t = sum('t');
  const f = sum('f');
  return {
    call_count: calls,
    average_response_time: calls > 0 ? timeMs / calls : 0,
    calls_per_minute: sum('calls_per_minute') / metric.timeslices.length,
    error_count: sum('error_count'),
    s,
    t,
    f,
    count: s + t + f,
    score: s + t + f > 0 ? (s + t / 2) / (s + t + f) : 0,
  };
}

/** The stats of `txns` from summarized data holding them and their companions; web first, then by time consumed. */
export function transactionStatsFrom(
  language: string | undefined,
  txns: readonly string[],
  data: MetricData,
): TransactionStats[] {
  const rows: TransactionStats[] = [];
  for (const name of txns) {
    const kind = transactionKind(language, name);
    const own = totals(data, name);
    if (!kind || !own) {
      continue; // Not reported in the range.
    }
    const callCount = own.call_count ?? 0;
    const companions = companionNames(language, name);
    const errors = totals(data, companions.errors);
    const apdex = companions.apdex ? totals(data, companions.apdex) : undefined;
    const apdexCount = apdex ? (apdex.count ?? (apdex.s ?? 0) + (apdex.t ?? 0) + (apdex.f ?? 0)) : 0;
    const counted = apdex && apdexCount > 0 && [apdex.s, apdex.t, apdex.f].every((v) => typeof v === 'number');
    rows.push({
      name,
      kind,
      callCount,
      callsPerMinute: own.calls_per_minute ?? 0,
      averageMs: own.average_response_time ?? 0,
      // No `Errors/<txn>` in the range (not found, or found without data): the agent recorded no error.
      errorRate: callCount > 0 ? (errors?.error_count ?? 0) / callCount : 0,
      apdex: apdex && apdexCount > 0 && typeof apdex.score === 'number' ? apdex.score : undefined,
      ...(counted
        ? { apdexCounts: { satisfied: apdex.s, tolerating: apdex.t, frustrated: apdex.f, count: apdexCount } }
        : {}),
      timeShare: 0,
    });
  }
  const consumed = (r: TransactionStats) => r.callCount * r.averageMs;
  for (const kind of ['web', 'background'] as const) {
    const ofKind = rows.filter((r) => r.kind === kind);
    // The application's total, so that the lenses' few names get the tree's shares; the rows' sum without it.
    const all = totals(data, KIND_TOTALS[kind]);
    const total =
      all && (all.call_count ?? 0) > 0
        ? all.call_count * (all.average_response_time ?? 0)
        : ofKind.reduce((a, r) => a + consumed(r), 0);
    ofKind.forEach((r) => (r.timeShare = total > 0 ? consumed(r) / total : 0));
  }
  return rows.sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'web' ? -1 : 1) || consumed(b) - consumed(a) || a.name.localeCompare(b.name),
  );
}

/**
 * The longest query string one REST request carries (the service states no limit, docs/service.md#transaction-numbers; common proxies
 * refuse request lines over 8 KB, so the names stop well below that, leaving room for the path and range).
 */
export const REST_MAX_NAMES_QUERY_CHARS = 6000;

/** REST v2: the agent's prefixes through the (cached) listing, names split by URL length. */
export const REST_TRANSACTION_PLAN: TransactionStatsPlan = {
  nameFilters: (language) => transactionPrefixes(language),
  split: (names) => {
    const chunks: string[][] = [];
    let chunk: string[] = [];
    let length = 0;
    for (const name of names) {
      const add = 'names%5B%5D='.length + encodeURIComponent(name).length + 1;
      if (chunk.length > 0 && length + add > REST_MAX_NAMES_QUERY_CHARS) {
        chunks.push(chunk);
        chunk = [];
        length = 0;
      }
      chunk.push(name);
      length += add;
    }
    if (chunk.length > 0) {
      chunks.push(chunk);
    }
    return chunks;
  },
};

/** NerdGraph: the names of the window in one `uniques` query (cached), and one NRQL faceted by name for all of them. */
export const NERDGRAPH_TRANSACTION_PLAN: TransactionStatsPlan = {
  nameFilters: () => [''],
  split: (names) => [[...names]],
};
