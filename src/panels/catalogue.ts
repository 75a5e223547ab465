/**
 * Every chart the panels draw from metric data, as entries: the metrics and values each series
 * reads, its colour, unit and labels. A panel kind that charts one metric-data request is a
 * `ChartSet` (the metrics asked for, the charts drawn from the answer); a new chart is a new entry.
 * Pure (no `vscode`).
 *
 * Text is read through functions: the entries are built when the module loads, before activation
 * configures the translations.
 */
import * as l10n from '@vscode/l10n';

import { APPLICATION_ERROR_RATE } from '../api/metrics';

/** `[metric, value]`: one value of one metric, e.g. `['HttpDispatcher', 'call_count']`. */
export type MetricValue = [metric: string, value: string];

/**
 * Where a series' points come from: one metric's value per slice, or `scale × of ÷ per`. With
 * `absentOfIsZero`, an `of` metric missing from the answer counts 0 in every slice: a transaction's
 * `Errors/<txn>` exists only once it has failed, so none means no errors, not no data. `alsoPer` are
 * added to `per` (each counts 0 when missing from the answer).
 */
export type PointsSource =
  | { value: MetricValue }
  | {
      ratio: { of: MetricValue; per: MetricValue; alsoPer?: MetricValue[]; scale: number; absentOfIsZero?: boolean };
    };

export interface SeriesEntry {
  label: () => string;
  /** A theme colour variable. */
  color: string;
  points: PointsSource;
  /** The legend's tooltip: what the line is, e.g. its formula. */
  description?: () => string;
  dotted?: boolean;
  /** Drawn only when the answer has its metric, which is never reported as not found. */
  optional?: boolean;
}

export interface ChartEntry {
  id: string;
  title: () => string;
  /** The y axis: ms, rpm, %, apdex, MB. */
  unit: string;
  series: SeriesEntry[];
}

/** The charts of one metric-data request: the metrics it asks for (in this order) and what is drawn. */
export interface ChartSet {
  metrics: string[];
  charts: ChartEntry[];
}

/** Colours of series that have no colour of their own (the explorer's metrics, a NRQL query's facets), in turn. */
export const SERIES_PALETTE: readonly string[] = [
  '--vscode-charts-blue',
  '--vscode-charts-green',
  '--vscode-charts-orange',
  '--vscode-charts-purple',
  '--vscode-charts-red',
  '--vscode-charts-yellow',
];

const responseTime: ChartEntry = {
  id: 'responseTime',
  title: () => l10n.t('Response time'),
  unit: 'ms',
  series: [
    {
      label: () => l10n.t('Web response time'),
      color: '--vscode-charts-blue',
      points: { value: ['HttpDispatcher', 'average_response_time'] },
      description: () => l10n.t('HttpDispatcher average_response_time (without request queuing)'),
    },
  ],
};

const throughput: ChartEntry = {
  id: 'throughput',
  title: () => l10n.t('Throughput'),
  unit: 'rpm',
  series: [
    {
      label: () => l10n.t('Requests per minute'),
      color: '--vscode-charts-green',
      points: { value: ['HttpDispatcher', 'requests_per_minute'] },
    },
  ],
};

const errorRate: ChartEntry = {
  id: 'errorRate',
  title: () => l10n.t('Error rate'),
  unit: '%',
  series: [
    // All transactions, web and background, as the application's summary counts it (APPLICATION_ERROR_RATE).
    {
      label: () => l10n.t('Errors / all transactions'),
      color: '--vscode-charts-red',
      points: {
        ratio: {
          of: [APPLICATION_ERROR_RATE.errors, 'error_count'],
          per: [APPLICATION_ERROR_RATE.calls[0], 'call_count'],
          alsoPer: APPLICATION_ERROR_RATE.calls.slice(1).map((name): MetricValue => [name, 'call_count']),
          scale: 100,
        },
      },
      description: () => l10n.t('Errors/all error_count ÷ (HttpDispatcher + OtherTransaction/all) call_count'),
    },
  ],
};

const apdex: ChartEntry = {
  id: 'apdex',
  title: () => l10n.t('Apdex'),
  unit: 'apdex',
  series: [
    {
      label: () => l10n.t('App server'),
      color: '--vscode-charts-purple',
      points: { value: ['Apdex', 'score'] },
      description: () => l10n.t('(satisfied + tolerating ÷ 2) ÷ count'),
    },
    // Both scores often lie on the same values: the browser line is dotted over the solid one.
    {
      label: () => l10n.t('Browser (dotted)'),
      color: '--vscode-charts-orange',
      dotted: true,
      optional: true,
      points: { value: ['EndUser/Apdex', 'score'] },
      description: () => l10n.t("EndUser/Apdex score, drawn dotted so that it shows where it equals the app server's"),
    },
  ],
};

const cpu: ChartEntry = {
  id: 'cpu',
  title: () => l10n.t('CPU user time'),
  unit: '%',
  series: [
    { label: () => l10n.t('CPU'), color: '--vscode-charts-yellow', points: { value: ['CPU/User Time', 'percent'] } },
  ],
};

const memory: ChartEntry = {
  id: 'memory',
  title: () => l10n.t('Physical memory'),
  unit: 'MB',
  series: [
    {
      label: () => l10n.t('Memory'),
      color: '--vscode-charts-blue',
      points: { value: ['Memory/Physical', 'used_mb_by_host'] },
    },
  ],
};

/** An application's dashboard. */
export const DASHBOARD: ChartSet = {
  metrics: ['HttpDispatcher', 'Apdex', 'Errors/all', 'OtherTransaction/all', 'EndUser/Apdex'],
  charts: [responseTime, throughput, errorRate, apdex],
};

/** A host's or an instance's panel: the dashboard's charts but the browser's Apdex, with CPU and memory. */
export const HOST: ChartSet = {
  metrics: ['HttpDispatcher', 'Apdex', 'Errors/all', 'OtherTransaction/all', 'CPU/User Time', 'Memory/Physical'],
  charts: [responseTime, throughput, errorRate, apdex, cpu, memory],
};

/** A key transaction's panel: its parent transaction's own metric (key transactions have none). */
export function keyTransactionCharts(transaction: string): ChartSet {
  const line = (color: string, value: string): SeriesEntry => ({
    label: () => transaction,
    color,
    points: { value: [transaction, value] },
  });
  return {
    metrics: [transaction],
    charts: [
      { ...responseTime, series: [line('--vscode-charts-blue', 'average_response_time')] },
      { ...throughput, series: [line('--vscode-charts-green', 'calls_per_minute')] },
    ],
  };
}

/**
 * A transaction's panel: its own response time and throughput, its error rate
 * (`Errors/<txn>` error_count ÷ its call_count) and, for web transactions, its own Apdex metric.
 * `companions` are its names per agent (src/api/transactionCompanions.ts).
 */
export function transactionCharts(transaction: string, companions: { errors: string; apdex?: string }): ChartSet {
  const own = (color: string, value: string): SeriesEntry => ({
    label: () => transaction,
    color,
    points: { value: [transaction, value] },
  });
  const charts: ChartEntry[] = [
    { ...responseTime, series: [own('--vscode-charts-blue', 'average_response_time')] },
    { ...throughput, series: [own('--vscode-charts-green', 'calls_per_minute')] },
    {
      ...errorRate,
      series: [
        {
          label: () => l10n.t('Errors / calls'),
          color: '--vscode-charts-red',
          points: {
            ratio: {
              of: [companions.errors, 'error_count'],
              per: [transaction, 'call_count'],
              scale: 100,
              absentOfIsZero: true,
            },
          },
          description: () => l10n.t('{0} error_count ÷ {1} call_count', companions.errors, transaction),
        },
      ],
    },
  ];
  if (companions.apdex) {
    charts.push({
      ...apdex,
      series: [{ ...apdex.series[0], label: () => l10n.t('Apdex'), points: { value: [companions.apdex, 'score'] } }],
    });
  }
  return { metrics: [transaction, companions.errors, ...(companions.apdex ? [companions.apdex] : [])], charts };
}

/** The metrics a series reads. */
export function metricsOf(points: PointsSource): string[] {
  return 'value' in points
    ? [points.value[0]]
    : [points.ratio.of[0], points.ratio.per[0], ...(points.ratio.alsoPer ?? []).map((m) => m[0])];
}

/** The metrics a chart cannot be drawn without (its optional series' are not, nor an `of` absent as zero), each once. */
export function neededMetrics(chart: ChartEntry): string[] {
  const needed = (points: PointsSource) =>
    'ratio' in points
      ? [...(points.ratio.absentOfIsZero ? [] : [points.ratio.of[0]]), points.ratio.per[0]]
      : metricsOf(points);
  return [...new Set(chart.series.filter((s) => !s.optional).flatMap((s) => needed(s.points)))];
}

/** One part of the response-time breakdown: a key of the 4.8 calculation's result, drawn as one band. */
export interface BreakdownPart {
  key: 'queue' | 'datastore' | 'database' | 'rubyDatabase' | 'memcache' | 'external' | 'application';
  label: () => string;
  color: string;
  /** How it is computed (the legend's tooltip). */
  formula: () => string;
}

/**
 * The parts of the response-time breakdown (docs/service.md#response-time-breakdown), stacked in this order. Colours: six parts can
 * stack at once, and VS Code has six chart hues; its yellow and orange are hard to tell apart as
 * 30 % fills (#cca700 and #d18616 in the dark themes), so Memcache takes the terminal's cyan, a theme
 * colour every theme (high contrast too) defines.
 */
export const BREAKDOWN_PARTS: readonly BreakdownPart[] = [
  {
    key: 'application',
    label: () => l10n.t('Application code'),
    color: '--vscode-charts-blue',
    formula: () => l10n.t('WebTransactionTotalTime (or HttpDispatcher) − datastore − database − external − memcache'),
  },
  {
    key: 'datastore',
    label: () => l10n.t('Datastore'),
    color: '--vscode-charts-purple',
    formula: () => l10n.t('Σ Datastore/<type>/allWeb average_response_time × call_count ÷ HttpDispatcher call_count'),
  },
  {
    key: 'database',
    label: () => l10n.t('Database'),
    color: '--vscode-charts-yellow',
    formula: () => l10n.t('Database/allWeb average_response_time × call_count ÷ HttpDispatcher call_count'),
  },
  {
    key: 'rubyDatabase',
    label: () => l10n.t('Database (ActiveRecord)'),
    color: '--vscode-charts-yellow',
    formula: () =>
      l10n.t(
        'ActiveRecord/all average_response_time × call_count ÷ HttpDispatcher call_count (Ruby agents up to 3.10.0.279)',
      ),
  },
  {
    key: 'memcache',
    label: () => l10n.t('Memcache'),
    color: '--vscode-terminal-ansiCyan',
    formula: () => l10n.t('Memcache/allWeb average_response_time × call_count ÷ HttpDispatcher call_count'),
  },
  {
    key: 'external',
    label: () => l10n.t('Web external'),
    color: '--vscode-charts-green',
    formula: () => l10n.t('External/allWeb average_response_time × call_count ÷ HttpDispatcher call_count'),
  },
  {
    key: 'queue',
    label: () => l10n.t('Request queuing'),
    color: '--vscode-charts-red',
    formula: () =>
      l10n.t(
        'WebFrontend/QueueTime call_count × average_response_time ÷ HttpDispatcher call_count (not part of application time)',
      ),
  },
];
