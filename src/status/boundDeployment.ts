// Computed by the panels' `deploymentChange`, so the tooltip and a panel's header say the same. A change
// whose after-window is complete is never asked again. No `vscode`.
import type { DeploymentCache } from '../api/deploymentCache';
import type { TimesliceApi } from '../api/timesliceApi';
import { DASHBOARD } from '../panels/catalogue';
import type { DeploymentChange } from '../panels/deploymentChange';
import { deploymentChange } from '../panels/deploymentChange';
import type { DeploymentMarker } from '../panels/deploymentMarkers';
import { loadChartSet } from '../panels/loaders/chartSet';
import { deploymentMarker } from '../panels/panelDeployments';
import { AROUND_DEPLOYMENT_MS } from '../panels/aroundDeployment';
import { resolvePanelRange } from '../panels/panelRange';
import type { Binding } from './binding';
import { bindingKey } from './binding';

// Five minutes keeps the item's share of the key's budget near 0.4 requests a minute.
export const BOUND_DEPLOYMENT_REFRESH_MS = 5 * 60_000;

export interface LastDeployment {
  marker: DeploymentMarker;
  /** Undefined while the windows are too short, or when the service has no response time around it. */
  change?: DeploymentChange;
}

export interface BoundDeploymentSource {
  api: TimesliceApi;
  deployments: Pick<DeploymentCache, 'latest'>;
}

interface Entry {
  last?: LastDeployment;
  askedAt: number;
  complete: boolean;
  failed?: string;
}

export class BoundDeploymentTracker {
  private readonly entries = new Map<string, Entry>();
  private source: BoundDeploymentSource | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  get(binding: Pick<Binding, 'id' | 'region'>): LastDeployment | undefined {
    return this.entries.get(bindingKey(binding))?.last;
  }

  failure(binding: Pick<Binding, 'id' | 'region'>): string | undefined {
    return this.entries.get(bindingKey(binding))?.failed;
  }

  reset(): void {
    this.entries.clear();
  }

  // True when what `get` returns changed; a failure keeps what was known and says why.
  async update(binding: Pick<Binding, 'id' | 'region'>, source: BoundDeploymentSource): Promise<boolean> {
    if (source !== this.source) {
      this.entries.clear();
      this.source = source;
    }
    const key = bindingKey(binding);
    const now = this.now();
    const known = this.entries.get(key);
    if (known && now - known.askedAt < BOUND_DEPLOYMENT_REFRESH_MS) {
      return false;
    }
    try {
      const d = await source.deployments.latest(binding.id);
      if (!d) {
        this.entries.set(key, { askedAt: now, complete: false });
        return known?.last !== undefined || known?.failed !== undefined;
      }
      const sameDeployment = known?.last?.marker.time === d.time && known.last.marker.revision === d.revision;
      if (sameDeployment && known.complete) {
        this.entries.set(key, { last: known.last, askedAt: now, complete: true });
        return known.failed !== undefined;
      }
      const marker = deploymentMarker(d);
      const change = await changeSince(source, binding.id, marker, now);
      this.entries.set(key, {
        last: { marker, ...(change ? { change } : {}) },
        askedAt: now,
        complete: now >= marker.time + AROUND_DEPLOYMENT_MS,
      });
      return !sameDeployment || figuresOf(known.last?.change) !== figuresOf(change) || known.failed !== undefined;
    } catch (e) {
      // What was known stays; the failure is said beside it (never a silent "no deployment").
      const failed = e instanceof Error ? e.message : String(e);
      this.entries.set(key, { ...(known ?? { complete: false }), askedAt: known ? now : -Infinity, failed });
      return known?.failed !== failed;
    }
  }
}

/** What the change says, without its age (which moves every minute). */
function figuresOf(change: DeploymentChange | undefined): string | undefined {
  return change?.figures.map((f) => f.text).join(', ');
}

export async function changeSince(
  source: Pick<BoundDeploymentSource, 'api'>,
  applicationId: number,
  marker: DeploymentMarker,
  now: number,
): Promise<DeploymentChange | undefined> {
  // Both windows in one range (one request); a panel around it overlays them and says the same change.
  const range = resolvePanelRange(
    {
      preset: 'custom',
      from: new Date(marker.time - AROUND_DEPLOYMENT_MS).toISOString(),
      to: new Date(Math.min(now, marker.time + AROUND_DEPLOYMENT_MS)).toISOString(),
      compare: 'none',
    },
    new Date(now),
  );
  const { charts } = await loadChartSet({ api: source.api }, { kind: 'application', applicationId }, DASHBOARD, range);
  return deploymentChange(charts, [marker], range, now);
}
