/**
 * One error type for every failure of the API client. The UI switches on `kind`, never on status
 * numbers or message text. Messages say what happened and what to do, and are built only from
 * fixed text, statuses, paths and host names: never from request headers, so never from the key.
 */

export type ApiErrorKind =
  | 'auth'
  | 'forbidden'
  /** The key belongs to an account of the other region (the service's 403 page says so). */
  | 'wrongRegion'
  | 'notFound'
  | 'invalidRequest'
  | 'rateLimited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'proxy'
  | 'tls'
  | 'badResponse'
  | 'tooLarge'
  | 'redirectRefused'
  | 'cancelled'
  | 'invalidConfig';

export interface ApiErrorDetails {
  status?: number;
  /** How long the service asked us to wait, in milliseconds (429, 503). */
  retryAfterMs?: number;
  /** Path (no query string) of the failing request, for logs. */
  path?: string;
  /** How many retries were made before giving up. */
  retries?: number;
  /** The connection dropped mid-request: worth retrying. */
  reset?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly path?: string;
  readonly reset: boolean;
  retries: number;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.path = details.path;
    this.retries = details.retries ?? 0;
    this.reset = details.reset ?? false;
  }

  /** Whether trying again later could succeed (drives "Retry" buttons). */
  get retryable(): boolean {
    return ['rateLimited', 'server', 'timeout', 'network', 'proxy', 'badResponse'].includes(this.kind) && this.status !== 407;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Human wording of a wait, e.g. "45 s" or "3 min". */
export function formatWait(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

/** The error for an HTTP status the client does not accept. `bodyText` is only sniffed, never quoted. */
export function errorForStatus(status: number, host: string, path: string, bodyText: string, retryAfterMs?: number): ApiError {
  const details = { status, path, retryAfterMs };
  const title = errorTitle(bodyText);
  const suffix = title ? ` The service said: "${title}".` : '';
  switch (true) {
    case status === 401:
      return new ApiError('auth', `The API key was rejected by ${host} (401). Set a valid User API key (it starts with NRAK-) with "Timeslice: Set API Key…".${suffix}`, details);
    case status === 403 && isRegionMismatchPage(bodyText):
      return new ApiError('wrongRegion', `${host} answered "Account is not valid in this region" (403): the key belongs to an account in the other region (US or EU). Switch the region with "Timeslice: Switch Region…".`, details);
    case status === 403:
      return new ApiError('forbidden', `Access was refused by ${host} (403)${looksLikeHtml(bodyText) ? ' with an HTML page' : ''}. The key may belong to the other region (US or EU): check the region setting, or that the key's user may see this account.${suffix}`, details);
    case status === 404:
      return new ApiError('notFound', `${path} was not found on ${host} (404). The application, host or key transaction may have been removed: refresh the view.${suffix}`, details);
    case status === 422:
      return new ApiError('invalidRequest', `${host} refused the request parameters (422)${suffix || '.'} Check the time range (at least 60 s, from before to) and the period.`, details);
    case status === 429:
      return new ApiError('rateLimited', `The rate limit of ${host} was reached (429). Wait ${formatWait(retryAfterMs ?? 60_000)} before trying again.`, details);
    case status >= 500:
      return new ApiError('server', `${host} had a server error (${status}) on ${path}. Try again in a minute; if it persists, check the service status.${suffix}`, { ...details });
    default:
      return new ApiError('badResponse', `${host} answered ${status} on ${path}, which the client does not expect.${suffix}`, details);
  }
}

/**
 * The service's answer to a key of the other region: an HTML page saying "Account is not valid in
 * this region". Only that page: any other 403 keeps the general message.
 */
export function isRegionMismatchPage(text: string): boolean {
  return looksLikeHtml(text) && /Account is not valid in this region/i.test(text.slice(0, 64 * 1024));
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype\s+html|html)/i.test(text);
}

/** The `error.title` of a JSON error body, if there is one and it is short plain text. */
function errorTitle(bodyText: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object') {
      const error = (parsed as Record<string, unknown>).error;
      const title = error && typeof error === 'object' ? (error as Record<string, unknown>).title : undefined;
      if (typeof title === 'string' && title.length > 0) {
        return title.replace(/\s+/g, ' ').slice(0, 200);
      }
    }
  } catch {
    // Not JSON: the status alone explains the failure.
  }
  return undefined;
}

/** Error codes Node and undici use for certificate problems. */
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_SIGNATURE_FAILURE', 'CERT_UNTRUSTED', 'CERT_REJECTED',
  'ERR_SSL_WRONG_VERSION_NUMBER', 'EPROTO',
]);

function errorCodes(e: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = e;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      codes.push(code);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** The status a proxy answered to our CONNECT, from undici's tunnelling error. */
function proxyStatus(e: unknown): number | undefined {
  for (let current: unknown = e, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const match = /Proxy response \((\d{3})\)/.exec(current.message);
    if (match) {
      return Number(match[1]);
    }
  }
  return undefined;
}

/** Maps a failure to reach or use the proxy, or returns undefined when the proxy was not the problem. */
function errorForProxyFailure(e: unknown, codes: string[], host: string, proxyHost: string, details: ApiErrorDetails): ApiError | undefined {
  const status = proxyStatus(e);
  if (status === 407) {
    return new ApiError('proxy', `The proxy ${proxyHost} asked for credentials (407) or refused the ones given. Check the proxy credentials in the "http.proxy" setting (http://user:password@host:port) or "http.proxyAuthorization".`, { ...details, status });
  }
  if (status !== undefined) {
    return new ApiError('proxy', `The proxy ${proxyHost} would not open a tunnel to ${host} (it answered ${status}). Check that the proxy allows HTTPS to ${host}, or check "http.proxy" and "http.noProxy".`, { ...details, status });
  }
  // With a proxy, every connection we open goes to the proxy: failing to connect means the proxy is unreachable.
  if (codes.some((c) => ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'].includes(c))) {
    return new ApiError('proxy', `The proxy ${proxyHost} could not be reached (${codes.find((c) => c.startsWith('E') || c.startsWith('UND'))}). Check the "http.proxy" setting (or HTTPS_PROXY) and that the proxy is running.`, details);
  }
  return undefined;
}

/**
 * Maps a transport failure (undici / Node) to an ApiError. `proxyHost` (host:port, never credentials)
 * is set when the request went through a proxy, so proxy failures get their own advice.
 */
export function errorForTransportFailure(e: unknown, host: string, path: string, timeoutMs: number, proxyHost?: string): ApiError {
  if (e instanceof ApiError) {
    return e;
  }
  const codes = errorCodes(e);
  const details = { path, cause: e };
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  const viaProxy = proxyHost === undefined ? undefined : errorForProxyFailure(e, codes, host, proxyHost, details);
  if (viaProxy) {
    return viaProxy;
  }
  if (codes.some((c) => TLS_CODES.has(c))) {
    return new ApiError('tls', `The TLS certificate of ${host} could not be verified (${codes.find((c) => TLS_CODES.has(c))}). If you are behind a proxy that inspects HTTPS, add its CA certificate with the "timeslice.caCertificatePath" setting or NODE_EXTRA_CA_CERTS.`, details);
  }
  if (has('UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'TimeoutError')) {
    return new ApiError('timeout', `${host} did not answer within ${formatWait(timeoutMs)}. Check your network or proxy, then retry.`, details);
  }
  if (has('ENOTFOUND', 'EAI_AGAIN')) {
    return new ApiError('network', `The host name ${host} could not be resolved (DNS). Check the base URL setting and your network.`, details);
  }
  if (has('ECONNREFUSED')) {
    return new ApiError('network', `The connection to ${host} was refused. Check the base URL and that the service (or proxy) is running.`, details);
  }
  if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED')) {
    return new ApiError('network', `The connection to ${host} was reset before the answer was complete. Retry; if it keeps happening, check your proxy or network.`, { ...details, reset: true });
  }
  return new ApiError('network', `The request to ${host} failed (${codes[0] ?? 'unknown network error'}). Check your network, then retry.`, details);
}

/**
 * A few words on why a refresh failed, for "Showing data from 3 min ago — …":
 * "rate limited, retrying in 40 s", "offline: The connection to … was refused."
 */
export function describeFailure(error: ApiError, retryInMs?: number): string {
  const retrying = retryInMs !== undefined ? `, retrying in ${formatWait(retryInMs)}` : '';
  const firstSentence = error.message.split(/(?<=\.)\s/)[0].replace(/\.$/, '');
  switch (error.kind) {
    case 'rateLimited':
      return `rate limited${retrying}`;
    case 'server':
      return `server error${error.status ? ` (${error.status})` : ''}${retrying}`;
    case 'network':
    case 'timeout':
    case 'proxy':
    case 'tls':
      return `offline: ${firstSentence}${retrying}`;
    default:
      return `${firstSentence}${retrying}`;
  }
}
