/**
 * The simulated account, generated from a seed (same seed and size, same records). The first applications are
 * hand-picked so every case the client must handle is present (health statuses, the 4.8 agent-version rule,
 * missing data, Unicode and HTML-special names).
 */
import type { HealthStatus } from '../api/types';
import type { AppSeed, DatabaseFamily } from './datasetSeeds';
import type { AgentNames } from './agentNaming';
import { agentNamesOf, backgroundTransactionName, namedTransaction, webTransactionNames } from './agentNaming';
import {
  APDEX_TARGETS,
  BACKGROUND_JOBS,
  DATASTORE_TYPES,
  DEMO_NAMES,
  DEMO_TRANSACTIONS,
  generatedSeed,
  hostName,
  keyTransactionLabel,
  OPERATIONS,
  SPECIAL_APPS,
  TEST_TRANSACTIONS,
} from './datasetSeeds';
import { hashString, Rng } from './random';

export interface AppProfile {
  baseRpm: number;
  /** Server-side response time without queuing, ms. */
  baseResponseMs: number;
  apdexT: number;
  endUserApdexT: number;
  errorRate: number;
  databaseFamily: DatabaseFamily;
  datastoreTypes: string[];
  hasQueue: boolean;
  hasMemcache: boolean;
  /** Only more recent agents report WebTransactionTotalTime (docs/service.md#response-time-breakdown). */
  hasTotalTime: boolean;
  realUserMonitoring: boolean;
  /** Agent version: the simulator keeps it to itself (a real record has none: docs/service.md#records). */
  agentVersion: string;
  databaseShare: number;
  externalShare: number;
  memcacheShare: number;
  /** Web transactions with their share of calls, relative speed and error-proneness (agentNaming.ts names). */
  transactions: SimTransaction[];
  /** Background transactions (`OtherTransaction/…`): their share of the background calls and relative speed. */
  background: Array<{ name: string; weight: number; speed: number }>;
  phase: number;
}

export interface SimTransaction {
  name: string;
  names: AgentNames;
  /** What a key transaction on it is called (`Orders show`). */
  label: string;
  weight: number;
  /** Response time relative to the application's (the call-weighted mean is 1). */
  speed: number;
  /** Errors per call relative to the application's (the call-weighted mean is 1). */
  errorProneness: number;
}

// How much slower the slow transaction is than the slowest other, and how much more the error-prone one fails.
const SLOW_FACTOR = 2;
const ERROR_PRONE_FACTOR = 8;

export interface SimApp {
  id: number;
  name: string;
  language: string;
  health: HealthStatus;
  reporting: boolean;
  /** Seconds before "now" of the last report; undefined when none is shown. */
  lastReportedAgoSeconds?: number;
  profile: AppProfile;
  hostIds: number[];
  instanceIds: number[];
  serverIds: number[];
  alertPolicyId?: number;
  keyTransactionIds: number[];
  memoryMb: number;
  /** Minutes the data's clock runs ahead of the real one (DatasetOptions.clockShiftMinutes). */
  clockShift: number;
  /** The data-clock minute the demo's story ends at (DatasetOptions.storyAnchorMs; demoStory.ts); none when undefined. */
  storyAnchor?: number;
  /** The story's last deployment, by revision prefix (DatasetOptions.storyUntil); all of it when undefined. */
  storyUntil?: string;
}

export interface SimHost {
  id: number;
  appId: number;
  name: string;
  share: number;
  /** Multiplier on response time (a slow host). */
  slowness: number;
  health: HealthStatus;
  instanceIds: number[];
  serverId: number;
  memoryMb: number;
}

export interface SimInstance {
  id: number;
  appId: number;
  hostId: number;
  port: number;
  share: number;
  health: HealthStatus;
  serverId: number;
}

export interface SimKeyTransaction {
  id: number;
  appId: number;
  name: string;
  transactionName: string;
  health: HealthStatus;
}

export interface DatasetOptions {
  seed: number;
  apps: number;
  /** `test` (default) keeps names a client must render as text (HTML-special, Unicode); `demo` has plausible ones. */
  names?: 'test' | 'demo';
  /** Added to every id (default 0): the service's ids are unique across accounts. */
  idBase?: number;
  /** Minutes the data's clock runs ahead of the real one (default 0), so a test's data is the same at any hour. */
  clockShiftMinutes?: number;
  /** When the demo's story (demoStory.ts) ends, real clock ms; every deployment is generated when undefined. */
  storyAnchorMs?: number;
  /** The story stops at the deployment whose revision starts with this: later ones never happened. */
  storyUntil?: string;
}

/** The demo's account: 16 applications, so every agent of samples/demo-workspace has one (Django's is the 16th). */
export const DEMO_DATA_SET = { seed: 42, apps: 16 } as const;

export class Dataset {
  readonly apps: SimApp[] = [];
  readonly appsById = new Map<number, SimApp>();
  readonly hosts = new Map<number, SimHost>();
  readonly instances = new Map<number, SimInstance>();
  readonly keyTransactions: SimKeyTransaction[] = [];
  readonly keyTransactionsById = new Map<number, SimKeyTransaction>();
  readonly seed: number;
  private readonly demoNames: boolean;
  readonly names: 'test' | 'demo';

  constructor(options: DatasetOptions) {
    this.demoNames = options.names === 'demo';
    this.names = this.demoNames ? 'demo' : 'test';
    this.seed = options.seed >>> 0;
    const base = options.idBase ?? 0;
    const rng = new Rng(this.seed);
    let hostSeq = 0;
    let instanceSeq = 0;
    let serverSeq = 0;
    for (let i = 0; i < options.apps; i++) {
      const special = i < SPECIAL_APPS.length ? SPECIAL_APPS[i] : undefined;
      const seed = special
        ? { ...special, name: this.demoNames ? (DEMO_NAMES[special.name] ?? special.name) : special.name }
        : generatedSeed(rng, i - SPECIAL_APPS.length);
      const app = this.makeApp(rng, i, seed, base);
      const hostCount = seed.hostCount ?? (seed.reporting === false ? 0 : rng.int(1, 3));
      const hostShares = splitShares(rng, hostCount);
      for (let h = 0; h < hostCount; h++) {
        const hostId = base + 2_000_000 + hostSeq++ * 8 + rng.int(0, 7);
        const serverId = base + 5_000_000 + serverSeq++ * 4 + rng.int(0, 3);
        const host: SimHost = {
          id: hostId,
          appId: app.id,
          name: hostName(rng, app.language, h),
          share: hostShares[h],
          slowness: h === 0 && app.health === 'red' ? 1.6 : rng.range(0.9, 1.15),
          health: h === 0 ? app.health : rng.chance(0.85) ? 'green' : 'orange',
          instanceIds: [],
          serverId,
          memoryMb: rng.int(600, 3800),
        };
        const instanceCount = rng.int(1, 3);
        const instanceShares = splitShares(rng, instanceCount);
        for (let k = 0; k < instanceCount; k++) {
          const instance: SimInstance = {
            id: base + 3_000_000 + instanceSeq++ * 8 + rng.int(0, 7),
            appId: app.id,
            hostId,
            port: 8080 + k,
            share: instanceShares[k],
            health: host.health,
            serverId,
          };
          this.instances.set(instance.id, instance);
          host.instanceIds.push(instance.id);
          app.instanceIds.push(instance.id);
        }
        this.hosts.set(hostId, host);
        app.hostIds.push(hostId);
        app.serverIds.push(serverId);
        app.memoryMb += host.memoryMb;
      }
      if (app.reporting) {
        const ktCount = i < SPECIAL_APPS.length ? 2 : rng.int(0, 2);
        const picked = new Set<string>();
        for (let k = 0; k < ktCount; k++) {
          const txn = rng.pick(app.profile.transactions);
          if (picked.has(txn.name)) {
            continue;
          }
          picked.add(txn.name);
          const kt: SimKeyTransaction = {
            id: base + 4_000_000 + this.keyTransactions.length * 8 + rng.int(0, 7),
            appId: app.id,
            name: txn.label,
            transactionName: txn.name,
            health: rng.chance(0.8) ? app.health : 'orange',
          };
          this.keyTransactions.push(kt);
          this.keyTransactionsById.set(kt.id, kt);
          app.keyTransactionIds.push(kt.id);
        }
      }
      app.clockShift = Math.round(options.clockShiftMinutes ?? 0);
      if (options.storyAnchorMs !== undefined) {
        app.storyAnchor = Math.floor(options.storyAnchorMs / 60_000) + app.clockShift;
        if (options.storyUntil !== undefined) app.storyUntil = options.storyUntil;
      }
      this.apps.push(app);
      this.appsById.set(app.id, app);
    }
  }

  private makeApp(rng: Rng, index: number, seed: AppSeed, idBase: number): SimApp {
    const reporting = seed.reporting ?? true;
    const family = seed.family ?? 'datastore';
    const language = seed.language;
    const operationCount = rng.int(4, OPERATIONS.length);
    const web = (names: AgentNames, logical: string, weight: number, speed: number): SimTransaction => ({
      name: names.transaction,
      names,
      label: keyTransactionLabel(`Controller/${logical}`),
      weight,
      speed,
      errorProneness: 1,
    });
    // The draws (weight, then speed) are the same whatever the names, so numbers do not depend on them.
    const transactions = OPERATIONS.slice(0, operationCount).map((op) =>
      web(
        webTransactionNames(language, op, seed.name),
        `${op.resource}/${op.action}`,
        rng.range(0.2, 1),
        rng.range(0.4, 1.8),
      ),
    );
    if (index === 0) {
      // Names a client must render as text, never as markup; the demo has plausible ones in their place.
      for (const [key, weight, speed] of [
        ['hostile', 0.05, 1.1],
        ['unicode', 0.08, 0.9],
      ] as const) {
        const op = DEMO_TRANSACTIONS[key];
        const names = this.demoNames
          ? webTransactionNames(language, op, seed.name)
          : agentNamesOf(namedTransaction(language, TEST_TRANSACTIONS[key]));
        transactions.push(
          web(names, this.demoNames ? `${op.resource}/${op.action}` : TEST_TRANSACTIONS[key], weight, speed),
        );
      }
    }
    // One slow and one error-prone transaction per application (sometimes the same one), picked by a
    // hash so the generator's draws stay as they were.
    const pick = hashString(`transactions:${this.seed}:${index}`);
    const slow = transactions[pick % transactions.length];
    slow.speed = SLOW_FACTOR * Math.max(...transactions.map((t) => t.speed));
    transactions[(pick >>> 8) % transactions.length].errorProneness = ERROR_PRONE_FACTOR;
    normaliseTransactions(transactions);
    const datastoreTypes = family === 'datastore' ? pickSome(rng, DATASTORE_TYPES, rng.int(1, 2)) : [];
    const profile: AppProfile = {
      baseRpm: Math.round(rng.range(60, 2400)),
      baseResponseMs:
        seed.health === 'red'
          ? rng.range(900, 1600)
          : seed.health === 'orange'
            ? rng.range(350, 600)
            : rng.range(40, 260),
      apdexT: 0, // Set below from the response time, so health and Apdex tell the same story.
      endUserApdexT: rng.pick([3, 7]),
      errorRate: seed.health === 'red' ? rng.range(0.04, 0.09) : rng.range(0.0005, 0.012),
      databaseFamily: family,
      datastoreTypes,
      hasQueue: seed.hasQueue ?? rng.chance(0.4),
      hasMemcache: rng.chance(0.5),
      hasTotalTime: seed.hasTotalTime ?? true,
      realUserMonitoring: language !== 'go' && rng.chance(0.7),
      agentVersion: seed.agentVersion ?? `${rng.int(4, 11)}.${rng.int(0, 30)}.${rng.int(0, 9)}`,
      databaseShare: rng.range(0.15, 0.4),
      externalShare: rng.range(0.05, 0.2),
      memcacheShare: rng.range(0.01, 0.05),
      transactions,
      background: BACKGROUND_JOBS.map((b) => ({
        name: backgroundTransactionName(language, b.job, seed.name),
        weight: b.share,
        speed: b.speed,
      })),
      phase: rng.range(0, Math.PI * 2),
    };
    // Healthy apps answer well inside their Apdex target; warning and critical ones do not.
    const targetRatio = seed.health === 'red' ? 0.6 : seed.health === 'orange' ? 1.0 : 3.5;
    profile.apdexT = APDEX_TARGETS.find((t) => t * 1000 >= profile.baseResponseMs * targetRatio) ?? 2;
    return {
      id: idBase + 1_000_000 + index * 16 + rng.int(0, 15),
      name: seed.name,
      language,
      health: seed.health,
      reporting,
      lastReportedAgoSeconds: reporting ? rng.int(5, 50) : undefined,
      profile,
      hostIds: [],
      instanceIds: [],
      serverIds: [],
      alertPolicyId: seed.health === 'unknown' ? undefined : 600_000 + rng.int(0, 99),
      keyTransactionIds: [],
      clockShift: 0,
      memoryMb: 0,
    };
  }

  static seriesKey(kind: string, id: number): number {
    return hashString(`${kind}:${id}`);
  }
}

function splitShares(rng: Rng, n: number): number[] {
  const raw = Array.from({ length: n }, () => rng.range(0.5, 1.5));
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((r) => r / sum);
}

function normaliseTransactions(txns: Array<{ weight: number; speed: number; errorProneness: number }>): void {
  const weightSum = txns.reduce((a, t) => a + t.weight, 0);
  for (const t of txns) {
    t.weight /= weightSum;
  }
  // Weighted mean speed = 1, so the controllers add up to the application's response time.
  const meanSpeed = txns.reduce((a, t) => a + t.weight * t.speed, 0);
  const meanErrors = txns.reduce((a, t) => a + t.weight * t.errorProneness, 0);
  for (const t of txns) {
    t.speed /= meanSpeed;
    t.errorProneness /= meanErrors;
  }
}

function pickSome<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) {
    out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]);
  }
  return out;
}
