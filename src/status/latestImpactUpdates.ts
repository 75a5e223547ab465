// A "worse" verdict is said in a notification only with `timeslice.deployments.notifyWorse` on, once per
// deployment per window.
import * as vscode from 'vscode';

import { shortRevision } from '../api/deployments';
import { COMMAND } from '../constants';
import type { DeploymentCodeAnswer } from '../impact/deploymentCode';
import type { ImpactApplication } from '../impact/impactLoader';
import type { LatestImpact, LoadedImpact } from '../impact/latestImpact';
import { LatestImpactStore } from '../impact/latestImpact';
import type { LatestDeploymentRef } from '../impact/latestImpactText';
import type { Logger } from '../log';
import type { ConnectionManager } from '../session/connectionManager';
import { Disposable } from '../util/lifecycle';
import { safeText } from '../util/safeText';
import type { Binding, BindingRegion } from './binding';
import type { BoundAppsPoller } from './boundAppsPoller';

export interface LatestImpactDeps {
  poller: Pick<BoundAppsPoller, 'onDidRefresh' | 'snapshot'>;
  connections: Pick<ConnectionManager, 'current' | 'onDidChangeSession'>;
  bindings(): readonly Binding[];
  region(): BindingRegion | undefined;
  code(impact: LoadedImpact, signal: AbortSignal): Promise<DeploymentCodeAnswer>;
  notifyWorse(): boolean;
  log: Logger;
}

export class LatestImpactUpdates extends Disposable {
  private readonly impacts = new LatestImpactStore();
  private run: Promise<void> = Promise.resolve();
  private readonly notified = new Set<string>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  /** Test build only (esbuild.js): resolves when the ask after the latest refresh is in. */
  declare readonly settled?: () => Promise<void>;
  /** Test build only: the "worse" notifications shown, by application id and deployment id. */
  declare readonly notifications?: string[];

  constructor(private readonly deps: LatestImpactDeps) {
    super();
    this._register(
      deps.poller.onDidRefresh(() => {
        this.run = this.run.then(() => this.update()).catch((e: unknown) => deps.log.warn(String(e)));
      }),
    );
    this._register(
      deps.connections.onDidChangeSession(() => {
        this.impacts.reset();
        this.changed.fire();
      }),
    );
    if (__TIMESLICE_TEST__) {
      this.settled = () => this.run;
      (this as { notifications?: string[] }).notifications = [];
    }
  }

  get(applicationId: number): LatestImpact | undefined {
    return this.impacts.get(applicationId);
  }

  resolve(ref: LatestDeploymentRef): LatestImpact | undefined {
    const latest = this.impacts.get(ref.applicationId);
    return latest?.deployment.id === ref.deploymentId ? latest : undefined;
  }

  private async update(): Promise<void> {
    const session = this.deps.connections.current;
    const region = this.deps.region();
    if (!session || !region) {
      return;
    }
    const apps = new Map<number, ImpactApplication>();
    for (const binding of this.deps.bindings()) {
      const app = binding.region === region ? this.deps.poller.snapshot(binding)?.app : undefined;
      if (app) apps.set(app.id, { id: app.id, name: app.name, language: app.language });
    }
    const changed = await this.impacts.update([...apps.values()], session, (impact) =>
      this.deps.code(impact, session.signal).catch((e: unknown) => ({
        kind: 'none' as const,
        messages: [vscode.l10n.t('The code of the range could not be read: {0}', safeText(String(e), 200))],
      })),
    );
    if (session !== this.deps.connections.current) {
      return;
    }
    if (changed) {
      this.changed.fire();
    }
    for (const id of apps.keys()) {
      this.notifyIfWorse(this.impacts.get(id));
    }
  }

  private notifyIfWorse(latest: LatestImpact | undefined): void {
    if (latest?.impact.kind !== 'impact' || latest.impact.verdict.verdict !== 'worse' || !this.deps.notifyWorse()) {
      return;
    }
    const key = `${latest.application.id}/${latest.deployment.id}`;
    if (this.notified.has(key)) {
      return;
    }
    this.notified.add(key);
    this.notifications?.push(key);
    const action = vscode.l10n.t('What Moved');
    const ref: LatestDeploymentRef = { applicationId: latest.application.id, deploymentId: latest.deployment.id };
    void vscode.window
      .showWarningMessage(
        vscode.l10n.t(
          '{0} got worse since {1}: {2}',
          safeText(latest.application.name, 120),
          safeText(shortRevision(latest.deployment.revision), 40),
          latest.impact.verdict.message,
        ),
        action,
      )
      .then((choice) =>
        choice === action ? vscode.commands.executeCommand(COMMAND.showDeploymentImpact, ref) : undefined,
      );
  }
}
