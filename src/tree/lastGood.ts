/**
 * The last data each part of the tree loaded, so a refresh that fails for a passing reason (offline,
 * rate limited, a server error) shows that data with its age instead of going blank. Pure (no
 * `vscode`): the tree provider asks it to load, and presents what it answers.
 */
import type { ApiError } from '../api/errors';
import { describeFailure, isApiError } from '../api/errors';
import { staleNote } from '../util/age';

/** The tree shows old data because a refresh failed. */
export interface Staleness {
  /** When the data shown was loaded (epoch ms). */
  dataAt: number;
  error: ApiError;
  /** When the next automatic retry is due (epoch ms). */
  retryAt: number;
}

const MIN_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
const DEFAULT_RETRY_MS = 30_000;

/** Failures that say nothing about the data itself: the old data is still the best we have. */
export function keepsOldData(e: unknown): e is ApiError {
  return isApiError(e) && (e.retryable || e.kind === 'proxy' || e.kind === 'tls');
}

/** When to try again after `error`: the wait the service asked for (429/503), else 30 s, within 5 s…5 min. */
export function retryDelayMs(error: ApiError): number {
  return Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, error.retryAfterMs ?? DEFAULT_RETRY_MS));
}

/** "Showing data from 3 min ago — rate limited, retrying in 40 s". */
export function describeStaleness(s: Staleness, now: number): string {
  return staleNote(now - s.dataAt, describeFailure(s.error, Math.max(0, s.retryAt - now)));
}

export class LastGoodData<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private stalenessValue: Staleness | undefined;

  /** `onStaleness` is told every time the staleness changes (set, moved or cleared). */
  constructor(private readonly onStaleness: (s: Staleness | undefined) => void = () => undefined, private readonly now: () => number = Date.now) {}

  get staleness(): Staleness | undefined {
    return this.stalenessValue;
  }

  /**
   * Loads `key`. Success is remembered (and loading the root, key '', clears the staleness). A failure
   * that `keepsOldData` answers the last value with `stale: true`; any other failure is rethrown.
   */
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
      if (!kept || !keepsOldData(e)) {
        throw e;
      }
      // Several parts may fail at once: the message names the oldest data shown.
      const dataAt = Math.min(kept.at, this.stalenessValue?.dataAt ?? kept.at);
      this.setStaleness({ dataAt, error: e, retryAt: this.now() + retryDelayMs(e) });
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
      this.onStaleness(s);
    }
  }
}
