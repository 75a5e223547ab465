// Which metrics an application has, how each is read from a scope's minute, and which values each reports.
import { apdexNameOf, errorsNameOf } from './agentNaming';
import type { SimApp } from './dataset';
import type { Apdex, Minute, SimScope } from './minutes';
import { apdexSplit } from './minutes';
import { transactionSplit } from './transactionSplit';

export type MetricKind = 'dispatcher' | 'timed' | 'apdex' | 'endUserApdex' | 'endUser' | 'errors' | 'cpu' | 'memory';

export interface MetricDef {
  name: string;
  kind: MetricKind;
  timed?: (m: Minute) => { calls: number; totalMs: number };
  /** An Apdex metric's split in one minute, when not the scope's own (`m.apdex`): one transaction's. */
  apdex?: (m: Minute) => Apdex;
  /** An errors metric's count in one minute, when not the scope's own (`m.errors`): one transaction's. */
  errors?: (m: Minute) => number;
}

/**
 * `Controller/users/show` → `Apdex/users/show` (docs/service.md#agent-naming); a key transaction's Apdex is its
 * parent application's `Apdex/<txn>` (docs/service.md#key-transactions).
 */
export function transactionApdexName(transactionName: string): string {
  return apdexNameOf(transactionName);
}

export function transactionErrorsName(transactionName: string): string {
  return errorsNameOf(transactionName);
}

/** A traced method's share of its transaction's time (the rest is the framework's routing and filters). */
const SEGMENT_SHARE = 0.85;

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
  // Each transaction has its own Apdex and errors, so a key transaction's summary is its own (docs/service.md#key-transactions).
  p.transactions.forEach((t, i) => {
    const own = (m: Minute) => transactionSplit(app, m).web[i];
    const times = (m: Minute) => ({ calls: own(m).calls, totalMs: own(m).totalMs });
    timed(t.name, times);
    defs.push({
      name: t.names.apdex,
      kind: 'apdex',
      apdex: (m) => {
        const { calls, totalMs } = own(m);
        return apdexSplit(calls, (calls > 0 ? totalMs / calls : 0) + m.queueMs, p.apdexT, 0.5, 0.5);
      },
    });
    defs.push({ name: t.names.errors, kind: 'errors', errors: (m) => own(m).errors });
    if (p.hasTotalTime) {
      timed(t.names.totalTime, times);
    }
    if (t.names.segment) {
      // The traced method's own time: the transaction's, less the framework's dispatch around it.
      timed(t.names.segment, (m) => ({ calls: own(m).calls, totalMs: own(m).totalMs * SEGMENT_SHARE }));
    }
  });
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
  // Each background job has its errors metric too (an agent records one with an error); they add up to Errors/allOther.
  p.background.forEach((b, i) => {
    timed(b.name, (m) => transactionSplit(app, m).background[i]);
    defs.push({
      name: errorsNameOf(b.name),
      kind: 'errors',
      errors: (m) => transactionSplit(app, m).background[i].errors,
    });
  });
  // The agents record web and background errors apart; Errors/all is both (the minute's `errors` is the web part).
  defs.push({ name: 'Errors/all', kind: 'errors', errors: (m) => m.errors + m.otherErrors });
  defs.push({ name: 'Errors/allWeb', kind: 'errors' });
  defs.push({ name: 'Errors/allOther', kind: 'errors', errors: (m) => m.otherErrors });
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
