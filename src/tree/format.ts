/** Pure wording of numbers and records for the tree, tooltips and status bar (no `vscode`). */
import * as l10n from '@vscode/l10n';

import type { ApplicationSummary, HealthStatus } from '../api/types';
import { formatAge as formatDuration } from '../util/age';

export function formatApdex(score: number): string {
  return score.toFixed(2);
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s` : `${Math.round(ms)} ms`;
}

export function formatRpm(rpm: number): string {
  if (rpm >= 1_000_000) {
    return `${(rpm / 1_000_000).toFixed(1)}M rpm`;
  }
  if (rpm >= 1000) {
    return `${(rpm / 1000).toFixed(1)}k rpm`;
  }
  return `${rpm >= 10 ? Math.round(rpm) : rpm.toFixed(1)} rpm`;
}

/** error_rate is a fraction: 0.0123 → "1.23 %". */
export function formatErrorRate(fraction: number): string {
  return `${(fraction * 100).toFixed(2)} %`;
}

/** "Apdex 0.94 · 123 ms · 1.2k rpm". */
export function describeSummary(summary: ApplicationSummary): string {
  return l10n.t('Apdex {0} · {1} · {2}', formatApdex(summary.apdexScore), formatMs(summary.responseTime), formatRpm(summary.throughput));
}

/** Getters: this object is built when the module loads, before activation configures the translations. */
export const HEALTH_LABELS: Readonly<Record<HealthStatus, string>> = {
  get green() { return l10n.t('Healthy'); },
  get orange() { return l10n.t('Warning'); },
  get red() { return l10n.t('Critical'); },
  get gray() { return l10n.t('Not reporting'); },
  get unknown() { return l10n.t('Unknown (no alert policy)'); },
};

/** The age of an ISO time stamp in words ("3 min ago"), or "unknown". */
export function formatAge(iso: string | undefined, now: number = Date.now()): string {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? l10n.t('unknown') : formatDuration(now - t);
}

/**
 * Escapes text for a MarkdownString: markdown syntax is backslash-escaped and HTML's special characters
 * become entities, so an application named `<img src=x onerror=…>` shows as those characters. Our
 * tooltips support theme icons, which VS Code substitutes after the markdown is rendered (where `\(`
 * is plain `(` again), so `$` gets an invisible U+200B after it and `$(zap)` in a name stays text.
 */
export function escapeMarkdown(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\$/g, '$\u200b')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&')
    .replace(/\r?\n/g, ' ');
}
