// Open the Demo's Code: a fresh copy of samples/demo-workspace in a new window, where the demo starts by itself so
// the folders' bindings reach its applications.
import * as vscode from 'vscode';

import type { Logger } from '../log';
import {
  copyFolderName,
  DEMO_CODE_DIR,
  DEMO_WORKSPACE_FILE,
  demoCopyOf,
  FIRST_FILE,
  OPENED_SUFFIX,
  staleCopies,
} from './demoCodeCopies';
import { writeDemoRepositories } from './demoRepositories';
import { nudgeUntilOpened } from './workspaceFileNudge';

/** Where the sample workspace is inside the installed extension (.vscodeignore ships it). */
const SAMPLE_PATH = ['samples', 'demo-workspace'] as const;

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

function openedMarker(copy: vscode.Uri): vscode.Uri {
  return copy.with({ path: `${copy.path}${OPENED_SUFFIX}` });
}

export class DemoCode {
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly storageUri: vscode.Uri,
    private readonly log: Logger,
  ) {}

  get windowCopy(): vscode.Uri | undefined {
    const file = vscode.workspace.workspaceFile;
    const copy =
      file && file.scheme === this.storageUri.scheme ? demoCopyOf(this.storageUri.path, file.path) : undefined;
    return copy === undefined ? undefined : this.storageUri.with({ path: copy });
  }

  async open(newWindow = true): Promise<void> {
    const now = Date.now();
    const dir = vscode.Uri.joinPath(this.storageUri, DEMO_CODE_DIR);
    await this.removeStale(dir, now);
    const copy = vscode.Uri.joinPath(dir, copyFolderName(now));
    await vscode.workspace.fs.copy(vscode.Uri.joinPath(this.extensionUri, ...SAMPLE_PATH), copy, { overwrite: false });
    this.log.info(`copied the demo's code to ${copy.fsPath}`);
    if (copy.scheme === 'file') {
      try {
        writeDemoRepositories(copy.fsPath); // Its deployments' commits (docs/impact.md, "The demo's story").
      } catch (e) {
        this.log.warn(`could not write the demo's git history: ${String(e)}`);
      }
    }
    const workspaceFile = vscode.Uri.joinPath(copy, DEMO_WORKSPACE_FILE);
    await vscode.commands.executeCommand('vscode.openFolder', workspaceFile, { forceNewWindow: newWindow });
    if (newWindow) {
      void nudgeUntilOpened({
        opened: () => exists(openedMarker(copy)),
        rewrite: async () => {
          await vscode.workspace.fs.writeFile(workspaceFile, await vscode.workspace.fs.readFile(workspaceFile));
          this.log.info(`wrote ${DEMO_WORKSPACE_FILE} again: its window has not said it opened`);
        },
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      }).catch((e: unknown) => this.log.warn(`could not write ${DEMO_WORKSPACE_FILE} again: ${String(e)}`));
    }
  }

  /** In a copy's window (the demo started): a copy opened for the first time shows its controller. */
  async openFirstFileOnce(copy: vscode.Uri): Promise<void> {
    const opened = openedMarker(copy);
    if (await exists(opened)) {
      return; // A window of this copy opened before: what the user had open is restored instead.
    }
    await vscode.workspace.fs.writeFile(opened, new Uint8Array());
    const file = vscode.Uri.joinPath(copy, ...FIRST_FILE.split('/'));
    await vscode.window.showTextDocument(file, { preview: false });
    this.log.info(`opened ${FIRST_FILE} of the copy`);
  }

  /** Removes copies older than a week; a copy that cannot be removed now is tried again next time. */
  private async removeStale(dir: vscode.Uri, now: number): Promise<void> {
    let names: string[];
    try {
      names = (await vscode.workspace.fs.readDirectory(dir)).map(([name]) => name);
    } catch {
      return; // No copy yet.
    }
    for (const name of staleCopies(names, now)) {
      try {
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(dir, name), { recursive: true, useTrash: false });
      } catch (e) {
        this.log.warn(`could not remove an old copy of the demo's code (${name}): ${String(e)}`);
      }
    }
  }
}
