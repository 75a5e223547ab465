/**
 * Reads VS Code `when` clauses (https://code.visualstudio.com/api/references/when-clause-contexts) well
 * enough to list the context keys they read: every operand that is not the value side of a comparison.
 * `a == b`, `a != b`, `a =~ /re/`, `a > 1`: only `a` is a key; `a in b` and `a not in b`: both are.
 * Anything it does not understand throws, so a clause it cannot read fails the test instead of passing.
 */

/** A `key op value` comparison in a clause (`view == timeslice.applications`). */
export interface Comparison {
  key: string;
  op: string;
  value: string;
}

export interface ParsedWhen {
  keys: string[];
  comparisons: Comparison[];
}

const VALUE_OPS = new Set(['===', '!==', '==', '!=', '=~', '>=', '<=', '>', '<']);
const LITERALS = new Set(['true', 'false']);

type Token = { kind: 'word' | 'string' | 'regex' | 'op' | 'paren' | 'not' | 'logic'; text: string };

function tokenize(clause: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < clause.length) {
    const rest = clause.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const previous = tokens.at(-1);
    if (previous?.kind === 'op' && previous.text === '=~') {
      const regex = /^\/(?:[^/\\]|\\.)*\/[a-z]*/.exec(rest);
      if (!regex) {
        throw new Error(`"=~" without a /regex/ in: ${clause}`);
      }
      tokens.push({ kind: 'regex', text: regex[0] });
      i += regex[0].length;
      continue;
    }
    const op = /^(===|!==|==|!=|=~|>=|<=|>|<)/.exec(rest);
    const logic = /^(&&|\|\|)/.exec(rest);
    const quoted = /^('[^']*'|"[^"]*")/.exec(rest);
    const word = /^[^\s()!=<>&|'"~]+/.exec(rest);
    if (logic) {
      tokens.push({ kind: 'logic', text: logic[0] });
      i += 2;
    } else if (op) {
      tokens.push({ kind: 'op', text: op[0] });
      i += op[0].length;
    } else if (rest[0] === '!') {
      tokens.push({ kind: 'not', text: '!' });
      i += 1;
    } else if (rest[0] === '(' || rest[0] === ')') {
      tokens.push({ kind: 'paren', text: rest[0] });
      i += 1;
    } else if (quoted) {
      tokens.push({ kind: 'string', text: quoted[0] });
      i += quoted[0].length;
    } else if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
    } else {
      throw new Error(`cannot read "${rest}" in: ${clause}`);
    }
  }
  // `not in` is one operator; `in` is an operator between two keys.
  const merged: Token[] = [];
  for (const t of tokens) {
    const last = merged.at(-1);
    if (t.kind === 'word' && t.text === 'in') {
      if (last?.kind === 'word' && last.text === 'not') {
        merged.pop();
        merged.push({ kind: 'op', text: 'not in' });
      } else {
        merged.push({ kind: 'op', text: 'in' });
      }
    } else {
      merged.push(t);
    }
  }
  return merged;
}

/** The context keys `clause` reads, and its `key op value` comparisons. */
export function parseWhen(clause: string): ParsedWhen {
  const tokens = tokenize(clause);
  const keys: string[] = [];
  const comparisons: Comparison[] = [];
  tokens.forEach((t, i) => {
    const before = tokens[i - 1];
    if (t.kind === 'op') {
      const left = before;
      const right = tokens[i + 1];
      if (left?.kind !== 'word' || !right || !['word', 'string', 'regex'].includes(right.kind)) {
        throw new Error(`"${t.text}" needs a key on its left and a value on its right in: ${clause}`);
      }
      if (VALUE_OPS.has(t.text)) {
        comparisons.push({ key: left.text, op: t.text, value: right.text.replace(/^['"]|['"]$/g, '') });
      }
      return;
    }
    if (t.kind !== 'word') {
      return;
    }
    if (before?.kind === 'op' && VALUE_OPS.has(before.text)) {
      return; // A comparison's value: `timeslice.applications` in `view == timeslice.applications`.
    }
    if (!LITERALS.has(t.text)) {
      keys.push(t.text);
    }
  });
  return { keys, comparisons };
}

/** Every `when` and `enablement` clause of a manifest, and each walkthrough's `onContext:` event, with where. */
export function clausesOf(manifest: unknown): Array<{ where: string; clause: string }> {
  const found: Array<{ where: string; clause: string }> = [];
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${where}[${i}]`));
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'when' || k === 'enablement') && typeof v === 'string') {
          found.push({ where: `${where}.${k}`, clause: v });
        } else if (k === 'completionEvents' && Array.isArray(v)) {
          v.filter((e): e is string => typeof e === 'string' && e.startsWith('onContext:')).forEach((e) =>
            found.push({ where: `${where}.completionEvents`, clause: e.slice('onContext:'.length) }),
          );
        } else {
          walk(v, `${where}.${k}`);
        }
      }
    }
  };
  walk(manifest, 'package.json');
  return found;
}

/** "where: key" for every context key the manifest reads that is not in `known`. */
export function unknownContextKeys(manifest: unknown, known: ReadonlySet<string>): string[] {
  return clausesOf(manifest).flatMap(({ where, clause }) =>
    parseWhen(clause)
      .keys.filter((k) => !known.has(k))
      .map((k) => `${where}: ${k}`),
  );
}
