/**
 * Seeded mutations of real response envelopes (JSON and XML) for the fuzz suite: wrong types, missing
 * fields, huge numbers, NaN-ish strings, deep nesting, unicode, truncation and duplicate keys. The
 * same seed gives the same bodies, so a failure can be replayed from the seed and the case number.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';

import { Rng } from '../../src/simulator/random';

const NUMBERISH = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '0x1F',
  '1_000',
  ' 12 ',
  '',
  '-0',
  '١٢٣',
  '１２',
  '9007199254740993',
  '1e-400',
  'null',
  'true',
];
const HUGE = [
  '1e308',
  '-1e308',
  '179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000',
  '18446744073709551616',
  '-9223372036854775809',
  '5e-324',
  '1e400',
];
const UNICODE = [
  '\u202egnp.exe',
  '😀'.repeat(50),
  '\ud800',
  '\udfff\ud800',
  '\u0000',
  'e\u0301',
  '\ufeff',
  'x'.repeat(70_000),
  '[Open](command:workbench.action.terminal.sendSequence)',
  '$(zap)',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
];
const JSON_VALUES = [
  'null',
  'true',
  'false',
  '0',
  '-1',
  '""',
  '[]',
  '{}',
  '[[]]',
  '{"":{}}',
  '"x"',
  '[null]',
  '{"__proto__":{"polluted":1}}',
];

export type Format = 'json' | 'xml';

/** The variable that replays a run: its value is the seed a run printed. */
export const FUZZ_SEED_VARIABLE = 'TIMESLICE_FUZZ_SEED';

/** A fuzz run's seed, and a phrase saying where it came from (printed beside it). */
export interface FuzzSeed {
  seed: number;
  source: string;
}

/** The commit checked out here, or undefined without git or outside a repository. */
export function headCommit(cwd: string): string | undefined {
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** A commit id as a seed: the first 32 bits of its SHA-256 (any string gives a seed; equal ones, equal seeds). */
export function seedOfCommit(commit: string): number {
  return createHash('sha256').update(commit).digest().readUInt32BE(0);
}

/**
 * The seed of a fuzz run. `TIMESLICE_FUZZ_SEED` replays a run (a whole number, else it throws: a typo
 * must not quietly become another run). In CI (`CI` set, and not "false" or "0") the seed comes from
 * the commit, so running CI again on a commit fuzzes the same bodies and a failure there can be
 * replayed anywhere; each new commit fuzzes new ones. Elsewhere it is random. The caller prints it.
 */
export function fuzzSeed(
  env: NodeJS.ProcessEnv,
  commit: () => string | undefined,
  random: () => number = Math.random,
): FuzzSeed {
  const given = env[FUZZ_SEED_VARIABLE];
  if (given !== undefined && given.trim() !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new Error(
        `${FUZZ_SEED_VARIABLE}="${given}" is not a seed: give the whole number a run printed (0 to 4294967295).`,
      );
    }
    return { seed, source: `${FUZZ_SEED_VARIABLE}` };
  }
  const ci = env.CI !== undefined && !['', 'false', '0'].includes(env.CI.trim().toLowerCase());
  if (ci) {
    const id = commit();
    if (id !== undefined) {
      return { seed: seedOfCommit(id), source: `CI, from commit ${id}` };
    }
    return { seed: Math.floor(random() * 0x100000000), source: 'CI, but git rev-parse HEAD found no commit: random' };
  }
  return { seed: Math.floor(random() * 0x100000000), source: 'random (not CI)' };
}

/** One generated body and the names of the mutations that made it (for the failure report). */
export interface FuzzCase {
  body: string;
  mutations: string[];
}

function deepJson(depth: number, rng: Rng): string {
  const open = rng.chance(0.5) ? '[' : '{"a":';
  const close = open === '[' ? ']' : '}';
  return open.repeat(depth) + '1' + close.repeat(depth);
}

function deepXml(depth: number): string {
  return '<a>'.repeat(depth) + '1' + '</a>'.repeat(depth);
}

/** Every [start, end) of a JSON value in `text`: found by a small scanner, so mutations hit real tokens. */
function jsonTokens(
  text: string,
): Array<{ start: number; end: number; kind: 'string' | 'number' | 'literal' | 'key' }> {
  const out: Array<{ start: number; end: number; kind: 'string' | 'number' | 'literal' | 'key' }> = [];
  const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // "
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) {
        j += text.charCodeAt(j) === 92 ? 2 : 1;
      }
      j++;
      let k = j;
      while (text.charCodeAt(k) === 32) {
        k++;
      }
      out.push({ start: i, end: j, kind: text.charCodeAt(k) === 58 ? 'key' : 'string' });
      i = j;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let j = i + 1;
      while (j < text.length && isNumberChar(text.charCodeAt(j))) {
        j++;
      }
      out.push({ start: i, end: j, kind: 'number' });
      i = j;
    } else if (c === 116 || c === 102 || c === 110) {
      // t f n
      const m = /^(true|false|null)/.exec(text.slice(i, i + 5));
      const len = m ? m[0].length : 1;
      out.push({ start: i, end: i + len, kind: 'literal' });
      i += len;
    } else {
      i++;
    }
  }
  return out;
}

/** The [start, end) of a `"key": value` member whose value is a scalar, for removal and duplication. */
function jsonMember(text: string, rng: Rng): { start: number; end: number; key: string } | undefined {
  const tokens = jsonTokens(text);
  const keys = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => t.kind === 'key' && tokens[i + 1] && tokens[i + 1].kind !== 'key');
  if (keys.length === 0) {
    return undefined;
  }
  const { t, i } = rng.pick(keys);
  const value = tokens[i + 1];
  // Only when the value follows directly after the colon (a scalar, not an object or array).
  if (!/^\s*:\s*$/.test(text.slice(t.end, value.start))) {
    return undefined;
  }
  return { start: t.start, end: value.end, key: text.slice(t.start, t.end) };
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

function mutateJson(text: string, rng: Rng): [string, string] {
  const tokens = jsonTokens(text);
  const of = (kinds: string[]) => tokens.filter((t) => kinds.includes(t.kind));
  switch (rng.int(0, 9)) {
    case 0: {
      // A value of the wrong type.
      const t = rng.pick(of(['string', 'number', 'literal']));
      return t ? [splice(text, t.start, t.end, rng.pick(JSON_VALUES)), 'wrongType'] : [text, 'none'];
    }
    case 1: {
      // A member removed.
      const m = jsonMember(text, rng);
      return m ? [splice(text, m.start, m.end, '"_removed":0'), 'missingField'] : [text, 'none'];
    }
    case 2: {
      // Huge numbers.
      const t = rng.pick(of(['number']));
      return t ? [splice(text, t.start, t.end, rng.pick(HUGE)), 'hugeNumber'] : [text, 'none'];
    }
    case 3: {
      // NaN-ish strings where numbers were.
      const t = rng.pick(of(['number', 'string']));
      return t ? [splice(text, t.start, t.end, JSON.stringify(rng.pick(NUMBERISH))), 'nanish'] : [text, 'none'];
    }
    case 4: {
      // Deep nesting in place of a value.
      const t = rng.pick(of(['string', 'number', 'literal']));
      return t
        ? [splice(text, t.start, t.end, deepJson(rng.pick([64, 1000, 10_000, 50_000]), rng)), 'deepNesting']
        : [text, 'none'];
    }
    case 5: {
      // Unicode oddities, lone surrogates included (as escapes: JSON text is UTF-16 here).
      const t = rng.pick(of(['string', 'key']));
      const u = rng.pick(UNICODE);
      const lit = rng.chance(0.5) ? JSON.stringify(u) : `"${u.replace(/[\\"]/g, '')}"`;
      return t ? [splice(text, t.start, t.end, lit), 'unicode'] : [text, 'none'];
    }
    case 6: // Truncated anywhere.
      return [text.slice(0, rng.int(0, text.length)), 'truncation'];
    case 7: {
      // A duplicate key: the later one wins in JSON.parse.
      const m = jsonMember(text, rng);
      return m
        ? [
            splice(
              text,
              m.end,
              m.end,
              `,${m.key}:${rng.pick([...JSON_VALUES, ...HUGE, JSON.stringify(rng.pick(NUMBERISH))])}`,
            ),
            'duplicateKey',
          ]
        : [text, 'none'];
    }
    case 8: {
      // The envelope itself: renamed, wrapped, or replaced.
      const choice = rng.int(0, 3);
      return [
        choice === 0
          ? text.replace(/^\{"[^"]*"/, '{"other"')
          : choice === 1
            ? `[${text}]`
            : choice === 2
              ? rng.pick(JSON_VALUES)
              : `${text}${text}`,
        'envelope',
      ];
    }
    default: {
      // Random bytes flipped.
      const chars = [...text];
      for (let n = rng.int(1, 8); n > 0 && chars.length > 0; n--) {
        chars[rng.int(0, chars.length - 1)] = rng.pick([
          '{',
          '}',
          '[',
          ']',
          ',',
          ':',
          '"',
          '\\',
          '\u0000',
          'x',
          '9',
          ' ',
        ]);
      }
      return [chars.join(''), 'byteFlip'];
    }
  }
}

/** Leaf elements `<name ...>text</name>` of an XML document. */
function xmlLeaves(
  text: string,
): Array<{ start: number; end: number; textStart: number; textEnd: number; name: string }> {
  const out: Array<{ start: number; end: number; textStart: number; textEnd: number; name: string }> = [];
  const re = /<([\w-]+)((?:\s[^<>]*)?)>([^<]*)<\/\1>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const textStart = m.index + 1 + m[1].length + m[2].length + 1;
    out.push({ start: m.index, end: m.index + m[0].length, textStart, textEnd: textStart + m[3].length, name: m[1] });
  }
  return out;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function mutateXml(text: string, rng: Rng): [string, string] {
  const leaves = xmlLeaves(text);
  const leaf = leaves.length ? rng.pick(leaves) : undefined;
  switch (rng.int(0, 9)) {
    case 0: // Wrong type: a typed leaf's text replaced, or its type attribute changed.
      if (!leaf) {
        return [text, 'none'];
      }
      return rng.chance(0.5)
        ? [splice(text, leaf.textStart, leaf.textEnd, xmlEscape(rng.pick([...NUMBERISH, 'true', 'yes']))), 'wrongType']
        : [
            splice(
              text,
              leaf.start,
              leaf.end,
              `<${leaf.name} type="${rng.pick(['array', 'integer', 'boolean', 'hash', 'float'])}"${rng.chance(0.3) ? ' nil="true"' : ''}>${text.slice(leaf.textStart, leaf.textEnd)}</${leaf.name}>`,
            ),
            'wrongType',
          ];
    case 1: // A field removed.
      return leaf ? [splice(text, leaf.start, leaf.end, ''), 'missingField'] : [text, 'none'];
    case 2:
      return leaf ? [splice(text, leaf.textStart, leaf.textEnd, rng.pick(HUGE)), 'hugeNumber'] : [text, 'none'];
    case 3:
      return leaf
        ? [splice(text, leaf.textStart, leaf.textEnd, xmlEscape(rng.pick(NUMBERISH))), 'nanish']
        : [text, 'none'];
    case 4:
      return leaf
        ? [splice(text, leaf.textStart, leaf.textEnd, deepXml(rng.pick([64, 1000, 10_000, 50_000]))), 'deepNesting']
        : [text, 'none'];
    case 5: {
      // Unicode, references and element names that are object keys elsewhere.
      if (!leaf) {
        return [text, 'none'];
      }
      const u = rng.pick([
        ...UNICODE.map(xmlEscape),
        '&#0;',
        '&#xD800;',
        '&#1114112;',
        '&bogus;',
        '&amp',
        ']]>',
        '<![CDATA[x]]>',
      ]);
      return rng.chance(0.7)
        ? [splice(text, leaf.textStart, leaf.textEnd, u), 'unicode']
        : [
            splice(
              text,
              leaf.start,
              leaf.end,
              `<${rng.pick(['__proto__', 'constructor', 'prototype', 'toString'])}>1</x>`,
            ),
            'unicode',
          ];
    }
    case 6:
      return [text.slice(0, rng.int(0, text.length)), 'truncation'];
    case 7: // A duplicate element: one value becomes two.
      return leaf
        ? [
            splice(
              text,
              leaf.end,
              leaf.end,
              text.slice(leaf.start, leaf.end).replace(/>[^<]*</, `>${xmlEscape(rng.pick(NUMBERISH))}<`),
            ),
            'duplicateKey',
          ]
        : [text, 'none'];
    case 8: {
      // The envelope: another root, two roots, a DOCTYPE with entities, or not XML at all.
      const choice = rng.int(0, 4);
      const body = text.replace(/^<\?xml[^>]*>\s*/, '');
      return [
        choice === 0
          ? body.replace(/^<([\w-]+)/, '<other').replace(/<\/[\w-]+>\s*$/, '</other>')
          : choice === 1
            ? `${body}${body}`
            : choice === 2
              ? `<!DOCTYPE x [<!ENTITY a "${'a'.repeat(100)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${body.replace(/>([^<]+)</, '>&c;<')}`
              : choice === 3
                ? '{"applications":[]}'
                : '',
        'envelope',
      ];
    }
    default: {
      const chars = [...text];
      for (let n = rng.int(1, 8); n > 0 && chars.length > 0; n--) {
        chars[rng.int(0, chars.length - 1)] = rng.pick(['<', '>', '/', '"', '=', '&', '\u0000', 'x', ' ']);
      }
      return [chars.join(''), 'byteFlip'];
    }
  }
}

/** One to three mutations of a real envelope. */
export function mutate(real: string, format: Format, rng: Rng): FuzzCase {
  let body = real;
  const mutations: string[] = [];
  for (let n = rng.int(1, 3); n > 0; n--) {
    const [next, name] = format === 'json' ? mutateJson(body, rng) : mutateXml(body, rng);
    body = next;
    mutations.push(name);
  }
  return { body, mutations };
}
