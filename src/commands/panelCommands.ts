/** Commands that open chart panels, from a tree node or (palette) a picked application. */
import * as vscode from 'vscode';

import type { PanelKind } from '../panels/protocol';
import type { Services } from '../services';
import type { MonitorNode } from '../tree/nodes';
import { safeText } from '../util/safeText';

async function pickApplication(services: Services): Promise<{ id: number; name: string } | undefined> {
  const conn = services.connections.current;
  if (!conn) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Set an API key or start the demo first.'), vscode.l10n.t('Set API Key…'), vscode.l10n.t('Start Demo')).then((c) => {
      if (c) {
        void vscode.commands.executeCommand(c === vscode.l10n.t('Start Demo') ? 'timeslice.startDemo' : 'timeslice.setApiKey');
      }
    });
    return undefined;
  }
  const apps = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Loading applications…') }, () => conn.api.listApplications());
  const picked = await vscode.window.showQuickPick(apps.map((a) => ({ label: safeText(a.name), description: `${a.id}`, app: a })), {
    title: vscode.l10n.t('Application'), placeHolder: vscode.l10n.t('Type to filter applications'), matchOnDescription: true,
    // Opened after the palette closed: a webview taking its focus back must not close this pick.
    ignoreFocusOut: true,
  });
  return picked ? { id: picked.app.id, name: picked.app.name } : undefined;
}

/** Opens the application-level panel `kind` for a node or a picked application. */
export function openApplicationPanel(services: Services, kind: Extract<PanelKind, 'application' | 'breakdown' | 'explorer'>) {
  return async (node?: MonitorNode): Promise<void> => {
    const app = node?.kind === 'application' ? { id: node.app.id, name: node.app.name } : await pickApplication(services);
    if (app) {
      services.panels.show({ kind, applicationId: app.id, title: app.name });
    }
  };
}

export function openEntityPanel(services: Services) {
  return (node?: MonitorNode): void => {
    if (!node) {
      return;
    }
    switch (node.kind) {
      case 'host':
        services.panels.show({ kind: 'host', applicationId: node.parent.parent.app.id, hostId: node.host.id, title: node.host.host });
        return;
      case 'instance':
        services.panels.show({ kind: 'instance', applicationId: node.parent.parent.app.id, instanceId: node.instance.id, title: `${node.instance.host}:${node.instance.port ?? ''}` });
        return;
      case 'keyTransaction':
        services.panels.show({ kind: 'keyTransaction', applicationId: node.parent.parent.app.id, keyTransactionId: node.keyTransaction.id, title: node.keyTransaction.name });
        return;
      case 'application':
        services.panels.show({ kind: 'application', applicationId: node.app.id, title: node.app.name });
        return;
      default:
        return;
    }
  };
}
