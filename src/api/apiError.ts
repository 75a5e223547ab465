// The UI switches on `kind`, never on status or text. Messages are built from fixed text, statuses, paths and hosts,
// never from request headers, so never from the key.

import * as l10n from '@vscode/l10n';

export type ApiErrorKind =
  | 'auth'
  | 'forbidden'
  /** The key belongs to an account of the other region (the service's 403 page says so). */
  | 'wrongRegion'
  | 'notFound'
  /** The REST API v2 host answered 410 Gone: v2 is retired there (see backendChoice.ts). */
  | 'retired'
  /** NerdGraph: the key sees several accounts and none was chosen (NRQL needs one). */
  | 'noAccount'
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
  path?: string;
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
    return (
      ['rateLimited', 'server', 'timeout', 'network', 'proxy', 'badResponse'].includes(this.kind) && this.status !== 407
    );
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function formatWait(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? l10n.t('{0} s', s) : l10n.t('{0} min', Math.ceil(s / 60));
}

const MIN_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
const DEFAULT_RETRY_MS = 30_000;

/** `Retry-After`, else 30 s, within 5 s…5 min: one value for the error's text and the views' "retrying in" (errorPolicy.ts). */
export function retryWaitMs(retryAfterMs?: number): number {
  return Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, retryAfterMs ?? DEFAULT_RETRY_MS));
}

/** For "Showing data from 3 min ago — …", e.g. "rate limited, retrying in 40 s". */
export function describeFailure(error: ApiError, retryInMs?: number): string {
  const wait = retryInMs !== undefined ? formatWait(retryInMs) : undefined;
  const firstSentence = error.message.split(/(?<=\.)\s/)[0].replace(/\.$/, '');
  switch (error.kind) {
    case 'rateLimited':
      return wait ? l10n.t('rate limited, retrying in {0}', wait) : l10n.t('rate limited');
    case 'server':
      if (error.status) {
        return wait
          ? l10n.t('server error ({0}), retrying in {1}', error.status, wait)
          : l10n.t('server error ({0})', error.status);
      }
      return wait ? l10n.t('server error, retrying in {0}', wait) : l10n.t('server error');
    case 'network':
    case 'timeout':
    case 'proxy':
    case 'tls':
      return wait
        ? l10n.t('offline: {0}, retrying in {1}', firstSentence, wait)
        : l10n.t('offline: {0}', firstSentence);
    default:
      return wait ? l10n.t('{0}, retrying in {1}', firstSentence, wait) : firstSentence;
  }
}
