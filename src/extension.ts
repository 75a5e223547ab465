import * as vscode from 'vscode';

import { registerCommands } from './commands/registerCommands';
import { Services } from './services';
import type { TimesliceTestApi } from './testApi';
import { testApiFor } from './testApi';
import { safeText } from './util/safeText';

/** Returns nothing to other extensions; the test API only under the test harness (see testApi.ts). */
export async function activate(context: vscode.ExtensionContext): Promise<TimesliceTestApi | undefined> {
  try {
    const services = new Services(context);
    context.subscriptions.push(services, ...registerCommands(services));
    await services.start();
    return testApiFor(services.testApiSource);
  } catch (e) {
    // VS Code shows nothing when activation fails: say it, then rethrow so the failure is recorded.
    void vscode.window.showErrorMessage(`Timeslice could not start: ${safeText(e instanceof Error ? e.message : String(e), 1000)}`);
    throw e;
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
