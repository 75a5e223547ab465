import * as l10n from '@vscode/l10n';

import type { TransactionStats } from '../api/transactionStats';
import { compactPercent, formatApdex, formatMs, formatRpm } from '../format/presentation';
import { safeText } from '../util/safeText';
import type { CodeMap, IndexedFile } from './codeMatch';
import { codeTargetOf } from './transactionNames';

export const LENS_RANGES = {
  '30m': { minutes: 30, label: () => l10n.t('30 min') },
  '1h': { minutes: 60, label: () => l10n.t('1 h') },
  '3h': { minutes: 180, label: () => l10n.t('3 h') },
  '24h': { minutes: 1440, label: () => l10n.t('24 h') },
} as const;

export type LensRange = keyof typeof LENS_RANGES;

export interface LensEntry {
  line: number;
  stats: TransactionStats;
  title: string;
  tooltip: string;
}

export function lensTitle(stats: TransactionStats, rangeLabel: string, topClass?: string): string {
  if (stats.callCount === 0) {
    return l10n.t('no calls · {0}', rangeLabel);
  }
  const errors = l10n.t('{0} errors', compactPercent(stats.errorRate));
  const top = topClass && stats.errorRate > 0 ? [topClass] : [];
  return [formatMs(stats.averageMs), formatRpm(stats.callsPerMinute), errors, ...top, rangeLabel].join(' · ');
}

/** Plain text (a CodeLens tooltip renders no markdown); the name is foreign text. */
export function lensTooltip(stats: TransactionStats): string {
  const apdex = stats.apdex === undefined ? [] : [l10n.t('Apdex {0}', formatApdex(stats.apdex))];
  const share =
    stats.kind === 'web'
      ? l10n.t("{0} of the application's web time", compactPercent(stats.timeShare))
      : l10n.t("{0} of the application's background time", compactPercent(stats.timeShare));
  return [[...apdex, share].join(' · '), safeText(stats.name, 300)].join('\n');
}

export function lensesForFile(
  map: CodeMap,
  file: IndexedFile,
  agentLanguage: string,
  stats: readonly TransactionStats[],
  rangeLabel: string,
  topClassOf: (metricName: string) => string | undefined = () => undefined,
): LensEntry[] {
  const entries: LensEntry[] = [];
  for (const s of stats) {
    const target = codeTargetOf(agentLanguage, s.name);
    const at = target && map.locateIn(target, file);
    if (at) {
      const title = lensTitle(s, rangeLabel, topClassOf(s.name));
      entries.push({ line: at.line, stats: s, title, tooltip: lensTooltip(s) });
    }
  }
  return entries.sort((a, b) => a.line - b.line || b.stats.callCount - a.stats.callCount);
}

export function namesServedBy(
  map: CodeMap,
  files: readonly IndexedFile[],
  agentLanguage: string,
  names: readonly string[],
): string[] {
  return names.filter((name) => {
    const target = codeTargetOf(agentLanguage, name);
    return target !== undefined && files.some((file) => map.locateIn(target, file) !== undefined);
  });
}
