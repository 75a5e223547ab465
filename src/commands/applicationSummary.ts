/** "Timeslice: Show Application Summary…": applications with health and numbers, then what to do with one. */
import * as vscode from 'vscode';

import type { Application } from '../api/types';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { Services } from '../services';
import { safeText } from '../util/safeText';

interface Action extends vscode.QuickPickItem {
  run(app: Application): unknown;
}

export function showApplicationSummary(services: Services) {
  return async (): Promise<void> => {
    const conn = requireConnection(services.connections.current);
    const app = conn && (await pickApplication(conn, vscode.l10n.t('Application summary')));
    if (!app) {
      return;
    }
    const entity = { applicationId: app.id, title: app.name };
    const actions: Action[] = [
      {
        label: `$(dashboard) ${vscode.l10n.t('Open Dashboard')}`,
        run: () => services.panels.show({ kind: 'application', ...entity }),
      },
      {
        label: `$(graph) ${vscode.l10n.t('Open Breakdown')}`,
        run: () => services.panels.show({ kind: 'breakdown', ...entity }),
      },
      {
        label: `$(copy) ${vscode.l10n.t('Copy ID')}`,
        description: String(app.id),
        run: async () => {
          await vscode.env.clipboard.writeText(String(app.id));
          vscode.window.setStatusBarMessage(
            vscode.l10n.t('Copied the ID of {0} ({1})', safeText(app.name), app.id),
            4000,
          );
        },
      },
    ];
    const action = await vscode.window.showQuickPick(actions, {
      title: safeText(app.name),
      placeHolder: vscode.l10n.t('What to do with {0}', safeText(app.name)),
      ignoreFocusOut: true,
    });
    await action?.run(app);
  };
}
