/**
 * The last data each part of a view loaded, shown with its age when a refresh fails for a passing reason. Owned
 * by the session, so an old session's late answer can only fill its own, disposed, store.
 */
import type { ApiError } from '../api/apiError';
import { describeFailure } from '../api/apiError';
import { staleNote } from '../format/presentation';
import type { IDisposable } from '../util/lifecycle';
import { errorPolicy, retryDelayMs } from './errorPolicy';

export interface Staleness {
  dataAt: number;
  error: ApiError;
  retryAt: number;
}

/** "Showing data from 3 min ago — rate limited, retrying in 40 s". */
export function describeStaleness(s: Staleness, now: number): string {
  return staleNote(now - s.dataAt, describeFailure(s.error, Math.max(0, s.retryAt - now)));
}

export class LastGoodData<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private stalenessValue: Staleness | undefined;
  private readonly listeners = new Set<(s: Staleness | undefined) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  get staleness(): Staleness | undefined {
    return this.stalenessValue;
  }

  onDidChangeStaleness(listener: (s: Staleness | undefined) => void): IDisposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** A failure that `keepsOldData` answers the last value with `stale: true`; any other is rethrown. */
  async load(key: string, load: () => Promise<T>, remember = true): Promise<{ value: T; stale: boolean }> {
    try {
      const value = await load();
      if (remember) {
        this.entries.set(key, { value, at: this.now() });
        if (key === '') {
          this.setStaleness(undefined);
        }
      }
      return { value, stale: false };
    } catch (e) {
      const kept = this.entries.get(key);
      const policy = errorPolicy(e);
      if (!kept || !policy.keepLastData) {
        throw e;
      }
      // Several parts may fail at once: the message names the oldest data shown.
      const dataAt = Math.min(kept.at, this.stalenessValue?.dataAt ?? kept.at);
      // keepLastData holds only for an ApiError, and its policy's retry is retryDelayMs.
      this.setStaleness({ dataAt, error: e as ApiError, retryAt: this.now() + retryDelayMs(e as ApiError) });
      return { value: kept.value, stale: true };
    }
  }

  /** Forgets everything, e.g. when the account or the filter changes and old data would mislead. */
  clear(): void {
    this.entries.clear();
    this.setStaleness(undefined);
  }

  private setStaleness(s: Staleness | undefined): void {
    if (s !== this.stalenessValue) {
      this.stalenessValue = s;
      for (const listener of [...this.listeners]) {
        listener(s);
      }
    }
  }
}
