import * as vscode from 'vscode';

import { safeText } from '../util/safeText';
import type { CodeTarget } from './transactionNames';
import { codeTargetOf } from './transactionNames';
import { sourceLanguagesOfAgent } from './symbols';
import type { WorkspaceSourceIndex } from './workspaceSources';

export interface GoToCodeRequest {
  name: string;
  agentLanguage: string;
}

export function describeTarget(target: CodeTarget): string {
  switch (target.kind) {
    case 'member': {
      const owner = [...target.namespace, target.className].join('.');
      const where = target.fileSuffixes?.length ? vscode.l10n.t(' in {0}', target.fileSuffixes[0]) : '';
      return vscode.l10n.t('method {0} of {1}{2}', target.member, owner, where);
    }
    case 'function':
      return vscode.l10n.t('function {0}', [...target.namespace, target.name].join('.'));
    case 'route':
      return vscode.l10n.t('route {0}', `${target.verb ? `${target.verb} ` : ''}${target.path}`);
    case 'routeName':
      return vscode.l10n.t('route named {0}', target.name);
  }
}

// Set again once the show settles: a preview tab's editor may be replaced by one that restores its old
// view state (cursor on line 1).
export async function showAtLine(uri: vscode.Uri, line: number): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri);
  const position = new vscode.Position(Math.min(line, document.lineCount - 1), 0);
  const selection = new vscode.Selection(position, position);
  const shown = await vscode.window.showTextDocument(document, { selection, preview: true });
  const active = vscode.window.activeTextEditor;
  const editor = active?.document === document ? active : shown;
  if (!editor.selection.isEqual(selection)) {
    editor.selection = selection;
  }
  editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}

/** `folders`: where the application's code may be (codeFolders.ts), searched in order. */
export async function goToCode(
  sources: WorkspaceSourceIndex,
  folders: readonly vscode.WorkspaceFolder[],
  request: GoToCodeRequest,
): Promise<void> {
  const name = safeText(request.name, 200);
  const target = codeTargetOf(request.agentLanguage, request.name);
  const languages = sourceLanguagesOfAgent(request.agentLanguage);
  if (!target || languages.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'The name “{0}” does not say which code serves it: Timeslice reads the names that Rails, Django and Flask, Express, Spring, Laravel and Symfony, ASP.NET MVC and Go agents give.',
        name,
      ),
    );
    return;
  }
  const found = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Window,
      title: vscode.l10n.t('Looking for the code of {0}…', name),
      cancellable: true,
    },
    async (_progress, token) => {
      const abort = new AbortController();
      const listener = token.onCancellationRequested(() => abort.abort());
      try {
        for (const folder of folders) {
          const at = await sources.indexOf(folder).locate(languages, target, abort.signal);
          const uri = at && sources.uriOf(folder, at.path);
          if (at && uri) {
            return { uri, line: at.line };
          }
        }
        return undefined;
      } catch (e) {
        if (abort.signal.aborted) {
          return 'cancelled' as const;
        }
        throw e;
      } finally {
        listener.dispose();
      }
    },
  );
  if (found === 'cancelled') {
    return;
  }
  if (!found) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'No file in this workspace serves “{0}”: Timeslice looked for the {1} (files and folders in files.exclude and search.exclude are not read).',
        name,
        describeTarget(target),
      ),
    );
    return;
  }
  await showAtLine(found.uri, found.line);
}
