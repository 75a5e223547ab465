// A failed compare overlay does not fail the panel: each chart says so and shows the requested range alone.
import * as l10n from '@vscode/l10n';

import { isApiError } from '../../api/apiError';
import type { MetricData, MetricScope } from '../../api/types';
import type { ChartEntry, ChartSet, SeriesEntry } from '../catalogue';
import { metricsOf, neededMetrics } from '../catalogue';
import { asCompare, ratioPoints, seriesPoints } from '../metricSeries';
import type { PanelDataContext } from '../panelLoad';
import type { PanelRange, ResolvedRange } from '../panelRange';
import type { ChartSpec, SeriesSpec } from '../protocol';

export interface LoadedChartSet {
  charts: ChartSpec[];
  data: MetricData;
  requests: number;
}

export async function loadChartSet(
  ctx: Pick<PanelDataContext, 'api' | 'signal'>,
  scope: MetricScope,
  set: ChartSet,
  range: PanelRange,
): Promise<LoadedChartSet> {
  const query = (r: ResolvedRange) =>
    ctx.api.getMetricData(
      scope,
      { names: set.metrics, from: r.from, to: r.to, period: r.period },
      { signal: ctx.signal },
    );
  const { compare } = range;
  const [data, earlier] = await Promise.all([
    query(range.requested),
    compare ? query(compare).catch((e: unknown) => e) : Promise.resolve(undefined),
  ]);
  const overlayError = earlier instanceof Error || isApiError(earlier) ? earlier : undefined;
  const charts = set.charts.map((entry): ChartSpec => {
    let series = seriesOf(entry, data);
    if (compare && earlier && !overlayError) {
      const moved = seriesOf(entry, earlier as MetricData).map((s) => asCompare(s, compare.shiftMs, compare.label));
      series = [...series, ...moved];
    }
    const spec: ChartSpec = { id: entry.id, title: entry.title(), unit: entry.unit, series };
    const notFound = neededMetrics(entry).filter((n) => data.metricsNotFound.includes(n));
    if (notFound.length > 0) {
      spec.notFound = notFound;
    }
    if (overlayError) {
      spec.error = l10n.t('The comparison range could not be loaded: {0}', overlayError.message);
    }
    return spec;
  });
  return { charts, data, requests: compare ? 2 : 1 };
}

function seriesOf(entry: ChartEntry, data: MetricData): SeriesSpec[] {
  return entry.series
    .filter((s) => !s.optional || metricsOf(s.points).every((name) => data.metrics.some((m) => m.name === name)))
    .map((s) => seriesSpec(s, data));
}

function seriesSpec(entry: SeriesEntry, data: MetricData): SeriesSpec {
  const { points } = entry;
  return {
    label: entry.label(),
    color: entry.color,
    ...(entry.dotted ? { dotted: true } : {}),
    points:
      'value' in points
        ? seriesPoints(data, ...points.value)
        : ratioPoints(
            data,
            points.ratio.of,
            points.ratio.per,
            points.ratio.scale,
            points.ratio.absentOfIsZero,
            points.ratio.alsoPer,
          ),
    ...(entry.description ? { description: entry.description() } : {}),
  };
}
