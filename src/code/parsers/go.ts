import { C_LIKE, lineIndex, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

const FUNC_LINE = /^func\s/gm;
// The agent's wrapper names the transaction after the pattern (the Go agent's `instrumentation.go`). A
// path on one line: an unterminated string cannot take in the lines after it.
const HANDLE =
  /\.(HandleFunc|Handle|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any)\s*\(\s*(?:(?:\w+\.)?WrapHandle(?:Func)?\s*\(\s*[\w.]+\s*,\s*)?(["`])([^"`\n]*)\2\s*(?:,\s*([\w.]+))?/g;

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
const isWord = (ch: string | undefined) => ch !== undefined && /\w/.test(ch);

// A scan, not a pattern: a pattern with neighbouring `\s*` took seconds on a long run of spaces.
function funcAt(code: string, at: number): { receiver?: string; name: string } | undefined {
  let i = at + 'func'.length;
  const spaces = () => {
    while (isSpace(code[i])) i++;
  };
  const word = () => {
    const start = i;
    while (isWord(code[i])) i++;
    return code.slice(start, i);
  };
  spaces();
  let receiver: string | undefined;
  if (code[i] === '(') {
    i++;
    spaces();
    const first = word(); // the receiver's name, or its type when it has no name
    spaces();
    if (code[i] === '*') i++;
    spaces();
    receiver = word() || first;
    if (code[i] === '[') {
      // Type parameters `T[K, V]`: a few names on the same line.
      while (i < code.length && code[i] !== ']' && code[i] !== '\n' && code[i] !== ')') i++;
      if (code[i] !== ']') return undefined;
      i++;
    }
    spaces();
    if (code[i] !== ')' || !/^[A-Za-z_]/.test(receiver)) return undefined;
    i++;
    spaces();
  }
  const name = word();
  spaces();
  return /^[A-Za-z_]/.test(name) && (code[i] === '(' || code[i] === '[') ? { receiver, name } : undefined;
}

export function parseGo(text: string): ParsedSource {
  const code = withoutComments(text, C_LIKE);
  const lineOf = lineIndex(code);
  const symbols: CodeSymbol[] = [];
  const pkg = /^package\s+(\w+)/m.exec(code)?.[1];
  for (const m of code.matchAll(FUNC_LINE)) {
    const fn = funcAt(code, m.index);
    if (fn) {
      symbols.push({
        kind: fn.receiver ? 'method' : 'function',
        name: fn.name,
        container: fn.receiver ? [fn.receiver] : [],
        line: lineOf(m.index),
      });
    }
  }
  for (const m of code.matchAll(HANDLE)) {
    // "GET /users" (Go 1.22's ServeMux) carries its verb in the pattern.
    const pattern = /^([A-Z]+)\s+(\S+)$/.exec(m[3]);
    const verb = pattern?.[1] ?? (m[1].startsWith('Handle') || m[1] === 'Any' ? undefined : m[1]);
    const handler = m[4]?.split('.').pop();
    symbols.push({
      kind: 'route',
      name: handler ?? '',
      container: [],
      line: lineOf(m.index),
      ...(verb ? { verb } : {}),
      path: pattern?.[2] ?? m[3],
    });
  }
  return { symbols, ...(pkg ? { namespace: [pkg] } : {}) };
}
