// By indentation, which Rails code keeps (its generators and RuboCop's default layout).
import { intern, RUBY, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

/** The name is on the keyword's line: a `def` alone on its line takes no name from the next one. */
const KEYWORD_LINE =
  /^([ \t]*)(?:(?:class|module)[ \t]+((?:::)?[A-Z]\w*(?:::[A-Z]\w*)*)|def[ \t]+(?:self\.)?([A-Za-z_]\w*[?!=]?)|end\b)/gm;

export function parseRuby(text: string): ParsedSource {
  const code = withoutComments(text, RUBY);
  const scopes: Array<{ indent: number; names: readonly string[] }> = [];
  let container: readonly string[] = [];
  const symbols: CodeSymbol[] = [];
  let line = 0;
  let counted = 0;
  for (const m of code.matchAll(KEYWORD_LINE)) {
    for (let nl = code.indexOf('\n', counted); nl >= 0 && nl < m.index; nl = code.indexOf('\n', nl + 1)) {
      line += 1;
    }
    counted = m.index;
    const indent = m[1].length;
    let popped = false;
    while (scopes.length > 0 && indent <= scopes[scopes.length - 1].indent) {
      scopes.pop();
      popped = true;
    }
    if (m[2]) {
      scopes.push({ indent, names: m[2].replace(/^::/, '').split('::').map(intern) });
      popped = true;
    }
    if (popped) {
      container = scopes.flatMap((s) => s.names);
    }
    if (m[3]) {
      symbols.push({ kind: container.length > 0 ? 'method' : 'function', name: intern(m[3]), container, line });
    }
  }
  return { symbols };
}
