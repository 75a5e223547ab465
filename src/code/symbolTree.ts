/**
 * A language extension's document symbols (a tree of classes, methods and functions) as the lenses'
 * symbols, with the kinds and containers the built-in parsers give: a callable directly in a class is
 * a method, any other a function, and one inside another callable gets `<locals>` in its container,
 * as Python's `__qualname__` does (and `parsers/python.ts`). No `vscode` here: the kinds come in.
 */
import { intern } from './sourceText';
import type { CodeSymbol } from './symbols';

/** What the conversion reads of a `vscode.DocumentSymbol`. */
export interface SymbolNode {
  name: string;
  kind: number;
  children: readonly SymbolNode[];
  selectionRange: { start: { line: number } };
}

/** Which `vscode.SymbolKind`s hold members (classes, modules…) and which are callables. */
export interface SymbolKinds {
  containers: ReadonlySet<number>;
  callables: ReadonlySet<number>;
}

/**
 * A symbol's plain name: language servers add parameters (`getOrder(long)`), receivers
 * (`(*Server).list`), `def `, or a path (`Admin::UsersController`, `shop.views`).
 */
export function plainName(name: string): string[] {
  const bare = name
    .replace(/^\([^)]*\)\./, '') // Go's receiver: (*Server).list
    .replace(/^(?:def|function|func|class|module)\s+/, '')
    .replace(/\(.*$/s, '') // parameters: getOrder(long)
    .trim();
  return bare.split(/::|\./).filter((p) => /^[A-Za-z_$][\w$]*[?!=]?$/.test(p));
}

/** The methods and functions of a symbol tree, outermost first. */
export function callablesOf(tree: readonly SymbolNode[], kinds: SymbolKinds): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  const visit = (nodes: readonly SymbolNode[], container: readonly string[], inClass: boolean) => {
    for (const node of nodes) {
      const parts = plainName(node.name);
      if (parts.length === 0) {
        continue;
      }
      if (kinds.containers.has(node.kind)) {
        visit(node.children, [...container, ...parts.map(intern)], true);
      } else if (kinds.callables.has(node.kind)) {
        const name = intern(parts[parts.length - 1]);
        out.push({ kind: inClass ? 'method' : 'function', name, container, line: node.selectionRange.start.line });
        visit(node.children, [...container, name, '<locals>'], false);
      }
    }
  };
  visit(tree, [], false);
  return out;
}
