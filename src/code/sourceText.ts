// A route or method in a comment is not code, but line numbers must stay: comments become spaces.
// String literals stay (route paths live in them).

export interface CommentSyntax {
  line: readonly string[];
  block: ReadonlyArray<readonly [string, string]>;
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

/** Spaces for every character but line breaks (a line at a time: a pattern per character took 0.2 s a megabyte). */
function blank(text: string): string {
  return text
    .split('\n')
    .map((line) => ' '.repeat(line.length))
    .join('\n');
}

function escapeForClass(chars: Iterable<string>): string {
  return [...new Set(chars)].map((c) => `\\${c}`).join('');
}

/** Where the next quote, comment start or Ruby `=begin` may be: the scanner jumps between these. */
const specials = new WeakMap<CommentSyntax, RegExp>();
function specialsOf(syntax: CommentSyntax): RegExp {
  let re = specials.get(syntax);
  if (!re) {
    const firsts = [...syntax.quotes, ...syntax.line.map((t) => t[0]), ...syntax.block.map(([open]) => open[0])];
    re = new RegExp(`[${escapeForClass(firsts)}]${syntax.rubyBlocks ? '|^=begin' : ''}`, 'gm');
    specials.set(syntax, re);
  }
  return re;
}

export function withoutComments(text: string, syntax: CommentSyntax): string {
  const parts: string[] = [];
  const special = specialsOf(syntax);
  const n = text.length;
  let copied = 0; // text before this offset is already in `parts`
  let i = 0;
  while (i < n) {
    special.lastIndex = i;
    const m = special.exec(text);
    if (!m) {
      break;
    }
    i = m.index;
    if (m[0] === '=begin') {
      const end = text.indexOf('\n=end', i);
      const after = end < 0 ? -1 : text.indexOf('\n', end + 1);
      const stop = end < 0 || after < 0 ? n : after;
      parts.push(text.slice(copied, i), blank(text.slice(i, stop)));
      copied = i = stop;
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
      i = Math.min(j + 1, n);
      continue;
    }
    const block = syntax.block.find(([open]) => text.startsWith(open, i));
    if (block) {
      const end = text.indexOf(block[1], i + block[0].length);
      const stop = end < 0 ? n : end + block[1].length;
      parts.push(text.slice(copied, i), blank(text.slice(i, stop)));
      copied = i = stop;
      continue;
    }
    const line = syntax.line.find((token) => text.startsWith(token, i));
    if (line && !(syntax.hashBracketIsCode && line === '#' && text[i + 1] === '[')) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      parts.push(text.slice(copied, i), ' '.repeat(stop - i));
      copied = i = stop;
      continue;
    }
    i += 1;
  }
  if (copied === 0) {
    return text; // No comment: the text itself.
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

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

export function stringLiteral(text: string): string | undefined {
  const m = /^(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/.exec(text);
  return m ? m[2] : undefined;
}

const interned = new Map<string, string>();
/** Past this many distinct names the table starts over (a long session over many workspaces). */
const INTERNED_MAX = 200_000;

/**
 * A name taken out of a file, as its own small string shared by every file that has it: a substring
 * of 13 characters or more would otherwise keep the whole file's text alive in V8 (a sliced string),
 * and the index keeps names for every file of the workspace.
 */
export function intern(name: string): string {
  let kept = interned.get(name);
  if (kept === undefined) {
    if (interned.size >= INTERNED_MAX) {
      interned.clear();
    }
    kept = name.length < 13 ? name : (name + ' ').slice(0, -1);
    interned.set(kept, kept);
  }
  return kept;
}

// Once a quote kind runs to the end unterminated, every later one of that kind would too: one pass.
export function structureOf(line: string): string {
  let out = '';
  let copied = 0;
  // The next quote of each kind, or -1 when none is left that could open a string.
  let double = line.indexOf('"');
  let single = line.indexOf("'");
  while (double >= 0 || single >= 0) {
    const open = double < 0 || (single >= 0 && single < double) ? single : double;
    const quote = line[open];
    const close = closingQuote(line, quote, open + 1);
    if (close < 0) {
      // Unterminated, and so is every later quote of its kind; the other kind's next quote stands.
      if (quote === '"') double = -1;
      else single = -1;
      continue;
    }
    out += `${line.slice(copied, open + 1)}${' '.repeat(close - open - 1)}`;
    copied = close;
    double = double < 0 ? -1 : line.indexOf('"', close + 1);
    single = single < 0 ? -1 : line.indexOf("'", close + 1);
  }
  return copied === 0 ? line : out + line.slice(copied);
}

function closingQuote(line: string, quote: string, from: number): number {
  for (let at = line.indexOf(quote, from); at >= 0; at = line.indexOf(quote, at + 1)) {
    let backslashes = 0;
    while (at - backslashes - 1 >= from && line[at - backslashes - 1] === '\\') {
      backslashes++;
    }
    if (backslashes % 2 === 0) {
      return at;
    }
  }
  return -1;
}

export function followBraces<T extends { depth: number }>(structure: string, depth: number, open: T[]): number {
  const braces = /[{}]/g;
  for (let m = braces.exec(structure); m; m = braces.exec(structure)) {
    if (m[0] === '{') {
      depth += 1;
    } else {
      depth -= 1;
      while (open.length > 0 && depth < open[open.length - 1].depth) {
        open.pop();
      }
    }
  }
  return depth;
}
