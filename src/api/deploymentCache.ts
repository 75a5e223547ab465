/**
 * Deployments cached per application, so that every chart, the tree and the status bar of one session
 * share one request per application and refresh it at most once per `maxAgeMs` (the tree's cadence).
 * A request for a range the cached list covers, while it is young enough, sends nothing. No `vscode`.
 */
import type { Deployment, DeploymentRange } from './deployments';
import { inRange } from './deployments';

/** How far back a fetch reaches at least, so the tree and short panel ranges share one list. */
export const DEPLOYMENT_LOOKBACK_MS = 7 * 86_400_000;

export interface DeploymentCacheOptions {
  fetch(applicationId: number, range: DeploymentRange, signal?: AbortSignal): Promise<Deployment[]>;
  now(): number;
  /** Read at each request: the tree's refresh interval. */
  maxAgeMs(): number;
}

interface Entry {
  from: number;
  fetchedAt: number;
  list: Promise<Deployment[]>;
}

export class DeploymentCache {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly options: DeploymentCacheOptions) {}

  /** The application's deployments in `range`, newest first. */
  async get(applicationId: number, range: DeploymentRange, signal?: AbortSignal): Promise<Deployment[]> {
    const now = this.options.now();
    const from = range.from.getTime();
    let entry = this.entries.get(applicationId);
    if (!entry || entry.from > from || now - entry.fetchedAt >= this.options.maxAgeMs()) {
      const wide = Math.min(from, now - DEPLOYMENT_LOOKBACK_MS);
      const fetched = this.options.fetch(applicationId, { from: new Date(wide), to: new Date(now) }, signal);
      const current: Entry = { from: wide, fetchedAt: now, list: fetched };
      entry = current;
      this.entries.set(applicationId, current);
      // A failure is not kept: the next request asks again.
      fetched.catch(() => {
        if (this.entries.get(applicationId) === current) {
          this.entries.delete(applicationId);
        }
      });
    }
    return inRange(await entry.list, range);
  }

  /** Forgets one application's list (after Record Deployment) or all of them. */
  invalidate(applicationId?: number): void {
    if (applicationId === undefined) {
      this.entries.clear();
    } else {
      this.entries.delete(applicationId);
    }
  }
}
