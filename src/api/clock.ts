// The system's clock, or a test's fake one (test/support/fakeClock.ts).
import * as l10n from '@vscode/l10n';

import { ApiError } from './apiError';
import { outsideLanes } from './requestLane';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // A timer is often the session's schedule, armed by whatever work happens to run: it keeps no lane.
  setTimeout: (fn, ms) => outsideLanes(() => setTimeout(fn, ms)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Waits `ms` on `clock`, or rejects as cancelled when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('cancelled', l10n.t('The request was cancelled.')));
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(new ApiError('cancelled', l10n.t('The request was cancelled.')));
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
