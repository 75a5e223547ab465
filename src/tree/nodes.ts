/**
 * Tree nodes: each holds an entity and says how it looks. Children are fetched by the provider.
 * Labels are plain text (VS Code never renders them as HTML); tooltips escape every API string.
 */
import * as vscode from 'vscode';

import type { Application, HealthStatus, Host, Instance, KeyTransaction } from '../api/types';
import { COMMAND } from '../constants';
import {
  describeSummary, escapeMarkdown, formatAge, formatApdex, formatErrorRate, formatMs, formatRpm, HEALTH_LABELS,
} from './format';

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

export type GroupKind = 'hosts' | 'instances' | 'keyTransactions';
const GROUP_LABELS: Readonly<Record<GroupKind, string>> = { hosts: 'Hosts', instances: 'Instances', keyTransactions: 'Key transactions' };

function summaryTooltip(title: string, lines: Array<[string, string]>): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.appendMarkdown(`**${escapeMarkdown(title)}**\n\n`);
  for (const [label, value] of lines) {
    md.appendMarkdown(`${escapeMarkdown(label)}: ${escapeMarkdown(value)}  \n`);
  }
  return md;
}

function summaryLines(summary: Application['summary']): Array<[string, string]> {
  if (!summary) {
    return [['Summary', 'none (not reporting)']];
  }
  return [
    ['Apdex', `${formatApdex(summary.apdexScore)} (target ${summary.apdexTarget} s)`],
    ['Response time', formatMs(summary.responseTime)],
    ['Throughput', formatRpm(summary.throughput)],
    ['Error rate', formatErrorRate(summary.errorRate)],
  ];
}

export class ApplicationNode {
  readonly kind = 'application';
  constructor(readonly app: Application, readonly idPrefix = '') {}

  get id(): string {
    return `${this.idPrefix}app:${this.app.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const a = this.app;
    const item = new vscode.TreeItem(a.name || `(unnamed application ${a.id})`, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = a.reporting && a.summary ? describeSummary(a.summary) : 'not reporting';
    item.iconPath = healthIcon(a.reporting ? a.healthStatus : 'gray');
    item.contextValue = 'application';
    item.command = { command: COMMAND.openEntity, title: 'Open Chart', arguments: [this] };
    item.accessibilityInformation = { label: `${a.name}, ${HEALTH_LABELS[a.healthStatus]}, ${item.description}` };
    item.tooltip = summaryTooltip(a.name, [
      ['Health', HEALTH_LABELS[a.healthStatus]],
      ...summaryLines(a.summary),
      ['Hosts', String(a.hostIds.length)],
      ['Instances', String(a.instanceIds.length)],
      ['Language', a.language],
      ['Last reported', a.lastReportedAt ? `${a.lastReportedAt} (${formatAge(a.lastReportedAt)})` : 'never shown'],
      ['Application ID', String(a.id)],
    ]);
    return item;
  }
}

export class GroupNode {
  readonly kind = 'group';
  constructor(readonly parent: ApplicationNode, readonly group: GroupKind, readonly count?: number) {}

  get id(): string {
    return `${this.parent.id}/${this.group}`;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(GROUP_LABELS[this.group], this.count === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = this.count === undefined ? undefined : String(this.count);
    item.iconPath = new vscode.ThemeIcon(this.group === 'hosts' ? 'server' : this.group === 'instances' ? 'server-process' : 'key');
    item.contextValue = 'group';
    return item;
  }
}

export class HostNode {
  readonly kind = 'host';
  constructor(readonly parent: GroupNode, readonly host: Host) {}

  get id(): string {
    return `${this.parent.id}/host:${this.host.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const h = this.host;
    const item = new vscode.TreeItem(h.host || `host ${h.id}`, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = h.summary ? describeSummary(h.summary) : undefined;
    item.iconPath = healthIcon(h.healthStatus);
    item.contextValue = 'host';
    item.command = { command: COMMAND.openEntity, title: 'Open Chart', arguments: [this] };
    item.tooltip = summaryTooltip(h.host, [['Health', HEALTH_LABELS[h.healthStatus]], ...summaryLines(h.summary), ['Instances', String(h.instanceIds.length)], ['Host ID', String(h.id)]]);
    return item;
  }
}

export class InstanceNode {
  readonly kind = 'instance';
  constructor(readonly parent: GroupNode, readonly instance: Instance) {}

  get id(): string {
    return `${this.parent.id}/instance:${this.instance.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const i = this.instance;
    const label = i.port !== undefined ? `${i.host}:${i.port}` : i.host || `instance ${i.id}`;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    // Two instances on one host and port (several workers) differ only by their ID: show it first.
    item.description = [`#${i.id}`, ...(i.summary ? [describeSummary(i.summary)] : [])].join(' · ');
    item.iconPath = healthIcon(i.healthStatus);
    item.contextValue = 'instance';
    item.command = { command: COMMAND.openEntity, title: 'Open Chart', arguments: [this] };
    item.tooltip = summaryTooltip(label, [['Health', HEALTH_LABELS[i.healthStatus]], ...summaryLines(i.summary), ['Instance ID', String(i.id)], ['Host ID', String(i.hostId ?? '?')]]);
    return item;
  }
}

export class KeyTransactionNode {
  readonly kind = 'keyTransaction';
  constructor(readonly parent: GroupNode, readonly keyTransaction: KeyTransaction) {}

  get id(): string {
    return `${this.parent.id}/kt:${this.keyTransaction.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const k = this.keyTransaction;
    const item = new vscode.TreeItem(k.name || `key transaction ${k.id}`, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = k.summary ? describeSummary(k.summary) : 'no summary';
    item.iconPath = healthIcon(k.healthStatus);
    item.contextValue = 'keyTransaction';
    item.command = { command: COMMAND.openEntity, title: 'Open Chart', arguments: [this] };
    item.tooltip = summaryTooltip(k.name, [
      ['Transaction', k.transactionName], ['Health', HEALTH_LABELS[k.healthStatus]], ...summaryLines(k.summary),
      ['Summary', 'a rolling 10-minute average'], ['Key transaction ID', String(k.id)],
    ]);
    return item;
  }
}

/** A message inside the view (error, empty, loading) with an optional action. */
export class MessageNode {
  readonly kind = 'message';
  constructor(
    readonly id: string,
    readonly label: string,
    readonly icon: string,
    readonly command?: vscode.Command,
    readonly tooltip?: string,
  ) {}

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const color = this.icon === 'error' ? 'errorForeground' : this.icon === 'warning' ? 'list.warningForeground' : undefined;
    item.iconPath = new vscode.ThemeIcon(this.icon, color ? new vscode.ThemeColor(color) : undefined);
    item.command = this.command;
    item.tooltip = this.tooltip ?? this.label;
    item.contextValue = 'message';
    return item;
  }
}

export type MonitorNode = ApplicationNode | GroupNode | HostNode | InstanceNode | KeyTransactionNode | MessageNode;

/** The numeric ID a "Copy ID" on this node copies. */
export function entityId(node: MonitorNode): number | undefined {
  switch (node.kind) {
    case 'application': return node.app.id;
    case 'host': return node.host.id;
    case 'instance': return node.instance.id;
    case 'keyTransaction': return node.keyTransaction.id;
    default: return undefined;
  }
}

export const SHOW_LOG_COMMAND: vscode.Command = { command: COMMAND.showLog, title: 'Show Log' };
