/** A host's or an instance's panel: the catalogue's host charts over its own metrics, and its summary. */
import * as l10n from '@vscode/l10n';

import type { MetricScope } from '../../api/types';
import { hostHealthLabel } from '../../format/presentation';
import { summaryFigures } from '../../format/summary';
import { HOST } from '../catalogue';
import type { PanelData, PanelLoad } from '../panelData';
import { withShown } from '../panelRange';
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
  const label = 'port' in record && record.port !== undefined ? `${record.host}:${record.port}` : record.host;
  return {
    title: `${label} · ${record.applicationName}`,
    range: withShown(range, data),
    charts,
    metricDataRequests: requests,
    summary: [
      ...summaryFigures(record.summary),
      { label: l10n.t('Health'), value: hostHealthLabel(record.healthStatus) },
    ],
  };
}
