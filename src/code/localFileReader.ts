/**
 * Reads the index's local files (`file:` URIs) with Node's synchronous reads, in slices that give the
 * event loop back every few milliseconds. `fs.promises.readFile`, which `workspace.fs` uses for a local
 * file, makes several thread-pool round trips per file: about 60–100 µs for a small source file on a
 * 2-core machine, two seconds for a 20,000-file repository. A synchronous open, stat and read costs under
 * 10 µs, so a 4 ms slice reads a few hundred files and the extension host stays responsive.
 * No `vscode` here: the bench reads through the same code.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

import type { TooLarge } from './sourceIndex';

/** How long the reads may hold the event loop before they let everything else run. */
export const READ_SLICE_MS = 4;

/**
 * Opening never waits for a writer: a FIFO or device named like a source file must not hang the
 * extension host on a synchronous open (Windows has no such flag and no such files).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** A source file smaller than this is read in one call, without asking its size first. */
const SCRATCH_BYTES = 64 * 1024;

/** One decoder for every file: decoding without `stream` keeps no state between calls. */
const UTF8 = new TextDecoder();

export class LocalFileReader {
  private sliceStart: number;
  /** Reused by every read: the reads are synchronous, so no two use it at once. */
  private readonly scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  private pause: Promise<void> | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.sliceStart = now();
  }

  /** The file's text; its size when over `maxBytes`; undefined when it is not a regular file or cannot be read. */
  async read(fsPath: string, maxBytes: number, signal: AbortSignal): Promise<string | TooLarge | undefined> {
    await this.breathe();
    signal.throwIfAborted();
    let fd: number | undefined;
    try {
      fd = openSync(fsPath, OPEN_FLAGS);
      // Most source files fit the scratch buffer: one read, and no stat (a quarter of the system calls).
      const first = readSync(fd, this.scratch, 0, this.scratch.length, 0);
      if (first > 0 && first < this.scratch.length && first <= maxBytes) {
        return UTF8.decode(this.scratch.subarray(0, first));
      }
      // Empty, over the bound or the buffer, or no file at all (a device fills the buffer).
      const stat = fstatSync(fd);
      if (!stat.isFile()) {
        return undefined;
      }
      if (stat.size > maxBytes) {
        return { tooLarge: stat.size };
      }
      const bytes = Buffer.allocUnsafe(stat.size);
      let filled = this.scratch.copy(bytes, 0, 0, Math.min(first, bytes.length));
      while (filled < bytes.length) {
        const n = readSync(fd, bytes, filled, bytes.length - filled, filled);
        if (n === 0) {
          break; // Shorter than its size said: it changed while read; the watcher reports it.
        }
        filled += n;
      }
      return UTF8.decode(bytes.subarray(0, filled));
    } catch {
      return undefined; // Gone or unreadable since the listing: it simply serves nothing.
    } finally {
      if (fd !== undefined) {
        closeSync(fd);
      }
    }
  }

  /** Every caller waits for the same turn of the event loop once the slice is used up. */
  private breathe(): Promise<void> | undefined {
    if (this.pause || this.now() - this.sliceStart < READ_SLICE_MS) {
      return this.pause;
    }
    this.pause = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.pause = undefined;
      this.sliceStart = this.now();
    });
    return this.pause;
  }
}
