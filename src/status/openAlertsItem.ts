import * as vscode from 'vscode';

import { COMMAND } from '../constants';
import { Disposable } from '../util/lifecycle';
import type { AlertStatusView } from './alertStatus';
import { describeAlerts } from './alertStatus';
import type { StatusInput } from './statusModel';

export class OpenAlertsItem extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private viewValue: AlertStatusView | undefined;

  constructor() {
    super();
    // Just right of the Apdex (a lower priority on the left side is further right).
    this.item = this._register(
      vscode.window.createStatusBarItem('timeslice.openAlerts', vscode.StatusBarAlignment.Left, 9.99),
    );
    this.item.name = vscode.l10n.t('Timeslice Open Alerts');
    this.item.command = { command: COMMAND.openBoundApplication, title: vscode.l10n.t('Open Dashboard') };
  }

  get view(): AlertStatusView | undefined {
    return this.viewValue;
  }

  render(input: StatusInput): void {
    const snap = input.kind === 'bound' ? input.snapshot : undefined;
    const name = snap?.app?.name ?? (input.kind === 'bound' ? (input.binding.name ?? String(input.binding.id)) : '');
    const failed = snap?.alertsError && { message: snap.alertsError.message, heardAt: snap.alertsAt };
    const alerts = describeAlerts(snap?.alerts, name, Date.now(), failed);
    this.viewValue = alerts;
    if (!alerts) {
      this.item.hide();
      return;
    }
    this.item.text = alerts.text;
    // A plain string: VS Code shows it as text, so nothing in an alert's title is markdown or a link.
    this.item.tooltip = alerts.tooltip;
    this.item.accessibilityInformation = { label: alerts.accessibilityLabel, role: 'button' };
    this.item.backgroundColor = new vscode.ThemeColor(`statusBarItem.${alerts.background}Background`);
    this.item.show();
  }
}
