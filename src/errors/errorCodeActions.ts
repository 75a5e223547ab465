import * as vscode from 'vscode';

import { Disposable } from '../util/lifecycle';
import { SHOW_ERROR_COMMAND } from './errorCommands';
import type { ErrorDiagnostics } from './errorDiagnostics';

export class ErrorCodeActions extends Disposable implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly diagnostics: ErrorDiagnostics) {
    super();
    this._register(
      vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, this, {
        providedCodeActionKinds: ErrorCodeActions.kinds,
      }),
    );
  }

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const ours = this.diagnostics.shownAt(document.uri);
    return context.diagnostics.flatMap((d) => {
      // VS Code hands back copies: ours are told by their line and message.
      const shown = ours.find(
        (s) => s.diagnostic.message === d.message && s.diagnostic.range.start.line === d.range.start.line,
      );
      if (!shown) {
        return [];
      }
      const show = new vscode.CodeAction(vscode.l10n.t('Show Error'), vscode.CodeActionKind.QuickFix);
      show.command = { title: show.title, command: SHOW_ERROR_COMMAND, arguments: [shown.entry.args] };
      show.diagnostics = [d];
      show.isPreferred = true;
      if (!shown.link) {
        return [show];
      }
      const open = new vscode.CodeAction(vscode.l10n.t('Open in the Service'), vscode.CodeActionKind.QuickFix);
      open.command = { title: open.title, command: 'vscode.open', arguments: [vscode.Uri.parse(shown.link)] };
      open.diagnostics = [d];
      return [show, open];
    });
  }
}
