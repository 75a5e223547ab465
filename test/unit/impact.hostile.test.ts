/**
 * Diffs and sources built to slow the impact core down or to confuse it: a 10 MB diff of 400,000 hunks,
 * a 1 MB line in a hunk, in a header and in a source, binary patches, hunk headers that lie about their
 * lengths, broken quoting. Each runs once under a generous timeout, so a scan that went quadratic again
 * would time this suite out rather than pass slowly.
 */
import * as assert from 'node:assert/strict';

import { changedMethods } from '../../src/impact/changedMethods';
import { parseDiff, unquotePath } from '../../src/impact/diffHunks';
import { methodRanges, type MethodRange } from '../../src/impact/methodRanges';

const MB = 1024 * 1024;

describe('impact: hostile diffs and sources', function () {
  this.timeout(60_000);

  it('a 10 MB diff of one file with 400,000 one-line hunks, against 20,000 methods', () => {
    const hunks: string[] = [];
    for (let i = 0; i < 400_000; i++) {
      const line = 2 * i + 1;
      hunks.push(`@@ -${line} +${line} @@`, '-a', '+b');
    }
    const diff = ['diff --git a/big.rb b/big.rb', '--- a/big.rb', '+++ b/big.rb', ...hunks].join('\n');
    assert.ok(diff.length > 10 * 1_000_000, `${diff.length} characters`);
    const [file] = parseDiff(diff);
    assert.equal(file.hunks.length, 400_000);
    const methods: MethodRange[] = Array.from({ length: 20_000 }, (_, i) => ({
      kind: 'method',
      name: `m${i}`,
      container: ['Big'],
      line: i * 40,
      endLine: i * 40 + 39,
    }));
    const result = changedMethods([file], { methodsAt: () => methods });
    assert.equal(result.methods.length, 20_000);
    assert.ok(result.methods.every((c) => c.kind === 'changed' && c.hunks.length === 20));
  });

  it('a 1 MB content line, a 1 MB header path and a 1 MB hunk header', () => {
    const long = 'x'.repeat(MB);
    const diff = [
      'diff --git a/a.rb b/a.rb',
      '--- a/a.rb',
      '+++ b/a.rb',
      '@@ -1 +1 @@',
      `-${long}`,
      `+${long}`,
      `diff --git a/${long} b/${long}`,
      `--- a/${long}`,
      `+++ b/${long}`,
      `@@ -1 +1 @@ ${long}`,
      '-a',
      '+b',
      'diff --git a/c.rb b/c.rb',
      '--- a/c.rb',
      '+++ b/c.rb',
      '@@ -5,0 +6 @@',
      '+c',
    ].join('\n');
    const files = parseDiff(diff);
    assert.deepEqual(
      files.map((f) => [f.oldPath, f.newPath, f.hunks.length]),
      [
        ['a.rb', 'a.rb', 1],
        [undefined, undefined, 1], // a path over MAX_DIFF_PATH_LENGTH is dropped, never copied
        ['c.rb', 'c.rb', 1],
      ],
    );
  });

  it('binary patches: their base-85 lines are no hunks and no headers', () => {
    const patch = Array.from({ length: 20_000 }, (_, i) => `z${'@-+ '.repeat(16)}${i}`);
    const diff = [
      'diff --git a/img.png b/img.png',
      'GIT binary patch',
      'literal 999',
      ...patch,
      '',
      'diff --git a/b.bin b/b.bin',
      'Binary files a/b.bin and b/b.bin differ',
      'diff --git a/t.rb b/t.rb',
      '--- a/t.rb',
      '+++ b/t.rb',
      '@@ -1 +1 @@',
      '-a',
      '+b',
    ].join('\n');
    assert.deepEqual(
      parseDiff(diff).map((f) => [f.newPath, f.binary, f.hunks.length]),
      [
        ['img.png', true, 0],
        ['b.bin', true, 0],
        ['t.rb', false, 1],
      ],
    );
  });

  it('a hunk header that claims more lines than follow ends at the next header', () => {
    const diff = [
      'diff --git a/a.rb b/a.rb',
      '--- a/a.rb',
      '+++ b/a.rb',
      '@@ -1,999999999 +1,999999999 @@',
      '-a',
      'diff --git a/b.rb b/b.rb',
      '--- a/b.rb',
      '+++ b/b.rb',
      '@@ -3 +3 @@',
    ].join('\n');
    assert.deepEqual(
      parseDiff(diff).map((f) => [f.newPath, f.hunks.length]),
      [
        ['a.rb', 1],
        ['b.rb', 1],
      ],
    );
  });

  it('broken quoting and a megabyte of backslashes decode without throwing', () => {
    assert.equal(unquotePath('"a/unterminated'), 'a/unterminated');
    assert.equal(unquotePath('"a/\\q\\3"'), 'a/q3');
    assert.equal(unquotePath('"tab\\there"'), 'tab\there');
    assert.equal(unquotePath(`"${'\\\\'.repeat(MB / 2)}"`).length, MB / 2);
    assert.deepEqual(parseDiff('diff --git "a/x'), [{ status: 'modified', binary: false, hunks: [] }]);
  });

  it('method ranges over a 1 MB line and 30,000 nested lines', () => {
    const text = [
      `def a(${'x, '.repeat(MB / 3)})`,
      '  1',
      'end',
      ...Array.from({ length: 30_000 }, (_, i) => `${' '.repeat(i % 200)}def f${i}`),
    ].join('\n');
    const symbols = Array.from({ length: 30_001 }, (_, i) => ({
      kind: 'function' as const,
      name: `f${i}`,
      container: [],
      line: i === 0 ? 0 : i + 2,
    }));
    const ranges = methodRanges(symbols, text);
    assert.equal(ranges.length, 30_001);
    assert.deepEqual([ranges[0].line, ranges[0].endLine], [0, 2]);
  });
});
