// The response-time breakdown's calculations (docs/service.md#response-time-breakdown). Each names the metrics and
// values it needs, so a panel asks for all its terms in one request (same range and summarize setting).
import type { MetricData } from './types';

export type PointValues = Readonly<Record<string, Readonly<Record<string, number>> | undefined>>;

export interface CalculationNeeds {
  names: string[];
  values: string[];
}

export const METRIC = {
  httpDispatcher: 'HttpDispatcher',
  queueTime: 'WebFrontend/QueueTime',
  webTransactionTotalTime: 'WebTransactionTotalTime',
  database: 'Database/allWeb',
  activeRecord: 'ActiveRecord/all',
  memcache: 'Memcache/allWeb',
  external: 'External/allWeb',
  datastoreAll: 'Datastore/allWeb',
} as const;

/**
 * All errors over all calls: `Errors/all` counts background errors too, so dividing it by web calls alone reads
 * too high and can pass 100 %. The simulator's `error_rate` uses the same definition (docs/simulator.md).
 */
export const APPLICATION_ERROR_RATE = {
  errors: 'Errors/all',
  calls: ['HttpDispatcher', 'OtherTransaction/all'],
} as const;

/** `Datastore/<DBTYPE>/allWeb`: one per database type. */
const DATASTORE_BY_TYPE = /^Datastore\/[^/]+\/allWeb$/;

export function isDatastoreTypeMetric(name: string): boolean {
  return DATASTORE_BY_TYPE.test(name);
}

function value(point: PointValues, metric: string, name: string): number | undefined {
  const v = point[metric]?.[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** (its average_response_time × its call_count) ÷ HttpDispatcher call_count. */
export function componentTime(point: PointValues, metric: string): number | undefined {
  const art = value(point, metric, 'average_response_time');
  const calls = value(point, metric, 'call_count');
  const webCalls = value(point, METRIC.httpDispatcher, 'call_count');
  if (art === undefined || calls === undefined || webCalls === undefined) {
    return undefined;
  }
  return webCalls === 0 ? 0 : (art * calls) / webCalls;
}

/** Request queuing per web request (shown for convenience; not part of application total time). */
export function queueTime(point: PointValues): number | undefined {
  return componentTime(point, METRIC.queueTime);
}

/** HttpDispatcher:average_call_time + (queue call_count × queue average_response_time) ÷ HttpDispatcher:call_count. */
export function responseTimeWithQueue(point: PointValues): number | undefined {
  const callTime = value(point, METRIC.httpDispatcher, 'average_call_time');
  if (callTime === undefined) {
    return undefined;
  }
  return callTime + (queueTime(point) ?? 0);
}

export type DatabaseSource = 'activeRecord' | 'generic';

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) {
      return Math.sign(d);
    }
  }
  return 0;
}

/** Last Ruby agent that reports ActiveRecord database values, and first with datastore values (docs/service.md#response-time-breakdown). */
export const RUBY_LAST_ACTIVE_RECORD_VERSION = '3.10.0.279';
export const RUBY_FIRST_DATASTORE_VERSION = '3.11.0';

/** The Ruby rule by agent version; undefined between the two documented versions (decide by data). */
export function rubyDatabaseSourceForVersion(version: string): DatabaseSource | undefined {
  if (!/^\d+(\.\d+)*$/.test(version.trim())) {
    return undefined;
  }
  if (compareVersions(version, RUBY_LAST_ACTIVE_RECORD_VERSION) <= 0) {
    return 'activeRecord';
  }
  if (compareVersions(version, RUBY_FIRST_DATASTORE_VERSION) >= 0) {
    return 'generic';
  }
  return undefined;
}

/** Ruby: by agent version when known, else by data (docs/service.md#response-time-breakdown); others: generic. */
export function databaseSource(
  language: string,
  metricsFound: Iterable<string>,
  agentVersion?: string,
): DatabaseSource {
  if (language.toLowerCase() !== 'ruby') {
    return 'generic';
  }
  const byVersion = agentVersion ? rubyDatabaseSourceForVersion(agentVersion) : undefined;
  if (byVersion) {
    return byVersion;
  }
  return new Set(metricsFound).has(METRIC.activeRecord) ? 'activeRecord' : 'generic';
}

export function breakdownNeeds(datastoreMetrics: string[] = []): CalculationNeeds {
  return {
    names: [
      METRIC.httpDispatcher,
      METRIC.queueTime,
      METRIC.webTransactionTotalTime,
      METRIC.database,
      METRIC.activeRecord,
      METRIC.memcache,
      METRIC.external,
      METRIC.datastoreAll,
      ...datastoreMetrics.filter(isDatastoreTypeMetric),
    ],
    values: ['average_call_time', 'average_response_time', 'call_count'],
  };
}

export interface Breakdown {
  /** Response time including queue time (the "Response time" line; not a stack component). */
  responseTime: number;
  queue: number;
  datastore: number;
  database: number;
  /** Ruby ActiveRecord database time (agents up to 3.10.0.279). */
  rubyDatabase: number;
  memcache: number;
  external: number;
  /** WebTransactionTotalTime (or HttpDispatcher) minus the components above: time in the app's own code. */
  application: number;
  total: number;
  totalSource: 'WebTransactionTotalTime' | 'HttpDispatcher';
  databaseSource: DatabaseSource;
  absent: string[];
}

export interface BreakdownOptions {
  language: string;
  agentVersion?: string;
  /** Metric names the service reported as found (decides the Ruby rule by data). */
  metricsFound: Iterable<string>;
}

/** Datastore time summed over the database types; `Datastore/allWeb` stands in when no type is found. */
function datastoreTime(point: PointValues): number | undefined {
  const byType = Object.keys(point)
    .filter(isDatastoreTypeMetric)
    .map((m) => componentTime(point, m));
  const found = byType.filter((t): t is number => t !== undefined);
  if (found.length > 0) {
    return found.reduce((a, b) => a + b, 0);
  }
  return componentTime(point, METRIC.datastoreAll);
}

export function breakdown(point: PointValues, options: BreakdownOptions): Breakdown | undefined {
  const responseTime = responseTimeWithQueue(point);
  const dispatcherTime = value(point, METRIC.httpDispatcher, 'average_response_time');
  if (responseTime === undefined || dispatcherTime === undefined) {
    return undefined;
  }
  const source = databaseSource(options.language, options.metricsFound, options.agentVersion);
  const absent: string[] = [];
  const term = (t: number | undefined, label: string) => {
    if (t === undefined) {
      absent.push(label);
      return 0;
    }
    return t;
  };
  const generic = source === 'generic';
  // Never count both database families for the same range (docs/service.md#response-time-breakdown).
  const datastore = generic ? term(datastoreTime(point), 'Datastore') : 0;
  const database = generic ? term(componentTime(point, METRIC.database), METRIC.database) : 0;
  const rubyDatabase = generic ? 0 : term(componentTime(point, METRIC.activeRecord), METRIC.activeRecord);
  const memcache = term(componentTime(point, METRIC.memcache), METRIC.memcache);
  const external = term(componentTime(point, METRIC.external), METRIC.external);
  const queue = term(queueTime(point), METRIC.queueTime);
  const wttt = value(point, METRIC.webTransactionTotalTime, 'average_response_time');
  const total = wttt ?? dispatcherTime;
  return {
    responseTime,
    queue,
    datastore,
    database,
    rubyDatabase,
    memcache,
    external,
    application: total - datastore - database - rubyDatabase - external - memcache,
    total,
    totalSource: wttt === undefined ? 'HttpDispatcher' : 'WebTransactionTotalTime',
    databaseSource: source,
    absent,
  };
}

export function pointsByTime(data: MetricData): Array<{ from: string; to: string; point: PointValues }> {
  const byFrom = new Map<string, { from: string; to: string; point: Record<string, Record<string, number>> }>();
  for (const metric of data.metrics) {
    for (const slice of metric.timeslices) {
      let entry = byFrom.get(slice.from);
      if (!entry) {
        entry = { from: slice.from, to: slice.to, point: {} };
        byFrom.set(slice.from, entry);
      }
      entry.point[metric.name] = slice.values;
    }
  }
  return [...byFrom.values()].sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
}

export function breakdownSeries(
  data: MetricData,
  options: Omit<BreakdownOptions, 'metricsFound'>,
): Array<{ from: string; to: string; breakdown: Breakdown }> {
  const out: Array<{ from: string; to: string; breakdown: Breakdown }> = [];
  for (const { from, to, point } of pointsByTime(data)) {
    const b = breakdown(point, { ...options, metricsFound: data.metricsFound });
    if (b) {
      out.push({ from, to, breakdown: b });
    }
  }
  return out;
}
