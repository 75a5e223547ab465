/**
 * The "Errors (N)" group of an application in the tree and its rows: one per error class of a
 * transaction over the tree's window, most frequent first (class, count, transaction); a click opens the
 * class's error panel. Classes, messages and transaction names are foreign text: plain labels and
 * plain-string tooltips through `errorText` (docs/security.md).
 */
import * as vscode from 'vscode';

import type { ErrorClassRow } from '../errors/errorModel';
import { errorText } from '../errors/errorText';
import { NEW_ERROR_LOOKBACK_MS, newSinceLabel } from '../errors/newErrorClasses';
import { COMMAND } from '../constants';
import { formatAge } from '../format/presentation';
import { shortTransactionName } from '../format/transactions';
import type { ShowErrorArgs } from '../errors/errorCommands';
import type { ApplicationNode } from './applicationNode';
import { TREE_TRANSACTIONS_MINUTES } from './treeWindows';

/** What the group knows when it is drawn: the classes, that they need NerdGraph, or why they failed. */
export type ErrorsGroupState =
  | { kind: 'classes'; rows: readonly ErrorClassRow[] }
  | { kind: 'needsNerdGraph'; message: string }
  | { kind: 'failed'; error: unknown };

export class ErrorsGroupNode {
  readonly kind = 'errorsGroup';
  constructor(
    readonly parent: ApplicationNode,
    readonly state: ErrorsGroupState,
  ) {}

  get id(): string {
    return `${this.parent.id}/errors`;
  }

  toTreeItem(): vscode.TreeItem {
    const rows = this.state.kind === 'classes' ? this.state.rows : undefined;
    const label =
      this.state.kind === 'failed'
        ? vscode.l10n.t('Errors (unknown)')
        : rows
          ? vscode.l10n.t('Errors ({0})', rows.length)
          : vscode.l10n.t('Errors');
    const item = new vscode.TreeItem(
      label,
      rows?.length === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(
      'bug',
      rows && rows.length > 0 ? new vscode.ThemeColor('problemsWarningIcon.foreground') : undefined,
    );
    item.contextValue = 'errorsGroup';
    item.tooltip = vscode.l10n.t(
      'Error classes per transaction in the last {0} minutes, most frequent first. Expected errors are left out; counts come from sampled error events.',
      TREE_TRANSACTIONS_MINUTES,
    );
    return item;
  }
}

export class ErrorClassNode {
  readonly kind = 'errorClass';
  constructor(
    readonly parent: ErrorsGroupNode,
    readonly row: ErrorClassRow,
    private readonly now: number,
  ) {}

  get id(): string {
    return `${this.parent.id}/${JSON.stringify([this.row.transactionName, this.row.errorClass])}`;
  }

  /** What opening its error panel takes. */
  get request(): ShowErrorArgs & { language: string } {
    const app = this.parent.parent.app;
    return {
      applicationId: app.id,
      errorClass: this.row.errorClass,
      transactionName: this.row.transactionName,
      language: app.language,
    };
  }

  toTreeItem(): vscode.TreeItem {
    const r = this.row;
    const errorClass = errorText(r.errorClass, 'class');
    const transaction = errorText(shortTransactionName(r.transactionName), 'class');
    const item = new vscode.TreeItem(errorClass, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const fresh = r.newSince && newSinceLabel(r.newSince);
    item.description = `${fresh ? `${vscode.l10n.t('new')} · ` : ''}×${r.count} · ${transaction}`;
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    item.contextValue = 'errorClass';
    item.command = { command: COMMAND.showError, title: vscode.l10n.t('Show Error'), arguments: [this.request] };
    item.accessibilityInformation = { label: [errorClass, ...(fresh ? [fresh] : []), r.count, transaction].join(', ') };
    // A plain string: VS Code shows it as text, never as markdown.
    item.tooltip = [
      errorClass,
      ...(r.message ? [errorText(r.message, 'message')] : []),
      vscode.l10n.t('Transaction: {0}', transaction),
      vscode.l10n.t('Count: {0} in the last {1} minutes', r.count, TREE_TRANSACTIONS_MINUTES),
      vscode.l10n.t('Last seen: {0}', formatAge(this.now - r.lastSeen.getTime())),
      ...(r.newSince && fresh
        ? [
            vscode.l10n.t(
              '{0} (deployed {1}): none in the {2} days before it',
              fresh,
              formatAge(this.now - r.newSince.time),
              NEW_ERROR_LOOKBACK_MS / 86_400_000,
            ),
          ]
        : []),
    ].join('\n');
    return item;
  }
}
