/**
 * A connection's API: every request carries the connection's own AbortSignal beside the caller's,
 * so closing the connection cancels all it started, and no answer of an old connection (another
 * account, region or key) can reach a view after it was replaced.
 */
import type { NrqlClient } from './backend';
import type { TimesliceApi } from './timesliceApi';
import type { RequestOptions } from './types';

/** The caller's options with the session's signal beside the caller's. */
function withSession(session: AbortSignal) {
  return (options?: RequestOptions): RequestOptions => ({
    ...options,
    signal: options?.signal ? AbortSignal.any([options.signal, session]) : session,
  });
}

export function boundToSignal(api: TimesliceApi, session: AbortSignal): TimesliceApi {
  const o = withSession(session);
  return {
    get baseUrl() {
      return api.baseUrl;
    },
    listApplications: (filter, options) => api.listApplications(filter, o(options)),
    getApplication: (id, options) => api.getApplication(id, o(options)),
    listHosts: (id, filter, options) => api.listHosts(id, filter, o(options)),
    getHost: (id, hostId, options) => api.getHost(id, hostId, o(options)),
    listInstances: (id, filter, options) => api.listInstances(id, filter, o(options)),
    getInstance: (id, instanceId, options) => api.getInstance(id, instanceId, o(options)),
    listKeyTransactions: (filter, options) => api.listKeyTransactions(filter, o(options)),
    getKeyTransaction: (id, options) => api.getKeyTransaction(id, o(options)),
    listMetricNames: (scope, filter, options) => api.listMetricNames(scope, filter, o(options)),
    getMetricData: (scope, query, options) => api.getMetricData(scope, query, o(options)),
    rawRequest: (path, query, options) => api.rawRequest(path, query, o(options)),
    dispose: () => api.dispose(),
  };
}

/** The same for a connection's NRQL client ("Run NRQL Query…" and NRQL chart panels). */
export function nrqlBoundToSignal(client: NrqlClient, session: AbortSignal): NrqlClient {
  const o = withSession(session);
  return {
    graphqlUrl: client.graphqlUrl,
    storedAccountId: client.storedAccountId,
    listAccounts: (options) => client.listAccounts(o(options)),
    request: (accountId, nrql) => client.request(accountId, nrql),
    run: (accountId, nrql, options) => client.run(accountId, nrql, o(options)),
    dispose: () => client.dispose(),
  };
}
