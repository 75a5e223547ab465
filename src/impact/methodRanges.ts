// The built-in parsers give a declaration's line only; a diff needs the lines a method spans, found by
// indentation, which every language Timeslice reads keeps by convention.
import type { CodeSymbol } from '../code/symbols';

export type MethodRange = CodeSymbol & { endLine: number };

/** Space, tab, carriage return, vertical tab, form feed. */
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13 && c !== 10);

function firstOf(text: string, from: number, to: number): number {
  let first = from;
  while (first < to && isSpace(text.charCodeAt(first))) first++;
  return first;
}

function isComment(text: string, at: number): boolean {
  const c = text[at];
  return c === '#' || c === '*' || (c === '/' && (text[at + 1] === '/' || text[at + 1] === '*'));
}

function isCloser(text: string, at: number): boolean {
  const c = text[at];
  return c === '}' || c === ')' || c === ']' || (text.startsWith('end', at) && !/\w/.test(text[at + 3] ?? ''));
}

/** A line that opens a body goes on (`):` of a Python signature, `}) {`, Allman's `{`). */
function opensMore(text: string, from: number, to: number): boolean {
  let last = to - 1;
  while (last > from && isSpace(text.charCodeAt(last))) last--;
  const c = text[last];
  return c === ':' || c === '{' || c === '(' || c === '[';
}

interface Open {
  indent: number;
  symbols: CodeSymbol[];
}

export function methodRanges(symbols: readonly CodeSymbol[], text: string): MethodRange[] {
  const byLine = new Map<number, CodeSymbol[]>();
  for (const s of symbols) {
    const list = byLine.get(s.line);
    if (list) list.push(s);
    else byLine.set(s.line, [s]);
  }
  const out: MethodRange[] = [];
  const stack: Open[] = [];
  const close = (o: Open, endLine: number) => {
    for (const s of o.symbols) out.push({ ...s, endLine });
  };
  let previous = 0; // the last line that was neither blank nor a comment
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const first = firstOf(text, start, end);
    const declared = byLine.get(line);
    if (declared && first === end) {
      close({ indent: 0, symbols: declared }, line); // A parser's line that holds nothing: the line alone.
    } else if (first < end && (declared || !isComment(text, first))) {
      const indent = first - start;
      while (stack.length > 0 && indent <= stack[stack.length - 1].indent) {
        const top = stack[stack.length - 1];
        if (indent === top.indent && text[first] === '{' && !declared) {
          break; // Allman: the body's brace under the declaration.
        }
        if (indent === top.indent && !declared && isCloser(text, first)) {
          if (!opensMore(text, first, end)) {
            close(stack.pop()!, line);
          }
          break;
        }
        close(stack.pop()!, previous);
      }
      if (declared) {
        stack.push({ indent, symbols: declared });
      }
      previous = line;
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  while (stack.length > 0) {
    close(stack.pop()!, previous);
  }
  for (const [at, list] of byLine) {
    if (at > line || at < 0) close({ indent: 0, symbols: list }, at); // Past the text: the line alone.
  }
  return out.sort((a, b) => a.line - b.line);
}
