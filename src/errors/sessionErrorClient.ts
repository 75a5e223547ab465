// Queries asked together travel as aliases of one GraphQL request, so the key's budget does not grow with
// the number of applications; each alias is judged on its own. No `vscode`.
import { accountError, pickAccount } from '../api/backend';
import type { NrqlClient } from '../api/backend';
import type { AliasAnswer } from '../api/nerdgraph/graphqlRequests';
import { aliasedNrqlRequest } from '../api/nerdgraph/graphqlRequests';
import { DEFAULT_OPEN_POINTS } from '../api/nerdgraph/openPoints';
import { readNrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { ConnectionSession } from '../session/connectionSession';
import type { ErrorDetailsClient, ServiceException } from './errorDetails';
import { exceptionStacksGraphql } from './errorQueries';
import type { ServiceFrame } from './stackFrame';

/** Queries sent as aliases of one request at most: a bounded body and answer however many applications are bound. */
export const MAX_QUERIES_PER_REQUEST = 20;

export function inBatches<T>(send: (items: T[]) => Promise<AliasAnswer[]>): (item: T) => Promise<unknown> {
  let pending: Array<{ item: T; resolve(r: unknown): void; reject(e: unknown): void }> = [];
  const flush = async (batch: typeof pending) => {
    try {
      const answers = await send(batch.map((p) => p.item));
      batch.forEach((p, i) => {
        const answer = answers[i];
        return answer.ok ? p.resolve(answer.value) : p.reject(answer.error);
      });
    } catch (e) {
      batch.forEach((p) => p.reject(e));
    }
  };
  return (item) =>
    new Promise<unknown>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length === 1) {
        setImmediate(() => {
          const all = pending;
          pending = [];
          for (let i = 0; i < all.length; i += MAX_QUERIES_PER_REQUEST) {
            void flush(all.slice(i, i + MAX_QUERIES_PER_REQUEST));
          }
        });
      }
    });
}

const clients = new WeakMap<ConnectionSession, ErrorDetailsClient>();

export function readException(value: unknown): ServiceException | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const v = value as { message?: unknown; stackTrace?: { frames?: unknown } | null };
  const frames = Array.isArray(v.stackTrace?.frames) ? (v.stackTrace.frames as unknown[]) : [];
  return {
    message: v.message,
    frames: frames.filter((f): f is ServiceFrame => typeof f === 'object' && f !== null),
  };
}

export function errorDetailsClient(nrql: NrqlClient, signal?: AbortSignal): ErrorDetailsClient {
  let account: Promise<number> | undefined;
  const accountId = (): Promise<number> => {
    if (nrql.storedAccountId !== undefined) {
      return Promise.resolve(nrql.storedAccountId);
    }
    account ??= nrql.listAccounts({ signal }).then((accounts) => {
      const pick = pickAccount(accounts);
      if (pick.kind !== 'use') {
        throw accountError(pick);
      }
      return pick.account.id;
    });
    // A failed lookup is not kept: the next refresh asks again.
    account.catch(() => (account = undefined));
    return account;
  };
  const runNrql = inBatches<string>(async (queries) => {
    const { query, variables, paths } = aliasedNrqlRequest(
      await accountId(),
      queries,
      DEFAULT_OPEN_POINTS.nrqlTimeoutSeconds,
    );
    return nrql.graphqlAliases(query, variables, paths, { signal });
  });
  // A stack the service reports failed (an error at its alias) rejects; a null without one is gone.
  const exception = inBatches<{ guid: string; occurrenceId: string }>((asked) => {
    const variables: Record<string, unknown> = {};
    asked.forEach((a, i) => {
      variables[`g${i}`] = a.guid;
      variables[`o${i}`] = a.occurrenceId;
    });
    const paths = asked.map((_, i) => ['actor', `e${i}`, 'exception']);
    return nrql.graphqlAliases(exceptionStacksGraphql(asked.length), variables, paths, { signal });
  });
  const guids = new Map<number, Promise<string>>();
  const entityGuid = (id: number): Promise<string> => {
    let guid = guids.get(id);
    if (!guid) {
      guid = nrql.applicationGuid(id, { signal });
      guids.set(id, guid);
      guid.catch(() => guids.delete(id));
    }
    return guid;
  };
  return {
    runNrql: async (query) => readNrqlResult(await runNrql(query)),
    entityGuid: (id) => entityGuid(id),
    exception: async (guid, occurrenceId) => readException(await exception({ guid, occurrenceId })),
  };
}

/** The session's error-details client (one per session, so answers of another session are never reused). */
export function sessionErrorClient(session: ConnectionSession | undefined): ErrorDetailsClient | undefined {
  if (!session || session.disposed) {
    return undefined;
  }
  let client = clients.get(session);
  const nrql = session.nrql;
  if (!client && nrql) {
    client = errorDetailsClient(nrql, session.signal);
    clients.set(session, client);
  }
  return client;
}
