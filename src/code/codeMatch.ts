/**
 * Finds the line that serves a transaction among the workspace's parsed files: a class member by its
 * class (and the namespace or file the name implies), a function, or a route by its verb and path,
 * with the prefixes of the Express routers mounted above it. Pure: the files are already read, so
 * nothing here can reach a path the workspace index did not list.
 */
import type { CodeTarget } from './transactionNames';
import type { CodeSymbol, ParsedSource, SourceLanguage } from './symbols';

export interface IndexedFile {
  /** Workspace-relative, `/`-separated, as the index found it. */
  path: string;
  language: SourceLanguage;
  parsed: ParsedSource;
}

export interface CodeLocation {
  path: string;
  /** Zero-based. */
  line: number;
}

/** Collapses `//`, drops a trailing `/`; route parameters stay as written (`:id`, `{id}`). */
export function normalizeRoute(path: string): string {
  const p = `/${path}`.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

function endsWithPath(path: string, suffix: string): boolean {
  return path === suffix || path.endsWith(`/${suffix}`);
}

function endsWith(list: readonly string[], tail: readonly string[]): boolean {
  return tail.length <= list.length && tail.every((t, i) => list[list.length - tail.length + i] === t);
}

/** The symbols of a file, each with its container prefixed by the file's own namespace. */
function qualified(file: IndexedFile): Array<{ symbol: CodeSymbol; full: readonly string[] }> {
  const ns = file.parsed.namespace ?? [];
  return file.parsed.symbols.map((symbol) => ({ symbol, full: [...ns, ...symbol.container] }));
}

function findMember(target: Extract<CodeTarget, { kind: 'member' }>, files: readonly IndexedFile[]) {
  for (const file of files) {
    const byPath = target.fileSuffixes?.some((s) => endsWithPath(file.path, s)) ?? false;
    if (target.fileSuffixes && !byPath) {
      continue;
    }
    for (const { symbol, full } of qualified(file)) {
      if (symbol.kind !== 'method' || symbol.name !== target.member || !endsWith(full, [target.className])) {
        continue;
      }
      // The namespace must be the one the name gives, unless the file's path already said it (Rails:
      // app/controllers/admin/users_controller.rb holds `class UsersController` under `module Admin`).
      const around = full.slice(0, -1);
      if (target.namespace.length === 0 || endsWith(around, target.namespace) || (byPath && around.length === 0)) {
        return { path: file.path, line: symbol.line };
      }
    }
  }
  return undefined;
}

function findFunction(target: Extract<CodeTarget, { kind: 'function' }>, files: readonly IndexedFile[]) {
  for (const file of files) {
    if (target.fileSuffixes && !target.fileSuffixes.some((s) => endsWithPath(file.path, s))) {
      continue;
    }
    // Go names a function by its package; Python by its module (the file) and, when nested, its outer functions.
    const goPackage = file.language === 'go' ? target.namespace : [];
    if (goPackage.length > 0 && !endsWith(file.parsed.namespace ?? [], goPackage)) {
      continue;
    }
    const container = file.language === 'go' ? [] : target.namespace;
    const found = file.parsed.symbols.find(
      (s) =>
        s.kind === 'function' &&
        s.name === target.name &&
        s.container.length === container.length &&
        endsWith(s.container, container),
    );
    if (found) {
      return { path: file.path, line: found.line };
    }
  }
  return undefined;
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** `./routes/items` from `src/app.js` → the indexed file it names (`.js`, `.ts`, `index.*`), if any. */
function resolveModule(from: string, module: string, byPath: ReadonlyMap<string, IndexedFile>): string | undefined {
  if (!module.startsWith('.')) {
    return undefined;
  }
  const parts: string[] = [];
  for (const part of `${dirname(from)}/${module}`.split('/')) {
    if (part === '..') {
      parts.pop();
    } else if (part && part !== '.') {
      parts.push(part);
    }
  }
  const base = parts.join('/');
  const candidates = [base, ...['js', 'ts', 'mjs', 'cjs'].flatMap((ext) => [`${base}.${ext}`, `${base}/index.${ext}`])];
  return candidates.find((c) => byPath.has(c));
}

/** Where each Express route is reachable: the prefixes of the routers mounted above it, across files. */
function mountedPrefixes(files: readonly IndexedFile[]): Map<string, string[]> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const prefixes = new Map<string, string[]>(); // "path" (a whole file) or "path#router" → prefixes
  const of = (key: string) => prefixes.get(key) ?? [''];
  // A few passes settle mounts of mounts (app → api router → items router); depth beyond that is rare.
  for (let pass = 0; pass < 4; pass++) {
    for (const file of files) {
      for (const mount of file.parsed.mounts ?? []) {
        const module = mount.module ?? (mount.router ? file.parsed.imports?.[mount.router] : undefined);
        const target = module ? resolveModule(file.path, module, byPath) : undefined;
        const key = target ?? (mount.router ? `${file.path}#${mount.router}` : undefined);
        if (key) {
          const next = of(file.path).map((p) => normalizeRoute(`${p}/${mount.prefix}`));
          prefixes.set(key, [...new Set([...(prefixes.get(key) ?? []), ...next])]);
        }
      }
    }
  }
  return prefixes;
}

function findRoute(
  target: { verb?: string; path?: string; name?: string },
  files: readonly IndexedFile[],
): CodeLocation | undefined {
  const prefixes = mountedPrefixes(files.filter((f) => f.language === 'javascript'));
  const wanted = target.path === undefined ? undefined : normalizeRoute(target.path);
  for (const file of files) {
    for (const symbol of file.parsed.symbols) {
      if (symbol.kind !== 'route') {
        continue;
      }
      if (target.name !== undefined) {
        if (symbol.routeName === target.name) {
          return { path: file.path, line: symbol.line };
        }
        continue;
      }
      if (target.verb && symbol.verb && target.verb !== symbol.verb) {
        continue;
      }
      const local = symbol.router ? prefixes.get(`${file.path}#${symbol.router}`) : undefined;
      const reach = local ?? prefixes.get(file.path) ?? [''];
      if (reach.some((p) => normalizeRoute(`${p}/${symbol.path ?? ''}`) === wanted)) {
        return { path: file.path, line: symbol.line };
      }
    }
  }
  return undefined;
}

/** The line that serves `target` in `files`, or undefined when none does. Files are tried in path order. */
export function locate(target: CodeTarget, files: readonly IndexedFile[]): CodeLocation | undefined {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  switch (target.kind) {
    case 'member':
      return findMember(target, sorted);
    case 'function':
      return findFunction(target, sorted);
    case 'route':
      return findRoute(target, sorted);
    case 'routeName':
      return findRoute({ name: target.name }, sorted);
  }
}
