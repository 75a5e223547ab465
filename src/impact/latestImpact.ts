// A verdict whose after window is as long as it will get is final and never asked again. Bounded: the
// bound applications' latest deployment only. No `vscode` (docs/impact.md#the-latest-deployment).
import type { DeploymentCache } from '../api/deploymentCache';
import type { Deployment } from '../api/deployments';
import { RECENT_DEPLOYMENTS_MS } from '../api/deployments';
import type { TimesliceApi } from '../api/timesliceApi';
import type { TransactionStatsOptions } from '../api/transactionStats';
import type { DeploymentCodeAnswer } from './deploymentCode';
import type { DeploymentImpact, ImpactApplication } from './impactLoader';
import { loadDeploymentImpact } from './impactLoader';
import { impactWindows } from './impactWindows';

/** How often a verdict still forming is asked again: two summarized requests each time, as the status bar's own pace. */
export const LATEST_IMPACT_REFRESH_MS = 5 * 60_000;

const DAY = 86_400_000;

export type LoadedImpact = Extract<DeploymentImpact, { kind: 'impact' }>;

export interface LatestImpact {
  application: ImpactApplication;
  deployment: Deployment;
  impact: DeploymentImpact;
  code?: DeploymentCodeAnswer;
  /** The after window is as long as it will get: the verdict is final and nothing is asked again. */
  final: boolean;
}

export interface LatestImpactSource {
  api: Pick<TimesliceApi, 'getTransactionStats'>;
  deployments: Pick<DeploymentCache, 'latest' | 'get'>;
  metricNames?: TransactionStatsOptions['metricNames'];
  signal?: AbortSignal;
}

export type RangeCodeReader = (impact: LoadedImpact) => Promise<DeploymentCodeAnswer>;

interface Entry {
  latest?: LatestImpact;
  askedAt: number;
  failed?: string;
}

/** Whether the windows of `impact` can still grow: not once the after window is as long as it can be. */
function isFinal(impact: LoadedImpact): boolean {
  const longest = impactWindows(impact.deployment.time, Number.MAX_SAFE_INTEGER, {
    previousAt: impact.previous?.time,
    nextAt: impact.next?.time,
  });
  return longest !== undefined && impact.windows.minutes >= longest.minutes;
}

export function movedRowsOf(impact: LoadedImpact): Array<{ name: string; status: 'worse' | 'better' }> {
  return impact.rows.flatMap((r) =>
    r.status === 'worse' || r.status === 'better' ? [{ name: r.name, status: r.status }] : [],
  );
}

export class LatestImpactStore {
  private readonly entries = new Map<number, Entry>();
  private source: LatestImpactSource | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  get(applicationId: number): LatestImpact | undefined {
    return this.entries.get(applicationId)?.latest;
  }

  failure(applicationId: number): string | undefined {
    return this.entries.get(applicationId)?.failed;
  }

  reset(): void {
    this.entries.clear();
  }

  // One after another; forgets the others. A failure keeps what was known and says why.
  async update(
    apps: readonly ImpactApplication[],
    source: LatestImpactSource,
    code?: RangeCodeReader,
  ): Promise<boolean> {
    if (source !== this.source) {
      this.entries.clear();
      this.source = source;
    }
    let changed = false;
    const bound = new Set(apps.map((a) => a.id));
    for (const id of [...this.entries.keys()]) {
      if (!bound.has(id)) {
        changed = this.entries.delete(id) || changed;
      }
    }
    for (const app of apps) {
      changed = (await this.updateOne(app, source, code)) || changed;
    }
    return changed;
  }

  private async updateOne(
    app: ImpactApplication,
    source: LatestImpactSource,
    code?: RangeCodeReader,
  ): Promise<boolean> {
    const now = this.now();
    const known = this.entries.get(app.id);
    if (known && now - known.askedAt < LATEST_IMPACT_REFRESH_MS) {
      return false;
    }
    try {
      const deployment = await source.deployments.latest(app.id, source.signal);
      if (!deployment) {
        this.entries.set(app.id, { askedAt: now });
        return known?.latest !== undefined || known?.failed !== undefined;
      }
      const was = known?.latest;
      if (was?.final && was.deployment.id === deployment.id && was.deployment.time === deployment.time) {
        this.entries.set(app.id, { latest: was, askedAt: now });
        return known?.failed !== undefined;
      }
      const from = Math.min(now - RECENT_DEPLOYMENTS_MS, deployment.time - DAY);
      const list = await source.deployments.get(app.id, { from: new Date(from), to: new Date(now) }, source.signal);
      const impact = await loadDeploymentImpact(
        source.api,
        // Its neighbours from the list; the latest itself is added when the list has not caught up with it.
        { application: app, deployment, deployments: [deployment, ...list], now },
        { signal: source.signal, metricNames: source.metricNames },
      );
      const latest: LatestImpact = { application: app, deployment, impact, final: false };
      if (impact.kind === 'impact') {
        latest.final = isFinal(impact);
        if (code && movedRowsOf(impact).length > 0) {
          latest.code = await code(impact);
        }
      }
      this.entries.set(app.id, { latest, askedAt: now });
      return true;
    } catch (e) {
      const failed = e instanceof Error ? e.message : String(e);
      // Asked again on the next refresh when nothing was known, else at the usual pace.
      this.entries.set(app.id, { ...known, askedAt: known?.latest ? now : -Infinity, failed });
      return known?.failed !== failed;
    }
  }
}
