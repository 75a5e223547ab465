// How numbers, ages and health read wherever they are shown, so every view words a value the same way.
import * as l10n from '@vscode/l10n';

import type { HealthStatus } from '../api/types';

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

/** The smallest share `compactPercent` writes as a number: two decimals under 1 %. */
export const COMPACT_PERCENT_FLOOR = 0.01;

/** "< 0.01 %" for a share under the display precision, which rounding would print as none. */
export function compactPercent(fraction: number): string {
  const percent = fraction * 100;
  if (percent > 0 && percent < COMPACT_PERCENT_FLOOR) {
    return `< ${COMPACT_PERCENT_FLOOR} %`;
  }
  const digits = percent === 0 || percent >= 10 ? 0 : percent >= 1 ? 1 : 2;
  return `${Number(percent.toFixed(digits))} %`;
}

export function formatErrorRate(fraction: number): string {
  return `${(fraction * 100).toFixed(2)} %`;
}

/** Getters: this object is built when the module loads, before activation configures the translations. */
export const HEALTH_LABELS: Readonly<Record<HealthStatus, string>> = {
  get green() {
    return l10n.t('Healthy');
  },
  get orange() {
    return l10n.t('Warning');
  },
  get red() {
    return l10n.t('Critical');
  },
  get gray() {
    return l10n.t('Not reporting');
  },
  get unknown() {
    return l10n.t('Unknown (no alert policy)');
  },
};

/** NerdGraph has no health per host (docs/service.md#hosts-and-instances), and "unknown" would say no alert policy. */
export function hostHealthLabel(health: HealthStatus | undefined): string {
  return health ? HEALTH_LABELS[health] : l10n.t('Not available through NerdGraph (no health per host or instance)');
}

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;

/** Always the largest whole unit; a negative age (a clock ahead) is "just now", a non-finite one "unknown". */
export function formatAge(ageMs: number): string {
  if (!Number.isFinite(ageMs)) {
    return l10n.t('unknown');
  }
  const s = Math.max(0, Math.round(ageMs / 1000));
  if (s < MINUTE_S) {
    return l10n.t('just now');
  }
  if (s < HOUR_S) {
    return l10n.t('{0} min ago', Math.floor(s / MINUTE_S));
  }
  if (s < DAY_S) {
    return l10n.t('{0} h ago', Math.floor(s / HOUR_S));
  }
  const days = Math.floor(s / DAY_S);
  return days === 1 ? l10n.t('1 day ago') : l10n.t('{0} days ago', days);
}

export function staleNote(ageMs: number, reason: string): string {
  return l10n.t('Showing data from {0} — {1}', formatAge(ageMs), reason);
}

/**
 * An alert's priority as the status bar and the charts' alert markers name it; a priority the service
 * may add later reads as a warning.
 */
export function alertPriorityLabel(priority: string): string {
  switch (priority) {
    case 'critical':
      return l10n.t('Critical');
    case 'high':
      return l10n.t('High');
    case 'medium':
      return l10n.t('Medium');
    case 'low':
      return l10n.t('Low');
    default:
      return l10n.t('Warning');
  }
}
