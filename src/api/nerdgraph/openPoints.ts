// The points public sources leave open, one switch each (docs/service.md#nerdgraph-open-points), so a fact learned
// from a live account changes one line here.
export interface OpenPoints {
  /**
   * Documented as a "percentage" with no scale. `fraction`: the vendor's IDE extension reads it as a decimal, and
   * REST's `error_rate` is one (docs/service.md#error-rate).
   */
  apmSummaryErrorRateScale: 'percent' | 'fraction';
  /** The NRQL attribute that selects one instance's timeslices (`realAgentId` = REST instance id, a reading). */
  instanceNrqlAttribute: 'realAgentId';
  /** Key transactions have no numeric id; take it from the GUID's last segment (`acct|EXT|KEY_TRANSACTION|id`). */
  keyTransactionIdFromGuid: boolean;
  /** Entity-search `LIKE` wraps the name in `%` (contains) when true; whether `%` is needed is undocumented. */
  entityNameLikeWildcards: boolean;
  /** REST's metric-name filter is a case-sensitive "contains"; NRQL LIKE is not, so re-filter when true. */
  metricNameFilterCaseSensitive: boolean;
  /** Names are only found if they reported inside this window (REST listed every name). */
  metricNamesWindowMinutes: number;
  /** `uniques()` cap; LIMIT MAX does not raise it (docs/service.md#nrql-limits). */
  uniquesLimit: number;
  /** `Memory/Physical total_used_mb` = sum of the hosts' values per minute (t / bucket minutes). */
  totalUsedMb: 'sumPerMinute';
  /** Summaries of hosts/instances, like REST's rolling average, over this many minutes. */
  hostSummaryWindowMinutes: number;
  /** REST key-transaction summaries were a 10-minute rolling average. */
  keyTransactionSummaryWindowMinutes: number;
  /** `accounts(scope:)`'s default is undocumented; undefined sends no scope. */
  accountsScope: 'GLOBAL' | 'IN_REGION' | undefined;
  /** The `nrql(timeout:)` in seconds (the default 5 s is short for FACET + TIMESERIES; docs/service.md#rate-limits). */
  nrqlTimeoutSeconds: number;
}

export const DEFAULT_OPEN_POINTS: Readonly<OpenPoints> = {
  apmSummaryErrorRateScale: 'fraction',
  instanceNrqlAttribute: 'realAgentId',
  keyTransactionIdFromGuid: true,
  entityNameLikeWildcards: true,
  metricNameFilterCaseSensitive: true,
  metricNamesWindowMinutes: 7 * 24 * 60,
  uniquesLimit: 10_000,
  totalUsedMb: 'sumPerMinute',
  hostSummaryWindowMinutes: 3,
  keyTransactionSummaryWindowMinutes: 10,
  accountsScope: undefined,
  nrqlTimeoutSeconds: 30,
};
