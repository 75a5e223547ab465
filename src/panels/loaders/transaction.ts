// One transaction's panel from one request without `values[]`; its summary from the same answer costs no extra request.
import * as l10n from '@vscode/l10n';

import { companionNames, transactionKind } from '../../api/transactionCompanions';
import { transactionStatsFrom } from '../../api/transactionStatsLoader';
import { transactionFigures } from '../../format/transactions';
import { isApiError } from '../../api/apiError';
import { transactionCharts } from '../catalogue';
import type { ErrorPanelData } from '../errorEntity';
import { transactionClasses } from '../errorPanelData';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import { loadChartSet } from './chartSet';

/** A failure is said under the table, not the panel's. */
async function errorClassesOf({ ctx, entity, range }: PanelLoad<'transaction'>): Promise<ErrorPanelData | undefined> {
  if (!ctx.errors) {
    return undefined;
  }
  const { from, to } = range.requested;
  const app = { id: entity.applicationId, language: entity.language ?? '' };
  try {
    const answer = await ctx.errors.classes(app, { from, to }, ctx.signal);
    return transactionClasses(answer, entity.transactionName, app.language);
  } catch (e) {
    if (isApiError(e) && e.kind === 'cancelled') {
      throw e;
    }
    const message = e instanceof Error ? e.message : String(e);
    return { kind: 'classes', rows: [], note: l10n.t('Error classes could not be loaded: {0}', message) };
  }
}

export async function loadTransaction(load: PanelLoad<'transaction'>): Promise<PanelData> {
  const { ctx, entity, range } = load;
  const txn = entity.transactionName;
  const language = entity.language;
  const scope = { kind: 'application', applicationId: entity.applicationId } as const;
  const set = transactionCharts(txn, companionNames(language, txn));
  const [{ charts, data, requests }, errors] = await Promise.all([
    loadChartSet(ctx, scope, set, range),
    errorClassesOf(load),
  ]);
  // The summary over the whole range from the same slices (calls summed, times weighted by calls).
  const [stats] = transactionStatsFrom(language, [txn], data);
  const kind = transactionKind(language, txn);
  return {
    title: entity.title,
    range: withShown(range, data),
    charts,
    metricDataRequests: requests,
    ...(errors ? { errors } : {}),
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
