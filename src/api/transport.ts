// The only code that does HTTP. The key goes only into the request header, to the configured host over HTTPS.
import type { Dispatcher } from 'undici';

import * as l10n from '@vscode/l10n';

import type { Logger } from '../log';
import { redact } from '../log';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { ApiError, formatWait } from './apiError';
import { errorForStatus, errorForTransportFailure } from './httpFailures';
import { KeyOrigin } from './keyOrigin';
import { LimiterRegistry } from './limiter';
import type { PipelineRequest, RequestLayer } from './pipeline';
import { perKeyLimiter, Pipeline } from './pipeline';
import type { ProxyOptions } from './proxy';
import { createProxyDispatcher } from './proxy';
import { flattenHeaders, readBody } from './responseBody';
import type { RetryOptions } from './retry';
import { retryAfterMs, RetryPolicy } from './retry';
import { undici } from './undiciModule';

export type ApiKeyHeader = 'Api-Key' | 'X-Api-Key';

export interface TransportOptions extends RetryOptions {
  baseUrl: string;
  getApiKey: () => Promise<string | undefined>;
  keyHeader?: ApiKeyHeader;
  log: Logger;
  /** Extra CA certificates (PEM) trusted for this client only, e.g. the simulator's. */
  ca?: string | string[];
  /** A dispatcher to use instead of our own Agent; it stays open when the transport closes. */
  dispatcher?: Dispatcher;
  /** Send every request through this proxy (CONNECT tunnel); ignored when `dispatcher` is given. */
  proxy?: ProxyOptions;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Pass the extension's one registry so every client sending the same key shares one limiter. */
  limiters?: LimiterRegistry;
  /** Layers every request passes before the per-key limiter's (a session's signal, watches of failures). */
  layers?: readonly RequestLayer[];
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  url: string;
  retries: number;
}

interface RequestShape {
  body?: string;
  ifNoneMatch?: string;
  /** A write (a deployment recorded): tried again only after a 429, which the service did not carry out. */
  write?: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_REDIRECTS = 5;

/** Validates a base URL: https, or http on loopback only (local tools); no credentials, query or hash. */
export function parseBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ApiError(
      'invalidConfig',
      l10n.t('"{0}" is not a URL. Enter a base URL such as https://api.newrelic.com.', raw),
    );
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ApiError(
      'invalidConfig',
      l10n.t(
        'The base URL must use https:// (got {0}//{1}); the API key is never sent over plain HTTP.',
        url.protocol,
        url.host,
      ),
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ApiError(
      'invalidConfig',
      l10n.t('The base URL must not contain a user name, password, query or fragment.'),
    );
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

export class HttpTransport {
  private readonly base: URL;
  /** Made at the first request, so that building a client does not load undici (undiciModule.ts). */
  private ownDispatcher: Dispatcher | undefined;
  private readonly ownsDispatcher: boolean;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly keyHeader: ApiKeyHeader;
  private readonly clock: Clock;
  private readonly proxyHost: string | undefined;
  private lastKey: string | undefined;
  private readonly keyOrigin: KeyOrigin;
  readonly pipeline: Pipeline;
  /** When to retry: the transport's HTTP failures, and the GraphQL client's errors in 200 answers. */
  readonly retry: RetryPolicy;

  constructor(private readonly options: TransportOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.ownsDispatcher = options.dispatcher === undefined;
    this.proxyHost = options.dispatcher === undefined && options.proxy ? new URL(options.proxy.url).host : undefined;
    const limiters = options.limiters ?? new LimiterRegistry({ clock: options.clock });
    this.pipeline = new Pipeline([...(options.layers ?? []), perKeyLimiter(limiters)]);
    this.retry = new RetryPolicy(options);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBodyBytes = options.maxBodyBytes ?? 20 * 1024 * 1024;
    this.keyHeader = options.keyHeader ?? 'Api-Key';
    this.clock = options.clock ?? systemClock;
    this.keyOrigin = new KeyOrigin(this.base);
  }

  get baseUrl(): string {
    return this.base.href.replace(/\/$/, '');
  }

  urlFor(path: string, query?: URLSearchParams): URL {
    const url = new URL(this.base.href);
    url.pathname = this.base.pathname.replace(/\/$/, '') + path;
    url.search = query && [...query.keys()].length > 0 ? query.toString() : '';
    return url;
  }

  mayCarryKey(url: URL): boolean {
    return this.keyOrigin.mayCarryKey(url);
  }

  private get dispatcher(): Dispatcher {
    const { options } = this;
    this.ownDispatcher ??=
      options.dispatcher ??
      (options.proxy
        ? createProxyDispatcher(options.proxy, options.ca)
        : new (undici().Agent)({ connect: options.ca ? { ca: options.ca } : {} }));
    return this.ownDispatcher;
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) {
      await this.ownDispatcher?.close();
    }
  }

  /** Resolves with a 2xx, or a 304 with an empty body when `ifNoneMatch` still holds (the caller reuses its copy). */
  get(url: URL, signal?: AbortSignal, ifNoneMatch?: string): Promise<HttpResponse> {
    return this.exchange(url, { ifNoneMatch }, signal);
  }

  /** Only a same-origin 307/308 is followed, since it keeps the method and body. */
  post(
    url: URL,
    jsonBody: string,
    signal?: AbortSignal,
    { write = false }: { write?: boolean } = {},
  ): Promise<HttpResponse> {
    return this.exchange(url, { body: jsonBody, write }, signal);
  }

  private async exchange(url: URL, request: RequestShape, callerSignal?: AbortSignal): Promise<HttpResponse> {
    const signal = this.pipeline.bind(callerSignal);
    const key = await this.options.getApiKey();
    if (!key) {
      throw this.pipeline.failed(
        new ApiError('auth', l10n.t('No API key is set. Run "Timeslice: Set API Key…" or try the demo.')),
      );
    }
    this.lastKey = key;
    // The key read now decides whose minute each try counts in (the per-key limiter's layer).
    const tryRequest = { origin: this.base.origin, key, signal };
    const started = this.clock.now();
    let retries = 0;
    for (;;) {
      try {
        const response = await this.getOnce(url, key, tryRequest, signal, request);
        response.retries = retries;
        this.logLine(
          url,
          `${response.status}`,
          started,
          retries,
          undefined,
          request.body === undefined ? 'GET' : 'POST',
        );
        return response;
      } catch (e) {
        const error = this.scrub(
          e instanceof ApiError
            ? e
            : errorForTransportFailure(e, this.base.host, url.pathname, this.timeoutMs, this.proxyHost),
        );
        // A write that failed on the way may have been carried out: repeating it could record it twice.
        const again = isRetriable(error) && (!request.write || error.kind === 'rateLimited');
        const wait = again ? this.retry.delay(retries, error.retryAfterMs) : undefined;
        if (wait === undefined || signal?.aborted) {
          error.retries = retries;
          this.logLine(
            url,
            `${error.status ?? error.kind}`,
            started,
            retries,
            error,
            request.body === undefined ? 'GET' : 'POST',
          );
          throw this.pipeline.failed(error);
        }
        retries++;
        this.options.log.debug(`retry ${retries} of ${url.pathname} in ${wait} ms after ${error.status ?? error.kind}`);
        try {
          await this.retry.wait(wait, signal);
        } catch (e) {
          throw e instanceof ApiError ? this.pipeline.failed(e) : e;
        }
      }
    }
  }

  private async getOnce(
    initial: URL,
    key: string,
    tryRequest: PipelineRequest,
    signal?: AbortSignal,
    request: RequestShape = {},
  ): Promise<HttpResponse> {
    const release = await this.pipeline.enter(tryRequest);
    try {
      let url = initial;
      for (let hop = 0; ; hop++) {
        const res = await this.send(url, key, signal, request);
        if (!REDIRECTS.has(res.status)) {
          return this.accept(res, url, request.ifNoneMatch !== undefined);
        }
        if (request.body !== undefined && res.status !== 307 && res.status !== 308) {
          throw new ApiError(
            'redirectRefused',
            l10n.t(
              '{0} answered a POST with a {1} redirect, which would drop the request body; it was not followed. Check the base URL setting.',
              this.base.host,
              res.status,
            ),
            { path: initial.pathname, status: res.status },
          );
        }
        url = this.keyOrigin.follow(url, res.headers.location);
        if (hop >= MAX_REDIRECTS) {
          throw new ApiError(
            'redirectRefused',
            l10n.t('{0} redirected more than {1} times. Check the base URL.', this.base.host, MAX_REDIRECTS),
            { path: initial.pathname },
          );
        }
      }
    } finally {
      release();
    }
  }

  private async send(
    url: URL,
    key: string,
    signal?: AbortSignal,
    request: RequestShape = {},
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      accept: url.pathname.endsWith('.xml') ? 'application/xml' : 'application/json',
    };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    // The key only ever travels over HTTPS to the configured host: a plain-http loopback base is asked without it.
    if (this.mayCarryKey(url)) {
      headers[this.keyHeader.toLowerCase()] = key;
    }
    if (request.ifNoneMatch !== undefined) {
      headers['if-none-match'] = request.ifNoneMatch;
    }
    try {
      const res = await undici().request(url, {
        method: request.body === undefined ? 'GET' : 'POST',
        headers,
        dispatcher: this.dispatcher,
        signal: combined,
        body: request.body,
      });
      const flat = flattenHeaders(res.headers);
      const body = await readBody(res.body, flat, url, this.maxBodyBytes, this.base.host);
      return { status: res.statusCode, headers: flat, body };
    } catch (e) {
      if (signal?.aborted) {
        throw new ApiError('cancelled', l10n.t('The request was cancelled.'), { path: url.pathname });
      }
      if (timeout.aborted) {
        throw new ApiError(
          'timeout',
          l10n.t(
            '{0} did not answer within {1}. Check your network or proxy, then retry.',
            this.base.host,
            formatWait(this.timeoutMs),
          ),
          { path: url.pathname },
        );
      }
      throw e;
    }
  }

  private accept(
    res: { status: number; headers: Record<string, string>; body: string },
    url: URL,
    conditional: boolean,
  ): HttpResponse {
    if ((res.status >= 200 && res.status < 300) || (res.status === 304 && conditional)) {
      return { ...res, url: url.href, retries: 0 };
    }
    throw errorForStatus(
      res.status,
      this.base.host,
      url.pathname,
      res.body,
      retryAfterMs(res.headers, this.clock.now()),
    );
  }

  /** Belt and braces: whatever a server echoes, no message that leaves here holds the key. */
  private scrub(error: ApiError): ApiError {
    if (this.lastKey && error.message.includes(this.lastKey)) {
      return new ApiError(error.kind, redact(error.message, [this.lastKey]), {
        status: error.status,
        retryAfterMs: error.retryAfterMs,
        path: error.path,
        retries: error.retries,
        reset: error.reset,
      });
    }
    return error;
  }

  private logLine(url: URL, outcome: string, started: number, retries: number, error?: ApiError, method = 'GET'): void {
    const line = `${method} ${url.pathname}${url.search} ${outcome} ${this.clock.now() - started} ms${retries ? ` (${retries} ${retries === 1 ? 'retry' : 'retries'})` : ''}`;
    const safe = this.lastKey ? redact(line, [this.lastKey]) : line;
    if (error) {
      this.options.log.warn(`${safe}: ${error.message}`);
    } else {
      this.options.log.info(safe);
    }
  }
}

function isRetriable(error: ApiError): boolean {
  return (
    (error.status !== undefined && RETRIED_STATUSES.has(error.status)) || (error.kind === 'network' && !!error.reset)
  );
}
