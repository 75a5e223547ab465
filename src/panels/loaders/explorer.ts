// The metric explorer: one chart per selected value, one line per selected metric; or a typed NRQL query's result.
import * as l10n from '@vscode/l10n';

import type { MetricWant } from '../../api/rest/metricRequests';
import { fetchPlanned, missingValues, planMetricRequests } from '../../api/rest/metricRequests';
import type { MetricData } from '../../api/types';
import { SERIES_PALETTE } from '../catalogue';
import { seriesPoints } from '../metricSeries';
import { nrqlPanelData } from '../nrqlCharts';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import type { ChartSpec, SummaryItem } from '../protocol';
import { explorerScope } from '../explorerScope';
import { explorerTable } from '../summaryTables';

export async function loadExplorer({ ctx, entity, state, range }: PanelLoad<'explorer'>): Promise<PanelData> {
  if (entity.nrql) {
    if (!ctx.nrql) {
      throw new Error(l10n.t('This connection cannot run NRQL: reconnect, then retry.'));
    }
    // The query's own SINCE/UNTIL set its range; the panel's range selection does not apply.
    const result = await ctx.nrql.run(entity.nrql.accountId, entity.nrql.query, { signal: ctx.signal });
    return nrqlPanelData(result, entity.nrql, entity.title, ctx.now);
  }
  const scope = explorerScope(entity);
  const app = await ctx.api.getApplication(entity.applicationId, { signal: ctx.signal });
  const selection = state.explorer ?? { metrics: [], values: [] };
  const base = {
    title: scope.kind === 'application' ? app.name : `${app.name} · ${entity.title}`,
    summary: [] as SummaryItem[],
  };
  if (selection.metrics.length === 0 || selection.values.length === 0) {
    return {
      ...base,
      range: withShown(range, undefined),
      charts: [],
      metricDataRequests: 0,
      summaryNote: l10n.t('Search the metric names, pick metrics and the values to chart.'),
    };
  }
  // Metrics are asked together only for values all of them list (the service empties a later
  // metric that lacks a column of the first); names whose listing is not cached are asked for all values.
  const wants: MetricWant[] = selection.metrics.map((name) => ({ name, values: selection.values }));
  const plan = planMetricRequests(wants, ctx.metricNames.listedValues(scope, selection.metrics));
  const { from, to, period } = range.requested;
  const [series, summarized] =
    plan.requests.length === 0
      ? [emptyData(), emptyData()]
      : await Promise.all([
          fetchPlanned(ctx.api, scope, plan, { from, to, period }, { signal: ctx.signal }),
          fetchPlanned(ctx.api, scope, plan, { from, to, summarize: true }, { signal: ctx.signal }),
        ]);
  const missing = missingValues(series, wants, plan.lacking);
  const charts = selection.values.map((value): ChartSpec => {
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
        color: SERIES_PALETTE[selection.metrics.indexOf(m.name) % SERIES_PALETTE.length],
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
  return {
    ...base,
    range: withShown(range, series),
    charts,
    table: explorerTable(selection, summarized),
    metricDataRequests: plan.requests.length * 2,
  };
}

/** Then its axis is the Apdex one, 0 to 1, as on the dashboard. */
function isApdexScore(value: string, metrics: string[]): boolean {
  return value === 'score' && metrics.length > 0 && metrics.every((name) => /^(EndUser\/)?Apdex(\/|$)/.test(name));
}

function emptyData(): MetricData {
  return { from: '', to: '', metricsFound: [], metricsNotFound: [], metrics: [] };
}
