/**
 * The "Open alerts" group of an application in the tree: its open alerts, newest first, with
 * priority icon, age, condition and policy. Titles, condition and policy names are foreign text: plain
 * labels and plain-string tooltips through `safeText`. A click opens the page in the browser only
 * when its link is https on the service's own UI host for the region (isServiceLink); otherwise nothing.
 */
import * as vscode from 'vscode';

import type { OpenAlert } from '../api/openAlerts';
import { isServiceLink } from '../api/openAlerts';
import type { Region } from '../api/regions';
import { formatAge } from '../format/presentation';
import { safeText } from '../util/safeText';
import type { ApplicationNode } from './applicationNode';

export class OpenAlertsGroupNode {
  readonly kind = 'openAlertsGroup';
  /**
   * `failure`: why the open alerts could not be asked. The group then says "unknown" and opens on its
   * error row with the error policy's actions, never an empty list that would read as "nothing firing".
   */
  constructor(
    readonly parent: ApplicationNode,
    readonly alerts: readonly OpenAlert[] | undefined,
    readonly failure?: unknown,
  ) {}

  get id(): string {
    return `${this.parent.id}/openAlerts`;
  }

  toTreeItem(): vscode.TreeItem {
    if (this.failure !== undefined) {
      const failed = new vscode.TreeItem(
        vscode.l10n.t('Open alerts (unknown)'),
        vscode.TreeItemCollapsibleState.Expanded,
      );
      failed.id = this.id;
      failed.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
      failed.contextValue = 'openAlertsGroup';
      return failed;
    }
    const n = this.alerts?.length;
    const item = new vscode.TreeItem(
      n === undefined ? vscode.l10n.t('Open alerts') : vscode.l10n.t('Open alerts ({0})', n),
      n === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    const critical = this.alerts?.some((a) => a.priority === 'critical');
    item.iconPath = new vscode.ThemeIcon(
      n ? 'bell-dot' : 'bell',
      critical ? new vscode.ThemeColor('charts.red') : n ? new vscode.ThemeColor('charts.orange') : undefined,
    );
    item.contextValue = 'openAlertsGroup';
    return item;
  }
}

export class OpenAlertNode {
  readonly kind = 'openAlert';
  constructor(
    readonly parent: OpenAlertsGroupNode,
    readonly alert: OpenAlert,
    private readonly now: number,
    private readonly region: Region | undefined,
  ) {}

  get id(): string {
    return `${this.parent.id}/${this.alert.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const a = this.alert;
    const item = new vscode.TreeItem(
      safeText(a.title || a.conditionName || a.id),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = this.id;
    const age = formatAge(this.now - a.openedAt);
    item.description = [age, a.conditionName && safeText(a.conditionName, 80)].filter(Boolean).join(' · ');
    item.iconPath =
      a.priority === 'critical'
        ? new vscode.ThemeIcon('error', new vscode.ThemeColor('charts.red'))
        : new vscode.ThemeIcon('warning', new vscode.ThemeColor('charts.orange'));
    item.contextValue = 'openAlert';
    // A plain string: VS Code shows it as text, never as markdown.
    item.tooltip = [
      safeText(a.title),
      vscode.l10n.t('Priority: {0}', a.priority),
      vscode.l10n.t('Opened: {0} ({1})', new Date(a.openedAt).toISOString(), age),
      ...(a.conditionName ? [vscode.l10n.t('Condition: {0}', safeText(a.conditionName))] : []),
      ...(a.policyName ? [vscode.l10n.t('Policy: {0}', safeText(a.policyName))] : []),
    ].join('\n');
    if (isServiceLink(a.link, this.region)) {
      item.command = {
        command: 'vscode.open',
        title: vscode.l10n.t('Open Issue in Browser'),
        arguments: [vscode.Uri.parse(a.link, true)],
      };
    }
    return item;
  }
}
