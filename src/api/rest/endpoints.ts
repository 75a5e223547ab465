// The endpoints "Run API Request…" offers, built by the client's own builder (requests.ts) so both send the same.
import * as l10n from '@vscode/l10n';

import { ApiError } from '../apiError';
import type { ApiEndpointId, ApiRequest } from './requests';
import { buildRequest } from './requests';
import type { ApiFormat } from '../types';

export interface RawEndpoint {
  id: ApiEndpointId;
  label: string;
  path: string;
}

// Getters: this table is built when the module loads, before activation configures the translations.
export const RAW_ENDPOINTS: readonly RawEndpoint[] = [
  {
    id: 'applications.list',
    get label() {
      return l10n.t('List applications');
    },
    path: '/v2/applications',
  },
  {
    id: 'applications.show',
    get label() {
      return l10n.t('Show one application');
    },
    path: '/v2/applications/{id}',
  },
  {
    id: 'hosts.list',
    get label() {
      return l10n.t("List an application's hosts");
    },
    path: '/v2/applications/{id}/hosts',
  },
  {
    id: 'hosts.show',
    get label() {
      return l10n.t('Show one host');
    },
    path: '/v2/applications/{id}/hosts/{host_id}',
  },
  {
    id: 'instances.list',
    get label() {
      return l10n.t("List an application's instances");
    },
    path: '/v2/applications/{id}/instances',
  },
  {
    id: 'instances.show',
    get label() {
      return l10n.t('Show one instance');
    },
    path: '/v2/applications/{id}/instances/{instance_id}',
  },
  {
    id: 'keyTransactions.list',
    get label() {
      return l10n.t('List key transactions');
    },
    path: '/v2/key_transactions',
  },
  {
    id: 'keyTransactions.show',
    get label() {
      return l10n.t('Show one key transaction');
    },
    path: '/v2/key_transactions/{id}',
  },
  {
    id: 'metricNames',
    get label() {
      return l10n.t('List metric names');
    },
    path: '/v2/applications/{id}[/hosts|instances/{id}]/metrics',
  },
  {
    id: 'metricData',
    get label() {
      return l10n.t('Get metric data');
    },
    path: '/v2/applications/{id}[/hosts|instances/{id}]/metrics/data',
  },
];

export function parseIdList(text: string): number[] | undefined {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0) {
    return undefined;
  }
  const ids = parts.map((s) => (/^\d{1,15}$/.test(s) ? Number(s) : Number.NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
    throw new ApiError(
      'invalidRequest',
      l10n.t('"{0}" is not a list of IDs. Enter positive whole numbers separated by commas, e.g. 12, 34.', text),
    );
  }
  return ids;
}

/** Throws `invalidRequest` for what the service would refuse. */
export function buildRawRequest(request: ApiRequest, format: ApiFormat): { path: string; query: URLSearchParams } {
  const { path, query } = buildRequest(request);
  return { path: `${path}.${format}`, query };
}

export function rawTitle(method: string, path: string, status: number): string {
  return `${method} ${path} (${status})`;
}
