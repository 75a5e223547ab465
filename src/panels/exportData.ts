import { homedir } from 'node:os';

import * as vscode from 'vscode';

import type { PanelData } from './panelLoad';
import type { PanelState } from './protocol';
import { panelCsv, panelJson } from './exportFormats';

export async function exportPanelData(
  data: PanelData,
  entity: PanelState['entity'],
  format: 'csv' | 'json',
): Promise<string | undefined> {
  const safeName = data.title.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'timeslice';
  const target = await vscode.window.showSaveDialog({
    defaultUri: vscode.Uri.joinPath(
      vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir()),
      `${safeName}.${format}`,
    ),
    filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
  });
  if (!target) {
    return undefined;
  }
  const text = format === 'csv' ? panelCsv(data) : panelJson(data, entity);
  // Through VS Code's file system, not Node's: the chosen URI may be remote (SSH, WSL, a container)
  // or virtual, where fsPath names a file on the wrong machine or on none.
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  return target.scheme === 'file' ? target.fsPath : target.toString(true);
}
