/**
 * A range's files read through one `git cat-file --batch` (src/tree/gitCommits.ts `readBlobs`), with this
 * machine's git in a temp repository: answers in the order asked, a missing path, a binary file, names with
 * spaces and unicode, a path a line cannot carry refused unasked, the size cap, an abort mid-stream that
 * kills the process; and `readSides` (src/tree/changeImpactLoad.ts) reading both sides with one process.
 */
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { DiffFile } from '../../src/impact/diffHunks';
import { parseDiff } from '../../src/impact/diffHunks';
import type { BlobRead, BlobRequest, FolderGit } from '../../src/tree/gitCommits';
import { installFakeVscode } from '../support/fakeVscode';
import { TEST_GIT_ENV } from '../support/gitEnv';

// The module object itself: gitCommits.ts looks `spawn` and `execFile` up on it per call.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const childProcess = require('node:child_process') as typeof import('node:child_process');

const CAP = 1000;

/** Spawned children while `run` runs, handed to `seen` as they start. */
async function spawned<T>(run: () => Promise<T>, seen: (child: ChildProcess) => void = () => undefined): Promise<T> {
  const original = childProcess.spawn;
  (childProcess as { spawn: unknown }).spawn = (...args: Parameters<typeof original>) => {
    const child = original(...args);
    seen(child);
    return child;
  };
  try {
    return await run();
  } finally {
    (childProcess as { spawn: unknown }).spawn = original;
  }
}

describe("impact: a range's files through one git cat-file --batch", () => {
  let dir: string;
  let base: string;
  let head: string;
  let vscode: ReturnType<typeof installFakeVscode>;
  let readBlobs: typeof import('../../src/tree/gitCommits').readBlobs;
  let readSides: typeof import('../../src/tree/changeImpactLoad').readSides;
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, env: { ...process.env, ...TEST_GIT_ENV } }).toString();
  const text = (t: string): BlobRead => ({ kind: 'text', text: t });
  const skipped = (reason: string) => ({ kind: 'skipped', reason });
  const read = (paths: string[], maxBytes = CAP, signal?: AbortSignal, commit = head) =>
    readBlobs(
      'git',
      dir,
      paths.map((path): BlobRequest => ({ commit, path })),
      maxBytes,
      signal,
    );

  before(() => {
    vscode = installFakeVscode();
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the fake is installed */
    readBlobs = (require('../../src/tree/gitCommits') as typeof import('../../src/tree/gitCommits')).readBlobs;
    readSides = (require('../../src/tree/changeImpactLoad') as typeof import('../../src/tree/changeImpactLoad'))
      .readSides;
    /* eslint-enable @typescript-eslint/no-require-imports */
    dir = mkdtempSync(join(tmpdir(), 'timeslice-catfile-'));
    git('init', '-q');
    mkdirSync(join(dir, 'app'));
    const files: Record<string, string | Buffer> = {
      'app/a.rb': 'class A\n  def show\n    1\n  end\nend\n',
      'app/with space é.rb': 'class É\nend\n',
      'app/line\nbreak.rb': 'class Hidden\nend\n',
      'app/bin.rb': Buffer.from([0x63, 0, 0x0a, 0x0a, 0x31, 0x20, 0x62, 0x6c, 0x6f, 0x62, 0x20, 0x32, 0x0a]),
      'app/at_cap.rb': 'x'.repeat(CAP - 1) + '\n',
      'app/over_cap.rb': 'y'.repeat(CAP) + '\n',
      'app/big.rb': '# big\n'.repeat(500_000),
    };
    for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    base = git('rev-parse', 'HEAD').trim();
    writeFileSync(join(dir, 'app/a.rb'), 'class A\n  def show\n    2\n  end\nend\n');
    git('commit', '-q', '-am', 'head');
    head = git('rev-parse', 'HEAD').trim();
  });

  after(() => {
    vscode.uninstall();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers in the order asked: a missing path, names with spaces and unicode, a directory', async () => {
    const reads = await read(['app/a.rb', 'app/nope.rb', 'app/with space é.rb', 'app', 'app/a.rb']);
    assert.deepEqual(reads, [
      text('class A\n  def show\n    2\n  end\nend\n'),
      skipped('missing'),
      text('class É\nend\n'),
      skipped('notFile'),
      text('class A\n  def show\n    2\n  end\nend\n'),
    ]);
    assert.deepEqual(await read(['app/a.rb'], CAP, undefined, base), [
      text('class A\n  def show\n    1\n  end\nend\n'),
    ]);
  });

  it('a binary file (its bytes hold LFs and a header-like line) is skipped and the next answer is still right', async () => {
    assert.deepEqual(await read(['app/bin.rb', 'app/with space é.rb']), [skipped('binary'), text('class É\nend\n')]);
  });

  it('a path with a line break or `..` is not asked (it would name another object); the others are', async () => {
    let children = 0;
    const reads = await spawned(
      () => read(['app/line\nbreak.rb', 'app/a.rb', 'app/line\rbreak.rb', '../app/a.rb', 'app/with space é.rb']),
      () => children++,
    );
    assert.deepEqual(
      reads.map((r) => r.kind === 'skipped' && r.reason),
      ['unaskable', false, 'unaskable', 'unaskable', false],
    );
    assert.equal(children, 1);
    assert.equal(
      await spawned(
        () => read(['app/line\nbreak.rb']),
        () => children++,
      ).then((r) => r[0].kind),
      'skipped',
    );
    assert.equal(children, 1, 'nothing to ask starts no process');
  });

  it('the cap: a file of exactly maxBytes is read, a larger one streams by unkept and the next is read', async () => {
    const reads = await read(['app/over_cap.rb', 'app/at_cap.rb', 'app/big.rb', 'app/a.rb']);
    assert.deepEqual(
      reads.map((r) => (r.kind === 'text' ? r.text.length : r.reason)),
      ['tooLarge', CAP, 'tooLarge', 'class A\n  def show\n    2\n  end\nend\n'.length],
    );
  });

  it('an abort mid-stream rejects and kills the process; an aborted signal starts none', async () => {
    const abort = new AbortController();
    let child: ChildProcess | undefined;
    const closed = new Promise<void>((resolve) => {
      void spawned(
        () =>
          read(['app/big.rb', 'app/big.rb', 'app/big.rb', 'app/a.rb'], 10_000_000, abort.signal).then(
            () => assert.fail('read despite the abort'),
            (e: Error) => assert.match(e.message, /aborted/),
          ),
        (c) => {
          child = c;
          c.stdout!.once('data', () => abort.abort());
          c.once('close', () => resolve());
        },
      );
    });
    await closed;
    assert.equal(child?.killed, true);
    let started = 0;
    await assert.rejects(
      spawned(
        () => read(['app/a.rb'], CAP, abort.signal),
        () => started++,
      ),
      /aborted/,
    );
    assert.equal(started, 0);
  });

  it('readSides reads both sides of a range at commits with one git process, none per file', async () => {
    const diff = parseDiff(git('diff', '--unified=0', '--no-color', '--no-ext-diff', base, head));
    const files: DiffFile[] = [...diff, { ...diff[0], oldPath: 'app/gone.rb', newPath: 'app/gone.rb' }];
    const folder = { uri: { scheme: 'file', fsPath: dir, path: dir }, name: 'w', index: 0 };
    const folderGit = { readBlobs: (r, m, s) => readBlobs('git', dir, r, m, s) } as Pick<FolderGit, 'readBlobs'>;
    let children = 0;
    const sides = await spawned(
      () => readSides(folder as never, folderGit as FolderGit, files, ['ruby'], base, head),
      () => children++,
    );
    assert.equal(children, 1);
    assert.deepEqual([...sides.old.keys()], ['app/a.rb']);
    assert.deepEqual([...sides.new.keys()], ['app/a.rb']);
    assert.deepEqual(
      sides.new.get('app/a.rb')!.ranges.map((r) => r.name),
      sides.old.get('app/a.rb')!.ranges.map((r) => r.name),
    );
  });
});
