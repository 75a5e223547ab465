/**
 * Diff hunks to methods (docs/impact.md#diff-hunks-to-methods): git's diff read (renames, quoted paths,
 * binary files, hunks of no lines), hunks intersected with methods (changed, added, removed, moved, a
 * hunk on the line before a method), a real repository's diff end to end, and hostile input.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { parseSource } from '../../src/code/parseSource';
import { changedMethods, type MethodSource } from '../../src/impact/changedMethods';
import { DIFF_ARGUMENTS, parseDiff } from '../../src/impact/diffHunks';
import { methodRanges, type MethodRange } from '../../src/impact/methodRanges';

const FIXTURE = [
  'diff --git a/app/orders.rb b/app/orders.rb',
  'index 1111111..2222222 100644',
  '--- a/app/orders.rb',
  '+++ b/app/orders.rb',
  '@@ -10,2 +10,3 @@ class Orders',
  '-    a',
  '---- a removed line that looks like a header',
  '+    b',
  '++++ an added line that looks like a header',
  '+diff --git a/not/a b/header',
  '@@ -20 +21,0 @@ def show',
  '-    gone',
  '\\ No newline at end of file',
  'diff --git a/lib/old name.rb b/lib/new name.rb',
  'similarity index 88%',
  'rename from lib/old name.rb',
  'rename to lib/new name.rb',
  'index 3333333..4444444 100644',
  '--- a/lib/old name.rb\t',
  '+++ b/lib/new name.rb\t',
  '@@ -3,0 +4,2 @@',
  '+x',
  '+y',
  'diff --git a/moved.rb b/elsewhere/moved.rb',
  'similarity index 100%',
  'rename from moved.rb',
  'rename to elsewhere/moved.rb',
  'diff --git a/new.rb b/new.rb',
  'new file mode 100644',
  'index 0000000..5555555',
  '--- /dev/null',
  '+++ b/new.rb',
  '@@ -0,0 +1,2 @@',
  '+def a',
  '+end',
  'diff --git a/gone.rb b/gone.rb',
  'deleted file mode 100644',
  'index 6666666..0000000',
  '--- a/gone.rb',
  '+++ /dev/null',
  '@@ -1 +0,0 @@',
  '-x',
  'diff --git a/logo.png b/logo.png',
  'index 7777777..8888888 100644',
  'Binary files a/logo.png and b/logo.png differ',
  'diff --git "a/caf\\303\\251 \\"x\\".rb" "b/caf\\303\\251 \\"x\\".rb"',
  'index 9999999..aaaaaaa 100644',
  '--- "a/caf\\303\\251 \\"x\\".rb"',
  '+++ "b/caf\\303\\251 \\"x\\".rb"',
  '@@ -1 +1 @@',
  '-a',
  '+b',
  'diff --git a/empty.txt b/empty.txt',
  'new file mode 100644',
  'index 0000000..e69de29',
  'diff --git a/icon.bin b/icon.bin',
  'new file mode 100644',
  'index 0000000..bbbbbbb',
  'GIT binary patch',
  'literal 12',
  'zcmZ?wbhEHbWMp7uXkY+>Xa)a',
  '',
  'literal 0',
  'HcmV?d00001',
  '',
].join('\n');

describe('impact: reading git diff --unified=0 -M', () => {
  const files = parseDiff(FIXTURE);
  const said = files.map((f) => [f.status, f.oldPath, f.newPath, f.binary, f.hunks.length, f.similarity]);

  it('every file, with its status, both paths, binary or not', () => {
    assert.deepEqual(said, [
      ['modified', 'app/orders.rb', 'app/orders.rb', false, 2, undefined],
      ['renamed', 'lib/old name.rb', 'lib/new name.rb', false, 1, 88],
      ['renamed', 'moved.rb', 'elsewhere/moved.rb', false, 0, 100],
      ['added', undefined, 'new.rb', false, 1, undefined],
      ['deleted', 'gone.rb', undefined, false, 1, undefined],
      ['modified', 'logo.png', 'logo.png', true, 0, undefined],
      ['modified', 'café "x".rb', 'café "x".rb', false, 1, undefined],
      ['added', undefined, 'empty.txt', false, 0, undefined],
      ['added', undefined, 'icon.bin', true, 0, undefined],
    ]);
  });

  it('hunks as git numbers them; a missing length is 1; content that looks like a header is content', () => {
    assert.deepEqual(files[0].hunks, [
      { oldStart: 10, oldLines: 2, newStart: 10, newLines: 3 },
      { oldStart: 20, oldLines: 1, newStart: 21, newLines: 0 },
    ]);
    assert.deepEqual(files[3].hunks, [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2 }]);
  });

  it('the arguments pin what user configuration could change', () => {
    for (const arg of [
      '--unified=0',
      '-M',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--src-prefix=a/',
      '--dst-prefix=b/',
    ]) {
      assert.ok(DIFF_ARGUMENTS.includes(arg), arg);
    }
  });
});

/** A method of one line range (one-based, inclusive), in a class. */
function m(name: string, first: number, last: number, container = ['Orders']): MethodRange {
  return { kind: 'method', name, container, line: first - 1, endLine: last - 1 };
}

function source(newSide: Record<string, MethodRange[]>, oldSide: Record<string, MethodRange[]> = {}): MethodSource {
  return { methodsAt: (side, p) => (side === 'new' ? newSide : oldSide)[p] };
}

function hunksDiff(file: string, hunks: string[], from = file): string {
  return [`diff --git a/${from} b/${file}`, `--- a/${from}`, `+++ b/${file}`, ...hunks].join('\n');
}

const summary = (r: ReturnType<typeof changedMethods>) =>
  r.methods.map(
    (c) => `${c.kind} ${c.path}:${c.method.name}${c.from ? ` from ${c.from.path}:${c.from.method.name}` : ''}`,
  );

describe('impact: hunks to methods', () => {
  const table: Array<[string, string, MethodSource, string[], string[]]> = [
    // [what, diff, methods, changes, files changed elsewhere]
    [
      'a hunk inside a method changes it; the next method is untouched',
      hunksDiff('a.rb', ['@@ -12 +12 @@', '-x', '+y']),
      source({ 'a.rb': [m('show', 10, 14), m('index', 16, 20)] }),
      ['changed a.rb:show'],
      [],
    ],
    [
      'a hunk on the line before a method (its comment) touches no method: changed elsewhere',
      hunksDiff('a.rb', ['@@ -15 +15 @@', '-# old', '+# new']),
      source({ 'a.rb': [m('show', 10, 14), m('index', 16, 20)] }),
      [],
      ['a.rb'],
    ],
    [
      'lines deleted inside a method change it; deleted just after its last line do not',
      hunksDiff('a.rb', ['@@ -13 +12,0 @@', '-x', '@@ -21 +19,0 @@', '-y']),
      source({ 'a.rb': [m('show', 10, 13), m('index', 15, 19)] }),
      ['changed a.rb:show'],
      [],
    ],
    [
      'a method whose every line is new is added',
      hunksDiff('a.rb', ['@@ -14,0 +15,4 @@', '+a', '+b', '+c', '+d']),
      source({ 'a.rb': [m('show', 10, 14), m('export', 15, 18)] }, { 'a.rb': [m('show', 10, 14)] }),
      ['added a.rb:export'],
      [],
    ],
    [
      'a new method whose closing line git matched with an old one is added all the same',
      hunksDiff('a.rb', ['@@ -14,0 +15,3 @@', '+a', '+b', '+c']),
      source({ 'a.rb': [m('show', 10, 14), m('export', 15, 18)] }, { 'a.rb': [m('show', 10, 14)] }),
      ['added a.rb:export'],
      [],
    ],
    [
      'a method whose every old line is gone is removed',
      hunksDiff('a.rb', ['@@ -15,4 +14,0 @@', '-a', '-b', '-c', '-d']),
      source({ 'a.rb': [m('show', 10, 14)] }, { 'a.rb': [m('show', 10, 14), m('legacy', 15, 18)] }),
      ['removed a.rb:legacy'],
      [],
    ],
    [
      'removed from one file and added with the same name in another: moved',
      [
        hunksDiff('a.rb', ['@@ -15,3 +14,0 @@', '-a', '-b', '-c']),
        hunksDiff('b.rb', ['@@ -2,0 +3,3 @@', '+a', '+b', '+c']),
      ].join('\n'),
      source(
        { 'a.rb': [m('show', 10, 14)], 'b.rb': [m('total', 3, 5, ['Totals'])] },
        { 'a.rb': [m('show', 10, 14), m('total', 15, 17)], 'b.rb': [] },
      ),
      ['moved b.rb:total from a.rb:total'],
      [],
    ],
    [
      'moved within its file (removed at the top, added at the bottom)',
      hunksDiff('a.rb', ['@@ -2,3 +1,0 @@', '-a', '-b', '-c', '@@ -20,0 +18,3 @@', '+a', '+b', '+c']),
      source({ 'a.rb': [m('show', 5, 10), m('total', 18, 20)] }, { 'a.rb': [m('total', 2, 4), m('show', 8, 13)] }),
      ['moved a.rb:total from a.rb:total'],
      [],
    ],
    [
      'rewritten where it stood (one hunk replaces every line): changed',
      hunksDiff('a.rb', ['@@ -10,3 +10,3 @@', '-a', '-b', '-c', '+x', '+y', '+z']),
      source({ 'a.rb': [m('show', 10, 12)] }, { 'a.rb': [m('show', 10, 12)] }),
      ['changed a.rb:show'],
      [],
    ],
    [
      'a renamed file: the new path on the new side, the old path on the old side',
      hunksDiff('app/new.rb', ['@@ -4 +4 @@', '-a', '+b'], 'app/old.rb').replace(
        'diff --git a/app/old.rb b/app/new.rb',
        'diff --git a/app/old.rb b/app/new.rb\nrename from app/old.rb\nrename to app/new.rb',
      ),
      source({ 'app/new.rb': [m('show', 3, 6)] }, { 'app/old.rb': [m('show', 3, 6)] }),
      ['changed app/new.rb:show'],
      [],
    ],
    [
      'files no parser reads and binary files are changed elsewhere',
      [
        hunksDiff('README.md', ['@@ -1 +1 @@', '-a', '+b']),
        'diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ',
      ].join('\n'),
      source({}),
      [],
      ['README.md', 'logo.png'],
    ],
  ];
  for (const [what, diff, methods, changes, elsewhere] of table) {
    it(what, () => {
      const result = changedMethods(parseDiff(diff), methods);
      assert.deepEqual(summary(result), changes);
      assert.deepEqual(
        result.elsewhere.map((f) => f.newPath ?? f.oldPath),
        elsewhere,
      );
    });
  }

  it('each change carries the hunks that touch it', () => {
    const diff = hunksDiff('a.rb', [
      '@@ -11 +11 @@',
      '-x',
      '+y',
      '@@ -13 +13 @@',
      '-x',
      '+y',
      '@@ -30 +30 @@',
      '-x',
      '+y',
    ]);
    const [show] = changedMethods(parseDiff(diff), source({ 'a.rb': [m('show', 10, 14)] })).methods;
    assert.deepEqual(
      show.hunks.map((h) => h.newStart),
      [11, 13],
    );
  });
});

describe('impact: a real repository diff, end to end', function () {
  this.timeout(60_000);
  let dir = '';
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });

  before(function () {
    try {
      execFileSync('git', ['--version']);
    } catch {
      this.skip(); // No git on this machine: the fixtures above still hold.
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-impact-'));
    git('init', '-q');
  });
  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, lines: string[]) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), lines.join('\n') + '\n');
  };

  it('changed, added, removed and moved methods of a renamed controller, with the right lines', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    step_${i}`);
    const index = ['  def index', ...body(24), '  end', ''];
    write('app/orders_controller.rb', [
      'class OrdersController',
      ...index,
      '  def show',
      ...body(6),
      '  end',
      '',
      '  def legacy',
      ...body(4),
      '  end',
      '',
      '  # totals',
      '  def total',
      ...body(5),
      '  end',
      'end',
    ]);
    write('app/totals.rb', ['class Totals', '  def other', '    1', '  end', 'end']);
    git('add', '.');
    git('commit', '-qm', 'one');
    const from = git('rev-parse', 'HEAD').trim();
    git('mv', 'app/orders_controller.rb', 'app/purchases_controller.rb');
    write('app/purchases_controller.rb', [
      'class OrdersController',
      ...index,
      '  def show',
      ...body(3),
      '    step_changed',
      ...body(6).slice(4),
      '  end',
      '',
      '  # sums',
      '  def export',
      '    csv',
      '  end',
      'end',
    ]);
    write('app/totals.rb', [
      'class Totals',
      '  def other',
      '    1',
      '  end',
      '',
      '  def total',
      ...body(5),
      '  end',
      'end',
    ]);
    git('add', '.');
    git('commit', '-qm', 'two');
    const to = git('rev-parse', 'HEAD').trim();

    const files = parseDiff(git(...DIFF_ARGUMENTS, from, to));
    const at = (rev: string, p: string) => {
      const text = git('show', `${rev}:${p}`);
      return methodRanges(parseSource('ruby', text).symbols, text);
    };
    const result = changedMethods(files, {
      methodsAt: (side, p) => at(side === 'old' ? from : to, p),
    });
    assert.deepEqual(summary(result), [
      'changed app/purchases_controller.rb:show',
      'added app/purchases_controller.rb:export',
      'removed app/orders_controller.rb:legacy',
      'moved app/totals.rb:total from app/orders_controller.rb:total',
    ]);
    const show = result.methods[0].method;
    assert.deepEqual([show.line, show.endLine], [28, 35]);
  });
});
