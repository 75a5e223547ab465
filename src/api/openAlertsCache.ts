/**
 * Open alerts last heard per application, so a panel's markers cost nothing when the bound-apps refresh asked
 * recently; a failed request keeps the last list, answered with its age and the failure.
 */
import type { CachedAnswer } from './deploymentCache';
import type { OpenAlert } from './openAlerts';
import { SharedRequest } from './sharedRequest';

export interface OpenAlertsCacheOptions {
  fetch(applicationIds: readonly number[], signal?: AbortSignal): Promise<OpenAlert[]>;
  now(): number;
  /** Read at each request: the refresh interval. */
  maxAgeMs(): number;
}

export class OpenAlertsCache {
  private readonly entries = new Map<number, { at: number; alerts: OpenAlert[] }>();
  private readonly pending = new Map<number, { at: number; request: SharedRequest<OpenAlert[]> }>();

  constructor(private readonly options: OpenAlertsCacheOptions) {}

  record(applicationIds: readonly number[], alerts: readonly OpenAlert[], at = this.options.now()): void {
    for (const id of applicationIds) {
      const known = this.entries.get(id);
      if (!known || known.at <= at) {
        this.entries.set(id, { at, alerts: alerts.filter((a) => a.applicationId === id) });
      }
    }
  }

  async get(applicationId: number, signal?: AbortSignal): Promise<OpenAlert[]> {
    return (await this.answer(applicationId, signal)).value;
  }

  /** As `get`, with when the list was heard; a failed refresh answers the last list with `refreshError`. */
  async answer(applicationId: number, signal?: AbortSignal): Promise<CachedAnswer<OpenAlert[]>> {
    const known = this.entries.get(applicationId);
    if (known && this.options.now() - known.at < this.options.maxAgeMs()) {
      return { value: known.alerts, fetchedAt: known.at };
    }
    let pending = this.pending.get(applicationId);
    if (!pending || pending.request.abandoned) {
      const at = this.options.now();
      const current = { at, request: new SharedRequest((s) => this.options.fetch([applicationId], s)) };
      pending = current;
      this.pending.set(applicationId, current);
      const done = () => {
        if (this.pending.get(applicationId) === current) {
          this.pending.delete(applicationId);
        }
      };
      current.request.outcome.then((alerts) => {
        done();
        this.record([applicationId], alerts, at);
      }, done);
    }
    try {
      const alerts = await pending.request.wait(signal);
      return { value: alerts.filter((a) => a.applicationId === applicationId), fetchedAt: pending.at };
    } catch (e) {
      const last = this.entries.get(applicationId);
      if (signal?.aborted || !last) {
        throw e;
      }
      return { value: last.alerts, fetchedAt: last.at, refreshError: e as Error };
    }
  }
}
