// A new listing replaces every path of its extensions, so a file deleted since is dropped without a
// watcher event. No `vscode`.
export class ListedPaths<U> {
  private readonly byPath = new Map<string, U>();

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

  delete(path: string): void {
    this.byPath.delete(path);
  }

  clear(): void {
    this.byPath.clear();
  }
}
