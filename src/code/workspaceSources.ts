/**
 * The workspace's files for the source index: listed with VS Code's `findFiles` under the user's
 * `files.exclude` and `search.exclude` (plus dependency and build folders), read through
 * Node's file system for local files (far cheaper per file, see localFileReader.ts) and `workspace.fs`
 * for any other scheme (virtual workspaces), and watched so a change reaches the index.
 * Only files this listing found are ever read or opened: a transaction name never becomes a path.
 */
import * as vscode from 'vscode';

import { ListedPaths } from './listedPaths';
import { LocalFileReader } from './localFileReader';
import type { SourceFiles } from './sourceIndex';
import { EXTENSIONS_OF, SourceIndex } from './sourceIndex';
import { Disposable } from '../util/lifecycle';

/**
 * Never read, whatever the excludes say: dependencies and build output hold no code of the
 * application's own that an agent names, and can hold tens of thousands of files.
 */
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
] as const;

/** One exclude glob from the user's `files.exclude` and `search.exclude` (entries set to true) and ALWAYS_SKIPPED. */
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

/** A token that follows `signal`; disposing it also removes its listener from the signal. */
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

/** The workspace through VS Code, with the URIs of what it listed (what Go to Code may open). */
class WorkspaceSourceFiles implements SourceFiles {
  readonly uris = new ListedPaths<vscode.Uri>();
  private readonly local = new LocalFileReader();

  async list(extensions: readonly string[], limit: number, signal: AbortSignal): Promise<string[]> {
    const config = vscode.workspace.getConfiguration();
    const exclude = excludeGlob({
      filesExclude: config.get<Record<string, unknown>>('files.exclude'),
      searchExclude: config.get<Record<string, unknown>>('search.exclude'),
    });
    const token = cancellation(signal);
    try {
      const found = await vscode.workspace.findFiles(`**/*.{${extensions.join(',')}}`, exclude, limit, token.token);
      signal.throwIfAborted();
      const listed = found.map((uri) => {
        const path = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
        return [path, uri] as const;
      });
      this.uris.replace(extensions, listed);
      return listed.map(([path]) => path);
    } finally {
      token.dispose();
    }
  }

  async read(path: string, maxBytes: number, signal: AbortSignal): Promise<string | undefined> {
    const uri = this.uris.get(path);
    if (!uri) {
      return undefined;
    }
    if (uri.scheme === 'file') {
      return this.local.read(uri.fsPath, maxBytes, signal);
    }
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      return bytes.byteLength > maxBytes ? undefined : new TextDecoder().decode(bytes);
    } catch {
      return undefined; // Gone or unreadable since the listing: it simply serves nothing.
    }
  }
}

/** The source index over the open workspace, kept current by a file watcher and the exclude settings. */
export class WorkspaceSourceIndex extends Disposable {
  private readonly files = new WorkspaceSourceFiles();
  readonly index = new SourceIndex(this.files);
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when a source file or the excludes changed (lenses recompute). */
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    const extensions = [...new Set(Object.values(EXTENSIONS_OF).flat())];
    const watcher = this._register(vscode.workspace.createFileSystemWatcher(`**/*.{${extensions.join(',')}}`));
    const on = (existence: 'changed' | 'created' | 'deleted') => (uri: vscode.Uri) => {
      const path = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
      this.index.invalidate(path, existence);
      if (existence === 'deleted') {
        this.files.uris.delete(path);
      }
      this.changed.fire();
    };
    this._register(watcher.onDidChange(on('changed')));
    this._register(watcher.onDidCreate(on('created')));
    this._register(watcher.onDidDelete(on('deleted')));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.exclude') || e.affectsConfiguration('search.exclude')) {
          this.reset();
        }
      }),
    );
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.reset()));
  }

  /** The URI of a file the index listed (Go to Code opens only these). */
  uriOf(path: string): vscode.Uri | undefined {
    return this.files.uris.get(path);
  }

  private reset(): void {
    this.files.uris.clear();
    this.index.reset();
    this.changed.fire();
  }
}
