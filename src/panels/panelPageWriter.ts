/** A chart panel's webview: its options and the page written into it (its files inline when they can be). */
import * as vscode from 'vscode';

import { makeNonce, renderPanelHtml } from './html';
import { inlinePanelPage } from './panelPage';

/** When a panel's page is written: 'nextTask' for one the user just opened, at once for one restored. */
export type PageWrite = 'now' | 'nextTask';

export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [
      vscode.Uri.joinPath(extensionUri, 'dist', 'webview'),
      vscode.Uri.joinPath(extensionUri, 'media'),
    ],
  };
}

/** Writes the panel's page; true when its scripts are in it (it runs before VS Code delivers what is posted). */
export function writePanelPage(panel: vscode.WebviewPanel, extensionUri: vscode.Uri): boolean {
  const webview = panel.webview;
  const asset = (...p: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...p)).toString();
  const inline = inlinePanelPage(extensionUri.fsPath);
  webview.html = renderPanelHtml({
    cspSource: webview.cspSource,
    nonce: makeNonce(),
    title: panel.title,
    lang: vscode.env.language,
    bootUri: asset('dist', 'webview', 'panelBoot.js'),
    scriptUri: asset('dist', 'webview', 'panel.js'),
    ...(inline ? { inline: { ...inline, componentsUri: asset('dist', 'webview', 'panelComponents.js') } } : {}),
    styleUri: asset('media', 'panel.css'),
  });
  return inline !== undefined;
}
