/** The deployment and alert markers of a 'data' message, checked one by one (a bad one is dropped, not the panel). */
import * as l10n from '@vscode/l10n';

import type { AlertMarker } from '../../src/panels/alertMarker';
import { MAX_ALERT_MARKERS } from '../../src/panels/alertMarker';
import type { DeploymentMarker } from '../../src/panels/deploymentMarkers';
import { MAX_MARKERS } from '../../src/panels/deploymentMarkers';
import { alertPriorityLabel } from '../../src/format/presentation';
import { INVISIBLE } from '../../src/util/safeText';
import type { TimeZoneMode } from './format';
import { formatDateTime } from './format';

const TEXT_LIMIT = 2000;

/**
 * Without the characters src/util/safeText.ts removes, so a user `eve\u202egnp.exe` is not drawn as
 * "eveexe.png"; newlines stay (changelogs).
 */
function text(v: unknown): string | undefined {
  const s = typeof v === 'string' ? v.replace(INVISIBLE, '').slice(0, TEXT_LIMIT) : '';
  return s !== '' ? s : undefined;
}

export function readMarkers(v: unknown): DeploymentMarker[] | undefined {
  if (!Array.isArray(v)) {
    return undefined;
  }
  const out: DeploymentMarker[] = [];
  for (const m of v.slice(0, MAX_MARKERS) as unknown[]) {
    const r = typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : {};
    const revision = text(r.revision);
    if (typeof r.time !== 'number' || !Number.isFinite(r.time) || revision === undefined) {
      continue;
    }
    const id = typeof r.id === 'string' && r.id.length <= 100 ? r.id : undefined;
    out.push({
      ...(id ? { id } : {}),
      time: r.time,
      revision,
      short: text(r.short) ?? revision.slice(0, 12),
      user: text(r.user),
      description: text(r.description),
      changelog: text(r.changelog),
    });
  }
  return out;
}

const PRIORITIES = ['critical', 'high', 'medium', 'low', 'warning'];

/** The alert markers: a time, a title (foreign text, cleaned like a deployment's), a known priority. */
export function readAlertMarkers(v: unknown): AlertMarker[] | undefined {
  if (!Array.isArray(v)) {
    return undefined;
  }
  const out: AlertMarker[] = [];
  for (const m of v.slice(0, MAX_ALERT_MARKERS) as unknown[]) {
    const r = typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : {};
    const title = text(r.title)?.replace(/[\r\n]+/g, ' ');
    if (typeof r.time !== 'number' || !Number.isFinite(r.time) || title === undefined) {
      continue;
    }
    const condition = text(r.condition)?.replace(/[\r\n]+/g, ' ');
    out.push({
      time: r.time,
      title,
      priority: typeof r.priority === 'string' && PRIORITIES.includes(r.priority) ? r.priority : 'warning',
      ...(condition ? { condition } : {}),
    });
  }
  return out;
}

/** The tooltip's lines: priority and title, when it started, its condition; whole (the box wraps them). */
export function alertMarkerLines(m: AlertMarker, tz: TimeZoneMode): string[] {
  return [
    l10n.t('{0} alert: {1}', alertPriorityLabel(m.priority), m.title),
    l10n.t('Opened {0}', formatDateTime(m.time, tz)),
    ...(m.condition && m.condition !== m.title ? [l10n.t('Condition: {0}', m.condition)] : []),
  ];
}
