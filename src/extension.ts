import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

import { registerCommands } from './commands/registerCommands';
import { emptyWebviewProbe } from './panels/emptyWebviewProbe';
import { Services } from './services';
import type { TimesliceTestApi } from './testApi';
import { testApiFor, testApiSourceOf } from './testApi';
import { harnessSwitches } from './testHarness';
import { safeText } from './util/safeText';

/**
 * Returns nothing to other extensions; the test API only under the test harness (see testApi.ts).
 *
 * Activation: the view and the commands activate us implicitly (VS Code 1.74+), restored charts by
 * `onWebviewPanel:timeslice.chart`. The status bar should appear in a folder whose settings bind an
 * application, but an activation event cannot read a file's content: `workspaceContains` only matches
 * names. So `workspaceContains:.vscode/settings.json` stays as the cheapest filter, and activating
 * through it costs no request: nothing is fetched until a folder is bound or the view is opened.
 */
export async function activate(context: vscode.ExtensionContext): Promise<TimesliceTestApi | undefined> {
  // Modules without `vscode` (api/, panelData, statusModel, …) translate through @vscode/l10n: hand it
  // the bundle VS Code loaded for the display language. English has none, and l10n.t keeps the source text.
  if (vscode.l10n.bundle) {
    l10n.config({ contents: vscode.l10n.bundle });
  }
  try {
    // Only the test build reads the harness's switches (see esbuild.js): a user's never does.
    const harness = __TIMESLICE_TEST__ ? harnessSwitches() : undefined;
    const services = new Services(context, harness);
    context.subscriptions.push(services, ...registerCommands(services));
    await services.start();
    if (__TIMESLICE_TEST__ && harness?.emptyWebview) {
      context.subscriptions.push(emptyWebviewProbe(context.extensionUri, services.log));
    }
    // The test API exists only in the build the test harness loads (see esbuild.js).
    return __TIMESLICE_TEST__ && harness ? testApiFor(testApiSourceOf(services), harness) : undefined;
  } catch (e) {
    // VS Code shows nothing when activation fails: say it, then rethrow so the failure is recorded.
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Timeslice could not start: {0}', safeText(e instanceof Error ? e.message : String(e), 1000)),
    );
    throw e;
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
