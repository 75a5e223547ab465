/**
 * Error details through a connection session's NerdGraph client, whichever backend its views use (the
 * same key and host, as "Run NRQL Query" does). NRQL runs in the account stored with the key, else the
 * key's only account; a key that sees several and has none chosen answers `noAccount`, which the views
 * read as "classes need NerdGraph". Queries asked together (every bound application's, in one refresh)
 * travel as aliases of one GraphQL request, so the key's request budget does not grow with the number
 * of applications. No `vscode`.
 */
import { accountError, pickAccount } from '../api/backend';
import type { NrqlClient } from '../api/backend';
import { DEFAULT_OPEN_POINTS } from '../api/nerdgraph/openPoints';
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import { readNrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { ConnectionSession } from '../session/connectionSession';
import type { ErrorDetailsClient, ServiceException } from './errorDetails';
import { EXCEPTION_STACK, exceptionStackVariables } from './errorQueries';
import type { ServiceFrame } from './stackFrame';

const EXCEPTION_PATH = ['actor', 'entity', 'exception'];

/** Queries sent as aliases of one request at most: a bounded body and answer however many applications are bound. */
export const MAX_QUERIES_PER_REQUEST = 20;

/** The GraphQL of `count` NRQL queries in one account, each a `Nrql!` variable (`$q0`…), answered as `r0`…. */
export function batchedNrqlGraphql(count: number, timeoutSeconds = DEFAULT_OPEN_POINTS.nrqlTimeoutSeconds): string {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const params = indexes.map((i) => `$q${i}: Nrql!`).join(', ');
  const timeout = Math.max(1, Math.floor(timeoutSeconds));
  const fields = indexes.map((i) => `r${i}: nrql(query: $q${i}, timeout: ${timeout}) { results metadata { facets } }`);
  return `query($accountId: Int!, ${params}) { actor { account(id: $accountId) { ${fields.join(' ')} } } }`;
}

interface Pending {
  nrql: string;
  resolve(result: NrqlResult): void;
  reject(reason: unknown): void;
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

/** The error-details client of `nrql`; the account is looked up once. */
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
  let pending: Pending[] = [];
  const flush = async (batch: Pending[]) => {
    try {
      const variables: Record<string, unknown> = { accountId: await accountId() };
      batch.forEach((p, i) => (variables[`q${i}`] = p.nrql));
      const account = await nrql.graphqlAt(batchedNrqlGraphql(batch.length), variables, ['actor', 'account'], {
        signal,
      });
      const answers = (typeof account === 'object' && account !== null ? account : {}) as Record<string, unknown>;
      batch.forEach((p, i) => p.resolve(readNrqlResult(answers[`r${i}`])));
    } catch (e) {
      batch.forEach((p) => p.reject(e));
    }
  };
  // Queries asked in the same turn of the event loop go together.
  const runNrql = (query: string): Promise<NrqlResult> =>
    new Promise<NrqlResult>((resolve, reject) => {
      pending.push({ nrql: query, resolve, reject });
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
  return {
    runNrql,
    entityGuid: (id, s) => nrql.applicationGuid(id, { signal: s ?? signal }),
    exception: async (guid, occurrenceId, s) =>
      readException(
        await nrql.graphqlAt(EXCEPTION_STACK, exceptionStackVariables(guid, occurrenceId), EXCEPTION_PATH, {
          signal: s ?? signal,
        }),
      ),
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
