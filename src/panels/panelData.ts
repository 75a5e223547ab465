/**
 * What each panel kind fetches and how it becomes charts. Independent of `vscode`: it takes the API
 * interface and the metric-names cache, so it is unit-tested against the simulator.
 * A dashboard's series come from one metric-data request (two with the compare overlay).
 */
import type { TimesliceApi } from '../api/client';
import { isApiError } from '../api/errors';
import type { MetricNamesCache } from '../api/metricNamesCache';
import { breakdownNeeds, breakdownSeries, isDatastoreTypeMetric, METRIC } from '../api/metrics';
import type { ApplicationSummary, MetricData, MetricScope } from '../api/types';
import { formatAge, formatApdex, formatErrorRate, formatMs, formatRpm, HEALTH_LABELS } from '../tree/format';
import type { ChartSpec, PanelEntity, PanelState, SeriesSpec, SummaryItem, SummaryTable } from './protocol';
import type { ResolvedRange } from './shaping';
import { asCompare, compareRange, compareShiftMs, ratioPoints, resolveRange, seriesPoints } from './shaping';

export interface PanelData {
  title: string;
  summary: SummaryItem[];
  summaryNote?: string;
  charts: ChartSpec[];
  table?: SummaryTable;
  range: ResolvedRange;
}

export interface PanelDataContext {
  api: TimesliceApi;
  metricNames: MetricNamesCache;
  signal?: AbortSignal;
  now?: Date;
}

const DASHBOARD_METRICS = ['HttpDispatcher', 'Apdex', 'Errors/all', 'EndUser/Apdex'];
const HOST_METRICS = [...DASHBOARD_METRICS.slice(0, 3), 'CPU/User Time', 'Memory/Physical'];

function summaryItems(summary: ApplicationSummary | undefined, extra: SummaryItem[] = []): SummaryItem[] {
  if (!summary) {
    return [{ label: 'Summary', value: 'not reporting' }, ...extra];
  }
  return [
    { label: 'Apdex', value: formatApdex(summary.apdexScore), hint: `target ${summary.apdexTarget} s` },
    { label: 'Response time', value: formatMs(summary.responseTime) },
    { label: 'Throughput', value: formatRpm(summary.throughput) },
    { label: 'Error rate', value: formatErrorRate(summary.errorRate) },
    ...extra,
  ];
}

type Series = (data: MetricData) => SeriesSpec[];

/** Standard charts over one answer: response time, throughput, error rate, Apdex (+ CPU, memory). */
function standardCharts(memoryValue?: string): Array<{ id: string; title: string; unit: string; needs: string[]; series: Series }> {
  const charts: Array<{ id: string; title: string; unit: string; needs: string[]; series: Series }> = [
    { id: 'responseTime', title: 'Response time', unit: 'ms', needs: ['HttpDispatcher'], series: (d) => [{ label: 'Web response time', color: '--vscode-charts-blue', points: seriesPoints(d, 'HttpDispatcher', 'average_response_time'), description: 'HttpDispatcher average_response_time (without request queuing)' }] },
    { id: 'throughput', title: 'Throughput', unit: 'rpm', needs: ['HttpDispatcher'], series: (d) => [{ label: 'Requests per minute', color: '--vscode-charts-green', points: seriesPoints(d, 'HttpDispatcher', 'requests_per_minute') }] },
    { id: 'errorRate', title: 'Error rate', unit: '%', needs: ['Errors/all', 'HttpDispatcher'], series: (d) => [{ label: 'Errors / requests', color: '--vscode-charts-red', points: ratioPoints(d, ['Errors/all', 'error_count'], ['HttpDispatcher', 'call_count'], 100), description: 'Errors/all error_count ÷ HttpDispatcher call_count' }] },
    { id: 'apdex', title: 'Apdex', unit: 'apdex', needs: ['Apdex'], series: (d) => [
      { label: 'App server', color: '--vscode-charts-purple', points: seriesPoints(d, 'Apdex', 'score'), description: '(satisfied + tolerating ÷ 2) ÷ count' },
      ...(d.metrics.some((m) => m.name === 'EndUser/Apdex') ? [{ label: 'Browser', color: '--vscode-charts-orange', points: seriesPoints(d, 'EndUser/Apdex', 'score') }] : []),
    ] },
  ];
  if (memoryValue) {
    charts.push(
      { id: 'cpu', title: 'CPU user time', unit: '%', needs: ['CPU/User Time'], series: (d) => [{ label: 'CPU', color: '--vscode-charts-yellow', points: seriesPoints(d, 'CPU/User Time', 'percent') }] },
      { id: 'memory', title: 'Physical memory', unit: 'MB', needs: ['Memory/Physical'], series: (d) => [{ label: 'Memory', color: '--vscode-charts-blue', points: seriesPoints(d, 'Memory/Physical', memoryValue) }] },
    );
  }
  return charts;
}

/** Fetches one answer (and its compare twin) and turns each chart definition into a ChartSpec. */
async function chartsFromOneRequest(ctx: PanelDataContext, scope: MetricScope, names: string[], state: PanelState, range: ResolvedRange,
  defs: Array<{ id: string; title: string; unit: string; needs: string[]; series: Series; stacked?: boolean }>): Promise<{ charts: ChartSpec[]; data?: MetricData }> {
  const query = (r: ResolvedRange) => ctx.api.getMetricData(scope, { names, from: r.from, to: r.to, period: r.period }, { signal: ctx.signal });
  const earlier = compareRange(range, state.range.compare);
  const [data, before] = await Promise.all([query(range), earlier ? query(earlier).catch((e: unknown) => e) : Promise.resolve(undefined)]);
  const compareLabel = state.range.compare === 'day' ? '1 day earlier' : '1 week earlier';
  const charts = defs.map((def): ChartSpec => {
    const notFound = def.needs.filter((n) => data.metricsNotFound.includes(n));
    let series = def.series(data);
    if (before && !(before instanceof Error) && !isApiError(before)) {
      series = [...series, ...def.series(before as MetricData).map((s) => asCompare(s, compareShiftMs(state.range.compare), compareLabel))];
    }
    const spec: ChartSpec = { id: def.id, title: def.title, unit: def.unit, series, stacked: def.stacked };
    if (notFound.length > 0) {
      spec.notFound = notFound;
    }
    if (before && (before instanceof Error || isApiError(before))) {
      spec.error = `The comparison range could not be loaded: ${(before as Error).message}`;
    }
    return spec;
  });
  return { charts, data };
}

export async function loadPanelData(ctx: PanelDataContext, state: PanelState): Promise<PanelData> {
  const range = resolveRange(state.range, ctx.now);
  const e = state.entity;
  const appScope: MetricScope = { kind: 'application', applicationId: e.applicationId };
  switch (e.kind) {
    case 'application': {
      const app = await ctx.api.getApplication(e.applicationId, { signal: ctx.signal });
      const { charts } = await chartsFromOneRequest(ctx, appScope, DASHBOARD_METRICS, state, range, standardCharts());
      return {
        title: app.name, range, charts,
        summary: summaryItems(app.summary, [
          { label: 'Health', value: HEALTH_LABELS[app.healthStatus] },
          { label: 'Hosts / instances', value: `${app.hostIds.length} / ${app.instanceIds.length}` },
          { label: 'Last reported', value: app.lastReportedAt ? formatAge(app.lastReportedAt) : 'never shown' },
        ]),
        summaryNote: 'Summary values are the service\'s rolling 3-4 minute averages; charts are timeslice data for the range.',
      };
    }
    case 'host':
    case 'instance': {
      const scope: MetricScope = e.kind === 'host'
        ? { kind: 'host', applicationId: e.applicationId, hostId: e.hostId! }
        : { kind: 'instance', applicationId: e.applicationId, instanceId: e.instanceId! };
      const record = e.kind === 'host'
        ? await ctx.api.getHost(e.applicationId, e.hostId!, { signal: ctx.signal })
        : await ctx.api.getInstance(e.applicationId, e.instanceId!, { signal: ctx.signal });
      const { charts } = await chartsFromOneRequest(ctx, scope, HOST_METRICS, state, range, standardCharts('used_mb_by_host'));
      const label = 'port' in record && record.port !== undefined ? `${record.host}:${record.port}` : record.host;
      return { title: `${label} · ${record.applicationName}`, range, charts, summary: summaryItems(record.summary, [{ label: 'Health', value: HEALTH_LABELS[record.healthStatus] }]) };
    }
    case 'keyTransaction': {
      const kt = await ctx.api.getKeyTransaction(e.keyTransactionId!, { signal: ctx.signal });
      const txn = kt.transactionName;
      const { charts } = await chartsFromOneRequest(ctx, appScope, [txn], state, range, [
        { id: 'responseTime', title: 'Response time', unit: 'ms', needs: [txn], series: (d) => [{ label: txn, color: '--vscode-charts-blue', points: seriesPoints(d, txn, 'average_response_time') }] },
        { id: 'throughput', title: 'Throughput', unit: 'rpm', needs: [txn], series: (d) => [{ label: txn, color: '--vscode-charts-green', points: seriesPoints(d, txn, 'calls_per_minute') }] },
      ]);
      return {
        title: kt.name, range, charts,
        summary: summaryItems(kt.summary, [{ label: 'Transaction', value: txn }, { label: 'Health', value: HEALTH_LABELS[kt.healthStatus] }]),
        summaryNote: 'The summary is a rolling 10-minute average. Key transactions have no timeslices of their own: the charts show their parent transaction.',
      };
    }
    case 'breakdown':
      return loadBreakdown(ctx, state, range, appScope);
    case 'explorer':
      return loadExplorer(ctx, state, range, explorerScope(e));
  }
}

const BREAKDOWN_PARTS: Array<{ key: 'queue' | 'datastore' | 'database' | 'rubyDatabase' | 'memcache' | 'external' | 'application'; label: string; color: string; formula: string }> = [
  { key: 'application', label: 'Application code', color: '--vscode-charts-blue', formula: 'WebTransactionTotalTime (or HttpDispatcher) − datastore − database − external − memcache' },
  { key: 'datastore', label: 'Datastore', color: '--vscode-charts-purple', formula: 'Σ Datastore/<type>/allWeb average_response_time × call_count ÷ HttpDispatcher call_count' },
  { key: 'database', label: 'Database', color: '--vscode-charts-yellow', formula: 'Database/allWeb average_response_time × call_count ÷ HttpDispatcher call_count' },
  { key: 'rubyDatabase', label: 'Database (ActiveRecord)', color: '--vscode-charts-yellow', formula: 'ActiveRecord/all average_response_time × call_count ÷ HttpDispatcher call_count (Ruby agents up to 3.10.0.279)' },
  { key: 'memcache', label: 'Memcache', color: '--vscode-charts-orange', formula: 'Memcache/allWeb average_response_time × call_count ÷ HttpDispatcher call_count' },
  { key: 'external', label: 'Web external', color: '--vscode-charts-green', formula: 'External/allWeb average_response_time × call_count ÷ HttpDispatcher call_count' },
  { key: 'queue', label: 'Request queuing', color: '--vscode-charts-red', formula: 'WebFrontend/QueueTime call_count × average_response_time ÷ HttpDispatcher call_count (not part of application time)' },
];

async function loadBreakdown(ctx: PanelDataContext, state: PanelState, range: ResolvedRange, scope: MetricScope): Promise<PanelData> {
  const app = await ctx.api.getApplication(state.entity.applicationId, { signal: ctx.signal });
  // The per-type datastore names come from the (cached) names listing, narrowed with name=.
  const datastoreNames = (await ctx.metricNames.get(scope, 'Datastore/')).map((m) => m.name).filter(isDatastoreTypeMetric);
  const needs = breakdownNeeds(datastoreNames);
  const data = await ctx.api.getMetricData(scope, { names: needs.names, values: needs.values, from: range.from, to: range.to, period: range.period }, { signal: ctx.signal });
  const points = breakdownSeries(data, { language: app.language });
  const source = points[0]?.breakdown.databaseSource;
  const parts = BREAKDOWN_PARTS.filter((p) => (source === 'activeRecord' ? p.key !== 'database' && p.key !== 'datastore' : p.key !== 'rubyDatabase'))
    .filter((p) => points.some((x) => x.breakdown[p.key] !== 0));
  const at = (iso: string) => Date.parse(iso);
  const stacked: ChartSpec = {
    id: 'breakdown', title: 'Response-time breakdown (per web request)', unit: 'ms', stacked: true,
    series: parts.map((p) => ({ label: p.label, color: p.color, description: p.formula, points: points.map((x): [number, number | null] => [at(x.from), Math.max(0, x.breakdown[p.key])]) })),
  };
  const total: ChartSpec = {
    id: 'responseTime', title: 'Response time including queuing', unit: 'ms',
    series: [{ label: 'Response time', color: '--vscode-charts-foreground', description: 'HttpDispatcher average_call_time + queue call_count × queue average_response_time ÷ HttpDispatcher call_count', points: points.map((x): [number, number | null] => [at(x.from), x.breakdown.responseTime]) }],
  };
  if (data.metricsNotFound.includes(METRIC.httpDispatcher)) {
    stacked.notFound = [METRIC.httpDispatcher];
  }
  const rule = app.language.toLowerCase() === 'ruby'
    ? source === 'activeRecord' ? 'Ruby agent up to 3.10.0.279 (ActiveRecord/all reported): database time from ActiveRecord.' : 'Ruby agent 3.11.0 or later (datastore metrics reported): generic datastore/database time.'
    : 'Database time from the generic Datastore / Database metrics.';
  return {
    title: app.name, range, charts: [stacked, total],
    summary: summaryItems(app.summary),
    summaryNote: `${rule} Computed as in the API's section 4.8 from one metric-data request.`,
  };
}

/** The explorer charts the whole application, or one host or instance when its entity names one. */
export function explorerScope(e: PanelEntity): MetricScope {
  return e.hostId !== undefined ? { kind: 'host', applicationId: e.applicationId, hostId: e.hostId }
    : e.instanceId !== undefined ? { kind: 'instance', applicationId: e.applicationId, instanceId: e.instanceId }
      : { kind: 'application', applicationId: e.applicationId };
}

async function loadExplorer(ctx: PanelDataContext, state: PanelState, range: ResolvedRange, scope: MetricScope): Promise<PanelData> {
  const app = await ctx.api.getApplication(state.entity.applicationId, { signal: ctx.signal });
  const selection = state.explorer ?? { metrics: [], values: [] };
  const base = { title: scope.kind === 'application' ? app.name : `${app.name} · ${state.entity.title}`, range, summary: [] as SummaryItem[] };
  if (selection.metrics.length === 0 || selection.values.length === 0) {
    return { ...base, charts: [], summaryNote: 'Search the metric names, pick metrics and the values to chart.' };
  }
  const query = { names: selection.metrics, values: selection.values, from: range.from, to: range.to };
  const [series, summarized] = await Promise.all([
    ctx.api.getMetricData(scope, { ...query, period: range.period }, { signal: ctx.signal }),
    ctx.api.getMetricData(scope, { ...query, summarize: true }, { signal: ctx.signal }),
  ]);
  const palette = ['--vscode-charts-blue', '--vscode-charts-green', '--vscode-charts-orange', '--vscode-charts-purple', '--vscode-charts-red', '--vscode-charts-yellow'];
  const charts: ChartSpec[] = selection.values.map((value) => ({
    id: `value:${value}`, title: value, unit: value,
    series: series.metrics.map((m, i) => ({ label: m.name, color: palette[i % palette.length], points: seriesPoints(series, m.name, value) })),
    ...(series.metricsNotFound.length ? { notFound: series.metricsNotFound } : {}),
  }));
  const table: SummaryTable = {
    columns: selection.values,
    rows: summarized.metrics.map((m) => ({ metric: m.name, values: selection.values.map((v) => m.timeslices[0]?.values[v] ?? null) })),
  };
  return { ...base, charts, table };
}
