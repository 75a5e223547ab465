// Every chart drawn from metric data, as entries: a new chart is a new entry. Text is read through functions: the
// entries are built when the module loads, before activation configures the translations.
import * as l10n from '@vscode/l10n';

import { APPLICATION_ERROR_RATE } from '../api/metrics';

export type MetricValue = [metric: string, value: string];

/**
 * `absentOfIsZero`: a missing `of` metric counts 0, since a transaction's `Errors/<txn>` exists only once it has
 * failed. `alsoPer` are added to `per` (each 0 when missing).
 */
export type PointsSource =
  | { value: MetricValue }
  | {
      ratio: { of: MetricValue; per: MetricValue; alsoPer?: MetricValue[]; scale: number; absentOfIsZero?: boolean };
    };

export interface SeriesEntry {
  label: () => string;
  color: string;
  points: PointsSource;
  description?: () => string;
  dotted?: boolean;
  /** Drawn only when the answer has its metric, which is never reported as not found. */
  optional?: boolean;
}

export interface ChartEntry {
  id: string;
  title: () => string;
  unit: string;
  series: SeriesEntry[];
}

export interface ChartSet {
  metrics: string[];
  charts: ChartEntry[];
}

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

export const DASHBOARD: ChartSet = {
  metrics: ['HttpDispatcher', 'Apdex', 'Errors/all', 'OtherTransaction/all', 'EndUser/Apdex'],
  charts: [responseTime, throughput, errorRate, apdex],
};

export const HOST: ChartSet = {
  metrics: ['HttpDispatcher', 'Apdex', 'Errors/all', 'OtherTransaction/all', 'CPU/User Time', 'Memory/Physical'],
  charts: [responseTime, throughput, errorRate, apdex, cpu, memory],
};

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

export interface BreakdownPart {
  key: 'queue' | 'datastore' | 'database' | 'rubyDatabase' | 'memcache' | 'external' | 'application';
  label: () => string;
  color: string;
  formula: () => string;
}

/**
 * Stacked in this order (docs/service.md#response-time-breakdown). VS Code's yellow and orange are hard to tell
 * apart as 30 % fills, so Memcache takes the terminal's cyan, which every theme (high contrast too) defines.
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
