/**
 * How a transaction's numbers read: the tree row's "84 ms · 1.2k rpm · 0.4 % err", the
 * figures of its tooltip, the transaction panel's summary and the transactions table. Pure (no
 * `vscode`), like the rest of format/. Names are foreign text: callers sanitise them where shown.
 */
import * as l10n from '@vscode/l10n';

import type { TransactionStats } from '../api/transactionStats';
import { formatApdex, formatMs, formatRpm } from './presentation';
import type { SummaryFigure } from './summary';

/** A fraction as a short percentage: 0.004 → "0.4 %", 0 → "0 %", 0.00004 → "<0.1 %". */
export function formatShortPercent(fraction: number): string {
  const pct = fraction * 100;
  if (pct > 0 && pct < 0.1) {
    return '<0.1 %';
  }
  return `${pct >= 10 ? Math.round(pct) : Number(pct.toFixed(1))} %`;
}

/** "84 ms · 1.2k rpm · 0.4 % err". */
export function describeTransaction(t: TransactionStats): string {
  return l10n.t(
    '{0} · {1} · {2} err',
    formatMs(t.averageMs),
    formatRpm(t.callsPerMinute),
    formatShortPercent(t.errorRate),
  );
}

/** The name without the prefix its group already says (`WebTransaction/`), for a row's label. */
export function shortTransactionName(name: string): string {
  return name.startsWith('WebTransaction/') ? name.slice('WebTransaction/'.length) : name;
}

/** Response time, throughput, error rate, Apdex and the share of the app's time of its kind. */
export function transactionFigures(t: TransactionStats): SummaryFigure[] {
  return [
    { label: l10n.t('Response time'), value: formatMs(t.averageMs) },
    { label: l10n.t('Throughput'), value: formatRpm(t.callsPerMinute), hint: l10n.t('{0} calls', t.callCount) },
    { label: l10n.t('Error rate'), value: formatShortPercent(t.errorRate) },
    {
      label: l10n.t('Apdex'),
      value: t.apdex === undefined ? l10n.t('none recorded') : formatApdex(t.apdex),
    },
    {
      label: t.kind === 'web' ? l10n.t("Share of the app's web time") : l10n.t("Share of the app's background time"),
      value: formatShortPercent(t.timeShare),
    },
  ];
}
