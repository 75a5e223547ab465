/**
 * The files a listing found, by workspace-relative path (what Go to Code may open). A new listing of
 * some extensions replaces every path of those extensions, so a file deleted since is dropped even when
 * no watcher event said so. No `vscode`.
 */
export class ListedPaths<U> {
  private readonly byPath = new Map<string, U>();

  /** What a listing of `extensions` (no dot) found: the earlier paths of those extensions go. */
  replace(extensions: readonly string[], found: Iterable<readonly [string, U]>): void {
    for (const path of [...this.byPath.keys()]) {
      if (extensions.some((e) => path.endsWith(`.${e}`))) {
        this.byPath.delete(path);
      }
    }
    for (const [path, uri] of found) {
      this.byPath.set(path, uri);
    }
  }

  get(path: string): U | undefined {
    return this.byPath.get(path);
  }

  /** The file went away. */
  delete(path: string): void {
    this.byPath.delete(path);
  }

  clear(): void {
    this.byPath.clear();
  }
}
