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
}

/** `retry` runs `retryCommand` (the view's own refresh); the others are the same everywhere. */
export function errorActionCommand(action: ErrorAction, retryCommand: vscode.Command = { command: COMMAND.refresh, title: 'Retry' }): ErrorActionCommand {
  switch (action) {
    case 'retry':
      return { ...retryCommand, title: 'Retry', icon: 'refresh' };
    case 'setApiKey':
      return { command: COMMAND.setApiKey, title: 'Set API Key…', icon: 'key' };
    case 'switchRegion':
      return { command: COMMAND.switchRegion, title: 'Switch Region…', icon: 'globe' };
    case 'openProxySettings':
      return { command: 'workbench.action.openSettings', title: 'Open Proxy Settings', arguments: ['http.proxy'], icon: 'settings-gear' };
    case 'openCaSetting':
      return { command: 'workbench.action.openSettings', title: 'Open CA Setting', arguments: ['timeslice.caCertificatePath'], icon: 'settings-gear' };
    case 'openSettings':
      return { command: 'workbench.action.openSettings', title: 'Open Settings', arguments: ['timeslice'], icon: 'settings-gear' };
    case 'showLog':
      return { command: COMMAND.showLog, title: 'Show Log', icon: 'output' };
  }
}

/** Runs an action chosen from a notification or a panel. */
export async function runErrorAction(action: ErrorAction, retry?: () => unknown): Promise<void> {
  if (action === 'retry' && retry) {
    await retry();
    return;
  }
  const c = errorActionCommand(action);
  await vscode.commands.executeCommand(c.command, ...(c.arguments ?? []));
}
