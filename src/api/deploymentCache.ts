/**
 * Deployments per application, so a session's charts, tree and status bar share one request, refreshed at
 * most once per `maxAgeMs`. A failed refresh keeps the last good list, answered with its age and the failure.
 */
import type { Deployment, DeploymentRange } from './deployments';
import { inRange, RECENT_DEPLOYMENTS_MS } from './deployments';
import { SharedRequest } from './sharedRequest';

export interface DeploymentCacheOptions {
  fetch(applicationId: number, range: DeploymentRange, signal?: AbortSignal): Promise<Deployment[]>;
  /** The application's newest deployment however old (undefined: it has none). */
  fetchLatest?(applicationId: number, signal?: AbortSignal): Promise<Deployment | undefined>;
  now(): number;
  /** Read at each request: the tree's refresh interval. */
  maxAgeMs(): number;
}

/** A list and when it was asked; `refreshError` is set when a later refresh failed and this is older. */
export interface CachedAnswer<T> {
  value: T;
  fetchedAt: number;
  refreshError?: Error;
}

interface Answer {
  from: number;
  fetchedAt: number;
  list: Deployment[];
  /** Invalidated: still the fallback of a failed refresh, never an answer of its own. */
  expired?: boolean;
}

interface Pending {
  from: number;
  at: number;
  request: SharedRequest<Deployment[]>;
}

interface Entry {
  /** Counts invalidations: a request started before the last one answers no later caller. */
  generation: number;
  good?: Answer;
  pending?: Pending;
  latest?: { at: number; request: SharedRequest<Deployment | undefined> };
}

export class DeploymentCache {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly options: DeploymentCacheOptions) {}

  async get(applicationId: number, range: DeploymentRange, signal?: AbortSignal): Promise<Deployment[]> {
    return (await this.answer(applicationId, range, signal)).value;
  }

  /** A failed refresh answers the last good list covering the range, with `refreshError`; otherwise throws. */
  async answer(
    applicationId: number,
    range: DeploymentRange,
    signal?: AbortSignal,
  ): Promise<CachedAnswer<Deployment[]>> {
    const now = this.options.now();
    const from = range.from.getTime();
    const entry = this.entryOf(applicationId);
    const covers = (a: Answer | undefined): a is Answer => a !== undefined && a.from <= from;
    if (covers(entry.good) && !entry.good.expired && now - entry.good.fetchedAt < this.options.maxAgeMs()) {
      return { value: inRange(entry.good.list, range), fetchedAt: entry.good.fetchedAt };
    }
    const pending = this.pending(applicationId, entry, from, now);
    try {
      return { value: inRange(await pending.request.wait(signal), range), fetchedAt: pending.at };
    } catch (e) {
      const good = entry.good;
      if (signal?.aborted || !covers(good)) {
        throw e;
      }
      return { value: inRange(good.list, range), fetchedAt: good.fetchedAt, refreshError: e as Error };
    }
  }

  /** From the cached list when it holds one, else its own request, asked at most once per `maxAgeMs`. */
  async latest(applicationId: number, signal?: AbortSignal): Promise<Deployment | undefined> {
    const now = this.options.now();
    const recent = await this.get(
      applicationId,
      { from: new Date(now - RECENT_DEPLOYMENTS_MS), to: new Date(now) },
      signal,
    );
    if (recent.length > 0 || !this.options.fetchLatest) {
      return recent[0];
    }
    const entry = this.entryOf(applicationId);
    let latest = entry.latest;
    if (!latest || latest.request.abandoned || now - latest.at >= this.options.maxAgeMs()) {
      const fetchLatest = this.options.fetchLatest.bind(this.options);
      const current = { at: now, request: new SharedRequest((s) => fetchLatest(applicationId, s)) };
      latest = current;
      entry.latest = current;
      current.request.outcome.catch(() => {
        if (entry.latest === current) {
          entry.latest = undefined; // A failure is not kept: the next request asks again.
        }
      });
    }
    return latest.request.wait(signal);
  }

  invalidate(applicationId?: number): void {
    const entries = applicationId === undefined ? [...this.entries.values()] : [this.entries.get(applicationId)];
    for (const entry of entries) {
      if (entry) {
        entry.generation++;
        entry.pending = undefined;
        entry.latest = undefined;
        entry.good = entry.good && { ...entry.good, expired: true };
      }
    }
  }

  private entryOf(applicationId: number): Entry {
    let entry = this.entries.get(applicationId);
    if (!entry) {
      entry = { generation: 0 };
      this.entries.set(applicationId, entry);
    }
    return entry;
  }

  /** The request in flight that covers `from`, or a new one (the old one stays shared by its own callers). */
  private pending(applicationId: number, entry: Entry, from: number, now: number): Pending {
    const known = entry.pending;
    if (known && !known.request.abandoned && known.from <= from) {
      return known;
    }
    const wide = Math.min(from, now - RECENT_DEPLOYMENTS_MS);
    const range = { from: new Date(wide), to: new Date(now) };
    const current: Pending = {
      from: wide,
      at: now,
      request: new SharedRequest((signal) => this.options.fetch(applicationId, range, signal)),
    };
    entry.pending = current;
    const generation = entry.generation;
    current.request.outcome.then(
      (list) => {
        if (entry.pending === current) {
          entry.pending = undefined;
        }
        const newer = !entry.good || entry.good.expired || entry.good.fetchedAt <= current.at;
        if (generation === entry.generation && newer) {
          entry.good = { from: wide, fetchedAt: current.at, list };
        }
      },
      () => {
        // A failure is not kept: the next request asks again, and the last good list stays.
        if (entry.pending === current) {
          entry.pending = undefined;
        }
      },
    );
    return current;
  }
}
