// An application's transactions as a table; no compare overlay, since one summary per row has no earlier twin to draw.
import * as l10n from '@vscode/l10n';

import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import type { SummaryTable } from '../protocol';

export async function loadTransactions({ ctx, entity, range }: PanelLoad<'transactions'>): Promise<PanelData> {
  const { from, to } = range.requested;
  const stats = await ctx.api.getTransactionStats(
    { applicationId: entity.applicationId, language: entity.language, from: from.getTime(), to: to.getTime() },
    { signal: ctx.signal, metricNames: ctx.metricNames },
  );
  const table: SummaryTable = {
    caption: l10n.t('Transactions over the whole range'),
    rowHeader: l10n.t('Transaction'),
    // The webview sorts by each column (webview/panel/sortableTable.ts), the first one when it opens.
    columns: [
      l10n.t('Time consumed (s)'),
      l10n.t('Average (ms)'),
      l10n.t('Throughput (rpm)'),
      l10n.t('Error rate (%)'),
      l10n.t('Apdex'),
    ],
    decimals: [1, 1, 1, 2, 2],
    rows: stats.map((s) => ({
      metric: s.name,
      values: [
        // Seconds spent in the range, comparable across web and background (the share is per kind).
        (s.callCount * s.averageMs) / 1000,
        s.averageMs,
        s.callsPerMinute,
        s.errorRate * 100,
        s.apdex ?? null,
      ],
    })),
  };
  const web = stats.filter((s) => s.kind === 'web').length;
  return {
    title: entity.title,
    range: withShown(range, undefined),
    charts: [],
    table,
    metricDataRequests: 0,
    summary: [
      { label: l10n.t('Web transactions'), value: String(web) },
      { label: l10n.t('Background transactions'), value: String(stats.length - web) },
    ],
    summaryNote:
      stats.length === 0
        ? l10n.t('No transactions reported in this range.')
        : l10n.t('Time consumed is calls × average over the range.'),
  };
}
