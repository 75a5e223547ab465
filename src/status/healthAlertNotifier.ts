import * as vscode from 'vscode';

import type { Config } from '../config';
import type { PanelManager } from '../panels/panelManager';
import { Disposable } from '../util/lifecycle';
import type { BoundAppsPoller, PollResult } from './boundAppsPoller';
import type { HealthAlert } from './healthAlerts';
import { alertMessage, HealthAlertTracker } from './healthAlerts';
import { bindingKey } from './binding';

export class HealthAlertNotifier extends Disposable {
  private readonly tracker = new HealthAlertTracker();
  /** Test build only (esbuild.js): the alerts shown in this session, oldest first (integration tests count them). */
  declare readonly shown?: HealthAlert[];

  constructor(
    poller: BoundAppsPoller,
    private readonly config: Config,
    private readonly panels: Pick<PanelManager, 'show'>,
  ) {
    super();
    this._register(poller.onDidRefresh((result) => this.observe(result)));
    if (__TIMESLICE_TEST__) {
      this.shown = [];
    }
  }

  private observe(result: PollResult): void {
    const now = Date.now();
    for (const app of result.apps) {
      // Tracked even while alerts are off, so turning them on does not report an old change.
      const alert = this.tracker.observe(
        bindingKey({ id: app.id, region: result.region }),
        app.id,
        app.name,
        app.healthStatus,
        now,
      );
      if (alert && this.config.alertsEnabled) {
        this.show(alert);
      }
    }
  }

  private show(alert: HealthAlert): void {
    this.shown?.push(alert);
    const message = alertMessage(alert);
    const show = alert.to === 'red' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
    void show(message, vscode.l10n.t('Open Dashboard')).then((choice) => {
      if (choice === vscode.l10n.t('Open Dashboard')) {
        this.panels.show({ kind: 'application', applicationId: alert.applicationId, title: alert.name });
      }
    });
  }
}
