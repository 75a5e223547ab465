/**
 * One request shared by every caller asking the same while it runs. A caller's signal ends only its own wait;
 * the request is aborted only when no caller waits any longer.
 */
import * as l10n from '@vscode/l10n';

import { ApiError } from './apiError';

export function cancelledError(): ApiError {
  return new ApiError('cancelled', l10n.t('The request was cancelled.'));
}

export class SharedRequest<T> {
  private readonly abort = new AbortController();
  private readonly answer: Promise<T>;
  private waiting = 0;
  private settled = false;

  constructor(start: (signal: AbortSignal) => Promise<T>) {
    let started: Promise<T>;
    try {
      started = start(this.abort.signal);
    } catch (e) {
      started = Promise.reject(asError(e));
    }
    this.answer = started;
    // Handled here too, so an abandoned request's rejection is never an unhandled one.
    started.then(
      () => (this.settled = true),
      () => (this.settled = true),
    );
  }

  /** Every caller left before the answer and the request was aborted: a new caller must start another. */
  get abandoned(): boolean {
    return this.abort.signal.aborted;
  }

  /** The answer for its owner (the cache), which is no caller: it neither waits nor keeps the request alive. */
  get outcome(): Promise<T> {
    return this.answer;
  }

  /** Without a signal the caller waits to the end; aborting one rejects this wait alone. */
  wait(signal?: AbortSignal): Promise<T> {
    if (!signal || this.settled) {
      if (!signal) {
        this.waiting++;
      }
      return this.answer;
    }
    if (signal.aborted) {
      return Promise.reject(cancelledError());
    }
    this.waiting++;
    return new Promise<T>((resolve, reject) => {
      let waiting = true;
      const leave = () => {
        if (waiting) {
          waiting = false;
          this.waiting--;
          signal.removeEventListener('abort', onAbort);
        }
      };
      const onAbort = () => {
        leave();
        reject(cancelledError());
        if (this.waiting === 0 && !this.settled) {
          this.abort.abort();
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.answer.then(
        (value) => {
          leave();
          resolve(value);
        },
        (e: unknown) => {
          leave();
          reject(asError(e));
        },
      );
    });
  }
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}
