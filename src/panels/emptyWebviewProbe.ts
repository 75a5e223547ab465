// Test builds only (`emptyWebview` switch): an empty webview with the panel's first script, so the
// click-to-chart bench times VS Code's own webview start, the floor of a first dashboard (docs/performance.md).
import * as vscode from 'vscode';

import type { Logger } from '../log';
import { panelOptions } from './panelPageWriter';
import { makeNonce, PAGE_WRITTEN_LINE } from './html';
import { inlinePanelPage } from './panelPage';

export const EMPTY_WEBVIEW_COMMAND = 'timeslice.test.openEmptyWebview';

export function emptyWebviewProbe(extensionUri: vscode.Uri, log: Logger): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('timeslice.test.emptyWebview', vscode.StatusBarAlignment.Left);
  item.text = '$(beaker)';
  item.command = EMPTY_WEBVIEW_COMMAND;
  item.show();
  const command = vscode.commands.registerCommand(EMPTY_WEBVIEW_COMMAND, () => {
    // The same options and first script as a chart panel (chartPanel.ts, html.ts): only our page differs.
    const panel = vscode.window.createWebviewPanel(
      'timeslice.test.emptyWebview',
      'Timeslice',
      vscode.ViewColumn.Active,
      panelOptions(extensionUri),
    );
    const nonce = makeNonce();
    const boot = panel.webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'panelBoot.js'));
    // Written into the page when the chart panel's is, else fetched as its file.
    const inline = inlinePanelPage(extensionUri.fsPath)?.boot;
    panel.webview.html =
      `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">` +
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'">` +
      (inline
        ? `<script nonce="${nonce}">${inline}</script>`
        : `<script nonce="${nonce}" src="${boot.toString()}"></script>`) +
      `</head><body></body></html>`;
    log.info(`empty webview ${PAGE_WRITTEN_LINE}`);
  });
  return vscode.Disposable.from(item, command);
}
