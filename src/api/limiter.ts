// At most `maxConcurrent` in flight and `perMinute` per sliding minute (docs/service.md#rate-limits); the service counts
// per key, so `LimiterRegistry` hands every client one limiter per (origin, key).
import { createHash } from 'node:crypto';

import * as l10n from '@vscode/l10n';

import type { Clock } from './clock';
import { systemClock } from './clock';
import { ApiError } from './apiError';
import { isBackground } from './requestLane';

/** Slots background work (requestLane.ts) leaves free: what is on screen never waits behind long NRQL runs. */
export const SLOTS_KEPT_FOR_FOREGROUND = 1;

export interface LimiterOptions {
  perMinute?: number;
  maxConcurrent?: number;
  /** Time for the sliding minute and its waits (tests pass a fake one). */
  clock?: Clock;
}

export class RequestLimiter {
  private readonly perMinute: number;
  private readonly maxConcurrent: number;
  private readonly clock: Clock;
  private readonly started: number[] = [];
  private inFlight = 0;
  private backgroundInFlight = 0;
  private readonly waiters: Array<() => void> = [];
  private readonly backgroundWaiters: Array<() => void> = [];

  constructor(options: LimiterOptions = {}) {
    // A margin below the service's 1,000 leaves room for other tools using the same key.
    this.perMinute = options.perMinute ?? 900;
    // 4 also keeps NerdGraph well under its 25 requests in flight per user (docs/service.md#rate-limits) and
    // NRQL under the 5 long-running queries the docs advise.
    this.maxConcurrent = options.maxConcurrent ?? 4;
    this.clock = options.clock ?? systemClock;
  }

  get active(): number {
    return this.inFlight;
  }

  get waiting(): number {
    return this.waiters.length + this.backgroundWaiters.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    const background = isBackground();
    for (;;) {
      if (signal?.aborted) {
        throw new ApiError('cancelled', l10n.t('The request was cancelled.'));
      }
      const now = this.clock.now();
      while (this.started.length > 0 && this.started[0] <= now - 60_000) {
        this.started.shift();
      }
      if (this.hasSlotFor(background) && this.started.length < this.perMinute) {
        this.inFlight++;
        this.backgroundInFlight += background ? 1 : 0;
        this.started.push(now);
        let released = false;
        return () => {
          if (!released) {
            released = true;
            this.inFlight--;
            this.backgroundInFlight -= background ? 1 : 0;
            this.wakeNext();
          }
        };
      }
      const windowWait = this.started.length >= this.perMinute ? this.started[0] + 60_000 - now : undefined;
      await this.wait(windowWait, signal, background ? this.backgroundWaiters : this.waiters);
    }
  }

  private get backgroundSlots(): number {
    return Math.max(1, this.maxConcurrent - SLOTS_KEPT_FOR_FOREGROUND);
  }

  /** Background work also lets foreground requests that wait go first. */
  private hasSlotFor(background: boolean): boolean {
    return (
      this.inFlight < this.maxConcurrent &&
      (!background || (this.waiters.length === 0 && this.backgroundInFlight < this.backgroundSlots))
    );
  }

  private wakeNext(): void {
    if (this.waiters.length > 0) {
      this.waiters.shift()!();
    } else if (this.backgroundInFlight < this.backgroundSlots) {
      this.backgroundWaiters.shift()?.();
    }
  }

  private wait(ms: number | undefined, signal: AbortSignal | undefined, queue: Array<() => void>): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        if (timer !== undefined) {
          this.clock.clearTimeout(timer);
        }
        signal?.removeEventListener('abort', done);
        const i = queue.indexOf(done);
        if (i >= 0) {
          queue.splice(i, 1);
        }
        resolve();
      };
      const timer = ms === undefined ? undefined : this.clock.setTimeout(done, Math.max(1, ms));
      queue.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

/** The extension keeps one registry for its life, so a new session for the same key inherits the minute so far. */
export class LimiterRegistry {
  private readonly limiters = new Map<string, RequestLimiter>();

  constructor(private readonly options: LimiterOptions = {}) {}

  limiterFor(origin: string, key: string): RequestLimiter {
    // A hash, not the key: nothing that prints this map (a debugger, a log of its keys) shows a key.
    const id = `${origin} ${createHash('sha256').update(key).digest('hex')}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RequestLimiter(this.options);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  get size(): number {
    return this.limiters.size;
  }
}
