// `timeslice.boundApplication` in the folder's `.vscode/settings.json`, so the binding travels with the
// repository and each folder of a multi-root workspace binds its own.
import * as vscode from 'vscode';

import { CONTEXT } from '../constants';
import { SETTING } from '../config';
import { Disposable } from '../util/lifecycle';
import { safeText } from '../util/safeText';
import type { Binding } from './binding';
import { bindingProblem, parseBinding } from './binding';

export interface FolderBinding {
  folder: vscode.WorkspaceFolder;
  binding: Binding;
}

export class WorkspaceBindings extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly activeChanged = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeActive = this.activeChanged.event;
  /** The folder of the last editor with a file in the workspace; kept while a webview or panel has focus. */
  private lastFolder: vscode.WorkspaceFolder | undefined;
  private readonly reported = new Set<string>();
  /** Read once until changed: a configuration read is not cheap (the first merges every scope's settings). */
  private readonly rawValues = new Map<string, unknown>();
  private contextBound = false;

  constructor() {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`timeslice.${SETTING.boundApplication}`)) {
          this.update();
        }
      }),
    );
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.update()));
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.update()));
    this._register(vscode.window.onDidChangeActiveTextEditor((editor) => this.followEditor(editor)));
    this.followEditor(vscode.window.activeTextEditor);
    this.setContext();
    this.reportRefused();
  }

  private update(): void {
    this.rawValues.clear();
    this.setContext();
    this.reportRefused();
    this.changed.fire();
  }

  refused(): Array<{ folder: vscode.WorkspaceFolder; message: string }> {
    return (vscode.workspace.workspaceFolders ?? []).flatMap((folder) => {
      const message = bindingProblem(this.rawValue(folder));
      return message ? [{ folder, message }] : [];
    });
  }

  private reportRefused(): void {
    for (const { folder, message } of this.refused()) {
      const key = `${folder.uri.toString()}\n${JSON.stringify(this.rawValue(folder))}`;
      if (!this.reported.has(key)) {
        this.reported.add(key);
        void vscode.window.showWarningMessage(`${safeText(folder.name)}: ${message}`);
      }
    }
  }

  private rawValue(folder: vscode.WorkspaceFolder): unknown {
    // The setting is in restrictedConfigurations, so VS Code already hides a workspace's value in
    // Restricted Mode; `inspect` reads workspace values directly, so say it here as well.
    if (!vscode.workspace.isTrusted) {
      return undefined;
    }
    const key = folder.uri.toString();
    if (!this.rawValues.has(key)) {
      // Without a workspace file the folder's settings are the workspace's: read that way, VS Code
      // skips merging a configuration for the folder (up to ~25 ms, the first time in a window).
      const scope = vscode.workspace.workspaceFile ? folder.uri : undefined;
      const inspected = vscode.workspace
        .getConfiguration('timeslice', scope)
        .inspect<unknown>(SETTING.boundApplication);
      this.rawValues.set(key, inspected?.workspaceFolderValue ?? inspected?.workspaceValue);
    }
    return this.rawValues.get(key);
  }

  private followEditor(editor: vscode.TextEditor | undefined): void {
    const folder = editor ? vscode.workspace.getWorkspaceFolder(editor.document.uri) : undefined;
    if (folder && folder.uri.toString() !== this.lastFolder?.uri.toString()) {
      this.lastFolder = folder;
      this.activeChanged.fire();
    }
  }

  /** Only when it changes: a context key starts unset (false), and executing a command is not free. */
  private setContext(): void {
    const bound = this.all().length > 0;
    if (bound !== this.contextBound) {
      this.contextBound = bound;
      void vscode.commands.executeCommand('setContext', CONTEXT.workspaceBound, bound);
    }
  }

  of(folder: vscode.WorkspaceFolder): Binding | undefined {
    return parseBinding(this.rawValue(folder));
  }

  all(): FolderBinding[] {
    return (vscode.workspace.workspaceFolders ?? []).flatMap((folder) => {
      const binding = this.of(folder);
      return binding ? [{ folder, binding }] : [];
    });
  }

  /** The binding the status bar shows: the active editor's folder's, else the first bound folder's. */
  active(): FolderBinding | undefined {
    const all = this.all();
    const last = this.lastFolder?.uri.toString();
    return all.find((fb) => fb.folder.uri.toString() === last) ?? all[0];
  }

  async bind(folder: vscode.WorkspaceFolder, binding: Binding): Promise<void> {
    await vscode.workspace
      .getConfiguration('timeslice', folder.uri)
      .update(
        SETTING.boundApplication,
        { id: binding.id, region: binding.region, name: binding.name },
        vscode.ConfigurationTarget.WorkspaceFolder,
      );
    // (The change event clears it too; this covers a read between the write and the event.)
    this.rawValues.clear();
    this.lastFolder = folder;
  }

  async unbind(folder: vscode.WorkspaceFolder): Promise<void> {
    const config = vscode.workspace.getConfiguration('timeslice', folder.uri);
    await config.update(SETTING.boundApplication, undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    // In a single-folder window the folder's settings are the workspace's; a `.code-workspace` value
    // applies to every folder and is left alone in a multi-root window.
    if (
      (vscode.workspace.workspaceFolders?.length ?? 0) === 1 &&
      config.inspect(SETTING.boundApplication)?.workspaceValue !== undefined
    ) {
      await config.update(SETTING.boundApplication, undefined, vscode.ConfigurationTarget.Workspace);
    }
    this.rawValues.clear();
  }
}
