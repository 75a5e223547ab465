// HTTP and transport failures as ApiErrors that say what to do, built from statuses, paths, hosts and fixed text, never headers.
import * as l10n from '@vscode/l10n';

import { ApiError, formatWait, retryWaitMs } from './apiError';
import type { ApiErrorDetails } from './apiError';

/** The error for an HTTP status the client does not accept. `bodyText` is only sniffed, never quoted. */
export function errorForStatus(
  status: number,
  host: string,
  path: string,
  bodyText: string,
  retryAfterMs?: number,
): ApiError {
  const details = { status, path, retryAfterMs };
  const title = errorTitle(bodyText);
  const suffix = title ? ` ${l10n.t('The service said: "{0}".', title)}` : '';
  switch (true) {
    case status === 401:
      return new ApiError(
        'auth',
        l10n.t(
          'The API key was rejected by {0} (401). Set a valid User API key (it starts with NRAK-) with "Timeslice: Set API Key…".{1}',
          host,
          suffix,
        ),
        details,
      );
    case status === 403 && isRegionMismatchPage(bodyText):
      return new ApiError(
        'wrongRegion',
        l10n.t(
          '{0} answered "Account is not valid in this region" (403): the key belongs to an account in the other region (US or EU). Switch the region with "Timeslice: Switch Region…".',
          host,
        ),
        details,
      );
    case status === 403:
      return new ApiError(
        'forbidden',
        looksLikeHtml(bodyText)
          ? l10n.t(
              "Access was refused by {0} (403) with an HTML page. The key may belong to the other region (US or EU): check the region setting, or that the key's user may see this account.{1}",
              host,
              suffix,
            )
          : l10n.t(
              "Access was refused by {0} (403). The key may belong to the other region (US or EU): check the region setting, or that the key's user may see this account.{1}",
              host,
              suffix,
            ),
        details,
      );
    case status === 404:
      return new ApiError(
        'notFound',
        l10n.t(
          '{0} was not found on {1} (404). The application, host or key transaction may have been removed: refresh the view.{2}',
          path,
          host,
          suffix,
        ),
        details,
      );
    case status === 410:
      return new ApiError(
        'retired',
        l10n.t(
          '{0} answered 410 Gone on {1}: REST API v2 has been retired there (its end of life was announced for 31 July 2027). Set "timeslice.backend" to "auto" or "nerdGraph" to use its successor, NerdGraph.{2}',
          host,
          path,
          suffix,
        ),
        details,
      );
    case status === 422:
      return new ApiError(
        'invalidRequest',
        l10n.t(
          '{0} refused the request parameters (422){1} Check the time range (at least 60 s, from before to) and the period.',
          host,
          suffix || '.',
        ),
        details,
      );
    case status === 429:
      return new ApiError(
        'rateLimited',
        l10n.t(
          'The rate limit of {0} was reached (429). Wait {1} before trying again.',
          host,
          formatWait(retryWaitMs(retryAfterMs)),
        ),
        details,
      );
    case status >= 500:
      return new ApiError(
        'server',
        l10n.t(
          '{0} had a server error ({1}) on {2}. Try again in {3}; if it persists, check the service status.{4}',
          host,
          status,
          path,
          formatWait(retryWaitMs(retryAfterMs)),
          suffix,
        ),
        { ...details },
      );
    default:
      return new ApiError(
        'badResponse',
        l10n.t('{0} answered {1} on {2}, which the client does not expect.{3}', host, status, path, suffix),
        details,
      );
  }
}

/** The service's 403 page for a key of the other region ("Account is not valid in this region"). */
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

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
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
function errorForProxyFailure(
  e: unknown,
  codes: string[],
  host: string,
  proxyHost: string,
  details: ApiErrorDetails,
): ApiError | undefined {
  const status = proxyStatus(e);
  if (status === 407) {
    return new ApiError(
      'proxy',
      l10n.t(
        'The proxy {0} asked for credentials (407) or refused the ones given. Check the proxy credentials in the "http.proxy" setting (http://user:password@host:port) or "http.proxyAuthorization".',
        proxyHost,
      ),
      { ...details, status },
    );
  }
  if (status !== undefined) {
    return new ApiError(
      'proxy',
      l10n.t(
        'The proxy {0} would not open a tunnel to {1} (it answered {2}). Check that the proxy allows HTTPS to {1}, or check "http.proxy" and "http.noProxy".',
        proxyHost,
        host,
        status,
      ),
      { ...details, status },
    );
  }
  // With a proxy, every connection we open goes to the proxy: failing to connect means the proxy is unreachable.
  if (
    codes.some((c) =>
      ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'].includes(c),
    )
  ) {
    return new ApiError(
      'proxy',
      l10n.t(
        'The proxy {0} could not be reached ({1}). Check the "http.proxy" setting (or HTTPS_PROXY) and that the proxy is running.',
        proxyHost,
        String(codes.find((c) => c.startsWith('E') || c.startsWith('UND'))),
      ),
      details,
    );
  }
  return undefined;
}

/** `proxyHost` (host:port, never credentials) gives proxy failures their own advice. */
export function errorForTransportFailure(
  e: unknown,
  host: string,
  path: string,
  timeoutMs: number,
  proxyHost?: string,
): ApiError {
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
    return new ApiError(
      'tls',
      l10n.t(
        'The TLS certificate of {0} could not be verified ({1}). If you are behind a proxy that inspects HTTPS, add its CA certificate with the "timeslice.caCertificatePath" setting or NODE_EXTRA_CA_CERTS.',
        host,
        String(codes.find((c) => TLS_CODES.has(c))),
      ),
      details,
    );
  }
  if (has('UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'TimeoutError')) {
    return new ApiError(
      'timeout',
      l10n.t('{0} did not answer within {1}. Check your network or proxy, then retry.', host, formatWait(timeoutMs)),
      details,
    );
  }
  if (has('ENOTFOUND', 'EAI_AGAIN')) {
    return new ApiError(
      'network',
      l10n.t('The host name {0} could not be resolved (DNS). Check the base URL setting and your network.', host),
      details,
    );
  }
  if (has('ECONNREFUSED')) {
    return new ApiError(
      'network',
      l10n.t('The connection to {0} was refused. Check the base URL and that the service (or proxy) is running.', host),
      details,
    );
  }
  if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED')) {
    return new ApiError(
      'network',
      l10n.t(
        'The connection to {0} was reset before the answer was complete. Retry; if it keeps happening, check your proxy or network.',
        host,
      ),
      { ...details, reset: true },
    );
  }
  return new ApiError(
    'network',
    l10n.t(
      'The request to {0} failed ({1}). Check your network, then retry.',
      host,
      codes[0] ?? l10n.t('unknown network error'),
    ),
    details,
  );
}
