/** "Bind Workspace to Application…", "Unbind Workspace" and the status bar's "open its dashboard". */
import * as vscode from 'vscode';

import { COMMAND } from '../constants';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { Services } from '../services';
import { regionLabel } from '../status/binding';
import { isPlainDisplayName, safeText } from '../util/safeText';

/** For keybindings, other extensions and tests: bind without the pickers. */
export interface BindArgs {
  applicationId?: number;
  name?: string;
  folder?: vscode.Uri;
}

/** A function: module-level text would be read before VS Code has loaded the translations. */
const bindTitle = () => vscode.l10n.t('Bind Workspace to Application');

/** The folder to bind: the only one, the one given, or the one the user picks in a multi-root window. */
async function pickFolder(
  placeHolder: string,
  uri?: vscode.Uri,
  only?: readonly vscode.WorkspaceFolder[],
): Promise<vscode.WorkspaceFolder | undefined> {
  if (uri) {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) {
      throw new Error(vscode.l10n.t('{0} is not in a folder of this workspace.', uri.fsPath));
    }
    return folder;
  }
  const folders = only ?? vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    throw new Error(
      vscode.l10n.t(
        "Open a folder first: the binding is saved in the folder's .vscode/settings.json, so it travels with the repository.",
      ),
    );
  }
  if (folders.length === 1) {
    return folders[0];
  }
  const picked = await vscode.window.showQuickPick(
    folders.map((folder) => ({
      label: safeText(folder.name),
      description: safeText(vscode.workspace.asRelativePath(folder.uri, true)),
      folder,
    })),
    {
      title: bindTitle(),
      placeHolder,
      ignoreFocusOut: true,
    },
  );
  return picked?.folder;
}

export function bindWorkspace(services: Services) {
  return async (args?: BindArgs): Promise<void> => {
    // The binding records the connection's region, and the picker needs its list of applications.
    const conn = requireConnection(
      services.connections.current,
      vscode.l10n.t('the binding records the region of the connection'),
    );
    const region = services.connectionRegion();
    if (!conn || !region) {
      return;
    }
    const folder = await pickFolder(
      vscode.l10n.t('Which folder to bind (its .vscode/settings.json keeps the binding)'),
      args?.folder,
    );
    if (!folder) {
      return;
    }
    let app: { id: number; name: string } | undefined;
    if (args?.applicationId !== undefined) {
      if (args.name !== undefined && !isPlainDisplayName(args.name)) {
        throw new Error(
          vscode.l10n.t(
            'The name given for the binding is not a plain application name (link, icon or HTML syntax, invisible characters, or over 200 characters); the folder was not bound.',
          ),
        );
      }
      app = { id: args.applicationId, name: args.name ?? `application ${args.applicationId}` };
    } else {
      app = await pickApplication(conn, bindTitle());
    }
    if (!app) {
      return;
    }
    // A service name that would not pass parseBinding is left out: the binding then shows the ID until the first refresh.
    await services.bindings.bind(folder, {
      id: app.id,
      region,
      ...(isPlainDisplayName(app.name) ? { name: app.name } : {}),
    });
    void vscode.window.setStatusBarMessage(
      `$(plug) ${vscode.l10n.t('{0} is bound to {1} ({2}).', safeText(folder.name), safeText(app.name), regionLabel(region))}`,
      5000,
    );
  };
}

export function unbindWorkspace(services: Services) {
  return async (folderUri?: vscode.Uri): Promise<void> => {
    const bound = services.bindings.all();
    if (bound.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No folder of this workspace is bound to an application.'),
      );
      return;
    }
    const folder = await pickFolder(
      vscode.l10n.t('Which folder to unbind'),
      folderUri,
      bound.map((b) => b.folder),
    );
    if (folder) {
      await services.bindings.unbind(folder);
    }
  };
}

/** The status bar's click: the active binding's dashboard. */
export function openBoundApplication(services: Services) {
  return (): void => {
    const active = services.bindings.active();
    if (!active) {
      void vscode.commands.executeCommand(COMMAND.bindWorkspace);
      return;
    }
    const snap = services.boundApps.snapshot(active.binding);
    const title = snap?.app?.name ?? active.binding.name ?? `application ${active.binding.id}`;
    const region = services.connectionRegion();
    if (region !== active.binding.region) {
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t(
            '{0} is bound in the {1} region; the current connection is {2}. Switch the region to open its dashboard.',
            safeText(title),
            regionLabel(active.binding.region),
            region ? regionLabel(region) : vscode.l10n.t('not set up'),
          ),
          vscode.l10n.t('Switch Region…'),
        )
        .then((c) => c && vscode.commands.executeCommand(COMMAND.switchRegion));
      return;
    }
    services.panels.show({ kind: 'application', applicationId: active.binding.id, title });
  };
}
