/**
 * Owns the Apdex status-bar item and, beside it, the open-alerts item. They follow the active
 * editor's folder's binding (the first bound folder otherwise) and apply what `describeStatus` and
 * `describeAlerts` say: text, colour, tooltip, click. After each bound-apps refresh the shown
 * application's last deployment and the change since it are brought up to date (boundDeployment.ts).
 */
import * as vscode from 'vscode';

import type { Config } from '../config';
import type { ConnectionManager } from '../session/connectionManager';
import { COMMAND } from '../constants';
import { Disposable } from '../util/lifecycle';
import { describeAlerts } from './alertStatus';
import type { BoundAppsPoller } from './boundAppsPoller';
import { BoundDeploymentTracker } from './boundDeployment';
import type { AlertStatusView } from './alertStatus';
import type { BindingRegion } from './binding';
import type { StatusInput, StatusView } from './statusModel';
import { describeStatus } from './statusModel';
import type { WorkspaceBindings } from './workspaceBinding';

/** The tooltip says how old the data is: redraw now and then (on the session's scheduler) so "3 min ago" stays true. */
const AGE_REDRAW_MS = 30_000;

export class ApdexStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly alertsItem: vscode.StatusBarItem;
  private readonly lastDeployments = new BoundDeploymentTracker();
  private viewValue: StatusView | undefined;
  private alertsViewValue: AlertStatusView | undefined;
  private lastDeploymentRun: Promise<void> = Promise.resolve();
  private shownKind: StatusInput['kind'] | undefined;

  constructor(
    private readonly bindings: WorkspaceBindings,
    private readonly poller: BoundAppsPoller,
    private readonly connections: ConnectionManager,
    private readonly connectionRegion: () => BindingRegion | undefined,
    private readonly config: Config,
  ) {
    super();
    this.item = this._register(
      vscode.window.createStatusBarItem('timeslice.apdex', vscode.StatusBarAlignment.Left, 10),
    );
    this.item.name = vscode.l10n.t('Timeslice Apdex');
    // Just right of the Apdex (a lower priority on the left side is further right).
    this.alertsItem = this._register(
      vscode.window.createStatusBarItem('timeslice.openAlerts', vscode.StatusBarAlignment.Left, 9.99),
    );
    this.alertsItem.name = vscode.l10n.t('Timeslice Open Alerts');
    this.alertsItem.command = { command: COMMAND.openBoundApplication, title: vscode.l10n.t('Open Dashboard') };
    const render = () => this.render();
    this._register(bindings.onDidChange(render));
    this._register(bindings.onDidChangeActive(render));
    this._register(
      poller.onDidRefresh(() => {
        render();
        // In turn, never two at once; the tracker keeps what it knew when a request fails.
        this.lastDeploymentRun = this.lastDeploymentRun.then(() => this.updateLastDeployment()).catch(() => undefined);
      }),
    );
    this._register(
      connections.onDidChangeSession(() => {
        this.lastDeployments.reset();
        render();
      }),
    );
    this._register(
      config.onDidChange((e) => {
        if (e.affectsConfiguration('timeslice.statusBar')) {
          render();
        }
      }),
    );
    this._register(
      connections.registerJob({
        name: 'status bar age',
        everyMs: AGE_REDRAW_MS,
        // Only an item that shows an application's data has an age to keep true.
        active: () => this.viewValue?.visible === true && this.shownKind === 'bound',
        run: render,
      }),
    );
    this.render();
  }

  /** What the item shows now (integration tests read it; the item itself cannot be read back). */
  get view(): StatusView | undefined {
    return this.viewValue;
  }

  /** What the open-alerts item shows now; undefined while it is hidden (no alert, or nothing bound). */
  get alertsView(): AlertStatusView | undefined {
    return this.alertsViewValue;
  }

  /** Resolves when the last deployment asked after the latest refresh is in (integration tests wait on it). */
  lastDeploymentSettled(): Promise<void> {
    return this.lastDeploymentRun;
  }

  /**
   * The shown application's last deployment and change, asked on the poller's refresh only (so never
   * while the window is unfocused) and at most every few minutes (BoundDeploymentTracker).
   */
  private async updateLastDeployment(): Promise<void> {
    const input = this.input();
    const session = this.connections.current;
    if (input.kind !== 'bound' || !session || !input.snapshot?.app) {
      return;
    }
    if (await this.lastDeployments.update(input.binding, session)) {
      this.render();
    }
  }

  /** The input of the item: which binding, and what is known about it. */
  private input(): StatusInput {
    const active = this.bindings.active();
    if (!active) {
      return { kind: 'unbound' };
    }
    const { binding } = active;
    const region = this.connectionRegion();
    if (region === undefined) {
      return { kind: 'noConnection', binding };
    }
    if (region !== binding.region) {
      return { kind: 'otherRegion', binding, connectionRegion: region };
    }
    return {
      kind: 'bound',
      binding,
      snapshot: this.poller.snapshot(binding),
      otherBound: this.bindings.all().length - 1,
      via: this.connections.current?.backendLabel,
      deployment: this.lastDeployments.get(binding),
      deploymentFailure: this.lastDeployments.failure(binding),
    };
  }

  render(): void {
    const input = this.input();
    const view = describeStatus(input, this.config.statusBar, Date.now());
    const wasShowingData = this.viewValue?.visible === true && this.shownKind === 'bound';
    this.viewValue = view;
    this.shownKind = input.kind;
    if (wasShowingData !== (view.visible && input.kind === 'bound')) {
      this.connections.scheduleChanged(); // The age redraw starts or stops.
    }
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip, true);
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: view.accessibilityLabel, role: 'button' };
    this.item.backgroundColor = view.background
      ? new vscode.ThemeColor(`statusBarItem.${view.background}Background`)
      : undefined;
    this.item.command =
      view.action === 'bind'
        ? { command: COMMAND.bindWorkspace, title: vscode.l10n.t('Bind Workspace to Application…') }
        : view.action === 'setApiKey'
          ? { command: COMMAND.setApiKey, title: vscode.l10n.t('Set API Key…') }
          : view.action === 'switchRegion'
            ? { command: COMMAND.switchRegion, title: vscode.l10n.t('Switch Region…') }
            : { command: COMMAND.openBoundApplication, title: vscode.l10n.t('Open Dashboard') };
    // A window without a folder has nowhere to keep a binding: offering one there would only fail.
    const hasFolder = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
    if (view.visible && (hasFolder || input.kind !== 'unbound')) {
      this.item.show();
    } else {
      this.item.hide();
    }
    this.renderAlerts(input);
  }

  private renderAlerts(input: StatusInput): void {
    const snap = input.kind === 'bound' ? input.snapshot : undefined;
    const name = snap?.app?.name ?? (input.kind === 'bound' ? (input.binding.name ?? String(input.binding.id)) : '');
    const failed = snap?.alertsError && { message: snap.alertsError.message, heardAt: snap.alertsAt };
    const alerts = describeAlerts(snap?.alerts, name, Date.now(), failed);
    this.alertsViewValue = alerts;
    if (!alerts) {
      this.alertsItem.hide();
      return;
    }
    this.alertsItem.text = alerts.text;
    // A plain string: VS Code shows it as text, so nothing in an alert's title is markdown or a link.
    this.alertsItem.tooltip = alerts.tooltip;
    this.alertsItem.accessibilityInformation = { label: alerts.accessibilityLabel, role: 'button' };
    this.alertsItem.backgroundColor = new vscode.ThemeColor(`statusBarItem.${alerts.background}Background`);
    this.alertsItem.show();
  }
}
