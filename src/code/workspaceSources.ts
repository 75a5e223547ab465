// Only files this listing found are ever read or opened: a transaction name never becomes a path. Local
// files are read through Node (localFileReader.ts), other schemes through `workspace.fs`.
import * as vscode from 'vscode';

import type { FocusGate } from '../session/focusGate';
import { BackgroundPace } from './backgroundPace';
import { IgnoreRules } from './ignoreRules';
import { ListedPaths } from './listedPaths';
import { LocalFileReader } from './localFileReader';
import type { Logger } from '../log';
import type { SourceFiles, TooLarge } from './sourceIndex';
import { EXTENSIONS_OF, INDEX_LIMITS, SourceIndex } from './sourceIndex';
import { BUILD_OUTPUT_DIRS } from './sourcePreference';
import { Disposable } from '../util/lifecycle';

// Dependencies and build output hold no code an agent names (a compiled copy would open instead of the
// source) and can hold tens of thousands of files.
export const ALWAYS_SKIPPED = [
  '**/node_modules/**',
  '**/vendor/**',
  '**/.git/**',
  '**/.venv/**',
  '**/venv/**',
  '**/site-packages/**',
  '**/__pycache__/**',
  '**/target/**',
  '**/bin/**',
  '**/obj/**',
  ...BUILD_OUTPUT_DIRS.map((dir) => `**/${dir}/**`),
] as const;

/** More `.gitignore` files than this in one folder is a vendored tree, not the application's rules. */
const MAX_IGNORE_FILES = 500;
/** A `.gitignore` larger than this is generated, not written: it is left unread. */
const MAX_IGNORE_FILE_BYTES = 256 * 1024;

export function excludeGlob(settings: {
  filesExclude?: Record<string, unknown>;
  searchExclude?: Record<string, unknown>;
}): string {
  const on = (map: Record<string, unknown> | undefined) =>
    Object.entries(map ?? {})
      .filter(([, value]) => value === true)
      .map(([glob]) => glob.replace(/[{},]/g, '')) // a brace or comma would break the combined pattern
      .filter((glob) => glob.length > 0);
  return `{${[...new Set([...on(settings.filesExclude), ...on(settings.searchExclude), ...ALWAYS_SKIPPED])].join(',')}}`;
}

export function pathInFolder(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string | undefined {
  const root = folder.uri.path.replace(/\/$/, '');
  return uri.scheme === folder.uri.scheme && uri.authority === folder.uri.authority && uri.path.startsWith(`${root}/`)
    ? uri.path.slice(root.length + 1)
    : undefined;
}

/** A token that follows `signal` until it is disposed (the listener goes with it, so none piles up). */
function cancellation(signal: AbortSignal): vscode.Disposable & { token: vscode.CancellationToken } {
  const source = new vscode.CancellationTokenSource();
  const cancel = () => source.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  return {
    token: source.token,
    dispose: () => {
      signal.removeEventListener('abort', cancel);
      source.dispose();
    },
  };
}

class FolderSourceFiles implements SourceFiles {
  readonly uris = new ListedPaths<vscode.Uri>();
  private readonly local = new LocalFileReader();
  private ignoreRules: Promise<IgnoreRules> | undefined;

  constructor(private readonly folder: vscode.WorkspaceFolder) {}

  async list(extensions: readonly string[], limit: number, signal: AbortSignal): Promise<string[]> {
    const config = vscode.workspace.getConfiguration(undefined, this.folder.uri);
    const exclude = excludeGlob({
      filesExclude: config.get<Record<string, unknown>>('files.exclude'),
      searchExclude: config.get<Record<string, unknown>>('search.exclude'),
    });
    const token = cancellation(signal);
    try {
      const pattern = new vscode.RelativePattern(this.folder, `**/*.{${extensions.join(',')}}`);
      const [found, rules] = await Promise.all([
        vscode.workspace.findFiles(pattern, exclude, limit, token.token),
        this.rules(exclude, signal),
      ]);
      signal.throwIfAborted();
      const listed = found.flatMap((uri) => {
        const path = pathInFolder(this.folder, uri);
        return path === undefined || rules.ignores(path) ? [] : [[path, uri] as const];
      });
      this.uris.replace(extensions, listed);
      return listed.map(([path]) => path);
    } finally {
      token.dispose();
    }
  }

  async read(path: string, maxBytes: number, signal: AbortSignal): Promise<string | TooLarge | undefined> {
    const uri = this.uris.get(path);
    return uri && this.readUri(uri, maxBytes, signal);
  }

  // Runs to its end without its caller's signal: an abandoned listing would otherwise fail the next one
  // with its cancellation. It is short and bounded.
  private async rules(exclude: string, signal: AbortSignal): Promise<IgnoreRules> {
    if (!this.ignoreRules) {
      this.ignoreRules = this.readRules(exclude, new AbortController().signal);
      // A failed reading is not kept: the next listing reads again.
      this.ignoreRules.catch(() => (this.ignoreRules = undefined));
    }
    const rules = await this.ignoreRules;
    signal.throwIfAborted();
    return rules;
  }

  private async readRules(exclude: string, signal: AbortSignal): Promise<IgnoreRules> {
    const token = cancellation(signal);
    try {
      const pattern = new vscode.RelativePattern(this.folder, '**/.gitignore');
      const found = await vscode.workspace.findFiles(pattern, exclude, MAX_IGNORE_FILES, token.token);
      const files = await Promise.all(
        found.map(async (uri) => {
          const path = pathInFolder(this.folder, uri);
          const text = path === undefined ? undefined : await this.readUri(uri, MAX_IGNORE_FILE_BYTES, signal);
          return path === undefined || typeof text !== 'string'
            ? []
            : [{ dir: path.slice(0, Math.max(0, path.lastIndexOf('/'))), text }];
        }),
      );
      signal.throwIfAborted();
      return new IgnoreRules(files.flat());
    } finally {
      token.dispose();
    }
  }

  private async readUri(
    uri: vscode.Uri,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<string | TooLarge | undefined> {
    if (uri.scheme === 'file') {
      return this.local.read(uri.fsPath, maxBytes, signal);
    }
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      return bytes.byteLength > maxBytes ? { tooLarge: bytes.byteLength } : new TextDecoder().decode(bytes);
    } catch {
      return undefined; // Gone or unreadable since the listing: it simply serves nothing.
    }
  }
}

export class WorkspaceSourceIndex extends Disposable {
  private readonly folders = new Map<string, { files: FolderSourceFiles; index: SourceIndex }>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  /** One pace for every folder's background pass: together they work no more than one would. */
  private readonly pace: BackgroundPace;

  constructor(
    private readonly log: Logger,
    focus: Pick<FocusGate, 'isFocused' | 'run'>,
    private readonly probe?: (files: SourceFiles) => SourceFiles,
  ) {
    super();
    this.pace = new BackgroundPace(focus);
    const extensions = [...new Set(Object.values(EXTENSIONS_OF).flat())];
    const watcher = this._register(vscode.workspace.createFileSystemWatcher(`**/*.{${extensions.join(',')}}`));
    const on = (existence: 'changed' | 'created' | 'deleted') => (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const path = folder && pathInFolder(folder, uri);
      if (folder && path !== undefined) {
        const entry = this.folders.get(folder.uri.toString());
        entry?.index.invalidate(path, existence);
        if (existence === 'deleted') {
          entry?.files.uris.delete(path);
        }
        this.changed.fire();
      }
    };
    this._register(watcher.onDidChange(on('changed')));
    this._register(watcher.onDidCreate(on('created')));
    this._register(watcher.onDidDelete(on('deleted')));
    const ignoreWatcher = this._register(vscode.workspace.createFileSystemWatcher('**/.gitignore'));
    const resetFolderOf = (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (folder && this.folders.delete(folder.uri.toString())) {
        this.changed.fire();
      }
    };
    this._register(ignoreWatcher.onDidChange(resetFolderOf));
    this._register(ignoreWatcher.onDidCreate(resetFolderOf));
    this._register(ignoreWatcher.onDidDelete(resetFolderOf));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.exclude') || e.affectsConfiguration('search.exclude')) {
          this.reset();
        }
      }),
    );
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.reset()));
  }

  indexOf(folder: vscode.WorkspaceFolder): SourceIndex {
    const key = folder.uri.toString();
    let entry = this.folders.get(key);
    if (!entry) {
      const files = new FolderSourceFiles(folder);
      entry = { files, index: new SourceIndex(this.probe?.(files) ?? files, INDEX_LIMITS, this.log, this.pace.turn) };
      this.folders.set(key, entry);
    }
    return entry.index;
  }

  /** The URI of a file the folder's index listed (Go to Code opens only these). */
  uriOf(folder: vscode.WorkspaceFolder, path: string): vscode.Uri | undefined {
    return this.folders.get(folder.uri.toString())?.files.uris.get(path);
  }

  private reset(): void {
    this.folders.clear();
    this.changed.fire();
  }
}
