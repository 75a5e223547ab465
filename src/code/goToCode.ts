/**
 * Go to Code: opens the file and line that serve a transaction, found in the workspace index (only
 * files the index listed can open), or says why nothing matched: the name tells no code (another
 * framework, a custom name), or no file in the workspace has it.
 */
import * as vscode from 'vscode';

import { safeText } from '../util/safeText';
import type { CodeTarget } from './transactionNames';
import { codeTargetOf } from './transactionNames';
import { sourceLanguagesOfAgent } from './symbols';
import type { WorkspaceSourceIndex } from './workspaceSources';

/** What Go to Code is given: the transaction and its application's agent language. */
export interface GoToCodeRequest {
  name: string;
  /** The application record's `language` (ruby, python, java, dotnet, php, go, nodejs). */
  agentLanguage: string;
}

/** What the name says to look for, in the words of the message when nothing matched. */
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

export async function goToCode(sources: WorkspaceSourceIndex, request: GoToCodeRequest): Promise<void> {
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
        return await sources.index.locate(languages, target, abort.signal);
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
  const uri = found && sources.uriOf(found.path);
  if (!found || !uri) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'No file in this workspace serves “{0}”: Timeslice looked for the {1} (files and folders in files.exclude and search.exclude are not read).',
        name,
        describeTarget(target),
      ),
    );
    return;
  }
  const position = new vscode.Position(found.line, 0);
  await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), preview: true });
}
