/** An application's dashboard: the catalogue's dashboard charts, and the service's summary of the application. */
import * as l10n from '@vscode/l10n';

import { hostAndInstanceCounts } from '../../api/types';
import { formatAge, HEALTH_LABELS } from '../../format/presentation';
import { summaryFigures } from '../../format/summary';
import { DASHBOARD } from '../catalogue';
import type { PanelData, PanelLoad } from '../panelData';
import { withShown } from '../panelRange';
import { loadChartSet } from './chartSet';

export async function loadApplication({ ctx, entity, range }: PanelLoad<'application'>): Promise<PanelData> {
  const app = await ctx.api.getApplication(entity.applicationId, { signal: ctx.signal });
  const counts = hostAndInstanceCounts(app);
  const scope = { kind: 'application', applicationId: entity.applicationId } as const;
  const { charts, data, requests } = await loadChartSet(ctx, scope, DASHBOARD, range);
  const now = ctx.now?.getTime() ?? Date.now();
  return {
    title: app.name,
    range: withShown(range, data),
    charts,
    metricDataRequests: requests,
    summary: [
      ...summaryFigures(app.summary),
      { label: l10n.t('Health'), value: HEALTH_LABELS[app.healthStatus] },
      { label: l10n.t('Hosts / instances'), value: `${counts.hosts} / ${counts.instances}` },
      // NerdGraph has no last report (nerdgraph-notes 6.3): no line is better than a wrong one.
      ...(app.lastReportedAt
        ? [{ label: l10n.t('Last reported'), value: formatAge(now - Date.parse(app.lastReportedAt)) }]
        : []),
    ],
    summaryNote: l10n.t(
      "Summary values are the service's rolling 3-4 minute averages; charts are timeslice data for the range.",
    ),
  };
}
