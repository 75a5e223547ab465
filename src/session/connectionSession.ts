/**
 * A client for one ConnectionSpec and all that belongs to it. Disposing it aborts all it has in flight, so no
 * answer of an old session (another account, region or key) ever reaches a view.
 */
import { setMaxListeners } from 'node:events';

import type { NrqlClient } from '../api/backend';
import type { Clock } from '../api/clock';
import { systemClock } from '../api/clock';
import type { Backend } from '../api/backendChoice';
import { BACKEND_LABELS } from '../api/backendChoice';
import { MetricNamesCache } from '../api/metricNamesCache';
import { DeploymentCache } from '../api/deploymentCache';
import { DEPLOYMENT_HISTORY_MS } from '../api/deployments';
import { OpenAlertsCache } from '../api/openAlertsCache';
import type { RequestLayer } from '../api/pipeline';
import { rateLimitObserver, sessionSignal } from '../api/pipeline';
import type { Region } from '../api/regions';
import type { TimesliceApi } from '../api/timesliceApi';
import type { IDisposable } from '../util/lifecycle';
import type { ConnectionSpec } from './connectionSpec';
import { LastGoodData } from './lastGood';
import type { ScheduledJob } from './scheduler';
import { RefreshScheduler } from './scheduler';

export interface SessionOptions {
  api: (layers: RequestLayer[]) => TimesliceApi;
  /** Made on first use; without it the session runs no typed NRQL. */
  nrql?: (layers: RequestLayer[]) => NrqlClient;
  /** "US", "EU", "Custom base URL" or "Demo". */
  label: string;
  spec: ConnectionSpec;
  jobs: Iterable<ScheduledJob>;
  intervalMs: () => number;
  focused: boolean;
  clock?: Clock;
  onJobError?: (job: ScheduledJob, error: unknown) => void;
}

export class ConnectionSession implements IDisposable {
  readonly api: TimesliceApi;
  readonly metricNames: MetricNamesCache;
  readonly deployments: DeploymentCache;
  /** Open alerts per application as last heard (the bound-apps refresh records them), for the panels' markers. */
  readonly openAlerts: OpenAlertsCache;
  readonly label: string;
  readonly spec: ConnectionSpec;
  /** The backend's label for views ("REST v2", "NerdGraph"). */
  readonly backendLabel: string;
  readonly scheduler: RefreshScheduler;
  private readonly abort = new AbortController();
  private readonly stores = new Map<string, LastGoodData<unknown>>();
  private readonly clock: Clock;
  private readonly makeNrql: SessionOptions['nrql'];
  private nrqlClient: NrqlClient | undefined;

  constructor(options: SessionOptions) {
    this.makeNrql = options.nrql;
    this.clock = options.clock ?? systemClock;
    // Every request of the session listens to its signal while it runs or waits for the key's limiter,
    // which several clients share: more than Node's 10 is normal (a refresh of many views), not a leak.
    setMaxListeners(0, this.abort.signal);
    this.label = options.label;
    this.spec = options.spec;
    this.backendLabel = BACKEND_LABELS[options.spec.backend];
    this.scheduler = new RefreshScheduler({
      clock: this.clock,
      intervalMs: options.intervalMs,
      focused: options.focused,
      onError: options.onJobError,
    });
    this.api = options.api([
      sessionSignal(this.abort.signal),
      // An announced wait (429 Retry-After the transport did not wait out) pauses every refresh.
      rateLimitObserver((ms) => this.scheduler.pauseUntil(this.clock.now() + ms)),
    ]);
    this.metricNames = new MetricNamesCache(this.api);
    this.deployments = new DeploymentCache({
      fetch: (id, range, signal) => this.api.listDeployments(id, range, { signal }),
      fetchLatest: async (id, signal) => {
        const now = this.clock.now();
        const range = { from: new Date(now - DEPLOYMENT_HISTORY_MS), to: new Date(now), newestOnly: true };
        return (await this.api.listDeployments(id, range, { signal }))[0];
      },
      now: () => this.clock.now(),
      maxAgeMs: options.intervalMs,
    });
    this.openAlerts = new OpenAlertsCache({
      fetch: (ids, signal) => this.api.listOpenAlerts(ids, { signal }),
      now: () => this.clock.now(),
      maxAgeMs: options.intervalMs,
    });
    for (const job of options.jobs) {
      this.scheduler.add(job);
    }
  }

  get backend(): Backend {
    return this.spec.backend;
  }

  get demo(): boolean {
    return this.spec.demo;
  }

  get region(): Region | undefined {
    return this.spec.region;
  }

  /** Aborted when the session ends: anything started for it checks this before showing an answer. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get disposed(): boolean {
    return this.abort.signal.aborted;
  }

  get nrql(): NrqlClient | undefined {
    if (!this.nrqlClient && this.makeNrql && !this.disposed) {
      this.nrqlClient = this.makeNrql([sessionSignal(this.abort.signal)]);
    }
    return this.nrqlClient;
  }

  /** The last good data of one view (`scope`: "tree", "panel:application:42", …), created on first use. */
  lastGood<T>(scope: string): LastGoodData<T> {
    let store = this.stores.get(scope);
    if (!store) {
      store = new LastGoodData<unknown>(() => this.clock.now());
      this.stores.set(scope, store);
    }
    return store as LastGoodData<T>;
  }

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.abort.abort();
    this.scheduler.dispose();
    this.stores.clear();
    void this.api.dispose();
    void this.nrqlClient?.dispose();
  }
}
