/**
 * An application's transactions with their numbers over a range: what the Transactions group of the
 * tree, the transactions table and the CodeLens above the code show. Both backends produce
 * it: REST v2 from summarized metric data of `<txn>`, `Errors/<txn>` and the transaction's Apdex
 * metric; NerdGraph from one NRQL query faceted by `metricTimesliceName` (docs/service.md#transaction-numbers).
 */
import type { MetricName, MetricScope } from './types';

/** An Apdex metric's counts: satisfied, tolerating, frustrated (docs/service.md#metric-values). */
export interface ApdexCounts {
  satisfied: number;
  tolerating: number;
  frustrated: number;
}

/** One transaction's numbers over the range asked for (summarized). */
export interface TransactionStats {
  /** The metric name as the agent records it, e.g. `Controller/admin/users/show` (foreign text). */
  name: string;
  /** Web (`WebTransaction/…`, Ruby's `Controller/…`) or background (`OtherTransaction/…`). */
  kind: 'web' | 'background';
  callCount: number;
  callsPerMinute: number;
  /** Average response time in milliseconds. */
  averageMs: number;
  /**
   * Errors over calls, a fraction (0.004 for 0.4 %). An agent records `Errors/<txn>` with an error,
   * so a transaction without it in the range (not found, or found with no data) had none: 0.
   */
  errorRate: number;
  /** The transaction's own Apdex score, when the agent records one. */
  apdex?: number;
  /** The counts behind that score, when the service gives them (`Apdex/<txn>`'s s, t, f and count). */
  apdexCounts?: ApdexCounts & { count: number };
  /**
   * Its share of the time its kind consumed in the range: calls × average over the application's total of
   * that kind (`HttpDispatcher`, `OtherTransaction/all`), so a subset of the names gives the same share.
   */
  timeShare: number;
}

export interface TransactionStatsQuery {
  applicationId: number;
  /** The range, in epoch milliseconds. */
  from: number;
  to: number;
  /** Only these names (the transactions of the open files); all of the application's when absent. */
  names?: readonly string[];
  /** The application's `language` (its record's): picks the agent's naming rules (companionNames). */
  language?: string;
}

/** How a caller asks: the request's signal, and the session's cached names listing when it has one. */
export interface TransactionStatsOptions {
  signal?: AbortSignal;
  /** The names listing, cached (metricNamesCache.ts); without it the names are listed afresh. */
  metricNames?: { get(scope: MetricScope, nameFilter?: string): Promise<MetricName[]> };
}

/**
 * The window of the last `minutes` whole minutes before `now`: the tree, the table and the lenses read the
 * same minutes for the same range (the current minute is still being reported).
 */
export function transactionWindow(now: number, minutes: number): { from: number; to: number } {
  const to = Math.floor(now / 60_000) * 60_000;
  return { from: to - minutes * 60_000, to };
}
