import * as vscode from 'vscode';

import { registerCommands } from './commands/registerCommands';
import type { TimesliceExports } from './exports';
import { Services } from './services';
import { safeText } from './util/safeText';

export async function activate(context: vscode.ExtensionContext): Promise<TimesliceExports> {
  try {
    const services = new Services(context);
    context.subscriptions.push(services, ...registerCommands(services));
    await services.start();
    return services.exports;
  } catch (e) {
    // VS Code shows nothing when activation fails: say it, then rethrow so the failure is recorded.
    void vscode.window.showErrorMessage(`Timeslice could not start: ${safeText(e instanceof Error ? e.message : String(e), 1000)}`);
    throw e;
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
