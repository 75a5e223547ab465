/**
 * Python: `class` and `def` by indentation (the language's own block structure). A function defined
 * inside another gets `<locals>` in its container, as Python's `__qualname__` does, so an agent name
 * with `<locals>` is never matched to a module-level function of the same name.
 */
import { HASH, indentOf, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

const CLASS = /^class\s+([A-Za-z_]\w*)/;
const DEF = /^(?:async\s+)?def\s+([A-Za-z_]\w*)/;

export function parsePython(text: string): ParsedSource {
  const lines = withoutComments(text, HASH).split('\n');
  const scopes: Array<{ indent: number; names: string[]; isClass: boolean }> = [];
  const symbols: CodeSymbol[] = [];
  let continued = false;
  lines.forEach((raw, line) => {
    const trimmed = raw.trim();
    // Blank lines, and the inside of a bracket or a triple-quoted string spread over lines, say
    // nothing about scopes.
    const wasContinued = continued;
    continued = /[([{,\\]$/.test(trimmed);
    if (!trimmed || wasContinued) {
      return;
    }
    const indent = indentOf(raw);
    while (scopes.length > 0 && indent <= scopes[scopes.length - 1].indent) {
      scopes.pop();
    }
    const container = scopes.flatMap((s) => s.names);
    const cls = CLASS.exec(trimmed);
    if (cls) {
      scopes.push({ indent, names: [cls[1]], isClass: true });
      return;
    }
    const def = DEF.exec(trimmed);
    if (def) {
      const inClass = scopes.length > 0 && scopes[scopes.length - 1].isClass;
      symbols.push({ kind: inClass ? 'method' : 'function', name: def[1], container, line });
      scopes.push({ indent, names: [def[1], '<locals>'], isClass: false });
    }
  });
  return { symbols };
}
