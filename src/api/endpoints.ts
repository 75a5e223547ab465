import * as l10n from '@vscode/l10n';
/**
 * The endpoints "Run API Request…" can call, and how a request's parameters become a v2 path and
 * query. Pure (no `vscode`), so every endpoint's path and query is unit-tested.
 */
import { ApiError } from './errors';
import { scopePath } from './client';
import { checkRange } from './timeRange';
import type { ApiFormat, MetricScope } from './types';

export type RawEndpointId =
  | 'applications.list' | 'applications.show' | 'hosts.list' | 'hosts.show' | 'instances.list' | 'instances.show'
  | 'keyTransactions.list' | 'keyTransactions.show' | 'metricNames' | 'metricData';

export interface RawEndpoint {
  id: RawEndpointId;
  label: string;
  /** The path template, as the spec writes it. */
  path: string;
}

// Getters: this table is built when the module loads, before activation configures the translations.
export const RAW_ENDPOINTS: readonly RawEndpoint[] = [
  { id: 'applications.list', get label() { return l10n.t('List applications'); }, path: '/v2/applications' },
  { id: 'applications.show', get label() { return l10n.t('Show one application'); }, path: '/v2/applications/{id}' },
  { id: 'hosts.list', get label() { return l10n.t('List an application\'s hosts'); }, path: '/v2/applications/{id}/hosts' },
  { id: 'hosts.show', get label() { return l10n.t('Show one host'); }, path: '/v2/applications/{id}/hosts/{host_id}' },
  { id: 'instances.list', get label() { return l10n.t('List an application\'s instances'); }, path: '/v2/applications/{id}/instances' },
  { id: 'instances.show', get label() { return l10n.t('Show one instance'); }, path: '/v2/applications/{id}/instances/{instance_id}' },
  { id: 'keyTransactions.list', get label() { return l10n.t('List key transactions'); }, path: '/v2/key_transactions' },
  { id: 'keyTransactions.show', get label() { return l10n.t('Show one key transaction'); }, path: '/v2/key_transactions/{id}' },
  { id: 'metricNames', get label() { return l10n.t('List metric names'); }, path: '/v2/applications/{id}[/hosts|instances/{id}]/metrics' },
  { id: 'metricData', get label() { return l10n.t('Get metric data'); }, path: '/v2/applications/{id}[/hosts|instances/{id}]/metrics/data' },
];

/** One request, as the user filled it in (or as a test passes it to the command). */
export type RawRequestSpec =
  | { endpoint: 'applications.list'; filter?: { name?: string; host?: string; ids?: number[]; language?: string } }
  | { endpoint: 'applications.show'; applicationId: number }
  | { endpoint: 'hosts.list' | 'instances.list'; applicationId: number; filter?: { hostname?: string; ids?: number[] } }
  | { endpoint: 'hosts.show'; applicationId: number; hostId: number }
  | { endpoint: 'instances.show'; applicationId: number; instanceId: number }
  | { endpoint: 'keyTransactions.list'; filter?: { name?: string; ids?: number[] } }
  | { endpoint: 'keyTransactions.show'; keyTransactionId: number }
  | { endpoint: 'metricNames'; scope: MetricScope; name?: string }
  | {
    endpoint: 'metricData'; scope: MetricScope; names: string[]; values?: string[];
    /** ISO 8601; both or neither (the service then answers the last 30 minutes). */
    from?: string; to?: string;
    /** Seconds per point; one of `validPeriods` for the range. */
    period?: number; summarize?: boolean;
  };

export interface BuiltRequest {
  /** With the format suffix, e.g. `/v2/applications.json`. */
  path: string;
  query: URLSearchParams;
}

function id(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new ApiError('invalidRequest', l10n.t('{0} ID must be a positive whole number (got {1}).', what, String(value)));
  }
  return value;
}

/** Reads "1, 2,3" as [1, 2, 3]; undefined for an empty text; throws on anything else. */
export function parseIdList(text: string): number[] | undefined {
  const parts = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length === 0) {
    return undefined;
  }
  const ids = parts.map((s) => (/^\d{1,15}$/.test(s) ? Number(s) : Number.NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
    throw new ApiError('invalidRequest', l10n.t('"{0}" is not a list of IDs. Enter positive whole numbers separated by commas, e.g. 12, 34.', text));
  }
  return ids;
}

function setFilters(query: URLSearchParams, filter: Record<string, string | number[] | undefined> | undefined): void {
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (Array.isArray(value)) {
      if (value.length > 0) {
        query.set(`filter[${key}]`, value.map((n) => id(n, l10n.t('A filter'))).join(','));
      }
    } else if (value !== undefined && value.trim() !== '') {
      query.set(`filter[${key}]`, value.trim());
    }
  }
}

function scopeOf(scope: MetricScope): string {
  id(scope.applicationId, l10n.t('An application'));
  if (scope.kind === 'host') {
    id(scope.hostId, l10n.t('A host'));
  } else if (scope.kind === 'instance') {
    id(scope.instanceId, l10n.t('An instance'));
  }
  return scopePath(scope);
}

/** The path and query of a request; throws `invalidRequest` for what the service would refuse. */
export function buildRawRequest(spec: RawRequestSpec, format: ApiFormat): BuiltRequest {
  const query = new URLSearchParams();
  let path: string;
  switch (spec.endpoint) {
    case 'applications.list':
      path = '/v2/applications';
      setFilters(query, spec.filter);
      break;
    case 'applications.show':
      path = `/v2/applications/${id(spec.applicationId, l10n.t('An application'))}`;
      break;
    case 'hosts.list':
    case 'instances.list':
      path = `/v2/applications/${id(spec.applicationId, l10n.t('An application'))}/${spec.endpoint === 'hosts.list' ? 'hosts' : 'instances'}`;
      setFilters(query, spec.filter);
      break;
    case 'hosts.show':
      path = `/v2/applications/${id(spec.applicationId, l10n.t('An application'))}/hosts/${id(spec.hostId, l10n.t('A host'))}`;
      break;
    case 'instances.show':
      path = `/v2/applications/${id(spec.applicationId, l10n.t('An application'))}/instances/${id(spec.instanceId, l10n.t('An instance'))}`;
      break;
    case 'keyTransactions.list':
      path = '/v2/key_transactions';
      setFilters(query, spec.filter);
      break;
    case 'keyTransactions.show':
      path = `/v2/key_transactions/${id(spec.keyTransactionId, l10n.t('A key transaction'))}`;
      break;
    case 'metricNames':
      path = `${scopeOf(spec.scope)}/metrics`;
      if (spec.name?.trim()) {
        query.set('name', spec.name.trim());
      }
      break;
    case 'metricData':
      path = `${scopeOf(spec.scope)}/metrics/data`;
      metricDataQuery(spec, query);
      break;
  }
  return { path: `${path}.${format}`, query };
}

function metricDataQuery(spec: Extract<RawRequestSpec, { endpoint: 'metricData' }>, query: URLSearchParams): void {
  const names = spec.names.map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0) {
    throw new ApiError('invalidRequest', l10n.t('Choose at least one metric name.'));
  }
  const from = spec.from !== undefined ? new Date(spec.from) : undefined;
  const to = spec.to !== undefined ? new Date(spec.to) : undefined;
  checkRange({ from, to }, spec.period);
  for (const name of names) {
    query.append('names[]', name);
  }
  for (const value of spec.values ?? []) {
    query.append('values[]', value);
  }
  if (spec.from !== undefined && spec.to !== undefined) {
    // Sent as the user's range, not re-formatted: the request is shown as it was asked for.
    query.set('from', spec.from);
    query.set('to', spec.to);
  }
  if (spec.period !== undefined) {
    query.set('period', String(spec.period));
  }
  // Leaving summarize out asks for a series; the service treats "false" as unexpected (api-notes).
  if (spec.summarize) {
    query.set('summarize', 'true');
  }
}

/** "GET /v2/applications.json (200)": the tab title of a raw response. */
export function rawTitle(method: string, path: string, status: number): string {
  return `${method} ${path} (${status})`;
}
