// Domain types after parsing; wire records stay `unknown` until parse.ts has checked them.

/** Health as the service reports it; any other string is mapped to `unknown` (docs/service.md#records). */
export type HealthStatus = 'green' | 'orange' | 'red' | 'gray' | 'unknown';
export const HEALTH_STATUSES: readonly HealthStatus[] = ['green', 'orange', 'red', 'gray', 'unknown'];

export type ApiFormat = 'json' | 'xml';

/** Rolling-average summary (about 3-4 min for applications, 10 min for key transactions). */
export interface ApplicationSummary {
  responseTime: number;
  throughput: number;
  /** A fraction (0.01 = 1 %). */
  errorRate: number;
  apdexTarget: number;
  apdexScore: number;
  hostCount?: number;
  instanceCount?: number;
  concurrentInstanceCount?: number;
}

export interface EndUserSummary {
  responseTime: number;
  throughput: number;
  apdexTarget: number;
  apdexScore: number;
}

export interface ApplicationSettings {
  appApdexThreshold?: number;
  endUserApdexThreshold?: number;
  enableRealUserMonitoring?: boolean;
  useServerSideConfig?: boolean;
}

export interface Application {
  id: number;
  name: string;
  language: string;
  healthStatus: HealthStatus;
  reporting: boolean;
  /** ISO 8601; absent when the application stopped reporting long ago. */
  lastReportedAt?: string;
  /** Absent when the application is not reporting. */
  summary?: ApplicationSummary;
  endUserSummary?: EndUserSummary;
  settings: ApplicationSettings;
  /** REST's links; NerdGraph's entity outline links no hosts or instances, so these are empty there. */
  hostIds: number[];
  instanceIds: number[];
  serverIds: number[];
  alertPolicyId?: number;
  /** NerdGraph only: the entity GUID and its account (REST has neither). */
  guid?: string;
  accountId?: number;
  /** NerdGraph only: how many hosts and instances `apmSummary` counts (it lists no ids). Read them with `hostAndInstanceCounts`. */
  hostCount?: number;
  instanceCount?: number;
}

/**
 * How many hosts and instances an application has, whichever backend described it: the counts a
 * backend gave without ids (NerdGraph), else the linked ids (REST).
 */
export function hostAndInstanceCounts(
  app: Pick<Application, 'hostIds' | 'instanceIds' | 'hostCount' | 'instanceCount'>,
): { hosts: number; instances: number } {
  return { hosts: app.hostCount ?? app.hostIds.length, instances: app.instanceCount ?? app.instanceIds.length };
}

/** Summary of a host or an instance (application_summary plus instance_count). */
export type HostSummary = ApplicationSummary;

export interface Host {
  id: number;
  applicationName: string;
  host: string;
  language: string;
  /** Undefined: the backend has no health for a host (NerdGraph, docs/service.md#hosts-and-instances). */
  healthStatus?: HealthStatus;
  summary?: HostSummary;
  endUserSummary?: EndUserSummary;
  applicationId?: number;
  instanceIds: number[];
  serverId?: number;
  /** The id was made here from the name (NerdGraph knows hosts by name), never shown or copied as the service's. */
  localId?: boolean;
}

export interface Instance {
  id: number;
  applicationName: string;
  host: string;
  port?: number;
  language: string;
  /** Undefined: the backend has no health for an instance (NerdGraph, docs/service.md#hosts-and-instances). */
  healthStatus?: HealthStatus;
  summary?: HostSummary;
  endUserSummary?: EndUserSummary;
  applicationId?: number;
  /** The service's id of the instance's host; undefined when it has none (NerdGraph). */
  hostId?: number;
  serverId?: number;
}

export interface KeyTransaction {
  id: number;
  name: string;
  transactionName: string;
  healthStatus: HealthStatus;
  reporting: boolean;
  lastReportedAt?: string;
  /** A 10-minute rolling average. */
  summary?: ApplicationSummary;
  applicationId?: number;
  guid?: string;
}

export interface MetricName {
  name: string;
  values: string[];
}

export interface Timeslice {
  from: string;
  to: string;
  values: Record<string, number>;
}

export interface MetricSeries {
  name: string;
  timeslices: Timeslice[];
}

export interface MetricData {
  from: string;
  to: string;
  metricsFound: string[];
  metricsNotFound: string[];
  metrics: MetricSeries[];
}

export type MetricScope =
  | { kind: 'application'; applicationId: number }
  | { kind: 'host'; applicationId: number; hostId: number }
  | { kind: 'instance'; applicationId: number; instanceId: number };

export interface ApplicationFilter {
  name?: string;
  host?: string;
  ids?: number[];
  language?: string;
}

export interface HostFilter {
  hostname?: string;
  ids?: number[];
}

export interface KeyTransactionFilter {
  name?: string;
  ids?: number[];
}

export interface MetricDataQuery {
  names: string[];
  /** When omitted, every value of each metric is returned. */
  values?: string[];
  from?: Date;
  to?: Date;
  /** Seconds per point; must be a valid period for the range (see timeRange.ts). */
  period?: number;
  summarize?: boolean;
}

export interface PageProgress {
  pagesDone: number;
  itemsSoFar: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PageProgress) => void;
}
