/**
 * How old shown data is, in words: shared by the tree, the chart panels (webview too) and the status
 * bar. Pure, no `vscode`, no DOM.
 */

import * as l10n from '@vscode/l10n';

/** "just now", "3 min ago", "2 h ago", "1 day ago", "5 days ago". Negative ages (clock skew) are "just now". */
export function formatAge(ms: number): string {
  const s = Number.isFinite(ms) ? Math.max(0, Math.round(ms / 1000)) : 0;
  if (s < 60) {
    return l10n.t('just now');
  }
  if (s < 3600) {
    return l10n.t('{0} min ago', Math.floor(s / 60));
  }
  if (s < 86_400) {
    return l10n.t('{0} h ago', Math.floor(s / 3600));
  }
  const days = Math.floor(s / 86_400);
  return days === 1 ? l10n.t('1 day ago') : l10n.t('{0} days ago', days);
}

/** "Showing data from 3 min ago — rate limited, retrying in 40 s". */
export function staleNote(ageMs: number, reason: string): string {
  return l10n.t('Showing data from {0} — {1}', formatAge(ageMs), reason);
}
