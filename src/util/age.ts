/**
 * How old shown data is, in words: shared by the tree, the chart panels (webview too) and the status
 * bar. Pure, no `vscode`, no DOM.
 */

/** "just now", "3 min ago", "2 h ago", "1 day ago", "5 days ago". Negative ages (clock skew) are "just now". */
export function formatAge(ms: number): string {
  const s = Number.isFinite(ms) ? Math.max(0, Math.round(ms / 1000)) : 0;
  if (s < 60) {
    return 'just now';
  }
  if (s < 3600) {
    return `${Math.floor(s / 60)} min ago`;
  }
  if (s < 86_400) {
    return `${Math.floor(s / 3600)} h ago`;
  }
  const days = Math.floor(s / 86_400);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** "Showing data from 3 min ago — rate limited, retrying in 40 s". */
export function staleNote(ageMs: number, reason: string): string {
  return `Showing data from ${formatAge(ageMs)} — ${reason}`;
}
