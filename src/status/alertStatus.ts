/**
 * Pure wording and colour of the open-alerts status-bar item beside the Apdex: the highest
 * severity of the bound application's open alerts, as the theme's error (critical) or warning (any
 * other priority) background, and nothing at all when none is open. Titles, condition and policy names
 * are foreign text: the tooltip is a plain string (VS Code shows it as text), each through `safeText`.
 * Also the Apdex tooltip's lines about the last deployment (markdown, escaped). No `vscode`.
 */
import * as l10n from '@vscode/l10n';

import type { OpenAlert } from '../api/openAlerts';
import { alertPriorityLabel, formatAge } from '../format/presentation';
import { escapeMarkdown, safeText } from '../util/safeText';
import type { LastDeployment } from './boundDeployment';

/** A status-bar item's colour: the theme's warning or error background. */
export type Severity = 'warning' | 'error';

/** How many alerts the tooltip lists; the rest are counted. */
export const ALERTS_IN_TOOLTIP = 5;

export interface AlertStatusView {
  /** With a codicon, e.g. "$(error) 2". */
  text: string;
  /** Plain text, never markdown. */
  tooltip: string;
  background: Severity;
  accessibilityLabel: string;
}

/** Why the last refresh could not ask the open alerts, and when the ones shown were heard. */
export interface AlertsFailure {
  message: string;
  heardAt?: number;
}

/**
 * The item for `alerts` of the application named `name`; undefined (the item hidden) when none is open.
 * When the last refresh could not ask them (`failed`), the last ones heard stay with their age, and with
 * none open then it says "alerts unknown": a hidden item would read as "nothing firing".
 */
export function describeAlerts(
  alerts: readonly OpenAlert[] | undefined,
  name: string,
  now: number,
  failed?: AlertsFailure,
): AlertStatusView | undefined {
  if (failed && (!alerts || alerts.length === 0)) {
    return alertsUnknown(name, failed);
  }
  if (!alerts || alerts.length === 0) {
    return undefined;
  }
  const critical = alerts.filter((a) => a.priority === 'critical').length;
  const background: Severity = critical > 0 ? 'error' : 'warning';
  const severity = critical > 0 ? l10n.t('critical') : l10n.t('warning');
  const app = safeText(name);
  const newest = [...alerts].sort((a, b) => b.openedAt - a.openedAt);
  const lines = [
    alerts.length === 1
      ? l10n.t('1 open alert on {0} ({1})', app, severity)
      : l10n.t('{0} open alerts on {1} ({2})', alerts.length, app, severity),
    ...newest
      .slice(0, ALERTS_IN_TOOLTIP)
      .map((a) =>
        [
          `${alertPriorityLabel(a.priority)}: ${safeText(a.title || a.conditionName || a.id, 120)}`,
          formatAge(now - a.openedAt),
          ...(a.conditionName && a.title ? [safeText(a.conditionName, 80)] : []),
          ...(a.policyName ? [safeText(a.policyName, 80)] : []),
        ].join(' · '),
      ),
    ...(alerts.length > ALERTS_IN_TOOLTIP ? [l10n.t('… and {0} more', alerts.length - ALERTS_IN_TOOLTIP)] : []),
    ...(failed
      ? [l10n.t('Heard {0}; refresh failed: {1}', formatAge(now - (failed.heardAt ?? now)), safeText(failed.message))]
      : []),
    l10n.t('Click to open its dashboard; the Applications view lists every open alert.'),
  ];
  return {
    text: `${background === 'error' ? '$(error)' : '$(warning)'} ${alerts.length}`,
    tooltip: lines.join('\n'),
    background,
    accessibilityLabel:
      alerts.length === 1
        ? l10n.t('1 open alert on {0}, {1}', app, severity)
        : l10n.t('{0} open alerts on {1}, {2}', alerts.length, app, severity),
  };
}

/** The item when the open alerts could not be asked and none are known: unknown, never "none". */
function alertsUnknown(name: string, failed: AlertsFailure): AlertStatusView {
  const app = safeText(name);
  return {
    text: `$(question) ${l10n.t('alerts unknown')}`,
    tooltip: [
      l10n.t('Open alerts on {0} unknown: the request failed ({1}).', app, safeText(failed.message)),
      l10n.t('The next refresh asks again; the Applications view has Retry.'),
    ].join('\n'),
    background: 'warning',
    accessibilityLabel: l10n.t('Open alerts on {0} unknown', app),
  };
}

/**
 * The Apdex tooltip's lines (markdown) about the application's last deployment: which, by whom and
 * when, with its description, and the response time's change since it, as a panel's header says it;
 * and why the last ask failed, when it did.
 */
export function lastDeploymentLines(last: LastDeployment | undefined, now: number, failed?: string): string[] {
  const md = (text: string, max?: number) => escapeMarkdown(safeText(text, max));
  const failure = failed === undefined ? [] : [l10n.t('Last deployment: refresh failed ({0})', md(failed, 200))];
  if (!last) {
    // Unknown is said as unknown: no line would read as "no deployment".
    return failure;
  }
  const m = last.marker;
  const who = m.user ? l10n.t('{0} by {1}', md(m.short, 40), md(m.user, 80)) : md(m.short, 40);
  const lines = [
    [
      l10n.t('Last deployment: {0}, {1}', who, formatAge(now - m.time)),
      ...(m.description ? [md(m.description, 120)] : []),
    ].join(' · '),
  ];
  if (last.change) {
    lines.push(md(last.change.text));
  }
  return [...lines, ...failure];
}
