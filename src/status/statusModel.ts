/**
 * Pure wording and colour of the Apdex status-bar item (no `vscode`): what a binding looks like for
 * each state of the connection and of the last refresh. The controller only applies the result.
 */
import type { Application, HealthStatus } from '../api/types';
import type { Region } from '../api/regions';
import type { ApiErrorKind } from '../api/errors';
import { REGION_LABELS, wrongRegionAdvice } from '../api/regions';
import { fixForKind } from '../session/errorPolicy';
import { isPlainDisplayName } from '../util/safeText';
import {
  escapeMarkdown, formatApdex, formatErrorRate, formatMs, formatRpm, HEALTH_LABELS,
} from '../tree/format';

/** Where a bound application lives: an account region, or the built-in demo. */
export type BindingRegion = Region | 'demo';

/** The value of `timeslice.boundApplication`. `name` is only for display before the first refresh. */
export interface Binding {
  id: number;
  region: BindingRegion;
  name?: string;
}

const BINDING_REGIONS: readonly BindingRegion[] = ['us', 'eu', 'custom', 'demo'];

/**
 * A setting's value as a binding; anything malformed (hand-edited settings) counts as unbound. A
 * `name` that is not a plain display name is refused too (see `bindingProblem`): the value comes from
 * a cloned repository and the name is shown in notifications, where link syntax would run a command.
 */
export function parseBinding(value: unknown): Binding | undefined {
  if (typeof value !== 'object' || value === null || bindingProblem(value) !== undefined) {
    return undefined;
  }
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'string' && /^\d+$/.test(v.id) ? Number(v.id) : v.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    return undefined;
  }
  const region = (BINDING_REGIONS as readonly unknown[]).includes(v.region) ? (v.region as BindingRegion) : 'us';
  return { id, region, ...(typeof v.name === 'string' && v.name ? { name: v.name } : {}) };
}

/** Why a binding with a name is refused, or undefined when its name (if any) is fine. */
export function bindingProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('name' in value)) {
    return undefined;
  }
  const name = (value as { name: unknown }).name;
  if (name === undefined || name === null || name === '' || (typeof name === 'string' && isPlainDisplayName(name))) {
    return undefined;
  }
  return 'The "name" of "timeslice.boundApplication" is not a plain application name (it has link, icon or HTML syntax, '
    + 'invisible characters, or is longer than 200 characters), so the binding is ignored. Bind the folder again with '
    + '"Timeslice: Bind Workspace to Application…", or remove "name" from the setting.';
}

export function bindingKey(b: Pick<Binding, 'id' | 'region'>): string {
  return `${b.region}:${b.id}`;
}

export function regionLabel(region: BindingRegion): string {
  return region === 'demo' ? 'Demo' : REGION_LABELS[region];
}

/** What the poller knows about one bound application. */
export interface AppSnapshot {
  /** The last application record received, kept when a later refresh fails. */
  app?: Application;
  /** When `app` (or `missing`) was received, ms since the epoch. */
  fetchedAt?: number;
  /** The service answered, but without this application (deleted, or another account's ID). */
  missing?: boolean;
  /** The last refresh failed: why, and when. Cleared by the next good refresh. */
  error?: { message: string; at: number; kind?: ApiErrorKind };
}

export type ColorMode = 'health' | 'thresholds';

export interface StatusSettings {
  colorMode: ColorMode;
  apdexWarning: number;
  apdexError: number;
  showWhenUnbound: boolean;
}

export type StatusInput =
  | { kind: 'unbound' }
  | { kind: 'noConnection'; binding: Binding }
  | { kind: 'otherRegion'; binding: Binding; connectionRegion: BindingRegion }
  | { kind: 'bound'; binding: Binding; snapshot?: AppSnapshot; otherBound?: number };

export type Severity = 'warning' | 'error';

export interface StatusView {
  visible: boolean;
  /** With codicons, e.g. "$(pulse) 0.94". */
  text: string;
  /** Markdown. */
  tooltip: string;
  background?: Severity;
  accessibilityLabel: string;
  /** What a click does. */
  action: 'bind' | 'openDashboard' | 'setApiKey' | 'switchRegion';
}

/** The item's colour: by the service's health status, or by the user's Apdex thresholds. */
export function severityOf(app: Application, settings: Pick<StatusSettings, 'colorMode' | 'apdexWarning' | 'apdexError'>): Severity | undefined {
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

/** "just now", "3 min ago", "2 h ago" from a timestamp in ms. */
export function formatAgeMs(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) {
    return 'just now';
  }
  if (s < 3600) {
    return `${Math.floor(s / 60)} min ago`;
  }
  return s < 86_400 ? `${Math.floor(s / 3600)} h ago` : `${Math.floor(s / 86_400)} days ago`;
}

const CLICK_TO_OPEN = 'Click to open its dashboard.';

export function describeStatus(input: StatusInput, settings: StatusSettings, now: number): StatusView {
  switch (input.kind) {
    case 'unbound':
      return {
        visible: settings.showWhenUnbound,
        text: '$(plug) Bind application',
        tooltip: 'This workspace is not bound to a monitored application. Click to choose one; its Apdex then shows here.',
        accessibilityLabel: 'Timeslice: bind this workspace to an application',
        action: 'bind',
      };
    case 'noConnection': {
      const name = displayName(input.binding);
      return {
        visible: true,
        text: '$(pulse) —',
        tooltip: `**${escapeMarkdown(name)}** (${regionLabel(input.binding.region)})\n\nNo connection: set an API key for the ${regionLabel(input.binding.region)} region or start the demo. Click to set the key.`,
        accessibilityLabel: `Apdex of ${name} unavailable: no connection`,
        action: 'setApiKey',
      };
    }
    case 'otherRegion': {
      const name = displayName(input.binding);
      return {
        visible: true,
        text: '$(pulse) —',
        tooltip: `**${escapeMarkdown(name)}** is bound in the ${regionLabel(input.binding.region)} region, but the current connection is ${regionLabel(input.connectionRegion)}. `
          + `It is not queried there (the ID would name another account's application). Switch the region to ${regionLabel(input.binding.region)} to see it.`,
        accessibilityLabel: `Apdex of ${name} unavailable: bound in another region`,
        action: 'openDashboard',
      };
    }
    case 'bound':
      return describeBound(input.binding, input.snapshot, settings, now, input.otherBound ?? 0);
  }
}

function displayName(binding: Binding, app?: Application): string {
  return app?.name ?? binding.name ?? `application ${binding.id}`;
}

function describeBound(binding: Binding, snap: AppSnapshot | undefined, settings: StatusSettings, now: number, otherBound: number): StatusView {
  const app = snap?.app;
  const name = displayName(binding, app);
  const lines: string[] = [`**${escapeMarkdown(name)}** · ${regionLabel(binding.region)} · ID ${binding.id}`];
  let text: string;
  let label: string;
  let background: Severity | undefined;
  if (snap?.missing) {
    text = '$(pulse) ?';
    label = `${name}: not found`;
    lines.push(`The service has no application with ID ${binding.id} in this account. Bind the workspace again.`);
  } else if (!app) {
    text = snap?.error ? '$(pulse) — $(warning)' : '$(sync~spin) Apdex';
    label = snap?.error ? `Apdex of ${name} unavailable` : `Loading the Apdex of ${name}`;
    lines.push(snap?.error ? '' : 'Loading…');
  } else if (!app.summary) {
    text = '$(pulse) —';
    label = `${name}: not reporting`;
    lines.push(`Not reporting · ${HEALTH_LABELS[app.healthStatus]}`);
  } else {
    const s = app.summary;
    text = `$(pulse) ${formatApdex(s.apdexScore)}`;
    background = severityOf(app, settings);
    label = `Apdex ${formatApdex(s.apdexScore)} for ${name}, ${HEALTH_LABELS[app.healthStatus]}`;
    lines.push(
      `| | |\n|:--|--:|\n| Apdex (T ${s.apdexTarget} s) | ${formatApdex(s.apdexScore)} |\n| Response time | ${formatMs(s.responseTime)} |`
      + `\n| Throughput | ${formatRpm(s.throughput)} |\n| Error rate | ${formatErrorRate(s.errorRate)} |\n| Health | ${HEALTH_LABELS[app.healthStatus]} |`,
    );
  }
  if (snap?.fetchedAt !== undefined) {
    lines.push(`Data from ${formatAgeMs(snap.fetchedAt, now)}.`);
  }
  if (snap?.error) {
    if (app || snap.missing) {
      text += ' $(warning)';
    }
    label += `, refresh failed ${formatAgeMs(snap.error.at, now)}`;
    lines.push(`$(warning) The last refresh failed (${formatAgeMs(snap.error.at, now)}): ${escapeMarkdown(snap.error.message)}`);
  }
  if (otherBound > 0) {
    lines.push(`${otherBound} other workspace folder${otherBound === 1 ? ' is' : 's are'} bound too; this item follows the active editor's folder.`);
  }
  // A key of the other region cannot fix itself: the click switches the region instead.
  const wrongRegion = snap?.error?.kind === 'wrongRegion' && binding.region !== 'demo';
  if (wrongRegion) {
    lines.push(wrongRegionAdvice(binding.region as Region), 'Click to switch the region.');
  } else {
    lines.push(CLICK_TO_OPEN);
  }
  // A rejected key: the click sets one (the error policy's fix). Other failures open the dashboard,
  // which shows the error with its own fix; a general 403 may have either cause, so it goes there too.
  const setKey = snap?.error?.kind !== undefined && fixForKind(snap.error.kind) === 'setApiKey';
  if (setKey && !wrongRegion) {
    lines[lines.length - 1] = 'Click to set the API key.';
  }
  return {
    visible: true, text, tooltip: lines.filter((l) => l !== '').join('\n\n'), background, accessibilityLabel: label,
    action: wrongRegion ? 'switchRegion' : setKey ? 'setApiKey' : 'openDashboard',
  };
}
