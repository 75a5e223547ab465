/**
 * What each panel kind fetches and how it becomes charts. Independent of `vscode`: it takes the API
 * interface and the metric-names cache, so it is unit-tested against the simulator.
 * A dashboard's series come from one metric-data request (two with the compare overlay).
 */
import * as l10n from '@vscode/l10n';

import type { NrqlClient } from '../api/backend';
import type { TimesliceApi } from '../api/timesliceApi';
import { isApiError } from '../api/errors';
import type { MetricNamesCache } from '../api/metricNamesCache';
import type { MetricWant } from '../api/rest/metricRequests';
import { fetchPlanned, missingValues, planMetricRequests } from '../api/rest/metricRequests';
import type { Breakdown } from '../api/metrics';
import { breakdownNeeds, breakdownSeries, isDatastoreTypeMetric, METRIC } from '../api/metrics';
import type { ApplicationSummary, MetricData, MetricScope } from '../api/types';
import { hostAndInstanceCounts } from '../api/types';
import {
  formatAge,
  formatApdex,
  formatErrorRate,
  formatMs,
  formatRpm,
  HEALTH_LABELS,
  hostHealthLabel,
} from '../format/presentation';
import type { ChartSpec, PanelState, SeriesSpec, SummaryItem, SummaryTable } from './protocol';
import { explorerScope } from './protocol';
import { nrqlPanelData } from './nrqlCharts';
import type { ResolvedRange, ShownRange } from './shaping';
import {
  asCompare,
  compareRange,
  compareShiftMs,
  ratioPoints,
  resolveRange,
  seriesPoints,
  shownRange,
} from './shaping';

export interface PanelData {
  title: string;
  summary: SummaryItem[];
  summaryNote?: string;
  charts: ChartSpec[];
  table?: SummaryTable;
  /** The range asked for (its period and valid periods drive the controls). */
  range: ResolvedRange;
  /** What the returned slices cover (may start before `range.from`, or end early when data lags). */
  shown: ShownRange;
  /** Metric-data requests this load made (the breakdown's and explorer's depend on value lists). */
  metricDataRequests: number;
}

export interface PanelDataContext {
  api: TimesliceApi;
  metricNames: MetricNamesCache;
  /** Runs the NRQL of an explorer panel opened by "Run NRQL Query…"; without it such a panel fails. */
  nrql?: Pick<NrqlClient, 'run'>;
  signal?: AbortSignal;
  now?: Date;
}

const DASHBOARD_METRICS = ['HttpDispatcher', 'Apdex', 'Errors/all', 'EndUser/Apdex'];
const HOST_METRICS = [...DASHBOARD_METRICS.slice(0, 3), 'CPU/User Time', 'Memory/Physical'];

function summaryItems(summary: ApplicationSummary | undefined, extra: SummaryItem[] = []): SummaryItem[] {
  if (!summary) {
    return [{ label: l10n.t('Summary'), value: l10n.t('not reporting') }, ...extra];
  }
  return [
    {
      label: l10n.t('Apdex'),
      value: formatApdex(summary.apdexScore),
      hint: l10n.t('target {0} s', summary.apdexTarget),
    },
    { label: l10n.t('Response time'), value: formatMs(summary.responseTime) },
    { label: l10n.t('Throughput'), value: formatRpm(summary.throughput) },
    { label: l10n.t('Error rate'), value: formatErrorRate(summary.errorRate) },
    ...extra,
  ];
}

type Series = (data: MetricData) => SeriesSpec[];

/** Standard charts over one answer: response time, throughput, error rate, Apdex (+ CPU, memory). */
function standardCharts(
  memoryValue?: string,
): Array<{ id: string; title: string; unit: string; needs: string[]; series: Series }> {
  const charts: Array<{ id: string; title: string; unit: string; needs: string[]; series: Series }> = [
    {
      id: 'responseTime',
      title: l10n.t('Response time'),
      unit: 'ms',
      needs: ['HttpDispatcher'],
      series: (d) => [
        {
          label: l10n.t('Web response time'),
          color: '--vscode-charts-blue',
          points: seriesPoints(d, 'HttpDispatcher', 'average_response_time'),
          description: l10n.t('HttpDispatcher average_response_time (without request queuing)'),
        },
      ],
    },
    {
      id: 'throughput',
      title: l10n.t('Throughput'),
      unit: 'rpm',
      needs: ['HttpDispatcher'],
      series: (d) => [
        {
          label: l10n.t('Requests per minute'),
          color: '--vscode-charts-green',
          points: seriesPoints(d, 'HttpDispatcher', 'requests_per_minute'),
        },
      ],
    },
    {
      id: 'errorRate',
      title: l10n.t('Error rate'),
      unit: '%',
      needs: ['Errors/all', 'HttpDispatcher'],
      series: (d) => [
        {
          label: l10n.t('Errors / requests'),
          color: '--vscode-charts-red',
          points: ratioPoints(d, ['Errors/all', 'error_count'], ['HttpDispatcher', 'call_count'], 100),
          description: l10n.t('Errors/all error_count ÷ HttpDispatcher call_count'),
        },
      ],
    },
    {
      id: 'apdex',
      title: l10n.t('Apdex'),
      unit: 'apdex',
      needs: ['Apdex'],
      series: (d) => [
        {
          label: l10n.t('App server'),
          color: '--vscode-charts-purple',
          points: seriesPoints(d, 'Apdex', 'score'),
          description: l10n.t('(satisfied + tolerating ÷ 2) ÷ count'),
        },
        // Both scores often lie on the same values: the browser line is dotted over the solid one.
        ...(d.metrics.some((m) => m.name === 'EndUser/Apdex')
          ? [
              {
                label: l10n.t('Browser (dotted)'),
                color: '--vscode-charts-orange',
                dotted: true,
                points: seriesPoints(d, 'EndUser/Apdex', 'score'),
                description: l10n.t(
                  "EndUser/Apdex score, drawn dotted so that it shows where it equals the app server's",
                ),
              },
            ]
          : []),
      ],
    },
  ];
  if (memoryValue) {
    charts.push(
      {
        id: 'cpu',
        title: l10n.t('CPU user time'),
        unit: '%',
        needs: ['CPU/User Time'],
        series: (d) => [
          {
            label: l10n.t('CPU'),
            color: '--vscode-charts-yellow',
            points: seriesPoints(d, 'CPU/User Time', 'percent'),
          },
        ],
      },
      {
        id: 'memory',
        title: l10n.t('Physical memory'),
        unit: 'MB',
        needs: ['Memory/Physical'],
        series: (d) => [
          {
            label: l10n.t('Memory'),
            color: '--vscode-charts-blue',
            points: seriesPoints(d, 'Memory/Physical', memoryValue),
          },
        ],
      },
    );
  }
  return charts;
}

/** Fetches one answer (and its compare twin) and turns each chart definition into a ChartSpec. */
async function chartsFromOneRequest(
  ctx: PanelDataContext,
  scope: MetricScope,
  names: string[],
  state: PanelState,
  range: ResolvedRange,
  defs: Array<{ id: string; title: string; unit: string; needs: string[]; series: Series; stacked?: boolean }>,
): Promise<{ charts: ChartSpec[]; data: MetricData; requests: number }> {
  const query = (r: ResolvedRange) =>
    ctx.api.getMetricData(scope, { names, from: r.from, to: r.to, period: r.period }, { signal: ctx.signal });
  const earlier = compareRange(range, state.range.compare);
  const [data, before] = await Promise.all([
    query(range),
    earlier ? query(earlier).catch((e: unknown) => e) : Promise.resolve(undefined),
  ]);
  const compareLabel = state.range.compare === 'day' ? l10n.t('1 day earlier') : l10n.t('1 week earlier');
  const charts = defs.map((def): ChartSpec => {
    const notFound = def.needs.filter((n) => data.metricsNotFound.includes(n));
    let series = def.series(data);
    if (before && !(before instanceof Error) && !isApiError(before)) {
      series = [
        ...series,
        ...def.series(before as MetricData).map((s) => asCompare(s, compareShiftMs(state.range.compare), compareLabel)),
      ];
    }
    const spec: ChartSpec = { id: def.id, title: def.title, unit: def.unit, series, stacked: def.stacked };
    if (notFound.length > 0) {
      spec.notFound = notFound;
    }
    if (before && (before instanceof Error || isApiError(before))) {
      spec.error = l10n.t('The comparison range could not be loaded: {0}', before.message);
    }
    return spec;
  });
  return { charts, data, requests: earlier ? 2 : 1 };
}

export async function loadPanelData(ctx: PanelDataContext, state: PanelState): Promise<PanelData> {
  const range = resolveRange(state.range, ctx.now);
  const e = state.entity;
  const appScope: MetricScope = { kind: 'application', applicationId: e.applicationId };
  switch (e.kind) {
    case 'application': {
      const app = await ctx.api.getApplication(e.applicationId, { signal: ctx.signal });
      const counts = hostAndInstanceCounts(app);
      const { charts, data, requests } = await chartsFromOneRequest(
        ctx,
        appScope,
        DASHBOARD_METRICS,
        state,
        range,
        standardCharts(),
      );
      return {
        title: app.name,
        range,
        charts,
        shown: shownRange(range, data),
        metricDataRequests: requests,
        summary: summaryItems(app.summary, [
          { label: l10n.t('Health'), value: HEALTH_LABELS[app.healthStatus] },
          { label: l10n.t('Hosts / instances'), value: `${counts.hosts} / ${counts.instances}` },
          // Only when the service said (NerdGraph has no last report, nerdgraph-notes 6.3): no line is better than a wrong one.
          ...(app.lastReportedAt
            ? [
                {
                  label: l10n.t('Last reported'),
                  value: formatAge((ctx.now?.getTime() ?? Date.now()) - Date.parse(app.lastReportedAt)),
                },
              ]
            : []),
        ]),
        summaryNote: l10n.t(
          "Summary values are the service's rolling 3-4 minute averages; charts are timeslice data for the range.",
        ),
      };
    }
    case 'host':
    case 'instance': {
      const scope: MetricScope =
        e.kind === 'host'
          ? { kind: 'host', applicationId: e.applicationId, hostId: e.hostId }
          : { kind: 'instance', applicationId: e.applicationId, instanceId: e.instanceId };
      const record =
        e.kind === 'host'
          ? await ctx.api.getHost(e.applicationId, e.hostId, { signal: ctx.signal })
          : await ctx.api.getInstance(e.applicationId, e.instanceId, { signal: ctx.signal });
      const { charts, data, requests } = await chartsFromOneRequest(
        ctx,
        scope,
        HOST_METRICS,
        state,
        range,
        standardCharts('used_mb_by_host'),
      );
      const label = 'port' in record && record.port !== undefined ? `${record.host}:${record.port}` : record.host;
      return {
        title: `${label} · ${record.applicationName}`,
        range,
        charts,
        shown: shownRange(range, data),
        metricDataRequests: requests,
        summary: summaryItems(record.summary, [
          { label: l10n.t('Health'), value: hostHealthLabel(record.healthStatus) },
        ]),
      };
    }
    case 'keyTransaction': {
      const kt = await ctx.api.getKeyTransaction(e.keyTransactionId, { signal: ctx.signal });
      const txn = kt.transactionName;
      const { charts, data, requests } = await chartsFromOneRequest(ctx, appScope, [txn], state, range, [
        {
          id: 'responseTime',
          title: l10n.t('Response time'),
          unit: 'ms',
          needs: [txn],
          series: (d) => [
            { label: txn, color: '--vscode-charts-blue', points: seriesPoints(d, txn, 'average_response_time') },
          ],
        },
        {
          id: 'throughput',
          title: l10n.t('Throughput'),
          unit: 'rpm',
          needs: [txn],
          series: (d) => [
            { label: txn, color: '--vscode-charts-green', points: seriesPoints(d, txn, 'calls_per_minute') },
          ],
        },
      ]);
      return {
        title: kt.name,
        range,
        charts,
        shown: shownRange(range, data),
        metricDataRequests: requests,
        summary: summaryItems(kt.summary, [
          { label: l10n.t('Transaction'), value: txn },
          { label: l10n.t('Health'), value: HEALTH_LABELS[kt.healthStatus] },
        ]),
        summaryNote: l10n.t(
          'The summary is a rolling 10-minute average. Key transactions have no timeslices of their own: the charts show their parent transaction.',
        ),
      };
    }
    case 'breakdown':
      return loadBreakdown(ctx, state, range, appScope);
    case 'explorer':
      if (e.nrql) {
        if (!ctx.nrql) {
          throw new Error(l10n.t('This connection cannot run NRQL: reconnect, then retry.'));
        }
        // The query's own SINCE/UNTIL set its range; the panel's range selection does not apply.
        return nrqlPanelData(
          await ctx.nrql.run(e.nrql.accountId, e.nrql.query, { signal: ctx.signal }),
          e.nrql,
          e.title,
          ctx.now,
        );
      }
      return loadExplorer(ctx, state, range, explorerScope(e));
  }
}

// Getters: this table is built when the module loads, before activation configures the translations.
// Colours: six parts can stack at once, and VS Code has six chart hues; its yellow and orange are
// hard to tell apart as 30 % fills (#cca700 and #d18616 in the dark themes), so Memcache takes the
// terminal's cyan, a theme colour every theme (high contrast too) defines.
const BREAKDOWN_PARTS: Array<{
  key: 'queue' | 'datastore' | 'database' | 'rubyDatabase' | 'memcache' | 'external' | 'application';
  label: string;
  color: string;
  formula: string;
}> = [
  {
    key: 'application',
    get label() {
      return l10n.t('Application code');
    },
    color: '--vscode-charts-blue',
    get formula() {
      return l10n.t('WebTransactionTotalTime (or HttpDispatcher) − datastore − database − external − memcache');
    },
  },
  {
    key: 'datastore',
    get label() {
      return l10n.t('Datastore');
    },
    color: '--vscode-charts-purple',
    get formula() {
      return l10n.t('Σ Datastore/<type>/allWeb average_response_time × call_count ÷ HttpDispatcher call_count');
    },
  },
  {
    key: 'database',
    get label() {
      return l10n.t('Database');
    },
    color: '--vscode-charts-yellow',
    get formula() {
      return l10n.t('Database/allWeb average_response_time × call_count ÷ HttpDispatcher call_count');
    },
  },
  {
    key: 'rubyDatabase',
    get label() {
      return l10n.t('Database (ActiveRecord)');
    },
    color: '--vscode-charts-yellow',
    get formula() {
      return l10n.t(
        'ActiveRecord/all average_response_time × call_count ÷ HttpDispatcher call_count (Ruby agents up to 3.10.0.279)',
      );
    },
  },
  {
    key: 'memcache',
    get label() {
      return l10n.t('Memcache');
    },
    color: '--vscode-terminal-ansiCyan',
    get formula() {
      return l10n.t('Memcache/allWeb average_response_time × call_count ÷ HttpDispatcher call_count');
    },
  },
  {
    key: 'external',
    get label() {
      return l10n.t('Web external');
    },
    color: '--vscode-charts-green',
    get formula() {
      return l10n.t('External/allWeb average_response_time × call_count ÷ HttpDispatcher call_count');
    },
  },
  {
    key: 'queue',
    get label() {
      return l10n.t('Request queuing');
    },
    color: '--vscode-charts-red',
    get formula() {
      return l10n.t(
        'WebFrontend/QueueTime call_count × average_response_time ÷ HttpDispatcher call_count (not part of application time)',
      );
    },
  },
];

/**
 * The breakdown asks its metrics WITHOUT `values[]`: with it, the service answers a metric that lacks
 * a column of the first found metric with `{}` (api-notes), and the components lack HttpDispatcher's
 * `average_call_time`. Measured against one request per value list (3 here: HttpDispatcher,
 * WebTransactionTotalTime, the components), 9 seeded apps on loopback: 30 min 58 KB in 1 request vs
 * 24 KB in 3; 7 days 332 KB vs 133 KB, 19 ms vs 27 ms. One request a range costs a third of the rate
 * budget and round trips for 2.5x the bytes; the values are picked locally (no listing is passed to
 * the planner, so it asks for every value at once).
 */

async function loadBreakdown(
  ctx: PanelDataContext,
  state: PanelState,
  range: ResolvedRange,
  scope: MetricScope,
): Promise<PanelData> {
  const app = await ctx.api.getApplication(state.entity.applicationId, { signal: ctx.signal });
  // The per-type datastore names come from the (cached) names listing, narrowed with name=.
  const datastoreListing = await ctx.metricNames.get(scope, 'Datastore/');
  const needs = breakdownNeeds(datastoreListing.map((m) => m.name).filter(isDatastoreTypeMetric));
  const plan = planMetricRequests(needs.names.map((name) => ({ name, values: needs.values })));
  const options = { signal: ctx.signal };
  const [data, whole] = await Promise.all([
    fetchPlanned(ctx.api, scope, plan, { from: range.from, to: range.to, period: range.period }, options),
    fetchPlanned(ctx.api, scope, plan, { from: range.from, to: range.to, summarize: true }, options),
  ]);
  const requests = plan.requests.length * 2;
  const points = breakdownSeries(data, { language: app.language });
  const source = points[0]?.breakdown.databaseSource;
  const parts = BREAKDOWN_PARTS.filter((p) =>
    source === 'activeRecord' ? p.key !== 'database' && p.key !== 'datastore' : p.key !== 'rubyDatabase',
  ).filter((p) => points.some((x) => x.breakdown[p.key] !== 0));
  const at = (iso: string) => Date.parse(iso);
  const stacked: ChartSpec = {
    id: 'breakdown',
    title: l10n.t('Response-time breakdown (per web request)'),
    unit: 'ms',
    stacked: true,
    note: breakdownNote(
      points.some((x) => x.breakdown.totalSource === 'WebTransactionTotalTime'),
      parts.some((p) => p.key === 'queue'),
    ),
    series: parts.map((p) => ({
      label: p.label,
      color: p.color,
      description: p.formula,
      points: points.map((x): [number, number | null] => [at(x.from), Math.max(0, x.breakdown[p.key])]),
    })),
  };
  const total: ChartSpec = {
    id: 'responseTime',
    title: l10n.t('Response time including queuing'),
    unit: 'ms',
    series: [
      {
        label: l10n.t('Response time'),
        color: '--vscode-charts-foreground',
        description: l10n.t(
          'HttpDispatcher average_call_time + queue call_count × queue average_response_time ÷ HttpDispatcher call_count',
        ),
        points: points.map((x): [number, number | null] => [at(x.from), x.breakdown.responseTime]),
      },
    ],
  };
  if (data.metricsNotFound.includes(METRIC.httpDispatcher)) {
    stacked.notFound = [METRIC.httpDispatcher];
  }
  const rule =
    app.language.toLowerCase() === 'ruby'
      ? source === 'activeRecord'
        ? l10n.t('Ruby agent up to 3.10.0.279 (ActiveRecord/all reported): database time from ActiveRecord.')
        : l10n.t('Ruby agent 3.11.0 or later (datastore metrics reported): generic datastore/database time.')
      : l10n.t('Database time from the generic Datastore / Database metrics.');
  const summarized = breakdownSeries(whole, { language: app.language })[0]?.breakdown;
  return {
    title: app.name,
    range,
    charts: [stacked, total],
    shown: shownRange(range, data),
    metricDataRequests: requests,
    summary: summaryItems(app.summary),
    ...(summarized ? { table: breakdownTable(summarized, parts) } : {}),
    summaryNote:
      requests === 1
        ? l10n.t(
            "{0} Computed as in the API's section 4.8 from 1 metric-data request (the series, and the whole range summarized for the table).",
            rule,
          )
        : l10n.t(
            "{0} Computed as in the API's section 4.8 from {1} metric-data requests (the series, and the whole range summarized for the table).",
            rule,
            requests,
          ),
  };
}

/**
 * Why the stack and the response-time line beside it differ, on the chart (spec 4.8: the components
 * add up to WebTransactionTotalTime, else HttpDispatcher; queuing is not part of that total).
 */
function breakdownNote(totalTime: boolean, queue: boolean): string {
  const total = totalTime
    ? l10n.t(
        "The components add up to total time (WebTransactionTotalTime), not response time: the time of all of a request's work, asynchronous work included, so the stack can stand above the response time beside it (API section 4.8).",
      )
    : l10n.t(
        'This application reports no WebTransactionTotalTime: the components add up to HttpDispatcher, the response time without request queuing (API section 4.8).',
      );
  return queue ? `${total} ${l10n.t('Request queuing, stacked on top, is not part of the total.')}` : total;
}

/**
 * Whether the explorer's chart of `value` is an Apdex score (`Apdex`, `Apdex/<txn>`, `EndUser/Apdex`…
 * and their `score`): then its axis is the Apdex one, 0 to 1, as on the dashboard.
 */
function isApdexScore(value: string, metrics: string[]): boolean {
  return value === 'score' && metrics.length > 0 && metrics.every((name) => /^(EndUser\/)?Apdex(\/|$)/.test(name));
}

/** The whole range summarized: each component's ms per web request and its share of the total. */
function breakdownTable(b: Breakdown, parts: typeof BREAKDOWN_PARTS): SummaryTable {
  const share = (ms: number) => (b.total > 0 ? Math.round((ms / b.total) * 1000) / 10 : null);
  const ms = (x: number) => Math.round(x * 100) / 100;
  const components = parts.filter((p) => p.key !== 'queue');
  const rows = components.map((p) => ({ metric: p.label, values: [ms(b[p.key]), share(b[p.key])] }));
  rows.push({ metric: l10n.t('Total ({0})', b.totalSource), values: [ms(b.total), b.total > 0 ? 100 : null] });
  if (parts.some((p) => p.key === 'queue')) {
    rows.push({ metric: l10n.t('Request queuing'), values: [ms(b.queue), null] });
  }
  rows.push({ metric: l10n.t('Response time including queuing'), values: [ms(b.responseTime), null] });
  return {
    caption: l10n.t(
      'The whole range summarized, per web request (request queuing and the response time are not part of the total)',
    ),
    rowHeader: l10n.t('Component'),
    columns: ['ms', l10n.t('% of total')],
    decimals: [2, 1],
    rows,
  };
}

async function loadExplorer(
  ctx: PanelDataContext,
  state: PanelState,
  range: ResolvedRange,
  scope: MetricScope,
): Promise<PanelData> {
  const app = await ctx.api.getApplication(state.entity.applicationId, { signal: ctx.signal });
  const selection = state.explorer ?? { metrics: [], values: [] };
  const base = {
    title: scope.kind === 'application' ? app.name : `${app.name} · ${state.entity.title}`,
    range,
    summary: [] as SummaryItem[],
  };
  if (selection.metrics.length === 0 || selection.values.length === 0) {
    return {
      ...base,
      charts: [],
      shown: shownRange(range, undefined),
      metricDataRequests: 0,
      summaryNote: l10n.t('Search the metric names, pick metrics and the values to chart.'),
    };
  }
  // Metrics are asked together only for values all of them list (the service empties a later
  // metric that lacks a column of the first); names whose listing is not cached are asked for all values.
  const wants: MetricWant[] = selection.metrics.map((name) => ({ name, values: selection.values }));
  const plan = planMetricRequests(wants, ctx.metricNames.listedValues(scope, selection.metrics));
  const query = { from: range.from, to: range.to };
  const [series, summarized] =
    plan.requests.length === 0
      ? [emptyData(), emptyData()]
      : await Promise.all([
          fetchPlanned(ctx.api, scope, plan, { ...query, period: range.period }, { signal: ctx.signal }),
          fetchPlanned(ctx.api, scope, plan, { ...query, summarize: true }, { signal: ctx.signal }),
        ]);
  const missing = missingValues(series, wants, plan.lacking);
  const palette = [
    '--vscode-charts-blue',
    '--vscode-charts-green',
    '--vscode-charts-orange',
    '--vscode-charts-purple',
    '--vscode-charts-red',
    '--vscode-charts-yellow',
  ];
  const charts: ChartSpec[] = selection.values.map((value) => {
    const lacks = missing.filter((m) => m.value === value).map((m) => m.metric);
    const charted = series.metrics.filter((m) => !lacks.includes(m.name));
    const spec: ChartSpec = {
      id: `value:${value}`,
      title: value,
      unit: isApdexScore(
        value,
        charted.map((m) => m.name),
      )
        ? 'apdex'
        : value,
      series: charted.map((m) => ({
        label: m.name,
        color: palette[selection.metrics.indexOf(m.name) % palette.length],
        points: seriesPoints(series, m.name, value),
      })),
    };
    if (series.metricsNotFound.length > 0) {
      spec.notFound = series.metricsNotFound;
    }
    if (lacks.length > 0) {
      spec.missingValues = lacks.map((metric) => l10n.t('{0} returned no `{1}`', metric, value));
    }
    return spec;
  });
  const byName = new Map(summarized.metrics.map((m) => [m.name, m]));
  const table: SummaryTable = {
    columns: selection.values,
    rows: selection.metrics
      .filter((name) => byName.has(name))
      .map((name) => ({
        metric: name,
        values: selection.values.map((v) => byName.get(name)?.timeslices[0]?.values[v] ?? null),
      })),
  };
  return { ...base, charts, table, shown: shownRange(range, series), metricDataRequests: plan.requests.length * 2 };
}

function emptyData(): MetricData {
  return { from: '', to: '', metricsFound: [], metricsNotFound: [], metrics: [] };
}
