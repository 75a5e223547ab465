/** A host's or an instance's panel: the catalogue's host charts over its own metrics, and its summary. */
import * as l10n from '@vscode/l10n';

import type { MetricScope } from '../../api/types';
import { hostHealthLabel } from '../../format/presentation';
import { summaryFigures } from '../../format/summary';
import { HOST } from '../catalogue';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import { DEFAULT_APDEX_T, isPastWindow, windowSummary } from '../windowSummary';
import { loadChartSet } from './chartSet';

export async function loadHostOrInstance({ ctx, entity, range }: PanelLoad<'host' | 'instance'>): Promise<PanelData> {
  const { applicationId } = entity;
  const scope: MetricScope =
    entity.kind === 'host'
      ? { kind: 'host', applicationId, hostId: entity.hostId }
      : { kind: 'instance', applicationId, instanceId: entity.instanceId };
  const record =
    entity.kind === 'host'
      ? await ctx.api.getHost(applicationId, entity.hostId, { signal: ctx.signal })
      : await ctx.api.getInstance(applicationId, entity.instanceId, { signal: ctx.signal });
  const { charts, data, requests } = await loadChartSet(ctx, scope, HOST, range);
  // Above a past window the tiles summarize that window, as the dashboard's do (windowSummary.ts).
  const past = isPastWindow(range.requested, ctx.now?.getTime() ?? Date.now())
    ? windowSummary(data, range.requested, record.summary?.apdexTarget ?? DEFAULT_APDEX_T)
    : undefined;
  const label = 'port' in record && record.port !== undefined ? `${record.host}:${record.port}` : record.host;
  return {
    title: `${label} · ${record.applicationName}`,
    range: withShown(range, data),
    charts,
    metricDataRequests: requests,
    summary: [
      ...summaryFigures(past ?? record.summary),
      {
        label: l10n.t('Health'),
        value: hostHealthLabel(record.healthStatus),
        ...(past ? { hint: l10n.t('now') } : {}),
      },
    ],
  };
}
