/**
 * The application's node, the root of its subtree, with the health icons and the tooltip every node shares.
 * Apart from nodes.ts, so the group node files (transactions, deployments, alerts) can name their parent
 * while nodes.ts names them in the MonitorNode union, without a circle.
 */
import * as vscode from 'vscode';

import type { Application, HealthStatus } from '../api/types';
import { hostAndInstanceCounts } from '../api/types';
import { COMMAND, ROW_CLICK } from '../constants';
import { formatAge, HEALTH_LABELS } from '../format/presentation';
import { describeSummary, summaryLines } from '../format/summary';
import { escapeMarkdown } from '../util/safeText';

const HEALTH_ICONS: Readonly<Record<HealthStatus, [string, string]>> = {
  green: ['pass-filled', 'charts.green'],
  orange: ['warning', 'charts.orange'],
  red: ['error', 'charts.red'],
  gray: ['circle-slash', 'disabledForeground'],
  unknown: ['question', 'descriptionForeground'],
};

export function healthIcon(health: HealthStatus): vscode.ThemeIcon {
  const [icon, color] = HEALTH_ICONS[health];
  return new vscode.ThemeIcon(icon, new vscode.ThemeColor(color));
}

export function summaryTooltip(title: string, lines: Array<[string, string]>): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.appendMarkdown(`**${escapeMarkdown(title)}**\n\n`);
  for (const [label, value] of lines) {
    md.appendMarkdown(`${escapeMarkdown(label)}: ${escapeMarkdown(value)}  \n`);
  }
  return md;
}

export class ApplicationNode {
  readonly kind = 'application';
  constructor(
    readonly app: Application,
    readonly idPrefix = '',
  ) {}

  get id(): string {
    return `${this.idPrefix}app:${this.app.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const a = this.app;
    const counts = hostAndInstanceCounts(a);
    const item = new vscode.TreeItem(
      a.name || vscode.l10n.t('(unnamed application {0})', a.id),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.description = a.reporting && a.summary ? describeSummary(a.summary) : vscode.l10n.t('not reporting');
    item.iconPath = healthIcon(a.reporting ? a.healthStatus : 'gray');
    item.contextValue = 'application';
    item.command = { command: COMMAND.openEntity, title: vscode.l10n.t('Open Chart'), arguments: [this, ROW_CLICK] };
    item.accessibilityInformation = { label: `${a.name}, ${HEALTH_LABELS[a.healthStatus]}, ${item.description}` };
    item.tooltip = summaryTooltip(a.name, [
      [vscode.l10n.t('Health'), HEALTH_LABELS[a.healthStatus]],
      ...summaryLines(a.summary),
      [vscode.l10n.t('Hosts'), String(counts.hosts)],
      [vscode.l10n.t('Instances'), String(counts.instances)],
      [vscode.l10n.t('Language'), a.language],
      // Only when the service said (NerdGraph has no last report, docs/service.md#applications): no line is better than a wrong one.
      ...(a.lastReportedAt
        ? [
            [
              vscode.l10n.t('Last reported'),
              `${a.lastReportedAt} (${formatAge(Date.now() - Date.parse(a.lastReportedAt))})`,
            ] as [string, string],
          ]
        : []),
      [vscode.l10n.t('Application ID'), String(a.id)],
    ]);
    return item;
  }
}
