// A language extension knows the language better than a built-in parser; routes, namespaces and mounts
// still come from the built-in parser (no extension reports them as symbols).
import * as vscode from 'vscode';

import { callablesOf } from './symbolTree';
import type { ParsedSource } from './symbols';

const CONTAINERS = new Set([
  vscode.SymbolKind.Class,
  vscode.SymbolKind.Module,
  vscode.SymbolKind.Namespace,
  vscode.SymbolKind.Struct,
  vscode.SymbolKind.Interface,
  vscode.SymbolKind.Package,
]);
const CALLABLES = new Set([vscode.SymbolKind.Method, vscode.SymbolKind.Function, vscode.SymbolKind.Constructor]);
const KINDS = { containers: CONTAINERS, callables: CALLABLES };

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
  const callables = callablesOf(symbols as vscode.DocumentSymbol[], KINDS);
  if (callables.length === 0) {
    return builtIn;
  }
  return { ...builtIn, symbols: [...callables, ...builtIn.symbols.filter((s) => s.kind === 'route')] };
}
