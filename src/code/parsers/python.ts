// `<locals>` as `__qualname__` has it. Only a line that starts a statement says anything about scopes
// (https://docs.python.org/3/reference/lexical_analysis.html#line-structure): SQL in a docstring ends no class.
import type { CodeSymbol, ParsedSource } from '../symbols';

const DECLARATION = /class[ \t]+([A-Za-z_]\w*)|(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/y;

interface Scope {
  indent: number;
  names: string[];
  isClass: boolean;
}

export function parsePython(text: string): ParsedSource {
  const scopes: Scope[] = [];
  const symbols: CodeSymbol[] = [];
  const n = text.length;
  let quote = ''; // the open string's quote: ', ", ''' or """
  let depth = 0; // open brackets
  let backslashed = false; // the line before ended with a backslash
  let line = 0;
  let i = 0;

  /** At the start of a line outside any string: a statement, when no bracket or backslash carries one over. */
  const lineStart = () => {
    let j = i;
    while (text[j] === ' ' || text[j] === '\t' || text[j] === '\f') j++;
    const first = text[j];
    if (j < n && first !== '\n' && first !== '\r' && first !== '#') {
      DECLARATION.lastIndex = j;
      const m = DECLARATION.exec(text);
      // `class` and `def` cannot be inside brackets: a bracket left open before them was a typo.
      if (m) {
        depth = 0;
        backslashed = false;
      }
      if (depth === 0 && !backslashed) {
        statement(j - i, line, m);
      }
    }
    backslashed = false;
    i = j;
  };

  const statement = (indent: number, at: number, m: RegExpExecArray | null) => {
    while (scopes.length > 0 && indent <= scopes[scopes.length - 1].indent) {
      scopes.pop();
    }
    if (m?.[1]) {
      scopes.push({ indent, names: [m[1]], isClass: true });
    } else if (m?.[2]) {
      const inClass = scopes.length > 0 && scopes[scopes.length - 1].isClass;
      const container = scopes.flatMap((s) => s.names);
      symbols.push({ kind: inClass ? 'method' : 'function', name: m[2], container, line: at });
      scopes.push({ indent, names: [m[2], '<locals>'], isClass: false });
    }
  };

  lineStart();
  while (i < n) {
    const ch = text[i];
    if (ch === '\n') {
      line++;
      i++;
      if (quote.length === 1) {
        quote = ''; // An unterminated one-line string ends with its line.
      }
      if (!quote) {
        lineStart();
      }
    } else if (quote) {
      if (ch === '\\') {
        // An escaped character; an escaped line break continues the string on the next line.
        if (text[i + 1] === '\n') line++;
        i += 2;
      } else if (ch === quote[0] && (quote.length === 1 || text.startsWith(quote, i))) {
        i += quote.length;
        quote = '';
      } else {
        i++;
      }
    } else if (ch === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (ch === '"' || ch === "'") {
      quote = text.startsWith(ch + ch + ch, i) ? ch + ch + ch : ch;
      i += quote.length;
    } else if (ch === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i = text.indexOf('\n', i) + 1;
      line++;
      backslashed = true;
      lineStart();
    } else {
      if (ch === '(' || ch === '[' || ch === '{') {
        depth++;
      } else if ((ch === ')' || ch === ']' || ch === '}') && depth > 0) {
        depth--;
      }
      i++;
    }
  }
  return { symbols };
}
