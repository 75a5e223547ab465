// What every view does about a failure, decided once, so an error kind means the same thing everywhere.
import type { ApiError, ApiErrorKind } from '../api/apiError';
import { isApiError, retryWaitMs } from '../api/apiError';

export type ErrorAction =
  | 'retry'
  | 'setApiKey'
  | 'switchRegion'
  | 'switchAccount'
  | 'openBackendSetting'
  | 'openProxySettings'
  | 'openCaSetting'
  | 'openSettings'
  | 'showLog';

export interface ErrorPolicy {
  /** The failure says nothing about the data itself (offline, rate limited, a server error): what is shown stays, with its age. */
  keepLastData: boolean;
  retryAfterMs?: number;
  /** Offered to the user, the fix first; "showLog" is always last. Empty for a cancellation. */
  actions: ErrorAction[];
}

/** The same value the error's message names (`retryWaitMs`). */
export function retryDelayMs(error: ApiError): number {
  return retryWaitMs(error.retryAfterMs);
}

/** The fix an error kind calls for, if the user can make one (`status`: a proxy's 407 asks for credentials). */
export function fixForKind(kind: ApiErrorKind, status?: number): ErrorAction | undefined {
  switch (kind) {
    case 'auth':
      return 'setApiKey';
    case 'forbidden':
    case 'wrongRegion':
      return 'switchRegion';
    case 'proxy':
      return status === 407 ? 'openProxySettings' : undefined;
    case 'tls':
      return 'openCaSetting';
    case 'noAccount':
      return 'switchAccount';
    case 'retired':
      return 'openBackendSetting';
    case 'invalidConfig':
      return 'openSettings';
    default:
      return undefined;
  }
}

export function errorPolicy(e: unknown): ErrorPolicy {
  if (!isApiError(e)) {
    // A bug of ours, not the service's: nothing to keep, retrying may help, the log says more.
    return { keepLastData: false, actions: ['retry', 'showLog'] };
  }
  if (e.kind === 'cancelled') {
    return { keepLastData: false, actions: [] }; // Asked for by us or the user: nothing to say.
  }
  const keepLastData = e.retryable || e.kind === 'proxy' || e.kind === 'tls';
  const fix = fixForKind(e.kind, e.status);
  // After a fix, the user retries; a passing failure retries by itself and can be retried now.
  const retry = e.retryable || fix !== undefined || e.kind === 'notFound';
  return {
    keepLastData,
    ...(keepLastData ? { retryAfterMs: retryDelayMs(e) } : {}),
    actions: [...(fix ? [fix] : []), ...(retry ? ['retry' as const] : []), 'showLog'],
  };
}

export function keepsOldData(e: unknown): e is ApiError {
  return errorPolicy(e).keepLastData;
}
