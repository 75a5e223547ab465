/**
 * The Change Impact view: per bound folder, the working tree against HEAD and the branch against its base,
 * each changed method that serves a transaction with that transaction's numbers, the methods serving none
 * apart (changeImpactLoad.ts). Loaded while the view is visible, again when a repository's state changes
 * (debounced: the git extension fires on saves and its own refreshes, never per keystroke), a binding or
 * the session changes; Copy as Markdown writes what it shows for a pull request's description.
 */
import * as vscode from 'vscode';

import { CHANGE_IMPACT_VIEW_ID } from '../constants';
import type { ChangeImpact, ServedTransaction } from '../impact/changeImpact';
import {
  changeMarkdown,
  changeSummary,
  methodLabel,
  transactionNumbers,
  unservedSummary,
} from '../impact/changeImpact';
import type { MethodChange } from '../impact/changedMethods';
import { Disposable } from '../util/lifecycle';
import { RunThenOnceMore } from '../util/runThenOnceMore';
import { safeText } from '../util/safeText';
import type { ChangeImpactLoader, ChangeSection, FolderChanges } from './changeImpactLoad';

/** How long a burst of repository state changes is let settle before the view loads again. */
export const CHANGE_IMPACT_DEBOUNCE_MS = 750;

export type ChangeNode =
  | { kind: 'folder'; changes: FolderChanges }
  | { kind: 'section'; folder: vscode.WorkspaceFolder; section: ChangeSection }
  | { kind: 'method'; folder: vscode.WorkspaceFolder; change: MethodChange; transactions?: ServedTransaction[] }
  | { kind: 'transaction'; transaction: ServedTransaction }
  | { kind: 'unserved'; folder: vscode.WorkspaceFolder; impact: ChangeImpact };

export function scopeLabel(section: Pick<ChangeSection, 'scope' | 'base'>): string {
  switch (section.scope) {
    case 'workingTree':
      return vscode.l10n.t('Working tree against HEAD');
    case 'branch':
      return vscode.l10n.t('Branch against {0}', safeText(section.base, 80));
    default:
      return vscode.l10n.t('Working tree against {0}', safeText(section.base, 80));
  }
}

export class ChangeImpactView extends Disposable implements vscode.TreeDataProvider<ChangeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<ChangeNode>;
  private folders: FolderChanges[] | undefined;
  private readonly loads = new RunThenOnceMore(() => this.load());
  private readonly watched = new Map<string, vscode.Disposable>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stale = true;

  constructor(
    private readonly loader: ChangeImpactLoader,
    private readonly deps: {
      boundFolders(): vscode.WorkspaceFolder[];
      /** Fires when bindings or the session change. */
      onDidChangeInputs: vscode.Event<unknown>[];
      signal(): AbortSignal;
      log(message: string): void;
    },
  ) {
    super();
    this.view = this._register(vscode.window.createTreeView(CHANGE_IMPACT_VIEW_ID, { treeDataProvider: this }));
    this._register(this.view.onDidChangeVisibility(() => this.view.visible && this.stale && this.soon(0)));
    for (const event of deps.onDidChangeInputs) {
      this._register(event(() => this.soon()));
    }
    this._register({
      dispose: () => {
        clearTimeout(this.timer);
        for (const d of this.watched.values()) d.dispose();
      },
    });
  }

  /** Loads now (the command, a test) and resolves when the view shows it. */
  async refresh(): Promise<readonly FolderChanges[]> {
    clearTimeout(this.timer);
    await this.loads.run();
    return this.folders ?? [];
  }

  /** What the view shows, as Markdown (empty when nothing changed). */
  markdown(): string {
    const label = (f: Extract<FolderChanges, { kind: 'changes' }>) => f.window.label;
    return (this.folders ?? [])
      .flatMap((f) =>
        f.kind !== 'changes'
          ? []
          : f.sections.flatMap((s) => (s.impact ? [changeMarkdown(s.impact, scopeLabel(s), label(f))] : [])),
      )
      .join('\n');
  }

  private soon(ms = CHANGE_IMPACT_DEBOUNCE_MS): void {
    this.stale = true;
    if (!this.view.visible) return; // Loaded when it shows.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loads.run(), ms);
  }

  private async load(): Promise<void> {
    this.stale = false;
    const folders: FolderChanges[] = [];
    for (const folder of this.deps.boundFolders()) {
      try {
        const changes = await this.loader.folderChanges(folder, this.deps.signal());
        if (changes.kind === 'changes') this.watch(folder, changes.git.onDidChange);
        folders.push(changes);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        this.deps.log(`change impact: ${message}`);
        folders.push({ kind: 'none', folder, message: safeText(message, 300) });
      }
    }
    this.folders = folders;
    this.view.message =
      folders.length === 0 ? vscode.l10n.t('No workspace folder is bound to an application.') : undefined;
    this.changed.fire();
  }

  private watch(folder: vscode.WorkspaceFolder, onDidChange: vscode.Event<void>): void {
    const key = folder.uri.toString();
    if (!this.watched.has(key))
      this.watched.set(
        key,
        onDidChange(() => this.soon()),
      );
  }

  getChildren(node?: ChangeNode): ChangeNode[] {
    if (!node) {
      if (!this.folders) void this.loads.run();
      return (this.folders ?? []).map((changes) => ({ kind: 'folder', changes }));
    }
    switch (node.kind) {
      case 'folder': {
        const c = node.changes;
        return c.kind === 'changes'
          ? c.sections.map((section) => ({ kind: 'section', folder: c.folder, section }))
          : [];
      }
      case 'section': {
        const impact = node.section.impact;
        if (!impact) return [];
        const rows: ChangeNode[] = impact.rows.map((r) => ({
          kind: 'method',
          folder: node.folder,
          change: r.change,
          transactions: r.transactions,
        }));
        return impact.unserved.length > 0 || impact.elsewhere > 0
          ? [...rows, { kind: 'unserved', folder: node.folder, impact }]
          : rows;
      }
      case 'method':
        return (node.transactions ?? []).map((transaction) => ({ kind: 'transaction', transaction }));
      case 'unserved':
        return node.impact.unserved.map((change) => ({ kind: 'method', folder: node.folder, change }));
      default:
        return [];
    }
  }

  getTreeItem(node: ChangeNode): vscode.TreeItem {
    const { Collapsed, Expanded, None } = vscode.TreeItemCollapsibleState;
    switch (node.kind) {
      case 'folder': {
        const item = new vscode.TreeItem(node.changes.folder.name, node.changes.kind === 'changes' ? Expanded : None);
        item.iconPath = new vscode.ThemeIcon('root-folder');
        if (node.changes.kind === 'none') item.description = node.changes.message;
        return item;
      }
      case 'section': {
        const impact = node.section.impact;
        const item = new vscode.TreeItem(
          scopeLabel(node.section),
          impact && impact.rows.length > 0 ? Expanded : Collapsed,
        );
        item.description = impact ? changeSummary(impact) : node.section.message;
        item.tooltip = impact ? [changeSummary(impact), unservedSummary(impact)].filter(Boolean).join('\n') : undefined;
        item.iconPath = new vscode.ThemeIcon(node.section.scope === 'branch' ? 'git-branch' : 'diff');
        if (impact && impact.rows.length === 0 && impact.unserved.length === 0 && impact.elsewhere === 0) {
          item.collapsibleState = None;
        }
        return item;
      }
      case 'method': {
        const c = node.change;
        const label = safeText(methodLabel(c), 120);
        const item = new vscode.TreeItem(label, node.transactions ? Expanded : None);
        item.description = `${safeText(c.path, 200)}:${c.method.line + 1}${c.kind === 'changed' ? '' : ` · ${kindLabel(c)}`}`;
        item.iconPath = new vscode.ThemeIcon(c.method.kind === 'route' ? 'globe' : 'symbol-method');
        if (c.kind !== 'removed') {
          const uri = vscode.Uri.joinPath(node.folder.uri, c.path);
          const line = c.method.line;
          item.command = {
            command: 'vscode.open',
            title: vscode.l10n.t('Open'),
            arguments: [uri, { selection: new vscode.Range(line, 0, line, 0) }],
          };
        }
        return item;
      }
      case 'transaction': {
        const t = node.transaction;
        const item = new vscode.TreeItem(safeText(t.name, 120), None);
        item.description = [transactionNumbers(t), ...(t.topErrorClass ? [safeText(t.topErrorClass, 80)] : [])].join(
          ' · ',
        );
        item.iconPath = new vscode.ThemeIcon('pulse');
        return item;
      }
      case 'unserved': {
        const item = new vscode.TreeItem(
          vscode.l10n.t('Serving no transaction'),
          node.impact.unserved.length > 0 ? Collapsed : None,
        );
        item.description = unservedSummary(node.impact);
        item.iconPath = new vscode.ThemeIcon('circle-outline');
        return item;
      }
    }
  }
}

function kindLabel(c: MethodChange): string {
  switch (c.kind) {
    case 'added':
      return vscode.l10n.t('added');
    case 'removed':
      return vscode.l10n.t('removed');
    case 'moved':
      return vscode.l10n.t('moved');
    default:
      return vscode.l10n.t('changed');
  }
}
