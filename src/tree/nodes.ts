/**
 * Tree nodes: each holds an entity and says how it looks. Children are fetched by the provider.
 * Labels are plain text (VS Code never renders them as HTML); tooltips escape every API string.
 */
import * as vscode from 'vscode';

import type { HealthStatus, Host, Instance, KeyTransaction } from '../api/types';
import { COMMAND, ROW_CLICK } from '../constants';
import { HEALTH_LABELS, hostHealthLabel } from '../format/presentation';
import { describeSummary, summaryLines } from '../format/summary';
import { ApplicationNode, healthIcon, summaryTooltip } from './applicationNode';
import type { TransactionNode, TransactionsGroupNode } from './transactionNodes';
import type { DeploymentNode, DeploymentsGroupNode } from './deploymentNodes';
import type { OpenAlertNode, OpenAlertsGroupNode } from './alertNodes';
import type { ErrorClassNode, ErrorsGroupNode } from './errorNodes';

/** A host's or instance's icon: its health, or what it is when the backend has no health for it (not a "?"). */
function hostIcon(health: HealthStatus | undefined, kind: 'host' | 'instance'): vscode.ThemeIcon {
  return health ? healthIcon(health) : new vscode.ThemeIcon(kind === 'host' ? 'server' : 'server-process');
}

export type GroupKind = 'hosts' | 'instances' | 'keyTransactions';
// Getters: module-level text would be read before VS Code has loaded the translations.
const GROUP_LABELS: Readonly<Record<GroupKind, string>> = {
  get hosts() {
    return vscode.l10n.t('Hosts');
  },
  get instances() {
    return vscode.l10n.t('Instances');
  },
  get keyTransactions() {
    return vscode.l10n.t('Key transactions');
  },
};

export class GroupNode {
  readonly kind = 'group';
  constructor(
    readonly parent: ApplicationNode,
    readonly group: GroupKind,
    readonly count?: number,
  ) {}

  get id(): string {
    return `${this.parent.id}/${this.group}`;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      GROUP_LABELS[this.group],
      this.count === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.description = this.count === undefined ? undefined : String(this.count);
    item.iconPath = new vscode.ThemeIcon(
      this.group === 'hosts' ? 'server' : this.group === 'instances' ? 'server-process' : 'key',
    );
    item.contextValue = 'group';
    return item;
  }
}

export class HostNode {
  readonly kind = 'host';
  constructor(
    readonly parent: GroupNode,
    readonly host: Host,
  ) {}

  get id(): string {
    return `${this.parent.id}/host:${this.host.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const h = this.host;
    const item = new vscode.TreeItem(h.host || vscode.l10n.t('host {0}', h.id), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = h.summary ? describeSummary(h.summary) : undefined;
    item.iconPath = hostIcon(h.healthStatus, 'host');
    // A host the service has no id for (NerdGraph) has no Copy ID: its id was made here (package.json menus).
    item.contextValue = h.localId ? 'hostWithoutId' : 'host';
    item.command = { command: COMMAND.openEntity, title: vscode.l10n.t('Open Chart'), arguments: [this, ROW_CLICK] };
    item.tooltip = summaryTooltip(h.host, [
      [vscode.l10n.t('Health'), hostHealthLabel(h.healthStatus)],
      ...summaryLines(h.summary),
      [vscode.l10n.t('Instances'), String(h.instanceIds.length)],
      ...(h.localId ? [] : [[vscode.l10n.t('Host ID'), String(h.id)] as [string, string]]),
    ]);
    return item;
  }
}

export class InstanceNode {
  readonly kind = 'instance';
  constructor(
    readonly parent: GroupNode,
    readonly instance: Instance,
  ) {}

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
    item.iconPath = hostIcon(i.healthStatus, 'instance');
    item.contextValue = 'instance';
    item.command = { command: COMMAND.openEntity, title: vscode.l10n.t('Open Chart'), arguments: [this, ROW_CLICK] };
    item.tooltip = summaryTooltip(label, [
      [vscode.l10n.t('Health'), hostHealthLabel(i.healthStatus)],
      ...summaryLines(i.summary),
      [vscode.l10n.t('Instance ID'), String(i.id)],
      ...(i.hostId === undefined ? [] : [[vscode.l10n.t('Host ID'), String(i.hostId)] as [string, string]]),
    ]);
    return item;
  }
}

export class KeyTransactionNode {
  readonly kind = 'keyTransaction';
  constructor(
    readonly parent: GroupNode,
    readonly keyTransaction: KeyTransaction,
  ) {}

  get id(): string {
    return `${this.parent.id}/kt:${this.keyTransaction.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const k = this.keyTransaction;
    const item = new vscode.TreeItem(
      k.name || vscode.l10n.t('key transaction {0}', k.id),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = this.id;
    item.description = k.summary ? describeSummary(k.summary) : vscode.l10n.t('no summary');
    item.iconPath = healthIcon(k.healthStatus);
    item.contextValue = 'keyTransaction';
    item.command = { command: COMMAND.openEntity, title: vscode.l10n.t('Open Chart'), arguments: [this, ROW_CLICK] };
    item.tooltip = summaryTooltip(k.name, [
      [vscode.l10n.t('Transaction'), k.transactionName],
      [vscode.l10n.t('Health'), HEALTH_LABELS[k.healthStatus]],
      ...summaryLines(k.summary),
      [vscode.l10n.t('Summary'), vscode.l10n.t('a rolling 10-minute average')],
      [vscode.l10n.t('Key transaction ID'), String(k.id)],
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
    const color =
      this.icon === 'error' ? 'errorForeground' : this.icon === 'warning' ? 'list.warningForeground' : undefined;
    item.iconPath = new vscode.ThemeIcon(this.icon, color ? new vscode.ThemeColor(color) : undefined);
    item.command = this.command;
    item.tooltip = this.tooltip ?? this.label;
    item.contextValue = 'message';
    return item;
  }
}

export type MonitorNode =
  | ApplicationNode
  | GroupNode
  | HostNode
  | InstanceNode
  | KeyTransactionNode
  | TransactionsGroupNode
  | TransactionNode
  | MessageNode
  | DeploymentsGroupNode
  | DeploymentNode
  | OpenAlertsGroupNode
  | OpenAlertNode
  | ErrorsGroupNode
  | ErrorClassNode;

/** The numeric ID a "Copy ID" on this node copies. */
export function entityId(node: MonitorNode): number | undefined {
  switch (node.kind) {
    case 'application':
      return node.app.id;
    case 'host':
      return node.host.localId ? undefined : node.host.id;
    case 'instance':
      return node.instance.id;
    case 'keyTransaction':
      return node.keyTransaction.id;
    default:
      return undefined;
  }
}

export const SHOW_LOG_COMMAND: vscode.Command = {
  command: COMMAND.showLog,
  // A getter: module-level text would be read before VS Code has loaded the translations.
  get title() {
    return vscode.l10n.t('Show Log');
  },
};
