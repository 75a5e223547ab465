/**
 * The loader's V8 code cache (src/startup/codeCache.ts): written once, taken by V8 at the next
 * compile, never read for another bundle, and a damaged file is refused before V8 sees it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { cacheFileFor, compileBundle, readCache, writeCache } from '../../src/startup/codeCache';

/** A bundle big enough for V8 to cache real work: a module exporting a function that it calls. */
const bundleSource = (answer: number) => `
"use strict";
function sum(values) { let total = 0; for (const v of values) total += v; return total; }
module.exports = { answer: () => sum([${answer}, 0]) + ${'0 + '.repeat(200)}0 };
`;

function load(file: string, source: string, cached: Buffer | undefined) {
  const compiled = compileBundle(file, source, cached);
  const module = { exports: {} as { answer(): number } };
  compiled.run(module.exports, require, module, file, path.dirname(file));
  return { compiled, exports: module.exports };
}

describe('code cache (startup/codeCache)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-code-cache-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the cache after the bundle text: an updated bundle never reads the old cache', () => {
    const a = cacheFileFor(dir, bundleSource(1));
    assert.equal(cacheFileFor(dir, bundleSource(1)), a);
    // The same length, other text: V8's own check compares lengths only, so the name must differ.
    assert.equal(bundleSource(1).length, bundleSource(2).length);
    assert.notEqual(cacheFileFor(dir, bundleSource(2)), a);
    assert.match(path.basename(a), /^main-[0-9a-f]{32}\.v8cache$/);
  });

  it('compiles from source the first time, then V8 takes the cache it wrote and the code runs the same', () => {
    const source = bundleSource(42);
    const file = cacheFileFor(path.join(dir, 'code-cache'), source);
    const first = load(path.join(dir, 'main.js'), source, readCache(file));
    assert.equal(first.compiled.fromCache, false);
    assert.equal(first.exports.answer(), 42);
    writeCache(file, first.compiled.script);

    const cached = readCache(file);
    assert.ok(cached && cached.length > 0, 'the cache was written');
    const second = load(path.join(dir, 'main.js'), source, cached);
    assert.equal(second.compiled.fromCache, true, 'V8 rejected the cache');
    assert.equal(second.exports.answer(), 42);
  });

  it('a cache V8 rejects (made from other code) compiles from source, and the loader knows to write a new one', () => {
    const made = load(path.join(dir, 'a.js'), bundleSource(1), undefined);
    const other = `${bundleSource(7)}\n// longer`;
    const loaded = load(path.join(dir, 'b.js'), other, made.compiled.script.createCachedData());
    assert.equal(loaded.compiled.fromCache, false);
    assert.equal(loaded.exports.answer(), 7);
  });

  for (const [what, damage] of [
    ['truncated', (bytes: Buffer) => bytes.subarray(0, bytes.length - 100)],
    [
      'with one byte changed',
      (bytes: Buffer) => {
        const copy = Buffer.from(bytes);
        copy[copy.length - 1] ^= 0xff;
        return copy;
      },
    ],
    ['empty', () => Buffer.alloc(0)],
  ] as const) {
    it(`refuses a cache file ${what} before V8 reads it, and deletes it`, () => {
      const source = bundleSource(3);
      const file = cacheFileFor(dir, source);
      writeCache(file, load(path.join(dir, 'main.js'), source, undefined).compiled.script);
      fs.writeFileSync(file, damage(fs.readFileSync(file)));
      assert.equal(readCache(file), undefined);
      assert.equal(fs.existsSync(file), false, 'the damaged file is still there');
    });
  }

  it('writing a cache removes the caches of other bundles and leaves other files alone', () => {
    const old = cacheFileFor(dir, bundleSource(1));
    writeCache(old, load(path.join(dir, 'main.js'), bundleSource(1), undefined).compiled.script);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not ours');
    const current = cacheFileFor(dir, bundleSource(2));
    writeCache(current, load(path.join(dir, 'main.js'), bundleSource(2), undefined).compiled.script);
    assert.deepEqual(fs.readdirSync(dir).sort(), [path.basename(current), 'notes.txt'].sort());
  });

  it('no cache file: nothing to read, and nothing is created by reading', () => {
    assert.equal(readCache(path.join(dir, 'missing', 'main-0.v8cache')), undefined);
    assert.deepEqual(fs.readdirSync(dir), []);
  });
});
