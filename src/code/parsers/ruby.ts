/**
 * Ruby: classes, modules and `def`s by indentation, which Rails code keeps (its generators and
 * RuboCop's default layout). `class Admin::UsersController` and `module Admin` + `class
 * UsersController` give the same container.
 */
import { indentOf, RUBY, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

const SCOPE = /^(?:class|module)\s+((?:::)?[A-Z]\w*(?:::[A-Z]\w*)*)/;
const DEF = /^def\s+(?:self\.)?([A-Za-z_]\w*[?!=]?)/;

export function parseRuby(text: string): ParsedSource {
  const lines = withoutComments(text, RUBY).split('\n');
  const scopes: Array<{ indent: number; names: string[] }> = [];
  const symbols: CodeSymbol[] = [];
  lines.forEach((raw, line) => {
    const trimmed = raw.trim();
    if (!trimmed) {
      return;
    }
    const indent = indentOf(raw);
    // A line at or left of a scope's own indent is its `end`, or code after it.
    while (scopes.length > 0 && indent <= scopes[scopes.length - 1].indent) {
      scopes.pop();
    }
    const scope = SCOPE.exec(trimmed);
    if (scope) {
      scopes.push({ indent, names: scope[1].replace(/^::/, '').split('::') });
      return;
    }
    const def = DEF.exec(trimmed);
    if (def) {
      const container = scopes.flatMap((s) => s.names);
      symbols.push({ kind: container.length > 0 ? 'method' : 'function', name: def[1], container, line });
    }
  });
  return { symbols };
}
