// Pure: the files are already read, so nothing here can reach a path the workspace index did not list.
import { preferredSource } from './sourcePreference';
import type { CodeTarget } from './transactionNames';
import type { CodeSymbol, ParsedSource, SourceLanguage } from './symbols';

export interface IndexedFile {
  path: string;
  language: SourceLanguage;
  parsed: ParsedSource;
  // Only when the file has nothing else (no routes): a stored file answers without unpacking its symbols.
  names?(): SymbolNames | undefined;
}

export interface SymbolNames {
  methods: readonly string[];
  functions: readonly string[];
}

export interface CodeLocation {
  path: string;
  line: number;
}

/** Collapses `//`, drops a trailing `/`; route parameters stay as written (`:id`, `{id}`). */
export function normalizeRoute(path: string): string {
  const p = `/${path}`.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

export function endsWithPath(path: string, suffix: string): boolean {
  return path === suffix || path.endsWith(`/${suffix}`);
}

function endsWith(list: readonly string[], tail: readonly string[]): boolean {
  return tail.length <= list.length && tail.every((t, i) => list[list.length - tail.length + i] === t);
}

type Qualified = { symbol: CodeSymbol; full: readonly string[] };
const qualifiedByFile = new WeakMap<ParsedSource, Map<string, Qualified[]>>();

// Built once per parse: a file's lenses look up hundreds of names in it.
function qualified(file: IndexedFile, name: string): readonly Qualified[] {
  let byName = qualifiedByFile.get(file.parsed);
  if (!byName) {
    byName = new Map();
    const ns = file.parsed.namespace ?? [];
    for (const symbol of file.parsed.symbols) {
      const list = byName.get(symbol.name) ?? [];
      list.push({ symbol, full: ns.length > 0 ? [...ns, ...symbol.container] : symbol.container });
      byName.set(symbol.name, list);
    }
    qualifiedByFile.set(file.parsed, byName);
  }
  return byName.get(name) ?? [];
}

type Member = Extract<CodeTarget, { kind: 'member' }>;
type FunctionTarget = Extract<CodeTarget, { kind: 'function' }>;

function memberIn(target: Member, file: IndexedFile): CodeLocation | undefined {
  const byPath = target.fileSuffixes?.some((s) => endsWithPath(file.path, s)) ?? false;
  if (target.fileSuffixes && !byPath) {
    return undefined;
  }
  for (const { symbol, full } of qualified(file, target.member)) {
    if (symbol.kind !== 'method' || symbol.name !== target.member || !endsWith(full, [target.className])) {
      continue;
    }
    // The namespace must be the one the name gives, unless the file's path already said it (Rails:
    // app/controllers/admin/users_controller.rb may hold a bare `class UsersController`).
    const around = full.slice(0, -1);
    if (target.namespace.length === 0 || endsWith(around, target.namespace) || (byPath && around.length === 0)) {
      return { path: file.path, line: symbol.line };
    }
  }
  return undefined;
}

function functionIn(target: FunctionTarget, file: IndexedFile): CodeLocation | undefined {
  if (target.fileSuffixes && !target.fileSuffixes.some((s) => endsWithPath(file.path, s))) {
    return undefined;
  }
  // Go names a function by its package; Python by its module (the file) and, when nested, its outer functions.
  if (
    file.language === 'go' &&
    target.namespace.length > 0 &&
    !endsWith(file.parsed.namespace ?? [], target.namespace)
  ) {
    return undefined;
  }
  const container = file.language === 'go' ? [] : target.namespace;
  const found = qualified(file, target.name).find(
    ({ symbol: s }) =>
      s.kind === 'function' &&
      s.name === target.name &&
      s.container.length === container.length &&
      endsWith(s.container, container),
  );
  return found && { path: file.path, line: found.symbol.line };
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function resolveModule(from: string, module: string, known: ReadonlySet<string>): string | undefined {
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
  return candidates.find((c) => known.has(c));
}

// Keyed by file path (a router module mounted whole) or `path#router` (a router mounted in its own file).
function mountedPrefixes(files: readonly IndexedFile[], listed?: Iterable<string>): Map<string, string[]> {
  const known = new Set(listed ?? files.map((f) => f.path));
  const prefixes = new Map<string, string[]>();
  const of = (key: string) => prefixes.get(key) ?? [''];
  // A few passes settle mounts of mounts (app → api router → items router); deeper nesting is rare.
  for (let pass = 0; pass < 4; pass++) {
    for (const file of files) {
      for (const mount of file.parsed.mounts ?? []) {
        const module = mount.module ?? (mount.router ? file.parsed.imports?.[mount.router] : undefined);
        const target = module ? resolveModule(file.path, module, known) : undefined;
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

// A transaction is located by a map lookup, not a scan, so lenses for hundreds of transactions stay cheap.
export class CodeMap {
  private readonly byMember = new Map<string, IndexedFile[]>();
  private readonly byFunction = new Map<string, IndexedFile[]>();
  private readonly byRoute = new Map<string, Array<{ file: IndexedFile; symbol: CodeSymbol }>>();
  private readonly byRouteName = new Map<string, Array<{ file: IndexedFile; symbol: CodeSymbol }>>();
  private readonly prefixes: Map<string, string[]>;
  private readonly routesByFile = new WeakMap<ParsedSource, Array<{ symbol: CodeSymbol; paths: string[] }>>();

  /** `listed`: every path a mount may name, when `files` holds only some (the files that mount routers). */
  constructor(files: readonly IndexedFile[], listed?: Iterable<string>) {
    const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.prefixes = mountedPrefixes(
      sorted.filter((f) => f.language === 'javascript'),
      listed,
    );
    const add = <T>(map: Map<string, T[]>, key: string, value: T) => {
      const list = map.get(key);
      if (list) {
        // A file adds its symbols one after another: it is already listed when it is the last one.
        if (list[list.length - 1] !== value) list.push(value);
      } else {
        map.set(key, [value]);
      }
    };
    for (const file of sorted) {
      const names = file.names?.();
      if (names) {
        names.methods.forEach((name) => add(this.byMember, name, file));
        names.functions.forEach((name) => add(this.byFunction, name, file));
        continue;
      }
      for (const symbol of file.parsed.symbols) {
        if (symbol.kind === 'method') {
          add(this.byMember, symbol.name, file);
        } else if (symbol.kind === 'function') {
          add(this.byFunction, symbol.name, file);
        } else {
          for (const path of this.routePaths(file, symbol)) {
            add(this.byRoute, path, { file, symbol });
          }
          if (symbol.routeName) {
            add(this.byRouteName, symbol.routeName, { file, symbol });
          }
        }
      }
    }
  }

  // Several files: the source over a compiled copy (sourcePreference.ts), else the first in path order.
  locate(target: CodeTarget): CodeLocation | undefined {
    switch (target.kind) {
      case 'member':
        return bestOf(this.byMember.get(target.member), (file) => memberIn(target, file));
      case 'function':
        return bestOf(this.byFunction.get(target.name), (file) => functionIn(target, file));
      case 'route':
        return bestOf(this.byRoute.get(normalizeRoute(target.path)), ({ file, symbol }) =>
          verbsAgree(target.verb, symbol.verb) ? { path: file.path, line: symbol.line } : undefined,
        );
      case 'routeName':
        return bestOf(this.byRouteName.get(target.name), ({ file, symbol }) => ({
          path: file.path,
          line: symbol.line,
        }));
    }
  }

  // `file` as it is now (unsaved edits included), with the rest of the workspace's router prefixes.
  locateIn(target: CodeTarget, file: IndexedFile): CodeLocation | undefined {
    switch (target.kind) {
      case 'member':
        return memberIn(target, file);
      case 'function':
        return functionIn(target, file);
      case 'route':
      case 'routeName': {
        const wanted = target.kind === 'route' ? normalizeRoute(target.path) : undefined;
        const found = this.routesOf(file).find(({ symbol, paths }) =>
          target.kind === 'routeName'
            ? symbol.routeName === target.name
            : verbsAgree(target.verb, symbol.verb) && paths.includes(wanted ?? ''),
        );
        return found && { path: file.path, line: found.symbol.line };
      }
    }
  }

  private routesOf(file: IndexedFile): ReadonlyArray<{ symbol: CodeSymbol; paths: string[] }> {
    let routes = this.routesByFile.get(file.parsed);
    if (!routes) {
      routes = file.parsed.symbols
        .filter((symbol) => symbol.kind === 'route')
        .map((symbol) => ({ symbol, paths: this.routePaths(file, symbol) }));
      this.routesByFile.set(file.parsed, routes);
    }
    return routes;
  }

  private routePaths(file: IndexedFile, symbol: CodeSymbol): string[] {
    const local = symbol.router ? this.prefixes.get(`${file.path}#${symbol.router}`) : undefined;
    const reach = local ?? this.prefixes.get(file.path) ?? [''];
    return reach.map((p) => normalizeRoute(`${p}/${symbol.path ?? ''}`));
  }
}

function verbsAgree(wanted: string | undefined, registered: string | undefined): boolean {
  return !wanted || !registered || wanted === registered;
}

function bestOf<T>(
  list: readonly T[] | undefined,
  find: (item: T) => CodeLocation | undefined,
): CodeLocation | undefined {
  const found: CodeLocation[] = [];
  for (const item of list ?? []) {
    const at = find(item);
    if (at) {
      found.push(at);
    }
  }
  return preferredSource(found);
}
