// Pure parts of the palette's pickers; the items are plain objects that fit QuickPickItem.
import * as l10n from '@vscode/l10n';

import type { Application, HealthStatus, Host, Instance, MetricName, MetricScope } from '../api/types';
import type { RangePreset } from '../panels/protocol';
import { PRESET_MINUTES, presetLabel } from '../panels/protocol';
import { formatErrorRate, HEALTH_LABELS } from '../format/presentation';
import { describeSummary } from '../format/summary';
import { safeText } from '../util/safeText';
import type { QuickSteps } from './quickSteps';

export const HEALTH_CODICONS: Readonly<Record<HealthStatus, string>> = {
  green: 'pass',
  orange: 'warning',
  red: 'error',
  gray: 'circle-slash',
  unknown: 'question',
};

export interface PlainItem {
  label: string;
  description?: string;
  detail?: string;
}

/** "$(pass) storefront-web" / "Apdex 0.94 · 123 ms · 1.2k rpm · 1.23 % errors" / "ID 1 · java · Healthy". */
export function applicationSummaryItem(app: Application): PlainItem & { app: Application } {
  const health: HealthStatus = app.reporting ? app.healthStatus : 'gray';
  return {
    label: `$(${HEALTH_CODICONS[health]}) ${safeText(app.name)}`,
    description: app.summary
      ? l10n.t('{0} · {1} errors', describeSummary(app.summary), formatErrorRate(app.summary.errorRate))
      : l10n.t('not reporting'),
    detail: l10n.t('ID {0} · {1} · {2}', app.id, safeText(app.language), HEALTH_LABELS[health]),
    app,
  };
}

export type RangePresetItem = PlainItem & { preset: Exclude<RangePreset, 'custom'>; minutes: number };

export function rangePresetItems(): RangePresetItem[] {
  return (Object.keys(PRESET_MINUTES) as Array<Exclude<RangePreset, 'custom'>>).map((preset) => ({
    label: presetLabel(preset),
    description: preset,
    preset,
    minutes: PRESET_MINUTES[preset],
  }));
}

export type ScopeItem = PlainItem & { scope: MetricScope; title: string };

export function scopeItems(app: Pick<Application, 'id' | 'name'>, hosts: Host[], instances: Instance[]): ScopeItem[] {
  return [
    {
      label: `$(server-process) ${safeText(app.name)}`,
      description: l10n.t('whole application'),
      scope: { kind: 'application', applicationId: app.id },
      title: app.name,
    },
    ...hosts.map((h): ScopeItem => ({
      label: `$(vm) ${safeText(h.host)}`,
      description: l10n.t('host {0}', h.id),
      scope: { kind: 'host', applicationId: app.id, hostId: h.id },
      title: h.host,
    })),
    ...instances.map((i): ScopeItem => {
      const name = i.port !== undefined ? `${i.host}:${i.port}` : i.host;
      return {
        label: `$(symbol-event) ${safeText(name)}`,
        description: l10n.t('instance {0}', i.id),
        scope: { kind: 'instance', applicationId: app.id, instanceId: i.id },
        title: name,
      };
    }),
  ];
}

/** Most names a metric pick shows at once; the name filter narrows the rest. */
export const MAX_METRIC_ITEMS = 500;

export function metricNameItems(names: MetricName[]): Array<PlainItem & { metric: MetricName }> {
  return names.slice(0, MAX_METRIC_ITEMS).map((m) => ({
    label: safeText(m.name),
    description: m.values.length === 1 ? l10n.t('1 value') : l10n.t('{0} values', m.values.length),
    metric: m,
  }));
}

/** The checked values, or the highlighted one when none is checked (so Enter picks it, as in a single pick). */
export function acceptedValues(checked: readonly string[], active: readonly string[]): string[] {
  return checked.length > 0 ? [...checked] : active.slice(0, 1);
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as NodeJS.Timeout) };

/** Only the newest answer reaches `apply`: an older request that answers late is dropped. */
export class DebouncedSearch<T> {
  private timer: unknown;
  private sequence = 0;
  private disposed = false;

  constructor(
    private readonly search: (query: string) => Promise<T>,
    private readonly handlers: {
      apply(query: string, result: T): void;
      fail(query: string, error: unknown): void;
      busy(busy: boolean): void;
    },
    private readonly delayMs = 250,
    private readonly timers: Timers = realTimers,
  ) {}

  update(query: string, immediately = false): void {
    if (this.disposed) {
      return;
    }
    const sequence = ++this.sequence;
    this.timers.clear(this.timer);
    this.handlers.busy(true);
    const run = () => {
      this.search(query).then(
        (result) => this.settle(sequence, () => this.handlers.apply(query, result)),
        (error: unknown) => this.settle(sequence, () => this.handlers.fail(query, error)),
      );
    };
    if (immediately) {
      run();
    } else {
      this.timer = this.timers.set(run, this.delayMs);
    }
  }

  private settle(sequence: number, then: () => void): void {
    if (this.disposed || sequence !== this.sequence) {
      return; // A newer query is on its way (or the pick closed).
    }
    this.handlers.busy(false);
    then();
  }

  dispose(): void {
    this.disposed = true;
    this.timers.clear(this.timer);
  }
}

/** A view only: JSON.parse rounds numbers beyond 2^53, one reason the body as sent stays the default. */
export function prettyJson(body: string): string | undefined {
  try {
    return `${JSON.stringify(JSON.parse(body), null, 2)}\n`;
  } catch {
    return undefined;
  }
}

export interface Navigation {
  canGoBack: boolean;
  /** Set by the step when the user pressed Back (it then answers undefined). */
  wentBack?: boolean;
  chain?: QuickSteps;
}

/** A step answers false to stop; if it went back, the step before runs again. */
export async function runSteps(
  steps: ReadonlyArray<(nav: Navigation) => Promise<boolean>>,
  chain?: QuickSteps,
): Promise<boolean> {
  let index = 0;
  while (index < steps.length) {
    const nav: Navigation = { canGoBack: index > 0, chain };
    if (await steps[index](nav)) {
      index++;
    } else if (nav.wentBack && index > 0) {
      index--;
    } else {
      return false;
    }
  }
  return true;
}
