/**
 * The methods and functions a language extension finds in a document (its DocumentSymbolProvider),
 * as the lenses' symbols: where one is installed it knows the language better than a built-in parser.
 * Routes, namespaces and router mounts still come from the built-in parser (no language extension
 * reports them as symbols).
 */
import * as vscode from 'vscode';

import { intern } from './sourceText';
import type { CodeSymbol, ParsedSource } from './symbols';

const CONTAINERS = new Set([
  vscode.SymbolKind.Class,
  vscode.SymbolKind.Module,
  vscode.SymbolKind.Namespace,
  vscode.SymbolKind.Struct,
  vscode.SymbolKind.Interface,
  vscode.SymbolKind.Package,
]);
const CALLABLES = new Set([vscode.SymbolKind.Method, vscode.SymbolKind.Function, vscode.SymbolKind.Constructor]);

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

function convert(symbols: readonly vscode.DocumentSymbol[], container: readonly string[], out: CodeSymbol[]): void {
  for (const symbol of symbols) {
    const parts = plainName(symbol.name);
    if (parts.length === 0) {
      continue;
    }
    if (CONTAINERS.has(symbol.kind)) {
      convert(symbol.children, [...container, ...parts.map(intern)], out);
    } else if (CALLABLES.has(symbol.kind)) {
      const name = intern(parts[parts.length - 1]);
      out.push({
        kind: container.length > 0 ? 'method' : 'function',
        name,
        container,
        line: symbol.selectionRange.start.line,
      });
      // Functions inside functions, as Python's qualified names see them.
      convert(symbol.children, [...container, name, '<locals>'], out);
    }
  }
}

/**
 * The built-in parse with its methods and functions replaced by the language extension's, when one
 * answers for the document with a symbol tree; the built-in parse alone otherwise.
 */
export async function withDocumentSymbols(document: vscode.TextDocument, builtIn: ParsedSource): Promise<ParsedSource> {
  let symbols: unknown;
  try {
    symbols = await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', document.uri);
  } catch {
    return builtIn; // No provider, or it failed: the built-in parser stands.
  }
  // A flat SymbolInformation list has no structure to take containers from: the built-in parse is better.
  if (!Array.isArray(symbols) || symbols.length === 0 || !('children' in (symbols[0] as object))) {
    return builtIn;
  }
  const callables: CodeSymbol[] = [];
  convert(symbols as vscode.DocumentSymbol[], [], callables);
  if (callables.length === 0) {
    return builtIn;
  }
  return { ...builtIn, symbols: [...callables, ...builtIn.symbols.filter((s) => s.kind === 'route')] };
}
