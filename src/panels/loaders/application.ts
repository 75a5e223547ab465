/** An application's dashboard: the catalogue's dashboard charts, and the service's summary of the application. */
import * as l10n from '@vscode/l10n';

import { hostAndInstanceCounts } from '../../api/types';
import { formatAge, HEALTH_LABELS } from '../../format/presentation';
import { summaryFigures } from '../../format/summary';
import { DASHBOARD } from '../catalogue';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import { DEFAULT_APDEX_T, isPastWindow, windowSummary } from '../windowSummary';
import { loadChartSet } from './chartSet';

export async function loadApplication({ ctx, entity, range }: PanelLoad<'application'>): Promise<PanelData> {
  const app = await ctx.api.getApplication(entity.applicationId, { signal: ctx.signal });
  const counts = hostAndInstanceCounts(app);
  const scope = { kind: 'application', applicationId: entity.applicationId } as const;
  const { charts, data, requests } = await loadChartSet(ctx, scope, DASHBOARD, range);
  const now = ctx.now?.getTime() ?? Date.now();
  // Above a past window (around a deployment, a custom range) the tiles summarize that window, from its own data.
  const past = isPastWindow(range.requested, now)
    ? windowSummary(
        data,
        range.requested,
        app.summary?.apdexTarget ?? app.settings.appApdexThreshold ?? DEFAULT_APDEX_T,
      )
    : undefined;
  return {
    title: app.name,
    range: withShown(range, data),
    charts,
    metricDataRequests: requests,
    summary: [
      ...summaryFigures(past ?? app.summary),
      { label: l10n.t('Health'), value: HEALTH_LABELS[app.healthStatus], ...(past ? { hint: l10n.t('now') } : {}) },
      { label: l10n.t('Hosts / instances'), value: `${counts.hosts} / ${counts.instances}` },
      // NerdGraph has no last report: no line is better than a wrong one. A past window's tiles are not about it.
      ...(app.lastReportedAt && !past
        ? [{ label: l10n.t('Last reported'), value: formatAge(now - Date.parse(app.lastReportedAt)) }]
        : []),
    ],
    summaryNote: past
      ? l10n.t('Summary values are over the range shown, from its timeslice data.')
      : l10n.t(
          "Summary values are the service's rolling 3-4 minute averages; charts are timeslice data for the range.",
        ),
  };
}
