/**
 * Every OPEN point of nerdgraph-notes.md (tagged [U], or [I] where we had to pick) that the NerdGraph
 * backend depends on, as one switch each. The code reads these, never its own assumption, so a fact
 * learned from a live account changes one line here.
 */
export interface OpenPoints {
  /**
   * notes 3.2 / 8: `apmSummary.errorRate` is documented as a "percentage" but its scale is open:
   * 0–1 (`fraction`) or 0–100 (`percent`). The default is `fraction`, as all the notes' evidence says:
   * 6.1, the vendor's own IDE extension reads "PERCENTAGE values … as a decimal … 0.5 for 50%";
   * 4.3, the key-transaction error rate is a fraction "although the unit says PERCENTAGE"; and REST's
   * `error_rate` is a fraction (rest-api-v2 2.2). `percent` stays for an account that proves otherwise.
   */
  apmSummaryErrorRateScale: 'percent' | 'fraction';
  /** notes 4.2 / 6.1: the NRQL attribute that selects one instance's timeslices (`realAgentId` = REST instance id). */
  instanceNrqlAttribute: 'realAgentId';
  /** notes 4.3 / 6.1: KTs have no numeric id; take it from the GUID's last segment (`acct|EXT|KEY_TRANSACTION|id`). */
  keyTransactionIdFromGuid: boolean;
  /** notes 3.5 / 8: entity-search `LIKE` wraps the name in `%` (contains) when true. */
  entityNameLikeWildcards: boolean;
  /** notes 5.6: REST's metric-name filter is a case-sensitive "contains"; NRQL LIKE is not, so re-filter when true. */
  metricNameFilterCaseSensitive: boolean;
  /** notes 5.6: names are only found if they reported inside this window (REST listed every name). */
  metricNamesWindowMinutes: number;
  /** notes 1.5: `uniques()` cap; LIMIT MAX does not raise it. */
  uniquesLimit: number;
  /** notes 5.3: `Memory/Physical total_used_mb` = sum of the hosts' values per minute (t / bucket minutes). */
  totalUsedMb: 'sumPerMinute';
  /** notes 6.5: summaries of hosts/instances, like REST's rolling average, over this many minutes. */
  hostSummaryWindowMinutes: number;
  /** notes 6.5: REST key-transaction summaries were a 10-minute rolling average. */
  keyTransactionSummaryWindowMinutes: number;
  /** notes 2 / 8: `accounts(scope:)` default is unknown; undefined sends no scope. */
  accountsScope: 'GLOBAL' | 'IN_REGION' | undefined;
  /** notes 1.5: the `nrql(timeout:)` in seconds (the default 5 s is short for FACET + TIMESERIES). */
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
