// One applications request and one open-alerts request per refresh, however many are bound. A failed
// refresh keeps the last good data, so the status bar never goes blank. No `vscode`.
import type { TimesliceApi } from '../api/timesliceApi';
import { isApiError } from '../api/apiError';
import type { OpenAlert } from '../api/openAlerts';
import type { OpenAlertsCache } from '../api/openAlertsCache';
import type { Application } from '../api/types';
import type { Logger } from '../log';
import type { IDisposable } from '../util/lifecycle';
import { RunThenOnceMore } from '../util/runThenOnceMore';
import type { Binding, BindingRegion } from './binding';
import { bindingKey } from './binding';
import type { AppSnapshot } from './statusModel';

export interface PollTarget {
  /** Without `listOpenAlerts` (a test's fake) only the applications are asked. */
  api: Pick<TimesliceApi, 'listApplications'> & Partial<Pick<TimesliceApi, 'listOpenAlerts'>>;
  /** The region the connection queries; bindings of other regions are not asked of it. */
  region: BindingRegion;
  /** The session's open alerts per application: told what the refresh heard, so panels need not ask again. */
  openAlerts?: Pick<OpenAlertsCache, 'record'>;
}

export interface BoundAppsPollerDeps {
  bindings(): readonly Binding[];
  target(): PollTarget | undefined;
  now?: () => number;
  log?: Logger;
}

export interface PollResult {
  region: BindingRegion;
  apps: Application[];
  error?: string;
}

export class BoundAppsPoller implements IDisposable {
  private readonly snapshots = new Map<string, AppSnapshot>();
  private readonly listeners = new Set<(result: PollResult) => void>();
  /** A refresh asked for while one runs starts when that one ends (bindings may have changed). */
  private readonly polls = new RunThenOnceMore(() => this.poll());
  private readonly abort = new AbortController();
  private readonly now: () => number;

  constructor(private readonly deps: BoundAppsPollerDeps) {
    this.now = deps.now ?? Date.now;
  }

  reset(): void {
    this.snapshots.clear();
  }

  snapshot(binding: Pick<Binding, 'id' | 'region'>): AppSnapshot | undefined {
    return this.snapshots.get(bindingKey(binding));
  }

  onDidRefresh(listener: (result: PollResult) => void): IDisposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  refreshNow(): Promise<void> {
    return this.polls.run();
  }

  private async poll(): Promise<void> {
    const target = this.deps.target();
    if (!target || this.abort.signal.aborted) {
      return;
    }
    const ids = [
      ...new Set(
        this.deps
          .bindings()
          .filter((b) => b.region === target.region)
          .map((b) => b.id),
      ),
    ].sort((a, b) => a - b);
    if (ids.length === 0) {
      return;
    }
    let result: PollResult;
    // An answer for a session that has since been replaced is another account's: dropped.
    const replaced = () => this.deps.target()?.api !== target.api;
    try {
      const [apps, alerts] = await Promise.all([
        target.api.listApplications({ ids }, { signal: this.abort.signal }),
        this.openAlerts(target, ids),
      ]);
      if (replaced()) {
        return;
      }
      const at = this.now();
      const byId = new Map(apps.map((a) => [a.id, a]));
      for (const id of ids) {
        const app = byId.get(id);
        const key = bindingKey({ id, region: target.region });
        // Alerts that could not be asked this time: the last ones known stay (a blank would say "none"),
        // and the failure is kept beside them, so the status bar says "alerts unknown" rather than nothing.
        const known = this.snapshots.get(key);
        const heard = Array.isArray(alerts)
          ? { alerts: alerts.filter((a) => a.applicationId === id), alertsAt: at }
          : {
              ...(known?.alerts ? { alerts: known.alerts, alertsAt: known.alertsAt } : {}),
              ...(alerts ? { alertsError: { message: alerts.failed, at } } : {}),
            };
        this.snapshots.set(key, { ...(app ? { app } : { missing: true }), fetchedAt: at, ...heard });
      }
      result = {
        region: target.region,
        apps: ids.map((id) => byId.get(id)).filter((a): a is Application => a !== undefined),
      };
    } catch (e) {
      if (this.abort.signal.aborted || replaced()) {
        return;
      }
      const message = e instanceof Error ? e.message : String(e);
      this.deps.log?.warn(`refreshing ${ids.length} bound application(s) failed: ${message}`);
      const at = this.now();
      for (const id of ids) {
        const key = bindingKey({ id, region: target.region });
        this.snapshots.set(key, {
          ...this.snapshots.get(key),
          error: { message, at, ...(isApiError(e) ? { kind: e.kind } : {}) },
        });
      }
      result = { region: target.region, apps: [], error: message };
    }
    for (const listener of [...this.listeners]) {
      listener(result);
    }
  }

  /** The open alerts of all `ids` in one request; undefined without a client for them, or why they failed (logged). */
  private async openAlerts(target: PollTarget, ids: number[]): Promise<OpenAlert[] | { failed: string } | undefined> {
    if (!target.api.listOpenAlerts) {
      return undefined;
    }
    try {
      const alerts = await target.api.listOpenAlerts(ids, { signal: this.abort.signal });
      target.openAlerts?.record(ids, alerts, this.now());
      return alerts;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (!this.abort.signal.aborted) {
        this.deps.log?.warn(`open alerts of ${ids.length} bound application(s): ${message}`);
      }
      return { failed: message };
    }
  }

  dispose(): void {
    this.abort.abort();
    this.listeners.clear();
  }
}
