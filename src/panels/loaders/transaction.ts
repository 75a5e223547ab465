/**
 * One transaction's panel: its response time, throughput, error rate and (web) Apdex from
 * one metric-data request (two with the compare overlay) asked without `values[]`, and a summary of
 * the range computed from the same answer, so opening the panel costs no extra request.
 */
import * as l10n from '@vscode/l10n';

import { companionNames, transactionKind } from '../../api/transactionCompanions';
import { transactionStatsFrom } from '../../api/transactionStatsLoader';
import { transactionFigures } from '../../format/transactions';
import { transactionCharts } from '../catalogue';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import { loadChartSet } from './chartSet';

export async function loadTransaction({ ctx, entity, range }: PanelLoad<'transaction'>): Promise<PanelData> {
  const txn = entity.transactionName;
  const language = entity.language;
  const scope = { kind: 'application', applicationId: entity.applicationId } as const;
  const set = transactionCharts(txn, companionNames(language, txn));
  const { charts, data, requests } = await loadChartSet(ctx, scope, set, range);
  // The summary over the whole range from the same slices (calls summed, times weighted by calls).
  const [stats] = transactionStatsFrom(language, [txn], data);
  const kind = transactionKind(language, txn);
  return {
    title: entity.title,
    range: withShown(range, data),
    charts,
    metricDataRequests: requests,
    summary: [
      ...(stats
        ? transactionFigures(stats).slice(0, 4)
        : [{ label: l10n.t('Summary'), value: l10n.t('no calls in this range') }]),
      {
        label: l10n.t('Kind'),
        value: kind === 'background' ? l10n.t('Background transaction') : l10n.t('Web transaction'),
      },
    ],
    summaryNote: l10n.t(
      'Transaction {0}: its own metrics and its errors metric {1}.',
      txn,
      companionNames(language, txn).errors,
    ),
  };
}
