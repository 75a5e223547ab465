// Pure (no `vscode`): the controller only applies the result.
import * as l10n from '@vscode/l10n';

import type { OpenAlert } from '../api/openAlerts';
import type { Application, HealthStatus } from '../api/types';
import type { Region } from '../api/regions';
import type { ApiErrorKind } from '../api/apiError';
import type { StatusSettings } from '../config';
import { COMMAND } from '../constants';
import { wrongRegionAdvice } from '../api/regions';
import { fixForKind } from '../session/errorPolicy';
import { escapeMarkdown } from '../util/safeText';
import { formatAge, formatApdex, HEALTH_LABELS } from '../format/presentation';
import { summaryTableRows } from '../format/summary';
import type { Severity } from './alertStatus';
import { lastDeploymentLines } from './alertStatus';
import type { Binding, BindingRegion } from './binding';
import { regionLabel } from './binding';
import type { LastDeployment } from './boundDeployment';
import type { LatestImpact } from '../impact/latestImpact';
import { latestImpactTooltip, latestVerdict, revisionText } from '../impact/latestImpactText';
import { verdictLabel } from '../impact/impactView';

export interface AppSnapshot {
  app?: Application;
  fetchedAt?: number;
  /** The service answered, but without this application (deleted, or another account's ID). */
  missing?: boolean;
  alerts?: readonly OpenAlert[];
  alertsAt?: number;
  /** The last refresh could not ask the open alerts: why, and when. Cleared when they are heard again. */
  alertsError?: { message: string; at: number };
  /** The last refresh failed: why, and when. Cleared by the next good refresh. */
  error?: { message: string; at: number; kind?: ApiErrorKind };
}

export type StatusInput =
  | { kind: 'unbound' }
  | { kind: 'noConnection'; binding: Binding }
  | { kind: 'otherRegion'; binding: Binding; connectionRegion: BindingRegion }
  /** `via`: the live connection's backend label ("REST v2", "NerdGraph"), said in the tooltip. */
  | {
      kind: 'bound';
      binding: Binding;
      snapshot?: AppSnapshot;
      otherBound?: number;
      via?: string;
      deployment?: LastDeployment;
      deploymentFailure?: string;
      latestImpact?: LatestImpact;
    };

export interface StatusView {
  visible: boolean;
  text: string;
  tooltip: string;
  background?: Severity;
  accessibilityLabel: string;
  action: 'bind' | 'openDashboard' | 'setApiKey' | 'switchRegion';
}

/** The item's colour: by the service's health status, or by the user's Apdex thresholds. */
export function severityOf(
  app: Application,
  settings: Pick<StatusSettings, 'colorMode' | 'apdexWarning' | 'apdexError'>,
): Severity | undefined {
  if (settings.colorMode === 'health') {
    return severityOfHealth(app.healthStatus);
  }
  const score = app.summary?.apdexScore;
  if (score === undefined) {
    return undefined;
  }
  if (score < settings.apdexError) {
    return 'error';
  }
  return score < settings.apdexWarning ? 'warning' : undefined;
}

export function severityOfHealth(health: HealthStatus): Severity | undefined {
  return health === 'red' ? 'error' : health === 'orange' ? 'warning' : undefined;
}

export function describeStatus(input: StatusInput, settings: StatusSettings, now: number): StatusView {
  switch (input.kind) {
    case 'unbound':
      return {
        visible: settings.showWhenUnbound,
        text: `$(plug) ${l10n.t('Bind application')}`,
        tooltip: l10n.t(
          'This workspace is not bound to a monitored application. Click to choose one; its Apdex then shows here.',
        ),
        accessibilityLabel: l10n.t('Timeslice: bind this workspace to an application'),
        action: 'bind',
      };
    case 'noConnection': {
      const name = displayName(input.binding);
      return {
        visible: true,
        text: '$(pulse) —',
        tooltip: `**${escapeMarkdown(name)}** (${regionLabel(input.binding.region)})\n\n${l10n.t('No connection: set an API key for the {0} region or start the demo. Click to set the key.', regionLabel(input.binding.region))}`,
        accessibilityLabel: l10n.t('Apdex of {0} unavailable: no connection', name),
        action: 'setApiKey',
      };
    }
    case 'otherRegion': {
      const name = displayName(input.binding);
      return {
        visible: true,
        text: '$(pulse) —',
        tooltip: l10n.t(
          "{0} is bound in the {1} region, but the current connection is {2}. It is not queried there (the ID would name another account's application). Switch the region to {1} to see it.",
          `**${escapeMarkdown(name)}**`,
          regionLabel(input.binding.region),
          regionLabel(input.connectionRegion),
        ),
        accessibilityLabel: l10n.t('Apdex of {0} unavailable: bound in another region', name),
        action: 'openDashboard',
      };
    }
    case 'bound':
      return describeBound(
        input.binding,
        input.snapshot,
        settings,
        now,
        input.otherBound ?? 0,
        input.via,
        input.deployment,
        input.deploymentFailure,
        input.latestImpact,
      );
  }
}

function displayName(binding: Binding, app?: Application): string {
  return app?.name ?? binding.name ?? l10n.t('application {0}', binding.id);
}

function describeBound(
  binding: Binding,
  snap: AppSnapshot | undefined,
  settings: StatusSettings,
  now: number,
  otherBound: number,
  via?: string,
  deployment?: LastDeployment,
  deploymentFailure?: string,
  latest?: LatestImpact,
): StatusView {
  const app = snap?.app;
  const name = displayName(binding, app);
  const lines: string[] = [`**${escapeMarkdown(name)}** · ${regionLabel(binding.region)} · ID ${binding.id}`];
  let text: string;
  let label: string;
  let background: Severity | undefined;
  if (snap?.missing) {
    text = '$(pulse) ?';
    label = l10n.t('{0}: not found', name);
    lines.push(
      l10n.t('The service has no application with ID {0} in this account. Bind the workspace again.', binding.id),
    );
  } else if (!app) {
    text = snap?.error ? '$(pulse) — $(warning)' : '$(sync~spin) Apdex';
    label = snap?.error ? l10n.t('Apdex of {0} unavailable', name) : l10n.t('Loading the Apdex of {0}', name);
    lines.push(snap?.error ? '' : l10n.t('Loading…'));
  } else if (!app.summary) {
    text = '$(pulse) —';
    label = l10n.t('{0}: not reporting', name);
    lines.push(l10n.t('Not reporting · {0}', HEALTH_LABELS[app.healthStatus]));
  } else {
    const s = app.summary;
    text = `$(pulse) ${formatApdex(s.apdexScore)}`;
    background = severityOf(app, settings);
    label = l10n.t('Apdex {0} for {1}, {2}', formatApdex(s.apdexScore), name, HEALTH_LABELS[app.healthStatus]);
    lines.push(
      [
        '| | |',
        '|:--|--:|',
        ...summaryTableRows(s),
        `| ${l10n.t('Health')} | ${HEALTH_LABELS[app.healthStatus]} |`,
      ].join('\n'),
    );
  }
  if (app) {
    lines.push(...lastDeploymentLines(deployment, now, deploymentFailure));
  }
  const verdict = app && latest ? latestVerdict(latest) : undefined;
  if (app && latest) {
    lines.push(...latestImpactTooltip(latest, COMMAND.showDeploymentImpact));
  }
  if (verdict) {
    text += ` $(rocket) ${verdictLabel(verdict)}`;
    label = l10n.t('{0}, {1} since {2}', label, verdictLabel(verdict), revisionText(latest!));
  }
  if (snap?.fetchedAt !== undefined) {
    lines.push(
      via
        ? l10n.t('Data from {0} through {1}.', formatAge(now - snap.fetchedAt), escapeMarkdown(via))
        : l10n.t('Data from {0}.', formatAge(now - snap.fetchedAt)),
    );
  } else if (via) {
    lines.push(l10n.t('Through {0}.', escapeMarkdown(via)));
  }
  if (snap?.error) {
    if (app || snap.missing) {
      text += ' $(warning)';
    }
    label = l10n.t('{0}, refresh failed {1}', label, formatAge(now - snap.error.at));
    lines.push(
      `$(warning) ${l10n.t('The last refresh failed ({0}): {1}', formatAge(now - snap.error.at), escapeMarkdown(snap.error.message))}`,
    );
  }
  if (otherBound > 0) {
    lines.push(
      otherBound === 1
        ? l10n.t("1 other workspace folder is bound too; this item follows the active editor's folder.")
        : l10n.t(
            "{0} other workspace folders are bound too; this item follows the active editor's folder.",
            otherBound,
          ),
    );
  }
  // A key of the other region cannot fix itself: the click switches the region instead.
  const wrongRegion = snap?.error?.kind === 'wrongRegion' && binding.region !== 'demo';
  if (wrongRegion) {
    lines.push(wrongRegionAdvice(binding.region as Region), l10n.t('Click to switch the region.'));
  } else {
    lines.push(l10n.t('Click to open its dashboard.'));
  }
  // A rejected key: the click sets one (the error policy's fix). Other failures open the dashboard,
  // which shows the error with its own fix; a general 403 may have either cause, so it goes there too.
  const setKey = snap?.error?.kind !== undefined && fixForKind(snap.error.kind) === 'setApiKey';
  if (setKey && !wrongRegion) {
    lines[lines.length - 1] = l10n.t('Click to set the API key.');
  }
  return {
    visible: true,
    text,
    tooltip: lines.filter((l) => l !== '').join('\n\n'),
    background,
    accessibilityLabel: label,
    action: wrongRegion ? 'switchRegion' : setKey ? 'setApiKey' : 'openDashboard',
  };
}
