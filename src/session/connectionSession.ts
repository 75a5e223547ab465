/**
 * One connection session: a client for one (backend, base URL, key, format, key header, CA, proxy,
 * timeout), and everything that belongs to it: the metric-names cache, the AbortSignal every request
 * carries, the last good data of every view, and the one refresh scheduler. Disposing it aborts all
 * it has in flight, so no answer of an old session ever reaches a view. No `vscode`.
 */
import { setMaxListeners } from 'node:events';

import type { NrqlClient } from '../api/backend';
import type { Clock } from '../api/clock';
import { systemClock } from '../api/clock';
import type { Backend } from '../api/backendChoice';
import type { TimesliceApi } from '../api/timesliceApi';
import { isApiError } from '../api/errors';
import { MetricNamesCache } from '../api/metricNamesCache';
import type { Region } from '../api/regions';
import { boundToSignal, nrqlBoundToSignal } from '../api/sessionApi';
import type { IDisposable } from '../util/lifecycle';
import { LastGoodData } from './lastGood';
import type { ScheduledJob } from './scheduler';
import { RefreshScheduler } from './scheduler';

export interface SessionOptions {
  api: TimesliceApi;
  /**
   * Makes the client for NRQL the user types, on the first use (either backend: the NerdGraph endpoint
   * of the same host, with the same key). Without it the session runs no typed NRQL.
   */
  nrql?: () => NrqlClient;
  /** "US", "EU", "Custom base URL" or "Demo". */
  label: string;
  /** The backend it speaks (default REST v2), and its label for views ("REST v2", "NerdGraph"). */
  backend?: Backend;
  backendLabel?: string;
  demo: boolean;
  /** The configured region (undefined for the demo). */
  region?: Region;
  /** What the session is made of; equal identities are the same session. */
  identity: string;
  /** The views' jobs, registered with the manager and handed to every session's scheduler. */
  jobs: Iterable<ScheduledJob>;
  intervalMs: () => number;
  focused: boolean;
  clock?: Clock;
  onJobError?: (job: ScheduledJob, error: unknown) => void;
}

export class ConnectionSession implements IDisposable {
  readonly api: TimesliceApi;
  readonly metricNames: MetricNamesCache;
  readonly label: string;
  readonly backend: Backend;
  readonly backendLabel: string;
  readonly demo: boolean;
  readonly region: Region | undefined;
  readonly identity: string;
  readonly scheduler: RefreshScheduler;
  private readonly abort = new AbortController();
  private readonly stores = new Map<string, LastGoodData<unknown>>();
  private readonly raw: TimesliceApi;
  private readonly clock: Clock;
  private readonly makeNrql: (() => NrqlClient) | undefined;
  private nrqlClient: NrqlClient | undefined;

  constructor(options: SessionOptions) {
    this.raw = options.api;
    this.makeNrql = options.nrql;
    this.clock = options.clock ?? systemClock;
    // Every request of the session listens to its signal while it runs or waits for the key's limiter,
    // which several clients share: more than Node's 10 is normal (a refresh of many views), not a leak.
    setMaxListeners(0, this.abort.signal);
    this.label = options.label;
    this.backend = options.backend ?? 'restV2';
    this.backendLabel = options.backendLabel ?? 'REST v2';
    this.demo = options.demo;
    this.region = options.region;
    this.identity = options.identity;
    this.scheduler = new RefreshScheduler({
      clock: this.clock,
      intervalMs: options.intervalMs,
      focused: options.focused,
      onError: options.onJobError,
    });
    // An announced wait (429 Retry-After the transport did not wait out) pauses every refresh.
    this.api = observeRateLimits(boundToSignal(options.api, this.abort.signal), (ms) =>
      this.scheduler.pauseUntil(this.clock.now() + ms),
    );
    this.metricNames = new MetricNamesCache(this.api);
    for (const job of options.jobs) {
      this.scheduler.add(job);
    }
  }

  /** Aborted when the session ends: anything started for it checks this before showing an answer. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get disposed(): boolean {
    return this.abort.signal.aborted;
  }

  /** The client for typed NRQL, made on first use; undefined when the session has none (or has ended). */
  get nrql(): NrqlClient | undefined {
    if (!this.nrqlClient && this.makeNrql && !this.disposed) {
      this.nrqlClient = nrqlBoundToSignal(this.makeNrql(), this.abort.signal);
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
    void this.raw.dispose();
    void this.nrqlClient?.dispose();
  }
}

/** Wraps every method so a rate-limit failure that names a wait tells `pause` how long. */
function observeRateLimits(api: TimesliceApi, pause: (ms: number) => void): TimesliceApi {
  const watch = <T>(p: Promise<T>): Promise<T> =>
    p.catch((e: unknown) => {
      if (isApiError(e) && e.kind === 'rateLimited' && e.retryAfterMs !== undefined) {
        pause(e.retryAfterMs);
      }
      throw e;
    });
  return new Proxy(api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'dispose') {
        return value;
      }
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result instanceof Promise ? watch(result) : result;
      };
    },
  });
}
