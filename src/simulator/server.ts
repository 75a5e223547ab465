/**
 * HTTPS simulator of the REST API v2 and NerdGraph (US, EU under /eu) with a plain-HTTP port that answers
 * 301 as the service does; records requests and injects faults on demand (docs/simulator.md).
 */
import type * as http from 'node:http';

import { setApplicationHealth } from './controls';
import type { SimHealth } from './controls';
import { Dataset } from './dataset';
import { CHANGE_EVENTS_IN_DEPLOYMENT_LISTS, changeEventsListed, setChangeEventsListed } from './deployments';
import type { EndpointId, Fault, NerdGraphFault, NerdGraphOperation } from './faults';
import { FaultTable } from './faults';
import { answerGraphql } from './graphqlHandler';
import { Listeners } from './listeners';
import type { MetricDataOptions, ValuesRule } from './metricData';
import type { ErrorRateScale } from './nerdgraph/entities';
import type { NrqlFieldErrors } from './nerdgraph/fieldErrors';
import type { SimulatedAccount } from './nerdgraph/service';
import { NerdGraphService, simulatedAccountOutline } from './nerdgraph/service';
import { RateLimit } from './rateLimit';
import { RecordBuilder } from './records';
import type { RecordedRequest } from './requestLog';
import { RequestLog } from './requestLog';
import { answerRest } from './restHandler';
import type { Region } from './restAnswer';
import { Routes } from './routes';

export { DEMO_DATA_SET } from './dataset';

export interface SimulatorOptions {
  seed?: number;
  /** Applications in the US account (the EU account has half as many, at least 3). */
  apps?: number;
  pageSize?: number;
  /** Issues per NerdGraph `aiIssues` page (default AI_ISSUES_PAGE_SIZE), so a test can have several pages. */
  aiIssuesPageSize?: number;
  usKey?: string;
  euKey?: string;
  port?: number;
  httpPort?: number;
  /** The clock; fixed in tests so the same request gives the same bytes. */
  now?: () => Date;
  /** Requests per key per minute before 429 (the service's limit is 1,000). */
  rateLimitPerMinute?: number;
  /** How `values[]` applies to metrics with different value lists (default `strict`; see ValuesRule). */
  valuesRule?: ValuesRule;
  /** Minutes the timeslice data lags the clock (default 0; the service's examples show about 3). */
  lagMinutes?: number;
  /** Minutes the data's clock runs ahead of the real one (default 0), so tests see the same data at any hour (test/support/dataClock.js). */
  clockShiftMinutes?: number;
  /** The demo's story (demoStory.ts, docs/simulator.md); off by default so a data set made alone is what is served. */
  demoStory?: boolean;
  /** With `demoStory`: the story stops at the deployment whose revision starts with this (a test's latest). */
  demoStoryUntil?: string;
  /** `demo` gives the records made to catch markup injection plausible names (see DatasetOptions). */
  names?: 'test' | 'demo';
  /** How many requests `requests` keeps (default all); the demo bounds it, as a demo may run for days. */
  maxRecordedRequests?: number;
  /** How NerdGraph's `apmSummary.errorRate` is written (open: docs/service.md#nerdgraph-open-points; default fraction, see ErrorRateScale). */
  errorRateScale?: ErrorRateScale;
  /** REST API v2 retired: every v2 request is answered 410 Gone (NerdGraph keeps working). */
  restRetired?: boolean;
  /** How many accounts each key sees through NerdGraph (default 1, at most 5); REST v2 serves the first. */
  accountsPerKey?: number;
  /** Whether a `changeTrackingCreateEvent` deployment is also listed by REST and `deploymentSearch` (open: docs/service.md#change-tracking). */
  changeEventsInDeploymentLists?: boolean;
}

function randomKey(): string {
  return `NRAK-${Array.from({ length: 27 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 36)]).join('')}`;
}

export class Simulator {
  readonly keys: Readonly<Record<Region, string>>;
  /** The data of the account each key's REST v2 serves (the first of `accounts`). */
  readonly datasets: Readonly<Record<Region, Dataset>>;
  /** Every account each region's key sees through NerdGraph, the REST one first (see `accountsPerKey`). */
  readonly accounts: Readonly<Record<Region, readonly SimulatedAccount[]>>;
  private readonly routes: Readonly<Record<Region, Routes>>;
  private readonly faults = new FaultTable();
  private readonly pageSize: number;
  private readonly now: () => Date;
  private readonly rateLimit: RateLimit;
  private readonly log: RequestLog;
  private restRetiredValue: boolean;
  /** Shared with both regions' routes and read per request, so tests can switch readings at run time. */
  private readonly metricData: MetricDataOptions;
  /** The NerdGraph endpoint over the same data sets (docs/service.md#nerdgraph-mapping). */
  readonly nerdGraph: NerdGraphService;
  private listeners!: Listeners;
  certPem!: string;
  certPath!: string;

  private constructor(options: SimulatorOptions) {
    const seed = options.seed ?? 42;
    const apps = options.apps ?? 12;
    this.pageSize = options.pageSize ?? 200;
    this.now = options.now ?? (() => new Date());
    this.rateLimit = new RateLimit(options.rateLimitPerMinute ?? 1000);
    this.log = new RequestLog(options.maxRecordedRequests ?? Infinity);
    this.restRetiredValue = options.restRetired ?? false;
    this.keys = { us: options.usKey ?? randomKey(), eu: options.euKey ?? randomKey() };
    const names = options.names ?? 'test';
    const clockShiftMinutes = options.clockShiftMinutes ?? 0;
    if (!Number.isSafeInteger(clockShiftMinutes)) {
      throw new Error(`clockShiftMinutes must be a whole number (got ${clockShiftMinutes}).`);
    }
    const story = options.demoStory
      ? {
          storyAnchorMs: this.now().getTime(),
          ...(options.demoStoryUntil !== undefined ? { storyUntil: options.demoStoryUntil } : {}),
        }
      : {};
    this.datasets = {
      us: new Dataset({ seed, apps, names, clockShiftMinutes, ...story }),
      eu: new Dataset({
        seed: seed ^ 0x5eed,
        apps: Math.max(3, Math.ceil(apps / 2)),
        names,
        clockShiftMinutes,
        ...story,
      }),
    };
    const perKey = options.accountsPerKey ?? 1;
    if (!Number.isInteger(perKey) || perKey < 1 || perKey > 5) {
      throw new Error(`accountsPerKey must be a whole number from 1 to 5 (got ${perKey}).`);
    }
    const accountsOf = (region: Region): SimulatedAccount[] =>
      Array.from({ length: perKey }, (_, k) => ({
        ...simulatedAccountOutline(region, k),
        // The others: smaller, seeded apart, and with ids 10 million apart (ids are unique across accounts).
        dataset:
          k === 0
            ? this.datasets[region]
            : new Dataset({
                seed: (this.datasets[region].seed + k * 0x9e37) >>> 0,
                apps: Math.max(3, Math.ceil(apps / 2)),
                names,
                idBase: k * 10_000_000,
                clockShiftMinutes,
              }),
      }));
    this.accounts = { us: accountsOf('us'), eu: accountsOf('eu') };
    this.setChangeEventsInDeploymentLists(options.changeEventsInDeploymentLists ?? CHANGE_EVENTS_IN_DEPLOYMENT_LISTS);
    this.metricData = { valuesRule: options.valuesRule ?? 'strict', lagMinutes: options.lagMinutes ?? 0 };
    this.routes = {
      us: new Routes(this.datasets.us, new RecordBuilder(this.datasets.us, this.now), this.now, this.metricData),
      eu: new Routes(this.datasets.eu, new RecordBuilder(this.datasets.eu, this.now), this.now, this.metricData),
    };
    this.nerdGraph = new NerdGraphService({
      accounts: this.accounts,
      keys: this.keys,
      now: this.now,
      faults: this.faults,
      pageSize: this.pageSize,
      aiIssuesPageSize: options.aiIssuesPageSize,
      errorRateScale: options.errorRateScale,
    });
  }

  static async start(options: SimulatorOptions = {}): Promise<Simulator> {
    const sim = new Simulator(options);
    sim.listeners = await Listeners.open(
      options.port ?? 0,
      options.httpPort ?? 0,
      (req, res) => void sim.handle(req, res),
      (req) => sim.log.record(req, 'http', 301),
    );
    sim.certPem = sim.listeners.certPem;
    sim.certPath = sim.listeners.certPath;
    return sim;
  }

  /** Every request answered, oldest first (the last `maxRecordedRequests`). */
  get requests(): RecordedRequest[] {
    return this.log.requests;
  }

  get httpsPort(): number {
    return this.listeners.httpsPort;
  }

  get httpPort(): number {
    return this.listeners.httpPort;
  }

  get baseUrls(): { us: string; eu: string; http: string } {
    return {
      us: `https://127.0.0.1:${this.httpsPort}`,
      eu: `https://127.0.0.1:${this.httpsPort}/eu`,
      http: `http://127.0.0.1:${this.httpPort}`,
    };
  }

  get valuesRule(): ValuesRule {
    return this.metricData.valuesRule ?? 'strict';
  }

  setValuesRule(rule: ValuesRule): void {
    this.metricData.valuesRule = rule;
  }

  setLagMinutes(minutes: number): void {
    if (!Number.isInteger(minutes) || minutes < 0) {
      throw new Error(`The lag must be a whole number of minutes, 0 or more (got ${minutes}).`);
    }
    this.metricData.lagMinutes = minutes;
  }

  get restRetired(): boolean {
    return this.restRetiredValue;
  }

  setAiIssuesPageSize(size: number): void {
    if (!Number.isInteger(size) || size < 1) {
      throw new Error(`The page size must be a whole number, 1 or more (got ${size}).`);
    }
    this.nerdGraph.aiIssuesPageSize = size;
  }

  setRestRetired(retired: boolean): void {
    this.restRetiredValue = retired;
  }

  get changeEventsInDeploymentLists(): boolean {
    return changeEventsListed(this.datasets.us);
  }

  setChangeEventsInDeploymentLists(listed: boolean): void {
    for (const account of [...this.accounts.us, ...this.accounts.eu]) {
      setChangeEventsListed(account.dataset, listed);
    }
  }

  /** Answers NRQL fields as timed out: all (`{}`), one application's (`{ applicationId }`) or none; each field fails alone. */
  setNrqlFieldErrors(errors: NrqlFieldErrors | undefined): void {
    if (errors?.applicationId !== undefined && !Number.isSafeInteger(errors.applicationId)) {
      throw new Error(`An application id must be a whole number (got ${errors.applicationId}).`);
    }
    this.nerdGraph.nrqlFieldErrors = errors && { ...errors };
  }

  injectFault(fault: Fault): void {
    this.faults.add(fault);
  }

  /** How many times the counted faults of `endpoint` were applied so far: a test's sign that a request arrived. */
  faultsUsed(endpoint: EndpointId | NerdGraphOperation): number {
    return this.faults.used(endpoint);
  }

  injectNerdGraphFault(fault: NerdGraphFault): void {
    this.faults.add(fault);
  }

  /** Changes an application's health status from now on, as an alert condition would (see controls.ts). */
  setApplicationHealth(region: Region, applicationId: number, health: SimHealth): void {
    setApplicationHealth(this.datasets[region], region, applicationId, health);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  clearRequests(): void {
    this.log.clear();
  }

  /** Requests being answered now: one sent before `clearRequests` is logged when its answer ends. */
  get requestsInFlight(): number {
    return this.log.inFlight;
  }

  /** Peak of concurrent requests carrying `key` (all keys when omitted) since `clearRequests`, to check a client's limiter. */
  peakInFlight(key?: string): number {
    return this.log.peakInFlight(key);
  }

  async stop(): Promise<void> {
    await this.listeners.close();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.log.countInFlight(req, res);
    const url = new URL(req.url ?? '/', `https://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname === '/graphql' || url.pathname === '/eu/graphql') {
      await answerGraphql(req, res, url.pathname === '/graphql' ? 'us' : 'eu', this.nerdGraph, this.log);
      return;
    }
    await answerRest(req, res, url, {
      keys: this.keys,
      routes: this.routes,
      faults: this.faults,
      rateLimit: this.rateLimit,
      log: this.log,
      pageSize: this.pageSize,
      restRetired: () => this.restRetiredValue,
      httpsPort: () => this.httpsPort,
      httpPort: () => this.httpPort,
    });
  }
}
