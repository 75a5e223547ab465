// Opens a changed method of the What Moved page at its line, in the folder bound to the application.
import * as vscode from 'vscode';

import { checkChangedMethodLink } from '../impact/changedMethodLink';
import type { Services } from '../services';
import { safeText } from '../util/safeText';

export function openChangedMethod(services: Pick<Services, 'bindings' | 'log'>) {
  return async (args: unknown): Promise<void> => {
    const checked = checkChangedMethodLink(args);
    if ('refused' in checked) {
      services.log.warn(`a changed method's link was refused: ${checked.refused}`);
      return;
    }
    const { applicationId, path, line } = checked.link;
    const folder = services.bindings.all().find((b) => b.binding.id === applicationId)?.folder;
    if (!folder) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('No workspace folder is bound to this application any more: bind it to open its code.'),
      );
      return;
    }
    const uri = vscode.Uri.joinPath(folder.uri, ...path.split('/'));
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('{0} is not in the working tree (removed or renamed since).', safeText(path, 200)),
      );
      return;
    }
    const at = new vscode.Position(line, 0);
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(at, at), preview: false });
  };
}
