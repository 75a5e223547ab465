// How a summary reads, in one place; each view lays the same figures out its own way.
import * as l10n from '@vscode/l10n';

import type { ApplicationSummary } from '../api/types';
import { formatApdex, formatErrorRate, formatMs, formatRpm } from './presentation';

/** One figure of a summary: "Apdex" "0.94" "target 0.5 s". Structurally a panel's `SummaryItem`. */
export interface SummaryFigure {
  label: string;
  value: string;
  hint?: string;
}

export function describeSummary(summary: ApplicationSummary): string {
  return l10n.t(
    'Apdex {0} · {1} · {2}',
    formatApdex(summary.apdexScore),
    formatMs(summary.responseTime),
    formatRpm(summary.throughput),
  );
}

export function summaryFigures(summary: ApplicationSummary | undefined): SummaryFigure[] {
  if (!summary) {
    return [{ label: l10n.t('Summary'), value: l10n.t('not reporting') }];
  }
  return [
    {
      label: l10n.t('Apdex'),
      value: formatApdex(summary.apdexScore),
      hint: l10n.t('target {0} s', summary.apdexTarget),
    },
    { label: l10n.t('Response time'), value: formatMs(summary.responseTime) },
    { label: l10n.t('Throughput'), value: formatRpm(summary.throughput) },
    { label: l10n.t('Error rate'), value: formatErrorRate(summary.errorRate) },
  ];
}

export function summaryLines(summary: ApplicationSummary | undefined): Array<[string, string]> {
  return summaryFigures(summary).map((f) => [f.label, f.hint ? `${f.value} (${f.hint})` : f.value]);
}

/** The status-bar tooltip is narrow, so the Apdex target goes into its label as "T" (Apdex's own name for it). */
export function summaryTableRows(summary: ApplicationSummary): string[] {
  const [apdex, ...rest] = summaryFigures(summary);
  return [
    `| ${l10n.t('Apdex (T {0} s)', summary.apdexTarget)} | ${apdex.value} |`,
    ...rest.map((f) => `| ${f.label} | ${f.value} |`),
  ];
}
