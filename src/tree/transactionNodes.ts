/**
 * The "Transactions" group under an application and its rows: web first then background,
 * by time consumed over the tree's window, each row "84 ms · 1.2k rpm · 0.4 % err". Names are foreign
 * text: the label is made safe (safeText), the tooltip escapes it (escapeMarkdown).
 */
import * as vscode from 'vscode';

import type { TransactionStats } from '../api/transactionStats';
import { COMMAND } from '../constants';
import type { OpenTransactionRequest } from '../panels/transactionEntity';
import { describeTransaction, shortTransactionName, transactionFigures } from '../format/transactions';
import { escapeMarkdown, safeText } from '../util/safeText';
import type { ApplicationNode } from './applicationNode';
import { TREE_TRANSACTIONS_MINUTES } from './treeWindows';

export class TransactionsGroupNode {
  readonly kind = 'transactions';
  constructor(readonly parent: ApplicationNode) {}

  get id(): string {
    return `${this.parent.id}/transactions`;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Transactions'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('symbol-method');
    item.contextValue = 'transactions';
    item.tooltip = vscode.l10n.t(
      'Web transactions first, then background ones, each by the time it consumed in the last {0} minutes',
      TREE_TRANSACTIONS_MINUTES,
    );
    return item;
  }
}

export class TransactionNode {
  readonly kind = 'transaction';
  constructor(
    readonly parent: TransactionsGroupNode,
    readonly stats: TransactionStats,
  ) {}

  get id(): string {
    return `${this.parent.id}/txn:${this.stats.name}`;
  }

  /** What opening its panel takes. */
  get openArgs(): OpenTransactionRequest {
    const app = this.parent.parent.app;
    return { applicationId: app.id, name: this.stats.name, language: app.language };
  }

  toTreeItem(): vscode.TreeItem {
    const t = this.stats;
    const label = safeText(shortTransactionName(t.name));
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = describeTransaction(t);
    item.iconPath = new vscode.ThemeIcon(t.kind === 'web' ? 'globe' : 'gear');
    item.contextValue = 'transaction';
    item.command = {
      command: COMMAND.openTransaction,
      title: vscode.l10n.t('Open Transaction'),
      arguments: [this.openArgs],
    };
    item.accessibilityInformation = { label: `${label}, ${item.description}` };
    const md = new vscode.MarkdownString('', true);
    md.appendMarkdown(`**${escapeMarkdown(safeText(t.name, 500))}**\n\n`);
    md.appendMarkdown(
      `${escapeMarkdown(t.kind === 'web' ? vscode.l10n.t('Web transaction') : vscode.l10n.t('Background transaction'))} · ${escapeMarkdown(vscode.l10n.t('last {0} minutes', TREE_TRANSACTIONS_MINUTES))}\n\n`,
    );
    for (const f of transactionFigures(t)) {
      const value = f.hint ? `${f.value} (${f.hint})` : f.value;
      md.appendMarkdown(`${escapeMarkdown(f.label)}: ${escapeMarkdown(value)}  \n`);
    }
    item.tooltip = md;
    return item;
  }
}
