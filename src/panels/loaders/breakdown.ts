// Asked without `values[]`: with it, a metric lacking a column of the first answers `{}`
// (docs/service.md#value-rules). One request instead of three, for about 2.5 times the bytes.
import * as l10n from '@vscode/l10n';

import { fetchPlanned, planMetricRequests } from '../../api/rest/metricRequests';
import { breakdownNeeds, breakdownSeries, isDatastoreTypeMetric, METRIC } from '../../api/metrics';
import { summaryFigures } from '../../format/summary';
import { BREAKDOWN_PARTS } from '../catalogue';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import type { ChartSpec } from '../protocol';
import { breakdownTable } from '../summaryTables';

export async function loadBreakdown({ ctx, entity, range }: PanelLoad<'breakdown'>): Promise<PanelData> {
  const scope = { kind: 'application', applicationId: entity.applicationId } as const;
  const app = await ctx.api.getApplication(entity.applicationId, { signal: ctx.signal });
  // The per-type datastore names come from the (cached) names listing, narrowed with name=.
  const datastoreListing = await ctx.metricNames.get(scope, 'Datastore/');
  const needs = breakdownNeeds(datastoreListing.map((m) => m.name).filter(isDatastoreTypeMetric));
  const plan = planMetricRequests(needs.names.map((name) => ({ name, values: needs.values })));
  const { from, to, period } = range.requested;
  const options = { signal: ctx.signal };
  const [data, whole] = await Promise.all([
    fetchPlanned(ctx.api, scope, plan, { from, to, period }, options),
    fetchPlanned(ctx.api, scope, plan, { from, to, summarize: true }, options),
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
      label: p.label(),
      color: p.color,
      description: p.formula(),
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
    range: withShown(range, data),
    charts: [stacked, total],
    metricDataRequests: requests,
    summary: summaryFigures(app.summary),
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

// The components add up to WebTransactionTotalTime, else HttpDispatcher; queuing is not part of that total
// (docs/service.md#response-time-breakdown).
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
