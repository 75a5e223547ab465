/**
 * Source files built to slow the built-in parsers down (test/support/hostileSources.ts): every
 * language's parser must still give the right answers on them. Their time is the bench's figure
 * (`npm run bench -- --only hostile`); here each runs once, so a parser that went super-linear again
 * would also make this suite time out.
 */
import * as assert from 'node:assert/strict';

import { parseSource } from '../../src/code/parseSource';
import { declaredMethod } from '../../src/code/parsers/declaration';
import { structureOf } from '../../src/code/sourceText';
import { describeSymbol, hostileSources } from '../support/hostileSources';

describe('the built-in parsers on hostile input', function () {
  this.timeout(60_000);
  for (const source of hostileSources()) {
    it(`${source.language}: ${source.shape}`, () => {
      const found = new Set(parseSource(source.language, source.text).symbols.map(describeSymbol));
      for (const symbol of source.found) {
        assert.ok(found.has(symbol), `${symbol} not found; found: ${[...found].join(', ')}`);
      }
      for (const symbol of source.missing ?? []) {
        assert.ok(!found.has(symbol), `${symbol} found, but it is inside a comment or a string`);
      }
    });
  }
});

/** A small deterministic generator of short lines over an alphabet (the same lines every run). */
function* shortLines(alphabet: readonly string[], count: number): Generator<string> {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let n = 0; n < count; n++) {
    let line = '';
    for (let i = 1 + (next() % 14); i > 0; i--) {
      line += alphabet[next() % alphabet.length];
    }
    yield line;
  }
}

describe('the scans that replace patterns answer as the patterns did', () => {
  it('a Java or C# method declaration, on 30,000 short lines', () => {
    // The pattern the scan replaces: exponential on `a<b> a<b> …`, but exact on short lines.
    const pattern = /^(?:[\w<>[\],.?@]+(?:<[^()]*>)?\s+)+([A-Za-z_]\w*)\s*\(/;
    const alphabet = ['a', 'b', '1', '_', ' ', ' ', '<', '>', '(', '=', '"', ',', '.', '[', ']', '?', '@', '*', '\t'];
    for (const raw of shortLines(alphabet, 30_000)) {
      const line = raw.trim();
      assert.equal(declaredMethod(line), pattern.exec(line)?.[1], JSON.stringify(line));
    }
    assert.equal(declaredMethod('public static <T> Map<String, List<T>> build(int n) {'), 'build');
    assert.equal(declaredMethod('Foo<@A x = "y"> bar('), 'bar');
    assert.equal(declaredMethod('String s = format('), undefined);
  });

  it('a Go func line: receiver with or without a name, pointer or not, generic; a function', () => {
    const said = (text: string) =>
      parseSource('go', text).symbols.map((s) => `${s.kind} ${[...s.container, s.name].join('.')}`);
    assert.deepEqual(said('func (s *Server) list(w http.ResponseWriter) {}'), ['method Server.list']);
    assert.deepEqual(said('func (Server) list() {}'), ['method Server.list']); // the pattern said `r.list`
    assert.deepEqual(said('func (*Server) list() {}'), ['method Server.list']);
    assert.deepEqual(said('func (s Set[K, V]) Has(k K) bool {}'), ['method Set.Has']);
    assert.deepEqual(said('func Map[T any](xs []T) {}\nfunc main() {}'), ['function Map', 'function main']);
    assert.deepEqual(said('func (s *Server)\nfunc\nfunction x() {}\n  func y() {}'), []);
  });

  it("a line's structure with its strings blanked, on 30,000 short lines", () => {
    const pattern = /(["'])(?:\\.|(?!\1)[^\\])*\1/g;
    const blanked = (line: string) =>
      line.replace(pattern, (s) => `${s[0]}${' '.repeat(Math.max(0, s.length - 2))}${s[0]}`);
    for (const line of shortLines(['"', "'", '\\', 'a', '{', '}', ' '], 30_000)) {
      assert.equal(structureOf(line), blanked(line), JSON.stringify(line));
    }
  });
});
