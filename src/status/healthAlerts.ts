import * as l10n from '@vscode/l10n';

import type { HealthStatus } from '../api/types';
import { HEALTH_LABELS } from '../format/presentation';
import { safeText } from '../util/safeText';

export interface HealthAlert {
  key: string;
  applicationId: number;
  name: string;
  from: HealthStatus;
  to: HealthStatus;
  at: number;
}

/** At most one alert per application in this window, however often its health flips. */
export const ALERT_MIN_INTERVAL_MS = 10 * 60_000;

export class HealthAlertTracker {
  private readonly last = new Map<string, HealthStatus>();
  private readonly lastAlertAt = new Map<string, number>();

  constructor(private readonly minIntervalMs = ALERT_MIN_INTERVAL_MS) {}

  // Never on the first status seen (e.g. when VS Code starts).
  observe(
    key: string,
    applicationId: number,
    name: string,
    health: HealthStatus,
    now: number,
  ): HealthAlert | undefined {
    const previous = this.last.get(key);
    this.last.set(key, health);
    if (previous === undefined || previous === health || (health !== 'orange' && health !== 'red')) {
      return undefined;
    }
    const lastAlert = this.lastAlertAt.get(key);
    if (lastAlert !== undefined && now - lastAlert < this.minIntervalMs) {
      return undefined;
    }
    this.lastAlertAt.set(key, now);
    return { key, applicationId, name, from: previous, to: health, at: now };
  }

  forget(key: string): void {
    this.last.delete(key);
  }
}

/** The notification's text; the name comes from the service, so it is made safe for a notification. */
export function alertMessage(alert: Pick<HealthAlert, 'name' | 'from' | 'to'>): string {
  return l10n.t(
    '{0}: health is now {1} ({2}), was {3}.',
    safeText(alert.name),
    HEALTH_LABELS[alert.to].toLowerCase(),
    alert.to,
    HEALTH_LABELS[alert.from].toLowerCase(),
  );
}
