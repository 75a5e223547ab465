/**
 * The open alerts the session last heard of, per application (issue 25), so a panel's alert markers
 * cost nothing when the bound-apps refresh (or an earlier panel load) asked within the refresh
 * interval: whoever asks records what came back, and a panel asks for its application only when
 * nothing young enough is known. No `vscode`.
 */
import type { OpenAlert } from './openAlerts';

export interface OpenAlertsCacheOptions {
  fetch(applicationIds: readonly number[], signal?: AbortSignal): Promise<OpenAlert[]>;
  now(): number;
  /** Read at each request: the refresh interval. */
  maxAgeMs(): number;
}

export class OpenAlertsCache {
  private readonly entries = new Map<number, { at: number; alerts: OpenAlert[] }>();

  constructor(private readonly options: OpenAlertsCacheOptions) {}

  /** Records the answer of one request for `applicationIds` (each one's list, empty when none is open). */
  record(applicationIds: readonly number[], alerts: readonly OpenAlert[], at = this.options.now()): void {
    for (const id of applicationIds) {
      this.entries.set(id, { at, alerts: alerts.filter((a) => a.applicationId === id) });
    }
  }

  /** The application's open alerts: the recorded ones while young enough, else one request for it. */
  async get(applicationId: number, signal?: AbortSignal): Promise<OpenAlert[]> {
    const known = this.entries.get(applicationId);
    if (known && this.options.now() - known.at < this.options.maxAgeMs()) {
      return known.alerts;
    }
    const at = this.options.now();
    const alerts = await this.options.fetch([applicationId], signal);
    this.record([applicationId], alerts, at);
    return this.entries.get(applicationId)!.alerts;
  }
}
