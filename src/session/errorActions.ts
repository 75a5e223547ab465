/**
 * The error policy's actions as VS Code commands: one title, command and icon per action, used by the
 * tree's error nodes, the command wrapper's notification buttons and the panels' buttons.
 */
import * as vscode from 'vscode';

import { COMMAND } from '../constants';
import type { ErrorAction } from './errorPolicy';

export interface ErrorActionCommand extends vscode.Command {
  /** A codicon for the action's node in the tree. */
  icon: string;
  /** What a click on the error does, for its tooltip ("Click to retry."). */
  hint: string;
}

/** `retry` runs `retryCommand` (the view's own refresh); the others are the same everywhere. */
export function errorActionCommand(
  action: ErrorAction,
  retryCommand: vscode.Command = { command: COMMAND.refresh, title: vscode.l10n.t('Retry') },
): ErrorActionCommand {
  switch (action) {
    case 'retry':
      return {
        ...retryCommand,
        title: vscode.l10n.t('Retry'),
        icon: 'refresh',
        hint: vscode.l10n.t('Click to retry.'),
      };
    case 'setApiKey':
      return {
        command: COMMAND.setApiKey,
        title: vscode.l10n.t('Set API Key…'),
        icon: 'key',
        hint: vscode.l10n.t('Click to set the API key.'),
      };
    case 'switchRegion':
      return {
        command: COMMAND.switchRegion,
        title: vscode.l10n.t('Switch Region…'),
        icon: 'globe',
        hint: vscode.l10n.t('Click to switch the region.'),
      };
    case 'switchAccount':
      return {
        command: COMMAND.switchAccount,
        title: vscode.l10n.t('Switch Account…'),
        icon: 'account',
        hint: vscode.l10n.t('Click to choose the account.'),
      };
    case 'openBackendSetting':
      return {
        command: 'workbench.action.openSettings',
        title: vscode.l10n.t('Open Backend Setting'),
        arguments: ['timeslice.backend'],
        icon: 'settings-gear',
        hint: vscode.l10n.t('Click to choose the backend.'),
      };
    case 'openProxySettings':
      return {
        command: 'workbench.action.openSettings',
        title: vscode.l10n.t('Open Proxy Settings'),
        arguments: ['http.proxy'],
        icon: 'settings-gear',
        hint: vscode.l10n.t('Click to open the proxy settings.'),
      };
    case 'openCaSetting':
      return {
        command: 'workbench.action.openSettings',
        title: vscode.l10n.t('Open CA Setting'),
        arguments: ['timeslice.caCertificatePath'],
        icon: 'settings-gear',
        hint: vscode.l10n.t('Click to open the CA certificate setting.'),
      };
    case 'openSettings':
      return {
        command: 'workbench.action.openSettings',
        title: vscode.l10n.t('Open Settings'),
        arguments: ['timeslice'],
        icon: 'settings-gear',
        hint: vscode.l10n.t('Click to open the settings.'),
      };
    case 'showLog':
      return {
        command: COMMAND.showLog,
        title: vscode.l10n.t('Show Log'),
        icon: 'output',
        hint: vscode.l10n.t('Click to show the log.'),
      };
  }
}

/** Runs an action chosen from a notification or a panel. */
export async function runErrorAction(action: ErrorAction, retry?: () => unknown): Promise<void> {
  if (action === 'retry' && retry) {
    await retry();
    return;
  }
  const c = errorActionCommand(action);
  await vscode.commands.executeCommand(c.command, ...((c.arguments ?? []) as unknown[]));
}
