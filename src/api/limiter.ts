import * as l10n from '@vscode/l10n';
/**
 * Client-side limiter: at most `maxConcurrent` requests in flight and at most `perMinute` started in
 * any sliding minute, so one key stays under the service's 1,000 calls/minute (api-notes).
 */
import { ApiError } from './errors';

export interface LimiterOptions {
  perMinute?: number;
  maxConcurrent?: number;
  now?: () => number;
}

export class RequestLimiter {
  private readonly perMinute: number;
  private readonly maxConcurrent: number;
  private readonly now: () => number;
  private readonly started: number[] = [];
  private inFlight = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(options: LimiterOptions = {}) {
    // A margin below the service's 1,000 leaves room for other tools using the same key.
    this.perMinute = options.perMinute ?? 900;
    this.maxConcurrent = options.maxConcurrent ?? 4;
    this.now = options.now ?? Date.now;
  }

  get active(): number {
    return this.inFlight;
  }

  /** Waits for a slot; returns the function that frees it. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      if (signal?.aborted) {
        throw new ApiError('cancelled', l10n.t('The request was cancelled.'));
      }
      const now = this.now();
      while (this.started.length > 0 && this.started[0] <= now - 60_000) {
        this.started.shift();
      }
      if (this.inFlight < this.maxConcurrent && this.started.length < this.perMinute) {
        this.inFlight++;
        this.started.push(now);
        let released = false;
        return () => {
          if (!released) {
            released = true;
            this.inFlight--;
            this.waiters.shift()?.();
          }
        };
      }
      const windowWait = this.started.length >= this.perMinute ? this.started[0] + 60_000 - now : undefined;
      await this.wait(windowWait, signal);
    }
  }

  private wait(ms: number | undefined, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        const i = this.waiters.indexOf(done);
        if (i >= 0) {
          this.waiters.splice(i, 1);
        }
        resolve();
      };
      const timer = ms === undefined ? undefined : setTimeout(done, Math.max(1, ms));
      this.waiters.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
