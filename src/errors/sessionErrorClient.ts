/**
 * Error details through a connection session's NerdGraph client, whichever backend its views use (the
 * same key and host, as "Run NRQL Query" does). NRQL runs in the account stored with the key, else the
 * key's only account; a key that sees several and has none chosen answers `noAccount`, which the views
 * read as "classes need NerdGraph". Queries and stacks asked together (every bound application's, in
 * one refresh) travel as aliases of one GraphQL request, so the key's request budget does not grow with
 * the number of applications. No `vscode`.
 */
import { accountError, pickAccount } from '../api/backend';
import type { NrqlClient } from '../api/backend';
import { DEFAULT_OPEN_POINTS } from '../api/nerdgraph/openPoints';
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import { readNrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { ConnectionSession } from '../session/connectionSession';
import type { ErrorDetailsClient, ServiceException } from './errorDetails';
import { exceptionStacksGraphql } from './errorQueries';
import type { ServiceFrame } from './stackFrame';

/** Queries sent as aliases of one request at most: a bounded body and answer however many applications are bound. */
export const MAX_QUERIES_PER_REQUEST = 20;

/** The GraphQL of `count` NRQL queries in one account, each a `Nrql!` variable (`$q0`…), answered as `r0`…. */
export function batchedNrqlGraphql(count: number, timeoutSeconds = DEFAULT_OPEN_POINTS.nrqlTimeoutSeconds): string {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const params = indexes.map((i) => `$q${i}: Nrql!`).join(', ');
  const timeout = Math.max(1, Math.floor(timeoutSeconds));
  const fields = indexes.map((i) => `r${i}: nrql(query: $q${i}, timeout: ${timeout}) { results metadata { facets } }`);
  return `query($id: Int!, ${params}) { actor { account(id: $id) { ${fields.join(' ')} } } }`;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/**
 * `send` for items asked in the same turn of the event loop together (at most MAX_QUERIES_PER_REQUEST
 * a request); each caller gets its own item's answer, or the request's failure.
 */
export function inBatches<T, R>(send: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let pending: Array<{ item: T; resolve(r: R): void; reject(e: unknown): void }> = [];
  const flush = async (batch: typeof pending) => {
    try {
      const answers = await send(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(answers[i]));
    } catch (e) {
      batch.forEach((p) => p.reject(e));
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
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

/** `exception`'s value as a stack: null when the service has none (aged out, never kept). */
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

/** The error-details client of `nrql`; the account and each application's GUID are looked up once. */
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
  const runNrql = inBatches<string, NrqlResult>(async (queries) => {
    const variables: Record<string, unknown> = { id: await accountId() };
    queries.forEach((q, i) => (variables[`q${i}`] = q));
    const answer = record(
      await nrql.graphqlAt(batchedNrqlGraphql(queries.length), variables, ['actor', 'account'], { signal }),
    );
    return queries.map((_, i) => readNrqlResult(answer[`r${i}`]));
  });
  const exception = inBatches<{ guid: string; occurrenceId: string }, ServiceException | null>(async (asked) => {
    const variables: Record<string, unknown> = {};
    asked.forEach((a, i) => {
      variables[`g${i}`] = a.guid;
      variables[`o${i}`] = a.occurrenceId;
    });
    const answer = record(await nrql.graphqlAt(exceptionStacksGraphql(asked.length), variables, ['actor'], { signal }));
    return asked.map((_, i) => readException(record(answer[`e${i}`]).exception));
  });
  const guids = new Map<number, Promise<string>>();
  const entityGuid = (id: number): Promise<string> => {
    let guid = guids.get(id);
    if (!guid) {
      guid = nrql.applicationGuid(id, { signal });
      guids.set(id, guid);
      // A failed lookup is not kept: the next refresh asks again.
      guid.catch(() => guids.delete(id));
    }
    return guid;
  };
  return {
    runNrql: (query) => runNrql(query),
    entityGuid: (id) => entityGuid(id),
    exception: (guid, occurrenceId) => exception({ guid, occurrenceId }),
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
