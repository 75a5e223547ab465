// NerdGraph's entities as the REST models the views know (docs/service.md#applications); pure.
import { APPLICATION_ERROR_RATE } from '../metrics';
import type { Application, ApplicationSummary, HealthStatus, HostFilter } from '../types';
import { componentsOf, restValues } from './metricValues';
import type { OpenPoints } from './openPoints';

export type Fields = Record<string, unknown>;

/** Defensive reads of answer values: the value when it has the type, else empty or undefined. */
export const asRecord = (v: unknown): Fields => (v && typeof v === 'object' ? (v as Fields) : {});
export const asNumber = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const ENTITY_FIELDS = `__typename guid name accountId domain type entityType reporting alertSeverity
  ... on ApmApplicationEntityOutline { applicationId language
    apmSummary { apdexScore errorRate hostCount instanceCount responseTimeAverage throughput webResponseTimeAverage webThroughput }
    settings { apdexTarget serverSideConfig } }`;

/** `reporting == false` first, then the alert severity (docs/service.md#health). */
export function healthOf(reporting: unknown, alertSeverity: unknown): HealthStatus {
  if (reporting === false) {
    return 'gray';
  }
  switch (alertSeverity) {
    case 'CRITICAL':
      return 'red';
    case 'WARNING':
      return 'orange';
    case 'NOT_ALERTING':
      return 'green';
    default:
      return 'unknown';
  }
}

/** A stable positive id for a host name (NerdGraph has no host ids; docs/service.md#hosts-and-instances). */
export function hostIdFor(hostName: string): number {
  let h = 0x811c9dc5;
  for (const ch of hostName) {
    h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  }
  return h & 0x7fffffff || 1;
}

/** REST's host filters (`filter[hostname]`, `filter[ids]`), applied after fetching: NerdGraph's instances have none. */
export function byHostFilter<T extends { id: number; host: string }>(items: T[], filter: HostFilter): T[] {
  const name = filter.hostname?.toLowerCase();
  return items.filter(
    (x) => (!name || x.host.toLowerCase().includes(name)) && (!filter.ids?.length || filter.ids.includes(x.id)),
  );
}

export function applicationFrom(e: Fields, errorRateScale: OpenPoints['apmSummaryErrorRateScale']): Application {
  const s = e.apmSummary === null || e.apmSummary === undefined ? undefined : asRecord(e.apmSummary);
  const settings = asRecord(e.settings);
  const apdexTarget = asNumber(settings.apdexTarget) ?? 0;
  let summary: ApplicationSummary | undefined;
  if (s && e.reporting !== false) {
    const rate = asNumber(s.errorRate) ?? 0;
    summary = {
      responseTime: (asNumber(s.responseTimeAverage) ?? 0) * 1000, // seconds → ms (docs/service.md#applications)
      throughput: asNumber(s.throughput) ?? 0,
      errorRate: errorRateScale === 'percent' ? rate / 100 : rate,
      apdexTarget,
      apdexScore: asNumber(s.apdexScore) ?? 0,
      hostCount: asNumber(s.hostCount),
      instanceCount: asNumber(s.instanceCount),
    };
  }
  return {
    id: asNumber(e.applicationId) ?? 0,
    name: asString(e.name) ?? '',
    language: asString(e.language) ?? '',
    healthStatus: healthOf(e.reporting, e.alertSeverity),
    reporting: e.reporting !== false,
    summary,
    settings: {
      appApdexThreshold: asNumber(settings.apdexTarget),
      useServerSideConfig: settings.serverSideConfig === true,
    },
    hostIds: [],
    instanceIds: [],
    serverIds: [],
    guid: asString(e.guid),
    accountId: asNumber(e.accountId),
    // No ids in the outline, but the summary counts them (so the tree knows the groups are not empty).
    hostCount: s ? asNumber(s.hostCount) : undefined,
    instanceCount: s ? asNumber(s.instanceCount) : undefined,
  };
}

/** The REST-style id of a KT: the GUID's domain id (open point keyTransactionIdFromGuid), else a hash. */
export function keyTransactionIdFrom(guid: string, fromGuid: boolean): number {
  if (fromGuid) {
    const parts = Buffer.from(guid, 'base64').toString('utf8').split('|');
    if (parts.length === 4 && /^\d+$/.test(parts[3])) {
      return Number(parts[3]);
    }
  }
  return hostIdFor(guid);
}

/**
 * The parent application's `Apdex/<txn>` and `Errors/<txn>` (docs/service.md#key-transactions). Agents swap the
 * first segment for `Apdex` (docs/service.md#agent-naming), but `<txn>` may be the full name: both are asked.
 */
export function transactionSummaryNames(transaction: string): { apdex: string[]; errors: string } {
  const short = transaction.includes('/') ? transaction.replace(/^[^/]*\//, 'Apdex/') : `Apdex/${transaction}`;
  const full = `Apdex/${transaction}`;
  return { apdex: short === full ? [short] : [short, full], errors: `Errors/${transaction}` };
}

export function summaryNames(transaction?: string): string[] {
  if (!transaction) {
    return [...new Set(['HttpDispatcher', 'Apdex', APPLICATION_ERROR_RATE.errors, ...APPLICATION_ERROR_RATE.calls])];
  }
  const own = transactionSummaryNames(transaction);
  return [transaction, ...own.apdex, own.errors];
}

/** An application's summary (error rate: APPLICATION_ERROR_RATE), or a key transaction's own. */
export function summaryFrom(
  rows: Map<string, Fields>,
  transaction: string | undefined,
  minutes: number,
): ApplicationSummary {
  const k = (name: string) => componentsOf(rows.get(name) ?? {});
  const own = transaction ? transactionSummaryNames(transaction) : undefined;
  const main = k(transaction ?? 'HttpDispatcher');
  const apdexRow = own ? (own.apdex.map(k).find((a) => a.c + a.t + a.x > 0) ?? k(own.apdex[0])) : k('Apdex');
  const errors = k(own ? own.errors : APPLICATION_ERROR_RATE.errors);
  const calls = own ? main.c : APPLICATION_ERROR_RATE.calls.reduce((sum, name) => sum + k(name).c, 0);
  const apdex = restValues('Apdex', 'application', apdexRow, minutes);
  return {
    responseTime: main.c > 0 ? (1000 * main.t) / main.c : 0,
    throughput: main.c / minutes,
    errorRate: calls > 0 ? errors.c / calls : 0,
    apdexTarget: apdex.threshold,
    apdexScore: apdex.score,
  };
}
