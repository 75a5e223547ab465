/**
 * Source text with its comments blanked out, for the built-in parsers: a route or a method in a
 * comment is not code, but a line number must stay where it was, so every comment character becomes
 * a space and newlines stay. String literals stay as they are: route paths live in them.
 */

/** The comment and string syntax of a language family. */
export interface CommentSyntax {
  /** Line comment starters, e.g. `//` and `#`. */
  line: readonly string[];
  /** Block comments as [open, close] pairs, e.g. `/*`, `*\/`. */
  block: ReadonlyArray<readonly [string, string]>;
  /** Quote characters that open a string, which runs to the same quote (backslash escapes). */
  quotes: readonly string[];
  /** Ruby's `=begin` … `=end` at the start of a line. */
  rubyBlocks?: boolean;
  /** PHP 8 attributes `#[…]` are code, not a `#` comment. */
  hashBracketIsCode?: boolean;
}

export const C_LIKE: CommentSyntax = { line: ['//'], block: [['/*', '*/']], quotes: ['"', "'", '`'] };
export const HASH: CommentSyntax = { line: ['#'], block: [], quotes: ['"', "'"] };
export const RUBY: CommentSyntax = { ...HASH, rubyBlocks: true };
export const PHP: CommentSyntax = {
  line: ['//', '#'],
  block: [['/*', '*/']],
  quotes: ['"', "'"],
  hashBracketIsCode: true,
};

function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** `text` with every comment replaced by spaces (newlines kept), strings untouched. */
export function withoutComments(text: string, syntax: CommentSyntax): string {
  let out = '';
  let i = 0;
  const n = text.length;
  const startsAt = (token: string, at: number) => text.startsWith(token, at);
  while (i < n) {
    const atLineStart = i === 0 || text[i - 1] === '\n';
    if (syntax.rubyBlocks && atLineStart && startsAt('=begin', i)) {
      const end = text.indexOf('\n=end', i);
      const stop = end < 0 ? n : text.indexOf('\n', end + 1) < 0 ? n : text.indexOf('\n', end + 1);
      out += blank(text.slice(i, stop));
      i = stop;
      continue;
    }
    const ch = text[i];
    if (syntax.quotes.includes(ch)) {
      let j = i + 1;
      while (j < n && text[j] !== ch) {
        // A line break ends an unterminated one-line string, so one stray quote cannot swallow the file.
        if (text[j] === '\n' && ch !== '`') {
          break;
        }
        j += text[j] === '\\' ? 2 : 1;
      }
      j = Math.min(j + 1, n);
      out += text.slice(i, j);
      i = j;
      continue;
    }
    const block = syntax.block.find(([open]) => startsAt(open, i));
    if (block) {
      const end = text.indexOf(block[1], i + block[0].length);
      const stop = end < 0 ? n : end + block[1].length;
      out += blank(text.slice(i, stop));
      i = stop;
      continue;
    }
    const line = syntax.line.find((token) => startsAt(token, i));
    if (line && !(syntax.hashBracketIsCode && line === '#' && text[i + 1] === '[')) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out += blank(text.slice(i, stop));
      i = stop;
      continue;
    }
    out += ch;
    i += 1;
  }
  return out;
}

/** Zero-based line numbers of character offsets, for a text read once. */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') {
      starts.push(i + 1);
    }
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  };
}

/** The leading whitespace's width (a tab counts as one column; files mix them rarely enough). */
export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** The contents of a one-line string literal that starts at `text[0]`, or undefined. */
export function stringLiteral(text: string): string | undefined {
  const m = /^(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/.exec(text);
  return m ? m[2] : undefined;
}
