/**
 * NRQL's tokens: words, quoted strings (both quotes, doubled or backslash-escaped), backquoted names,
 * numbers and punctuation, each with its position for the service's error wording.
 */

/** A syntax error, worded as the service words it (`NRQL Syntax Error: Error at line 1 position N, …`). */
export class NrqlSyntaxError extends Error {}

export type TokType = 'id' | 'str' | 'num' | 'punct' | 'eof';
export interface Tok {
  t: TokType;
  v: string;
  pos: number;
}

const UNIT_MS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

export function unitMs(word: string): number | undefined {
  const w = word.toLowerCase().replace(/s$/, '');
  return UNIT_MS[w];
}

export function tokenize(text: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let v = '';
      for (; j < text.length; j++) {
        if (text[j] === '\\' && j + 1 < text.length) {
          v += text[++j];
        } else if (text[j] === c && text[j + 1] === c) {
          v += c;
          j++;
        } else if (text[j] === c) {
          break;
        } else {
          v += text[j];
        }
      }
      if (j >= text.length) {
        throw syntaxError(i, text.slice(i, i + 10));
      }
      toks.push({ t: 'str', v, pos: i });
      i = j + 1;
    } else if (c === '`') {
      const j = text.indexOf('`', i + 1);
      if (j < 0) {
        throw syntaxError(i, '`');
      }
      toks.push({ t: 'id', v: text.slice(i + 1, j), pos: i });
      i = j + 1;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^\d*\.?\d+(e[+-]?\d+)?/i.exec(text.slice(i))!;
      toks.push({ t: 'num', v: m[0], pos: i });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][\w.]*/.exec(text.slice(i))!;
      toks.push({ t: 'id', v: m[0].replace(/\.$/, ''), pos: i });
      i += m[0].replace(/\.$/, '').length;
    } else {
      const two = text.slice(i, i + 2);
      if (two === '!=' || two === '<>') {
        toks.push({ t: 'punct', v: '!=', pos: i });
        i += 2;
      } else if ('(),*/+-=[]'.includes(c)) {
        toks.push({ t: 'punct', v: c, pos: i });
        i++;
      } else {
        throw syntaxError(i, c);
      }
    }
  }
  toks.push({ t: 'eof', v: '', pos: text.length });
  return toks;
}

export function syntaxError(pos: number, near: string): NrqlSyntaxError {
  return new NrqlSyntaxError(
    `NRQL Syntax Error: Error at line 1 position ${pos + 1}, unexpected '${near || 'end of input'}'`,
  );
}

/** Walks the tokens: what the parser reads them with, and the service's wording for what it did not expect. */
export class TokenCursor {
  protected i = 0;
  constructor(protected readonly toks: Tok[]) {}

  protected peek(): Tok {
    return this.toks[this.i];
  }

  protected next(): Tok {
    return this.toks[this.i++];
  }

  protected fail(tok: Tok = this.peek()): never {
    throw syntaxError(tok.pos, tok.v);
  }

  protected isWord(word: string, tok: Tok = this.peek()): boolean {
    return tok.t === 'id' && tok.v.toLowerCase() === word;
  }

  protected word(word: string): void {
    if (!this.isWord(word)) {
      this.fail();
    }
    this.i++;
  }

  protected punct(p: string): void {
    const tok = this.next();
    if (tok.t !== 'punct' || tok.v !== p) {
      this.fail(tok);
    }
  }

  protected isPunct(p: string): boolean {
    const tok = this.peek();
    return tok.t === 'punct' && tok.v === p;
  }
}
