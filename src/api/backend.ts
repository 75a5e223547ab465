// The one factory of a backend's client, so where the connection is built can move without knowing either class.
import * as l10n from '@vscode/l10n';

import type { TimesliceApi } from './timesliceApi';
import { HttpTimesliceApi } from './rest/client';
import type { HttpTimesliceApiOptions } from './rest/client';
import type { Backend } from './backendChoice';
import { ApiError } from './apiError';
import { restGoneWatch } from './pipeline';
import type { NerdGraphAccount } from './nerdgraph/accounts';
import type { AliasAnswer } from './nerdgraph/graphqlRequests';
import { NerdGraphTimesliceApi } from './nerdgraph/nerdGraphApi';
import type { GraphqlRequestBody, NrqlResult } from './nerdgraph/nrqlQuery';
import type { RequestOptions } from './types';

export interface BackendApiOptions extends HttpTimesliceApiOptions {
  /** NerdGraph: the stored account, if one was chosen for the key. */
  accountId?: number;
  /** NerdGraph: called when the account was picked automatically (the key sees exactly one). */
  onAccountPicked?: (account: NerdGraphAccount) => void;
  /** REST v2: called when the host answers 410 Gone (backendChoice.ts). */
  onRestGone?: () => void;
}

export type AccountPick =
  | { kind: 'use'; account: NerdGraphAccount; automatic: boolean }
  | { kind: 'ask'; accounts: NerdGraphAccount[] }
  | { kind: 'none' };

/** The stored account while the key still sees it, else the only one; else the user must choose, or there is none. */
export function pickAccount(accounts: NerdGraphAccount[], storedId?: number): AccountPick {
  const stored = storedId === undefined ? undefined : accounts.find((a) => a.id === storedId);
  if (stored) {
    return { kind: 'use', account: stored, automatic: false };
  }
  if (accounts.length === 1) {
    return { kind: 'use', account: accounts[0], automatic: true };
  }
  return accounts.length === 0
    ? { kind: 'none' }
    : { kind: 'ask', accounts: [...accounts].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) };
}

/** The error a connection's views show while no account is chosen (the tree offers Switch Account…). */
export function accountError(pick: Exclude<AccountPick, { kind: 'use' }>, storedId?: number): ApiError {
  if (pick.kind === 'none') {
    return new ApiError(
      'noAccount',
      l10n.t(
        "The key's user sees no account through NerdGraph. Check the key, or set a key of a user with access to an account.",
      ),
    );
  }
  return new ApiError(
    'noAccount',
    storedId === undefined
      ? l10n.t(
          'This key sees {0} accounts, and NRQL runs in one. Choose it with "Timeslice: Switch Account…".',
          pick.accounts.length,
        )
      : l10n.t(
          'This key sees {0} accounts, and NRQL runs in one. The account chosen before ({1}) is no longer among them. Choose it with "Timeslice: Switch Account…".',
          pick.accounts.length,
          storedId,
        ),
  );
}

export function createBackendApi(backend: Backend, options: BackendApiOptions): TimesliceApi {
  if (backend === 'restV2') {
    const { onRestGone } = options;
    return new HttpTimesliceApi(
      onRestGone ? { ...options, layers: [...(options.layers ?? []), restGoneWatch(onRestGone)] } : options,
    );
  }
  const { accountId, onAccountPicked } = options;
  return new NerdGraphTimesliceApi({
    ...options,
    // NerdGraph's docs spell the header API-Key; `X-Api-Key` belongs to REST's retired key types.
    keyHeader: 'Api-Key',
    accountId: async (list) => {
      const pick = pickAccount(await list(), accountId);
      if (pick.kind !== 'use') {
        throw accountError(pick, accountId);
      }
      if (pick.automatic) {
        onAccountPicked?.(pick.account);
      }
      return pick.account.id;
    },
  });
}

export async function listAccounts(
  options: HttpTimesliceApiOptions,
  request?: RequestOptions,
): Promise<NerdGraphAccount[]> {
  const api = new NerdGraphTimesliceApi({
    ...options,
    keyHeader: 'Api-Key',
    accountId: () => Promise.reject(new Error('not used')),
  });
  try {
    return await api.listAccounts(request);
  } finally {
    await api.dispose();
  }
}

/** NRQL typed by the user, sent to either backend's NerdGraph endpoint with the same key, transport and protections. */
export interface NrqlClient {
  readonly graphqlUrl: string;
  /** The account stored with the key, if one was chosen (NerdGraph does not infer it, docs/service.md#accounts). */
  readonly storedAccountId: number | undefined;
  listAccounts(options?: RequestOptions): Promise<NerdGraphAccount[]>;
  request(accountId: number, nrql: string): GraphqlRequestBody;
  run(accountId: number, nrql: string, options?: RequestOptions): Promise<NrqlResult>;
  applicationGuid(applicationId: number, options?: RequestOptions): Promise<string>;
  /** An alias the service failed is that alias's ApiError, the others answer; values travel only as `variables`. */
  graphqlAliases(
    query: string,
    variables: Record<string, unknown>,
    paths: string[][],
    options?: RequestOptions,
  ): Promise<AliasAnswer[]>;
  dispose(): Promise<void>;
}

export function createNrqlClient(options: HttpTimesliceApiOptions & { accountId?: number }): NrqlClient {
  const { accountId } = options;
  // The account is always passed to run(): the resolver is never asked.
  const api = new NerdGraphTimesliceApi({
    ...options,
    keyHeader: 'Api-Key',
    accountId: () => Promise.reject(new Error('not used')),
  });
  return {
    graphqlUrl: api.graphqlUrl,
    storedAccountId: accountId,
    listAccounts: (o) => api.listAccounts(o),
    request: (id, nrql) => api.nrqlRequest(id, nrql),
    run: (id, nrql, o) => api.runNrql(id, nrql, o),
    applicationGuid: (id, o) => api.guidOf(id, o),
    graphqlAliases: (query, variables, paths, o) => api.graphqlAliases(query, variables, paths, o),
    dispose: () => api.dispose(),
  };
}
