/** The index's reader of local files: regular files only, bounded, and never holding the event loop long. */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { LocalFileReader, READ_SLICE_MS } from '../../src/code/localFileReader';

describe('LocalFileReader', () => {
  let dir: string;
  const signal = new AbortController().signal;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-reader-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a file as UTF-8 without its byte-order mark', async () => {
    fs.writeFileSync(path.join(dir, 'a.rb'), '\uFEFFclass Café\nend\n');
    assert.equal(await new LocalFileReader().read(path.join(dir, 'a.rb'), 1024, signal), 'class Café\nend\n');
  });

  it('gives the size of a file over the bound, and nothing for a folder, a missing file or a FIFO (without waiting for a writer)', async () => {
    const reader = new LocalFileReader();
    fs.writeFileSync(path.join(dir, 'big.rb'), 'x'.repeat(100));
    fs.mkdirSync(path.join(dir, 'folder.rb'));
    assert.deepEqual(await reader.read(path.join(dir, 'big.rb'), 99, signal), { tooLarge: 100 });
    assert.equal(await reader.read(path.join(dir, 'folder.rb'), 1024, signal), undefined);
    assert.equal(await reader.read(path.join(dir, 'gone.rb'), 1024, signal), undefined);
    if (process.platform !== 'win32') {
      execFileSync('mkfifo', [path.join(dir, 'pipe.rb')]);
      assert.equal(await reader.read(path.join(dir, 'pipe.rb'), 1024, signal), undefined);
    }
  });

  it('reads files around the size read in one call whole, and nothing from a device that never ends', async () => {
    const reader = new LocalFileReader();
    for (const size of [1, 65_535, 65_536, 65_537, 200_000]) {
      const text = 'é'.repeat(Math.floor(size / 2)) + (size % 2 ? 'x' : '');
      fs.writeFileSync(path.join(dir, `s${size}.rb`), text);
      assert.equal(await reader.read(path.join(dir, `s${size}.rb`), 512 * 1024, signal), text, `${size} bytes`);
    }
    fs.writeFileSync(path.join(dir, 'empty.rb'), '');
    assert.equal(await reader.read(path.join(dir, 'empty.rb'), 1024, signal), '');
    assert.deepEqual(await reader.read(path.join(dir, 's200000.rb'), 100_000, signal), { tooLarge: 200_000 });
    if (process.platform !== 'win32') {
      fs.symlinkSync('/dev/zero', path.join(dir, 'zero.rb'));
      assert.equal(await reader.read(path.join(dir, 'zero.rb'), 1024 * 1024, signal), undefined);
    }
  });

  it('lets the event loop run once a slice of reading is used up, and stops when cancelled', async () => {
    fs.writeFileSync(path.join(dir, 'a.rb'), 'x');
    let clock = 0;
    const reader = new LocalFileReader(() => clock);
    let turns = 0;
    const reads: Array<ReturnType<LocalFileReader['read']>> = [];
    for (let i = 0; i < 10; i++) {
      clock += READ_SLICE_MS / 2; // each read uses half a slice
      setImmediate(() => turns++);
      reads.push(reader.read(path.join(dir, 'a.rb'), 1024, signal));
    }
    assert.deepEqual(await Promise.all(reads), Array(10).fill('x'));
    assert.ok(turns > 0, 'the event loop ran between the reads');
    const abort = new AbortController();
    abort.abort();
    clock += READ_SLICE_MS; // a pause comes first, then the signal is checked
    await assert.rejects(reader.read(path.join(dir, 'a.rb'), 1024, abort.signal));
  });
});
