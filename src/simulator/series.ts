/**
 * Per-minute metric values and their aggregation into timeslices. Every value is a pure function of
 * (seed, record, minute), so any range can be asked for and the same request always gives the same
 * bytes. One `Minute` per scope and minute feeds every metric, which keeps them consistent with each
 * other: components add up to the response time, Apdex s + t + f = count = HttpDispatcher calls.
 */
import type { SimApp, SimHost, SimInstance } from './dataset';
import { Dataset } from './dataset';
import { unit } from './random';

export type SimScope =
  | { kind: 'application'; app: SimApp }
  | { kind: 'host'; app: SimApp; host: SimHost }
  | { kind: 'instance'; app: SimApp; host: SimHost; instance: SimInstance };

/** What one scope did in one minute. Times are per web request, in ms. */
export interface Minute {
  calls: number;
  serverMs: number;
  queueMs: number;
  databaseMs: number;
  externalMs: number;
  memcacheMs: number;
  errors: number;
  apdex: Apdex;
  cpuPercent: number;
  memoryMb: number;
  otherCalls: number;
  otherMs: number;
  endUserCalls: number;
  endUserMs: number;
  endUserApdex: Apdex;
}

export interface Apdex {
  s: number;
  t: number;
  f: number;
}

type Raw =
  | { type: 'timed'; calls: number; totalMs: number; minMs: number; maxMs: number }
  | { type: 'apdex'; s: number; t: number; f: number }
  | { type: 'gauge'; value: number }
  | { type: 'errors'; count: number };

export type MetricKind = 'dispatcher' | 'timed' | 'apdex' | 'endUserApdex' | 'endUser' | 'errors' | 'cpu' | 'memory';

export interface MetricDef {
  name: string;
  kind: MetricKind;
  /** calls and total time of a timed metric in one minute. */
  timed?: (m: Minute) => { calls: number; totalMs: number };
  /** An Apdex metric's split in one minute, when not the scope's own (`m.apdex`): one transaction's. */
  apdex?: (m: Minute) => Apdex;
  /** An errors metric's count in one minute, when not the scope's own (`m.errors`): one transaction's. */
  errors?: (m: Minute) => number;
}

/**
 * A web transaction's own Apdex metric, as the agents name it: `Apdex/` + the name without its
 * `WebTransaction/` prefix (`WebTransaction/Controller/users/show` → `Apdex/Controller/users/show`).
 * nerdgraph-notes 4.3: a key transaction's Apdex is "the parent app's metricTimesliceName = 'Apdex/<txn>'".
 */
export function transactionApdexName(transactionName: string): string {
  return `Apdex/${transactionName.replace(/^WebTransaction\//, '')}`;
}

/** A transaction's own errors metric: `Errors/` + its full name (nerdgraph-notes 6.1, `'Errors/WebTransaction/<name>'`). */
export function transactionErrorsName(transactionName: string): string {
  return `Errors/${transactionName}`;
}

const TIMED_VALUES = [
  'average_response_time',
  'calls_per_minute',
  'call_count',
  'min_response_time',
  'max_response_time',
  'average_exclusive_time',
  'average_value',
  'total_call_time_per_minute',
  'requests_per_minute',
  'standard_deviation',
];

/** Value names a metric offers in a listing (spec 2.8). */
export function valueNames(def: MetricDef, scope: SimScope['kind']): string[] {
  switch (def.kind) {
    case 'dispatcher':
      return ['average_response_time', 'average_call_time', 'call_count', 'requests_per_minute'];
    case 'timed':
      return TIMED_VALUES;
    case 'apdex':
      return ['score', 's', 't', 'f', 'count', 'value', 'threshold', 'threshold_min'];
    case 'endUserApdex':
      return ['score', 's', 't', 'f', 'count'];
    case 'endUser':
      return ['call_count', 'average_response_time'];
    case 'errors':
      return ['error_count', 'errors_per_minute'];
    case 'cpu':
      return ['percent'];
    case 'memory':
      return [scope === 'application' ? 'total_used_mb' : 'used_mb_by_host'];
  }
}

const catalogs = new WeakMap<SimApp, MetricDef[]>();

/** Every metric an application reports, in listing order. */
export function metricCatalog(app: SimApp): MetricDef[] {
  const cached = catalogs.get(app);
  if (cached) {
    return cached;
  }
  const p = app.profile;
  const defs: MetricDef[] = [];
  const timed = (name: string, fn: (m: Minute) => { calls: number; totalMs: number }) =>
    defs.push({ name, kind: 'timed', timed: fn });
  const web = (m: Minute) => ({ calls: m.calls, totalMs: m.serverMs * m.calls });
  // A component with k calls per web request taking `ms` per request in all.
  const component =
    (k: number, ms: (m: Minute) => number, share = 1) =>
    (m: Minute) => ({
      calls: Math.round(m.calls * k * share),
      totalMs: ms(m) * share * m.calls,
    });

  defs.push({ name: 'Apdex', kind: 'apdex' });
  defs.push({ name: 'HttpDispatcher', kind: 'dispatcher', timed: web });
  timed('WebTransaction', web);
  if (p.hasTotalTime) {
    timed('WebTransactionTotalTime', web);
  }
  for (const t of p.transactions) {
    const calls = (m: Minute) => Math.round(m.calls * t.weight);
    timed(t.name, (m) => ({ calls: calls(m), totalMs: m.serverMs * t.speed * calls(m) }));
    // Each transaction's own Apdex (from its own response time) and errors (slower ones fail more),
    // so a key transaction's summary is its own, not its application's (nerdgraph-notes 4.3).
    defs.push({
      name: transactionApdexName(t.name),
      kind: 'apdex',
      apdex: (m) => apdexSplit(calls(m), m.serverMs * t.speed + m.queueMs, p.apdexT, 0.5, 0.5),
    });
    defs.push({
      name: transactionErrorsName(t.name),
      kind: 'errors',
      errors: (m) => Math.min(calls(m), Math.round(m.errors * t.weight * t.speed)),
    });
  }
  if (p.hasQueue) {
    timed('WebFrontend/QueueTime', (m) => ({ calls: m.calls, totalMs: m.queueMs * m.calls }));
  }
  const db = (m: Minute) => m.databaseMs;
  switch (p.databaseFamily) {
    case 'activeRecord':
      timed('ActiveRecord/all', component(4.2, db));
      timed('ActiveRecord/Order/find', component(4.2, db, 0.45));
      timed('ActiveRecord/User/find', component(4.2, db, 0.3));
      break;
    case 'database':
      timed('Database/all', component(3.6 * 1.2, db, 1.2));
      timed('Database/allWeb', component(3.6, db));
      timed('Database/orders/select', component(3.6, db, 0.5));
      break;
    case 'datastore': {
      timed('Datastore/all', component(3.8 * 1.15, db, 1.15));
      timed('Datastore/allWeb', component(3.8, db));
      const share = 1 / p.datastoreTypes.length;
      for (const type of p.datastoreTypes) {
        timed(`Datastore/${type}/all`, component(3.8, db, share * 1.15));
        timed(`Datastore/${type}/allWeb`, component(3.8, db, share));
        timed(`Datastore/statement/${type}/orders/select`, component(3.8, db, share * 0.4));
      }
      break;
    }
  }
  if (p.hasMemcache) {
    timed(
      'Memcache/allWeb',
      component(2, (m) => m.memcacheMs),
    );
  }
  timed(
    'External/all',
    component(1.3 * 1.1, (m) => m.externalMs, 1.1),
  );
  timed(
    'External/allWeb',
    component(1.3, (m) => m.externalMs),
  );
  timed(
    'External/api.stripe.com/all',
    component(1.3, (m) => m.externalMs, 0.6),
  );
  timed('OtherTransaction/all', (m) => ({ calls: m.otherCalls, totalMs: m.otherMs * m.otherCalls }));
  defs.push({ name: 'Errors/all', kind: 'errors' });
  if (p.realUserMonitoring) {
    defs.push({
      name: 'EndUser',
      kind: 'endUser',
      timed: (m) => ({ calls: m.endUserCalls, totalMs: m.endUserMs * m.endUserCalls }),
    });
    defs.push({ name: 'EndUser/Apdex', kind: 'endUserApdex' });
  }
  defs.push({ name: 'CPU/User Time', kind: 'cpu' });
  defs.push({ name: 'Memory/Physical', kind: 'memory' });
  for (let i = 0; i < 40; i++) {
    timed(
      `Supportability/Agent/Collector/${['metric_data', 'analytic_event_data', 'error_data', 'span_event_data'][i % 4]}/${i}`,
      (m) => ({ calls: 1, totalMs: 5 + (m.calls % 7) }),
    );
  }
  catalogs.set(app, defs);
  return defs;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

function apdexSplit(calls: number, responseMs: number, thresholdSeconds: number, u1: number, u2: number): Apdex {
  const ratio = responseMs / (thresholdSeconds * 1000);
  const sFrac = clamp(1.05 - 0.45 * ratio + 0.05 * (u1 - 0.5), 0.05, 0.995);
  const fFrac = Math.min(1 - sFrac, clamp(0.04 * ratio * ratio + 0.005 * u2, 0.001, 0.6));
  const s = Math.round(calls * sFrac);
  const f = Math.min(calls - s, Math.round(calls * fFrac));
  return { s, t: calls - s - f, f };
}

/** Scales an Apdex split of the application to a share of its traffic, keeping s + t + f = calls. */
function shareOf(a: Apdex, calls: number, total: number): Apdex {
  if (total === 0) {
    return { s: 0, t: 0, f: 0 };
  }
  const s = Math.round((a.s * calls) / total);
  const f = Math.min(calls - s, Math.round((a.f * calls) / total));
  return { s, t: calls - s - f, f };
}

/** The scope's minute: application-level noise, scaled by the host's and instance's share. */
export function minuteOf(seed: number, scope: SimScope, minute: number): Minute {
  const app = scope.app;
  const p = app.profile;
  const key = Dataset.seriesKey('app', app.id);
  const u = (salt: number) => unit(seed, key, minute, salt);
  const share =
    scope.kind === 'application' ? 1 : scope.host.share * (scope.kind === 'instance' ? scope.instance.share : 1);
  const slowness = scope.kind === 'application' ? 1 : scope.host.slowness;
  const diurnal = 1 + 0.35 * Math.sin((2 * Math.PI * (minute % 1440)) / 1440 + p.phase);
  const appCalls = app.reporting ? Math.max(0, Math.round(p.baseRpm * diurnal * (0.85 + 0.3 * u(0)))) : 0;
  const calls = Math.round(appCalls * share);
  const spike = u(2) > 0.985 ? 2.2 : 1;
  const serverMs = app.reporting ? p.baseResponseMs * slowness * (0.85 + 0.3 * u(1)) * spike : 0;
  const queueMs = app.reporting && p.hasQueue ? 2 + 14 * u(5) : 0;
  const appApdex = apdexSplit(appCalls, serverMs + queueMs, p.apdexT, u(7), u(8));
  const endUserAppCalls = p.realUserMonitoring ? Math.round(appCalls * 0.55) : 0;
  const endUserMs = app.reporting ? (serverMs + queueMs) * 2.5 + 900 + 400 * u(12) : 0;
  const endUserCalls = Math.round(endUserAppCalls * share);
  const hostMemory =
    scope.kind === 'application'
      ? app.memoryMb
      : scope.host.memoryMb * (scope.kind === 'instance' ? scope.instance.share : 1);
  return {
    calls,
    serverMs,
    queueMs,
    databaseMs: serverMs * p.databaseShare * (0.8 + 0.4 * u(3)),
    externalMs: serverMs * p.externalShare * (0.8 + 0.4 * u(4)),
    memcacheMs: p.hasMemcache ? serverMs * p.memcacheShare : 0,
    errors: Math.round(calls * p.errorRate * (0.5 + u(6))),
    apdex: shareOf(appApdex, calls, appCalls),
    cpuPercent: app.reporting ? clamp(8 + 45 * diurnal * slowness * 0.6 + 10 * u(9), 1, 99) : 0,
    memoryMb: app.reporting ? hostMemory * (0.95 + 0.1 * u(13)) : 0,
    otherCalls: app.reporting ? Math.round(p.baseRpm * 0.15 * share * (0.8 + 0.4 * u(10))) : 0,
    otherMs: app.reporting ? p.baseResponseMs * 2.5 * (0.8 + 0.4 * u(11)) : 0,
    endUserCalls,
    endUserMs,
    endUserApdex: shareOf(
      apdexSplit(endUserAppCalls, endUserMs, p.endUserApdexT, u(14), u(15)),
      endUserCalls,
      endUserAppCalls,
    ),
  };
}

function rawOf(def: MetricDef, m: Minute): Raw {
  switch (def.kind) {
    case 'apdex':
      return { type: 'apdex', ...(def.apdex ? def.apdex(m) : m.apdex) };
    case 'endUserApdex':
      return { type: 'apdex', ...m.endUserApdex };
    case 'errors':
      return { type: 'errors', count: def.errors ? def.errors(m) : m.errors };
    case 'cpu':
      return { type: 'gauge', value: m.cpuPercent };
    case 'memory':
      return { type: 'gauge', value: m.memoryMb };
    default: {
      const { calls, totalMs } = def.timed!(m);
      const avg = calls > 0 ? totalMs / calls : 0;
      return { type: 'timed', calls, totalMs, minMs: avg * 0.35, maxMs: avg * 2.6 };
    }
  }
}

const round = (x: number, digits = 3) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * The values of one timeslice made of `raws` (one per sampled minute), `weight` minutes per sample,
 * over `minutes` minutes in all.
 */
function valuesOf(
  def: MetricDef,
  scope: SimScope,
  raws: Raw[],
  weight: number,
  minutes: number,
): Record<string, number> {
  const p = scope.app.profile;
  switch (def.kind) {
    case 'apdex':
    case 'endUserApdex': {
      let s = 0,
        t = 0,
        f = 0;
      for (const r of raws) {
        if (r.type === 'apdex') {
          s += r.s * weight;
          t += r.t * weight;
          f += r.f * weight;
        }
      }
      const count = s + t + f;
      const score = count > 0 ? round((s + t / 2) / count, 2) : 0;
      const out: Record<string, number> = { score, s, t, f, count };
      if (def.kind === 'apdex') {
        Object.assign(out, { value: score, threshold: p.apdexT, threshold_min: p.apdexT });
      }
      return out;
    }
    case 'errors': {
      const count = raws.reduce((a, r) => a + (r.type === 'errors' ? r.count : 0), 0) * weight;
      return { error_count: count, errors_per_minute: round(count / minutes) };
    }
    case 'cpu':
    case 'memory': {
      const avg = raws.reduce((a, r) => a + (r.type === 'gauge' ? r.value : 0), 0) / Math.max(1, raws.length);
      return { [valueNames(def, scope.kind)[0]]: round(avg, def.kind === 'cpu' ? 2 : 1) };
    }
    default: {
      let calls = 0,
        total = 0,
        min = Number.POSITIVE_INFINITY,
        max = 0;
      for (const r of raws) {
        if (r.type === 'timed') {
          calls += r.calls * weight;
          total += r.totalMs * weight;
          if (r.calls > 0) {
            min = Math.min(min, r.minMs);
            max = Math.max(max, r.maxMs);
          }
        }
      }
      const avg = calls > 0 ? total / calls : 0;
      if (def.kind === 'dispatcher') {
        return {
          average_response_time: round(avg),
          average_call_time: round(avg),
          call_count: calls,
          requests_per_minute: round(calls / minutes),
        };
      }
      if (def.kind === 'endUser') {
        return { call_count: calls, average_response_time: round(avg) };
      }
      return {
        average_response_time: round(avg),
        calls_per_minute: round(calls / minutes),
        call_count: calls,
        min_response_time: calls > 0 ? round(min) : 0,
        max_response_time: round(max),
        average_exclusive_time: round(avg * 0.82),
        average_value: round(avg / 1000, 6),
        total_call_time_per_minute: round(total / minutes),
        requests_per_minute: round(calls / minutes),
        standard_deviation: round(avg * 0.4),
      };
    }
  }
}

/** Values of `defs` over the minutes [startMinute, endMinute), sampling at most ~60 minutes per slice. */
export function sliceValues(
  seed: number,
  scope: SimScope,
  defs: MetricDef[],
  startMinute: number,
  endMinute: number,
): Array<Record<string, number>> {
  const minutes = Math.max(1, endMinute - startMinute);
  // Long slices (3 h and more) are sampled: each sample stands for `stride` minutes.
  const stride = Math.max(1, Math.floor(minutes / 60));
  const perDef: Raw[][] = defs.map(() => []);
  for (let minute = startMinute; minute < endMinute; minute += stride) {
    const m = minuteOf(seed, scope, minute);
    defs.forEach((def, i) => perDef[i].push(rawOf(def, m)));
  }
  return defs.map((def, i) => valuesOf(def, scope, perDef[i], stride, minutes));
}
