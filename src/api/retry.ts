// The one retry policy of both backends: the announced wait, or exponential backoff with jitter so clients that
// failed together do not retry together.
import type { Clock } from './clock';
import { sleep, systemClock } from './clock';

export interface RetryOptions {
  maxTries?: number;
  /** First backoff delay; doubled per retry, with jitter. */
  backoffBaseMs?: number;
  /** Longest wait we accept from a 429/503 before giving up with the wait in the message. */
  maxRetryWaitMs?: number;
  /** The jitter's source: 1 waits the full backoff, 0 half of it. */
  random?: () => number;
  clock?: Clock;
}

export class RetryPolicy {
  private readonly maxTries: number;
  private readonly backoffBaseMs: number;
  private readonly maxRetryWaitMs: number;
  private readonly random: () => number;
  readonly clock: Clock;

  constructor(options: RetryOptions = {}) {
    this.maxTries = options.maxTries ?? 3;
    this.backoffBaseMs = options.backoffBaseMs ?? 500;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
  }

  /** Undefined when the tries are used up or the announced wait is too long to hold the user (the message says it). */
  delay(retriesSoFar: number, announcedMs?: number): number | undefined {
    if (retriesSoFar + 1 >= this.maxTries) {
      return undefined;
    }
    if (announcedMs !== undefined) {
      return announcedMs > this.maxRetryWaitMs ? undefined : announcedMs;
    }
    const exponential = this.backoffBaseMs * 2 ** retriesSoFar;
    return Math.round(exponential / 2 + (this.random() * exponential) / 2);
  }

  wait(ms: number, signal?: AbortSignal): Promise<void> {
    return sleep(ms, signal, this.clock);
  }
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
