// Key transactions have no timeslices of their own: the charts read the parent transaction's metric.
import * as l10n from '@vscode/l10n';

import { HEALTH_LABELS } from '../../format/presentation';
import { summaryFigures } from '../../format/summary';
import { keyTransactionCharts } from '../catalogue';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import { loadChartSet } from './chartSet';

export async function loadKeyTransaction({ ctx, entity, range }: PanelLoad<'keyTransaction'>): Promise<PanelData> {
  const kt = await ctx.api.getKeyTransaction(entity.keyTransactionId, { signal: ctx.signal });
  const txn = kt.transactionName;
  const scope = { kind: 'application', applicationId: entity.applicationId } as const;
  const { charts, data, requests } = await loadChartSet(ctx, scope, keyTransactionCharts(txn), range);
  return {
    title: kt.name,
    range: withShown(range, data),
    charts,
    metricDataRequests: requests,
    summary: [
      ...summaryFigures(kt.summary),
      { label: l10n.t('Transaction'), value: txn },
      { label: l10n.t('Health'), value: HEALTH_LABELS[kt.healthStatus] },
    ],
    summaryNote: l10n.t(
      'The summary is a rolling 10-minute average. Key transactions have no timeslices of their own: the charts show their parent transaction.',
    ),
  };
}
