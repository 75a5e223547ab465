/**
 * The only code that does HTTP. One logical GET: rate limiting, the key header, timeouts, redirects
 * (only http→https on the configured host), a body size cap, retries with backoff, and one log line
 * per request. The key goes only into the request header to the configured host over HTTPS.
 */
import type { Dispatcher } from 'undici';

import * as l10n from '@vscode/l10n';
import type { Logger } from '../log';
import { redact } from '../log';
import type { Clock } from './clock';
import { sleep, systemClock } from './clock';
import { ApiError, errorForStatus, errorForTransportFailure, formatWait } from './errors';
import type { RequestLimiter } from './limiter';
import { LimiterRegistry } from './limiter';
import type { ProxyOptions } from './proxy';
import { createProxyDispatcher } from './proxy';
import { undici } from './undiciModule';

export type ApiKeyHeader = 'Api-Key' | 'X-Api-Key';

export interface TransportOptions {
  /** https://host[:port][/prefix], already validated by `parseBaseUrl`. */
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
  /** Tries per request, first one included. */
  maxTries?: number;
  /** First backoff delay; doubled per retry, with jitter. */
  backoffBaseMs?: number;
  /** Longest wait we accept from a 429/503 before giving up with the wait in the message. */
  maxRetryWaitMs?: number;
  /**
   * Where the rate limiter of (origin, key) comes from: pass the extension's one registry so every
   * client sending the same key shares one limiter. Without it this client has limiters of its own.
   */
  limiters?: LimiterRegistry;
  random?: () => number;
  /** Time for the retry waits and the log's durations (tests pass a fake one). */
  clock?: Clock;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The URL that answered (after redirects). */
  url: string;
  retries: number;
}

/** What a request sends besides its URL: a JSON body (a POST), or the ETag of an answer we hold. */
interface RequestShape {
  body?: string;
  ifNoneMatch?: string;
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
  private readonly limiters: LimiterRegistry;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly maxTries: number;
  private readonly backoffBaseMs: number;
  private readonly maxRetryWaitMs: number;
  private readonly keyHeader: ApiKeyHeader;
  private readonly random: () => number;
  private readonly clock: Clock;
  /** host:port of the proxy in use (never its credentials), for error messages. */
  private readonly proxyHost: string | undefined;
  private lastKey: string | undefined;
  /**
   * The one origin (scheme, host and port) the key may go to: the base URL's when it is https; for a
   * plain-http loopback base, the https origin its first 301 upgrades to.
   */
  private keyOrigin: string | undefined;

  constructor(private readonly options: TransportOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.ownsDispatcher = options.dispatcher === undefined;
    this.proxyHost = options.dispatcher === undefined && options.proxy ? new URL(options.proxy.url).host : undefined;
    this.limiters = options.limiters ?? new LimiterRegistry({ clock: options.clock });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBodyBytes = options.maxBodyBytes ?? 20 * 1024 * 1024;
    this.maxTries = options.maxTries ?? 3;
    this.backoffBaseMs = options.backoffBaseMs ?? 500;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.keyHeader = options.keyHeader ?? 'Api-Key';
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
    this.keyOrigin = this.base.protocol === 'https:' ? this.base.origin : undefined;
  }

  get baseUrl(): string {
    return this.base.href.replace(/\/$/, '');
  }

  /** The full URL of an API path such as `/v2/applications.json`. */
  urlFor(path: string, query?: URLSearchParams): URL {
    const url = new URL(this.base.href);
    url.pathname = this.base.pathname.replace(/\/$/, '') + path;
    url.search = query && [...query.keys()].length > 0 ? query.toString() : '';
    return url;
  }

  /** True when `url` may carry the key: https on the configured origin (port included). */
  mayCarryKey(url: URL): boolean {
    return url.protocol === 'https:' && url.origin === this.keyOrigin;
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

  /** Waits `ms` on the transport's clock (a retry's wait), or rejects as cancelled when `signal` aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    return sleep(ms, signal, this.clock);
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) {
      await this.ownDispatcher?.close();
    }
  }

  /**
   * GET with retries; resolves only with a 2xx answer, or a 304 when `ifNoneMatch` (an ETag of an
   * earlier answer) was sent and still holds: then the body is empty and the caller reuses its copy.
   */
  get(url: URL, signal?: AbortSignal, ifNoneMatch?: string): Promise<HttpResponse> {
    return this.exchange(url, { ifNoneMatch }, signal);
  }

  /**
   * POST of a JSON body (NerdGraph) with the same protections and retries as GET. Only a same-origin
   * 307/308 is followed, since it keeps the method and body; any other redirect of a POST is refused.
   */
  post(url: URL, jsonBody: string, signal?: AbortSignal): Promise<HttpResponse> {
    return this.exchange(url, { body: jsonBody }, signal);
  }

  private async exchange(url: URL, request: RequestShape, signal?: AbortSignal): Promise<HttpResponse> {
    const key = await this.options.getApiKey();
    if (!key) {
      throw new ApiError('auth', l10n.t('No API key is set. Run "Timeslice: Set API Key…" or try the demo.'));
    }
    this.lastKey = key;
    // Asked per request: the key read now decides whose minute the request counts in.
    const limiter = this.limiters.limiterFor(this.base.origin, key);
    const started = this.clock.now();
    let retries = 0;
    for (;;) {
      try {
        const response = await this.getOnce(url, key, limiter, signal, request);
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
        const wait = this.retryDelay(error, retries);
        if (wait === undefined || retries + 1 >= this.maxTries || signal?.aborted) {
          error.retries = retries;
          this.logLine(
            url,
            `${error.status ?? error.kind}`,
            started,
            retries,
            error,
            request.body === undefined ? 'GET' : 'POST',
          );
          throw error;
        }
        retries++;
        this.options.log.debug(`retry ${retries} of ${url.pathname} in ${wait} ms after ${error.status ?? error.kind}`);
        await this.wait(wait, signal);
      }
    }
  }

  /** How long to wait before retrying `error`, or undefined when it must not be retried. */
  private retryDelay(error: ApiError, retriesSoFar: number): number | undefined {
    const retriable =
      (error.status !== undefined && RETRIED_STATUSES.has(error.status)) || (error.kind === 'network' && error.reset);
    if (!retriable) {
      return undefined;
    }
    if (error.retryAfterMs !== undefined) {
      if (error.retryAfterMs > this.maxRetryWaitMs) {
        return undefined; // Too long to hold the user; the message already says how long to wait.
      }
      return error.retryAfterMs;
    }
    const exponential = this.backoffBaseMs * 2 ** retriesSoFar;
    return Math.round(exponential / 2 + (this.random() * exponential) / 2);
  }

  private async getOnce(
    initial: URL,
    key: string,
    limiter: RequestLimiter,
    signal?: AbortSignal,
    request: RequestShape = {},
  ): Promise<HttpResponse> {
    const release = await limiter.acquire(signal);
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
        url = this.followable(url, res.headers.location);
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

  /** The redirect target, if it may be followed with the key; otherwise a redirectRefused error. */
  private followable(from: URL, location: string | undefined): URL {
    if (!location) {
      throw new ApiError(
        'badResponse',
        l10n.t('{0} sent a redirect without a Location. Check the base URL.', this.base.host),
        { path: from.pathname },
      );
    }
    let target: URL;
    try {
      target = new URL(location, from);
    } catch {
      throw new ApiError(
        'badResponse',
        l10n.t('{0} sent a redirect to an invalid address. Check the base URL.', this.base.host),
        { path: from.pathname },
      );
    }
    if (target.hostname !== this.base.hostname) {
      throw new ApiError(
        'redirectRefused',
        l10n.t(
          '{0} redirected to another host ({1}); the request was not repeated there, so your API key was not sent. Check the base URL setting.',
          this.base.host,
          target.host,
        ),
        { path: from.pathname },
      );
    }
    if (target.protocol !== 'https:') {
      throw new ApiError(
        'redirectRefused',
        l10n.t(
          '{0} redirected to plain HTTP ({1}//{2}); the API key is never sent over HTTP. Check the base URL or your proxy.',
          this.base.host,
          target.protocol,
          target.host,
        ),
        { path: from.pathname },
      );
    }
    // Only the http→https upgrade of the service's 301 may change the port; after that the origin is fixed.
    if (from.protocol === 'http:' && this.keyOrigin === undefined) {
      this.keyOrigin = target.origin;
    } else if (target.origin !== this.keyOrigin) {
      throw new ApiError(
        'redirectRefused',
        l10n.t(
          '{0} redirected to another port ({1}); the request was not repeated there, so your API key was not sent. Check the base URL setting.',
          this.base.host,
          target.host,
        ),
        { path: from.pathname },
      );
    }
    return target;
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
      const body = await this.readBody(res.body, flat, url);
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

  private async readBody(
    body: Dispatcher.ResponseData['body'],
    headers: Record<string, string>,
    url: URL,
  ): Promise<string> {
    const limit =
      this.maxBodyBytes >= 1048576
        ? `${Math.round(this.maxBodyBytes / 1048576)} MB`
        : `${Math.round(this.maxBodyBytes / 1024)} KB`;
    const tooLarge = () =>
      new ApiError(
        'tooLarge',
        l10n.t(
          'The answer from {0} for {1} is larger than {2}, so it was not read. Narrow the request (a name filter or a shorter range).',
          this.base.host,
          url.pathname,
          limit,
        ),
        { path: url.pathname },
      );
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBodyBytes) {
      body.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > this.maxBodyBytes) {
        body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
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

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) {
      out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
  }
  return out;
}

/** Wait asked by `Retry-After` (seconds or HTTP date) or `X-RateLimit-Reset` (Unix seconds). */
export function retryAfterMs(headers: Record<string, string>, now: number = Date.now()): number | undefined {
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) {
      return seconds * 1000;
    }
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) {
      return Math.max(0, date - now);
    }
  }
  const reset = Number(headers['x-ratelimit-reset']);
  if (headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset)) {
    return Math.max(0, reset * 1000 - now);
  }
  return undefined;
}
