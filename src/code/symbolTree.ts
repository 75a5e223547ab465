// A callable inside another gets `<locals>` in its container, as Python's `__qualname__` (and
// parsers/python.ts). No `vscode` here: the kinds come in.
import { intern } from './sourceText';
import type { CodeSymbol } from './symbols';

export interface SymbolNode {
  name: string;
  kind: number;
  children: readonly SymbolNode[];
  selectionRange: { start: { line: number } };
}

export interface SymbolKinds {
  containers: ReadonlySet<number>;
  callables: ReadonlySet<number>;
}

// Language servers add parameters (`getOrder(long)`), receivers (`(*Server).list`), `def ` or a path.
export function plainName(name: string): string[] {
  const bare = name
    .replace(/^\([^)]*\)\./, '') // Go's receiver: (*Server).list
    .replace(/^(?:def|function|func|class|module)\s+/, '')
    .replace(/\(.*$/s, '') // parameters: getOrder(long)
    .trim();
  return bare.split(/::|\./).filter((p) => /^[A-Za-z_$][\w$]*[?!=]?$/.test(p));
}

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
