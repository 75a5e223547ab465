// The one place a REST request becomes a path and query, so what the palette sends (and copies as curl) is what views send.
import * as l10n from '@vscode/l10n';

import { ApiError } from '../apiError';
import { checkRange, formatApiTime } from '../timeRange';
import type { ApplicationFilter, HostFilter, KeyTransactionFilter, MetricScope } from '../types';

export type ApiRequest =
  | { endpoint: 'applications.list'; filter?: ApplicationFilter }
  | { endpoint: 'applications.show'; applicationId: number }
  | { endpoint: 'hosts.list' | 'instances.list'; applicationId: number; filter?: HostFilter }
  | { endpoint: 'hosts.show'; applicationId: number; hostId: number }
  | { endpoint: 'instances.show'; applicationId: number; instanceId: number }
  | { endpoint: 'keyTransactions.list'; filter?: KeyTransactionFilter }
  | { endpoint: 'keyTransactions.show'; keyTransactionId: number }
  | { endpoint: 'metricNames'; scope: MetricScope; name?: string }
  | {
      endpoint: 'metricData';
      scope: MetricScope;
      names: string[];
      values?: string[];
      /** Both or neither (the service then answers the last 30 minutes); a string is sent as the user gave it. */
      from?: Date | string;
      to?: Date | string;
      /** Seconds per point; one of `validPeriods` for the range. */
      period?: number;
      summarize?: boolean;
    };

export type ApiEndpointId = ApiRequest['endpoint'];

export interface BuiltRequest {
  /** Without the format suffix, e.g. `/v2/applications` (the client adds `.json` or `.xml`). */
  path: string;
  query: URLSearchParams;
}

/** An id for a path: a positive safe integer, or an invalidRequest error before anything is sent. */
export function checkId(id: unknown, what: string): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new ApiError('invalidRequest', l10n.t('{0} ID must be a positive whole number (got {1}).', what, String(id)));
  }
  return id;
}

export function scopePath(scope: MetricScope): string {
  const app = `/v2/applications/${scope.applicationId}`;
  switch (scope.kind) {
    case 'application':
      return app;
    case 'host':
      return `${app}/hosts/${scope.hostId}`;
    case 'instance':
      return `${app}/instances/${scope.instanceId}`;
  }
}

function checkedScopePath(scope: MetricScope): string {
  checkId(scope.applicationId, l10n.t('An application'));
  if (scope.kind === 'host') {
    checkId(scope.hostId, l10n.t('A host'));
  } else if (scope.kind === 'instance') {
    checkId(scope.instanceId, l10n.t('An instance'));
  }
  return scopePath(scope);
}

/** Text trimmed, id lists checked and joined with commas; empty ones left out. */
function setFilters<F extends object>(
  query: URLSearchParams,
  filter: F | undefined,
  keys: ReadonlyArray<keyof F & string>,
): void {
  for (const key of keys) {
    const value: unknown = filter?.[key];
    if (Array.isArray(value)) {
      if (value.length > 0) {
        query.set(`filter[${key}]`, value.map((n) => checkId(n, l10n.t('A filter'))).join(','));
      }
    } else if (typeof value === 'string' && value.trim() !== '') {
      query.set(`filter[${key}]`, value.trim());
    }
  }
}

/** The path (without format suffix) and query of a request; throws `invalidRequest` for what the service would refuse. */
export function buildRequest(request: ApiRequest): BuiltRequest {
  const query = new URLSearchParams();
  const app = (id: number) => `/v2/applications/${checkId(id, l10n.t('An application'))}`;
  switch (request.endpoint) {
    case 'applications.list':
      setFilters(query, request.filter, ['name', 'host', 'ids', 'language']);
      return { path: '/v2/applications', query };
    case 'applications.show':
      return { path: app(request.applicationId), query };
    case 'hosts.list':
    case 'instances.list':
      setFilters(query, request.filter, ['hostname', 'ids']);
      return {
        path: `${app(request.applicationId)}/${request.endpoint === 'hosts.list' ? 'hosts' : 'instances'}`,
        query,
      };
    case 'hosts.show':
      return { path: `${app(request.applicationId)}/hosts/${checkId(request.hostId, l10n.t('A host'))}`, query };
    case 'instances.show':
      return {
        path: `${app(request.applicationId)}/instances/${checkId(request.instanceId, l10n.t('An instance'))}`,
        query,
      };
    case 'keyTransactions.list':
      setFilters(query, request.filter, ['name', 'ids']);
      return { path: '/v2/key_transactions', query };
    case 'keyTransactions.show':
      return { path: `/v2/key_transactions/${checkId(request.keyTransactionId, l10n.t('A key transaction'))}`, query };
    case 'metricNames':
      if (request.name?.trim()) {
        query.set('name', request.name.trim());
      }
      return { path: `${checkedScopePath(request.scope)}/metrics`, query };
    case 'metricData':
      metricDataQuery(request, query);
      return { path: `${checkedScopePath(request.scope)}/metrics/data`, query };
  }
}

function metricDataQuery(request: Extract<ApiRequest, { endpoint: 'metricData' }>, query: URLSearchParams): void {
  const names = request.names.filter((n) => n.trim() !== '');
  if (names.length === 0) {
    throw new ApiError('invalidRequest', l10n.t('Choose at least one metric name.'));
  }
  const asDate = (t: Date | string | undefined) => (typeof t === 'string' ? new Date(t) : t);
  checkRange({ from: asDate(request.from), to: asDate(request.to) }, request.period);
  for (const name of names) {
    query.append('names[]', name);
  }
  for (const value of request.values ?? []) {
    query.append('values[]', value);
  }
  if (request.from !== undefined && request.to !== undefined) {
    const asText = (t: Date | string) => (typeof t === 'string' ? t : formatApiTime(t));
    query.set('from', asText(request.from));
    query.set('to', asText(request.to));
  }
  if (request.period !== undefined) {
    query.set('period', String(request.period));
  }
  // A series is asked for by leaving summarize out: the service treats "false" as unexpected (docs/service.md#value-rules).
  if (request.summarize) {
    query.set('summarize', 'true');
  }
}
