/**
 * One NerdGraph request through the shared HttpTransport (4 in flight per key keeps under the service's 25,
 * docs/service.md#rate-limits); GraphQL errors in 200 answers become ApiError kinds (docs/service.md#nerdgraph-errors).
 */
import * as l10n from '@vscode/l10n';

import type { Logger } from '../../log';
import { ApiError, formatWait, retryWaitMs } from '../apiError';
import type { HttpTransport } from '../transport';

export interface GqlError {
  message: string;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

export interface GqlResult {
  data: Record<string, unknown> | null;
  /** Errors other than deprecation warnings (the data may still be partial). */
  errors: GqlError[];
}

/** The class of an error, read in both places the service writes it (docs/service.md#nerdgraph-errors). */
export function errorClassOf(e: GqlError): string | undefined {
  const ext = e.extensions ?? {};
  const nested = ext.nerdGraphExtensions;
  const fromNested = nested && typeof nested === 'object' ? (nested as Record<string, unknown>).errorClass : undefined;
  const cls = ext.errorClass ?? fromNested;
  return typeof cls === 'string' ? cls : undefined;
}

export function isDeprecation(e: GqlError): boolean {
  return e.message.startsWith('This field is deprecated!');
}

/** NerdGraph's TOO_MANY_REQUESTS names no wait; its limits are per minute, so a minute. */
const TOO_MANY_REQUESTS_WAIT_MS = 60_000;
const RETRIED_CLASSES = new Set(['TOO_MANY_REQUESTS', 'TIMEOUT', 'SERVER_ERROR', 'INTERNAL_SERVER_ERROR']);

function isRetryable(e: GqlError): boolean {
  const cls = errorClassOf(e);
  // SERVER_ERROR with DataFetchingException is a key without permission, not trouble (docs/service.md#nerdgraph-errors).
  return cls !== undefined && RETRIED_CLASSES.has(cls) && e.extensions?.classification !== 'DataFetchingException';
}

function quote(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** A refused backend query means a wrong name, range or period; a user's query itself needs fixing. */
export type NrqlAuthor = 'backend' | 'user';

export function apiErrorFor(e: GqlError, host: string, author: NrqlAuthor = 'backend'): ApiError {
  const cls = errorClassOf(e);
  const said = ` ${l10n.t('NerdGraph said: "{0}".', quote(e.message))}`;
  const path = '/graphql';
  if (e.extensions?.error_code === 'BAD_API_KEY') {
    return new ApiError(
      'auth',
      l10n.t(
        'The API key was rejected by {0}. Set a valid User API key (it starts with NRAK-) with "Timeslice: Set API Key…".',
        host,
      ),
      { path },
    );
  }
  switch (cls) {
    case 'TOO_MANY_REQUESTS':
      return new ApiError(
        'rateLimited',
        l10n.t(
          '{0} is limiting requests (TOO_MANY_REQUESTS). Wait {1} before trying again.',
          host,
          formatWait(retryWaitMs(TOO_MANY_REQUESTS_WAIT_MS)),
        ),
        { path, retryAfterMs: TOO_MANY_REQUESTS_WAIT_MS },
      );
    case 'TIMEOUT':
      return new ApiError(
        'timeout',
        l10n.t('The NRQL query timed out on {0}. Try a shorter time range or fewer metrics, then retry.', host),
        { path },
      );
    case 'INVALID_INPUT':
      if (author === 'user') {
        return new ApiError(
          'invalidRequest',
          l10n.t('{0} refused the NRQL query (INVALID_INPUT).{1} Correct the query and run it again.', host, said),
          { path },
        );
      }
      return new ApiError(
        'invalidRequest',
        l10n.t(
          '{0} refused the query (INVALID_INPUT).{1} Check the metric names, the time range and the period.',
          host,
          said,
        ),
        { path },
      );
    case 'ACCESS_DENIED':
    case 'FORBIDDEN':
      return new ApiError(
        'forbidden',
        l10n.t(
          "{0} refused access ({1}).{2} Check that the key's user may see this account, or choose another account.",
          host,
          cls,
          said,
        ),
        { path },
      );
    case 'SERVER_ERROR':
      if (e.extensions?.classification === 'DataFetchingException') {
        return new ApiError(
          'forbidden',
          l10n.t(
            '{0} could not fetch the data with this key (SERVER_ERROR, DataFetchingException): the User API key may lack permission for this account.{1}',
            host,
            said,
          ),
          { path },
        );
      }
      return new ApiError(
        'server',
        l10n.t(
          '{0} had a server error (SERVER_ERROR). Try again in {1}; if it persists, check the service status.{2}',
          host,
          formatWait(retryWaitMs()),
          said,
        ),
        { path },
      );
    case 'INTERNAL_SERVER_ERROR':
      return new ApiError(
        'server',
        l10n.t(
          '{0} had a server error (INTERNAL_SERVER_ERROR). Try again in {1}; if it persists, check the service status.{2}',
          host,
          formatWait(retryWaitMs()),
          said,
        ),
        { path },
      );
    default:
      if (/not authorized to query account/i.test(e.message)) {
        return new ApiError(
          'forbidden',
          l10n.t("{0} refused access to the account.{1} Choose an account the key's user may see.", host, said),
          { path },
        );
      }
      return new ApiError(
        'badResponse',
        l10n.t('{0} answered with an error the client does not expect{1}.{2}', host, cls ? ` (${cls})` : '', said),
        { path },
      );
  }
}

export interface GraphqlClientOptions {
  transport: HttpTransport;
  log: Logger;
}

export class GraphqlClient {
  private deprecationLogged = false;

  constructor(private readonly options: GraphqlClientOptions) {}

  private get host(): string {
    return new URL(this.options.transport.baseUrl).host;
  }

  async query(
    query: string,
    variables: Record<string, unknown>,
    callerSignal?: AbortSignal,
    author: NrqlAuthor = 'backend',
  ): Promise<GqlResult> {
    const { pipeline, retry } = this.options.transport;
    // Bound once here too, so the waits between retries end with the session like the requests do.
    const signal = pipeline.bind(callerSignal);
    // A mutation (a deployment recorded) is not repeated after an error: it may have been carried out.
    const write = /^\s*mutation\b/.test(query);
    for (let retries = 0; ; retries++) {
      const result = await this.once(query, variables, signal, write);
      const retryable = write ? [] : result.errors.filter(isRetryable);
      const wait = retryable.length > 0 && !signal?.aborted ? retry.delay(retries) : undefined;
      if (wait !== undefined) {
        this.options.log.debug(`NerdGraph retry ${retries + 1} after ${errorClassOf(retryable[0])}`);
        await retry.wait(wait, signal);
        continue;
      }
      if (result.data === null && result.errors.length > 0) {
        throw pipeline.failed(apiErrorFor(result.errors[0], this.host, author));
      }
      return result;
    }
  }

  private async once(
    query: string,
    variables: Record<string, unknown>,
    signal?: AbortSignal,
    write = false,
  ): Promise<GqlResult> {
    const transport = this.options.transport;
    let body: string;
    try {
      const res = await transport.post(transport.urlFor('/graphql'), JSON.stringify({ query, variables }), signal, {
        write,
      });
      const type = (res.headers['content-type'] ?? '').toLowerCase();
      if (type && !type.includes('json')) {
        throw new ApiError(
          'badResponse',
          l10n.t(
            'The service answered /graphql with "{0}" instead of JSON. A proxy or login page may be in the way: check the base URL and proxy settings.',
            type.split(';')[0],
          ),
          { path: '/graphql' },
        );
      }
      body = res.body;
    } catch (e) {
      if (e instanceof ApiError && e.status === 402) {
        throw new ApiError(
          'forbidden',
          l10n.t(
            "{0} answered 402 Payment Required: the account's plan does not allow this request. Check the account's subscription or choose another account.",
            this.host,
          ),
          { status: 402, path: '/graphql' },
        );
      }
      throw e;
    }
    let parsed: { data?: unknown; errors?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch (e) {
      throw new ApiError(
        'badResponse',
        l10n.t(
          'The answer for /graphql is not valid JSON (it may be truncated). Retry; if it persists, check your proxy.',
        ),
        { path: '/graphql', cause: e },
      );
    }
    const all = Array.isArray(parsed.errors)
      ? (parsed.errors as GqlError[]).filter((e) => e && typeof e.message === 'string')
      : [];
    const deprecations = all.filter(isDeprecation);
    if (deprecations.length > 0 && !this.deprecationLogged) {
      this.deprecationLogged = true; // Once: the same warning comes with every answer.
      this.options.log.warn(`NerdGraph deprecation warning (ignored): ${quote(deprecations[0].message)}`);
    }
    const data = parsed.data && typeof parsed.data === 'object' ? (parsed.data as Record<string, unknown>) : null;
    return { data, errors: all.filter((e) => !isDeprecation(e)) };
  }

  /** Null because of an error at (or under) `path` gives that error; the other aliases stay usable. */
  field(result: GqlResult, path: string[], author: NrqlAuthor = 'backend'): unknown {
    let value: unknown = result.data;
    for (const key of path) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (value === null || value === undefined) {
      const error = result.errors.find(
        (e) => !e.path || path.every((p, i) => e.path![i] === undefined || e.path![i] === p),
      );
      if (error) {
        throw this.options.transport.pipeline.failed(apiErrorFor(error, this.host, author));
      }
    }
    return value;
  }
}
