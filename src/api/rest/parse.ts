/**
 * Envelope unwrapping and defensive parsing of wire records (snake_case) into domain types.
 * Unknown fields are ignored, unknown health statuses become `unknown`, a missing summary means
 * "not reporting", and numbers sent as strings (XML without type attributes) are accepted.
 * A record without what we cannot do without (an id, a name) is a `badResponse` error.
 */
import * as l10n from '@vscode/l10n';

import { ApiError } from '../apiError';
import { isRecord } from '../fieldReaders';
import type {
  Application,
  ApplicationSettings,
  ApplicationSummary,
  EndUserSummary,
  HealthStatus,
  Host,
  Instance,
  KeyTransaction,
  MetricData,
  MetricName,
  MetricSeries,
  Timeslice,
} from '../types';
import { HEALTH_STATUSES } from '../types';

type Rec = Record<string, unknown>;

function bad(what: string): ApiError {
  return new ApiError(
    'badResponse',
    l10n.t(
      'The service sent a response the client cannot read ({0}). Retry; if it persists, switch the response format setting or report it.',
      what,
    ),
  );
}

/** The value under `key` of a response envelope, e.g. `applications`. */
export function unwrap(body: unknown, key: string): unknown {
  if (!isRecord(body) || !(key in body)) {
    throw bad(l10n.t('no "{0}" in the response', key));
  }
  return body[key];
}

function rec(v: unknown): Rec {
  return isRecord(v) ? v : {};
}

function list(v: unknown): unknown[] {
  if (Array.isArray(v)) {
    return v;
  }
  // XML with one item and no type="array", or an empty element.
  return v === undefined || v === null || v === '' ? [] : [v];
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) {
    return v;
  }
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) {
    return Number(v);
  }
  return undefined;
}

function int(v: unknown): number | undefined {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;
}

function ids(v: unknown): number[] {
  return list(v)
    .map(int)
    .filter((n): n is number => n !== undefined);
}

function requiredId(r: Rec, what: string): number {
  const id = int(r.id);
  if (id === undefined) {
    throw bad(l10n.t('{0} without an id', what));
  }
  return id;
}

export function parseHealth(v: unknown): HealthStatus {
  return HEALTH_STATUSES.includes(v as HealthStatus) ? (v as HealthStatus) : 'unknown';
}

function parseSummary(v: unknown): ApplicationSummary | undefined {
  if (!isRecord(v)) {
    return undefined;
  }
  const s: ApplicationSummary = {
    responseTime: num(v.response_time) ?? 0,
    throughput: num(v.throughput) ?? 0,
    errorRate: num(v.error_rate) ?? 0,
    apdexTarget: num(v.apdex_target) ?? 0,
    apdexScore: num(v.apdex_score) ?? 0,
  };
  const optional: Array<[keyof ApplicationSummary, unknown]> = [
    ['hostCount', v.host_count],
    ['instanceCount', v.instance_count],
    ['concurrentInstanceCount', v.concurrent_instance_count],
  ];
  for (const [key, raw] of optional) {
    const n = num(raw);
    if (n !== undefined) {
      s[key] = n;
    }
  }
  return s;
}

function parseEndUser(v: unknown): EndUserSummary | undefined {
  if (!isRecord(v)) {
    return undefined;
  }
  return {
    responseTime: num(v.response_time) ?? 0,
    throughput: num(v.throughput) ?? 0,
    apdexTarget: num(v.apdex_target) ?? 0,
    apdexScore: num(v.apdex_score) ?? 0,
  };
}

function parseSettings(v: unknown): ApplicationSettings {
  const r = rec(v);
  return dropUndefined({
    appApdexThreshold: num(r.app_apdex_threshold),
    endUserApdexThreshold: num(r.end_user_apdex_threshold),
    enableRealUserMonitoring: bool(r.enable_real_user_monitoring),
    useServerSideConfig: bool(r.use_server_side_config),
  });
}

/** Leaves optional fields out instead of present-but-undefined, so models compare equal across formats. */
function dropUndefined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as Array<keyof T>) {
    if (o[k] === undefined) {
      delete o[k];
    }
  }
  return o;
}

export function parseApplication(v: unknown): Application {
  const r = rec(v);
  const links = rec(r.links);
  const summary = parseSummary(r.application_summary);
  return dropUndefined({
    id: requiredId(r, l10n.t('an application')),
    name: str(r.name) ?? '',
    language: str(r.language) ?? 'unknown',
    healthStatus: parseHealth(r.health_status),
    // A record without `reporting` but with a summary is reporting (docs/service.md#records: the summary is absent when not).
    reporting: bool(r.reporting) ?? summary !== undefined,
    lastReportedAt: str(r.last_reported_at) || undefined,
    summary,
    endUserSummary: parseEndUser(r.end_user_summary),
    settings: parseSettings(r.settings),
    hostIds: ids(links.application_hosts),
    instanceIds: ids(links.application_instances),
    serverIds: ids(links.servers),
    alertPolicyId: int(links.alert_policy),
  });
}

export function parseHost(v: unknown): Host {
  const r = rec(v);
  const links = rec(r.links);
  return dropUndefined({
    id: requiredId(r, 'a host'),
    applicationName: str(r.application_name) ?? '',
    host: str(r.host) ?? '',
    language: str(r.language) ?? 'unknown',
    healthStatus: parseHealth(r.health_status),
    summary: parseSummary(r.application_summary),
    endUserSummary: parseEndUser(r.end_user_summary),
    applicationId: int(links.application),
    instanceIds: ids(links.application_instances),
    serverId: int(links.server),
  });
}

export function parseInstance(v: unknown): Instance {
  const r = rec(v);
  const links = rec(r.links);
  return dropUndefined({
    id: requiredId(r, l10n.t('an instance')),
    applicationName: str(r.application_name) ?? '',
    host: str(r.host) ?? '',
    port: int(r.port),
    language: str(r.language) ?? 'unknown',
    healthStatus: parseHealth(r.health_status),
    summary: parseSummary(r.application_summary),
    endUserSummary: parseEndUser(r.end_user_summary),
    applicationId: int(links.application),
    hostId: int(links.application_host),
    serverId: int(links.server),
  });
}

export function parseKeyTransaction(v: unknown): KeyTransaction {
  const r = rec(v);
  const links = rec(r.links);
  const summary = parseSummary(r.application_summary);
  return dropUndefined({
    id: requiredId(r, l10n.t('a key transaction')),
    name: str(r.name) ?? '',
    transactionName: str(r.transaction_name) ?? '',
    healthStatus: parseHealth(r.health_status),
    reporting: bool(r.reporting) ?? summary !== undefined,
    lastReportedAt: str(r.last_reported_at) || undefined,
    summary,
    applicationId: int(links.application),
  });
}

export function parseMetricName(v: unknown): MetricName {
  const r = rec(v);
  const name = str(r.name);
  if (name === undefined) {
    throw bad(l10n.t('a metric without a name'));
  }
  return {
    name,
    values: list(r.values)
      .map(str)
      .filter((s): s is string => s !== undefined),
  };
}

/**
 * A slice's values as numbers. Metric data is the one large answer (megabytes, hundreds of thousands
 * of slices), so the common case costs one pass and no allocation: a JSON object whose values are all
 * finite numbers is kept as it is. Anything else (XML strings, nulls) is copied value by value.
 */
function parseValues(v: unknown): Record<string, number> {
  if (!isRecord(v)) {
    return {};
  }
  for (const k in v) {
    const raw = v[k];
    if (typeof raw !== 'number' || !Number.isFinite(raw)) {
      return copyValues(v);
    }
  }
  return v as Record<string, number>;
}

function copyValues(v: Rec): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k in v) {
    const n = num(v[k]);
    if (n !== undefined) {
      out[k] = n;
    }
  }
  return out;
}

/** Like parseValues: a well-formed slice is checked and kept, not rebuilt (the decoded body is ours). */
function parseTimeslice(v: unknown): Timeslice {
  const r = rec(v);
  if (typeof r.from === 'string' && typeof r.to === 'string') {
    r.values = parseValues(r.values);
    return r as unknown as Timeslice;
  }
  return { from: str(r.from) ?? '', to: str(r.to) ?? '', values: parseValues(r.values) };
}

function parseSeries(v: unknown): MetricSeries {
  const r = rec(v);
  const name = str(r.name);
  if (name === undefined) {
    throw bad(l10n.t('metric data without a metric name'));
  }
  return { name, timeslices: list(r.timeslices).map(parseTimeslice) };
}

export function parseMetricData(v: unknown): MetricData {
  if (!isRecord(v)) {
    throw bad(l10n.t('metric_data is not an object'));
  }
  const metrics = list(v.metrics).map(parseSeries);
  const strings = (x: unknown) =>
    list(x)
      .map(str)
      .filter((s): s is string => s !== undefined);
  return {
    from: str(v.from) ?? '',
    to: str(v.to) ?? '',
    // Optional in summarized answers (docs/service.md#value-rules): derive "found" from what came back.
    metricsFound: v.metrics_found === undefined ? metrics.map((m) => m.name) : strings(v.metrics_found),
    metricsNotFound: strings(v.metrics_not_found),
    metrics,
  };
}

/** Parses each item of a list envelope. */
export function parseList<T>(body: unknown, key: string, item: (v: unknown) => T): T[] {
  return list(unwrap(body, key)).map(item);
}
