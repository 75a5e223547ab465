/**
 * V8's code cache for the main bundle: the bundle's compile is about a third of activation. A cache file is named
 * after the bundle's SHA-256 and starts with the SHA-256 of the rest, so a truncated or altered file is deleted,
 * never handed to V8.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

const PREFIX = 'main-';
const SUFFIX = '.v8cache';
const DIGEST_BYTES = 32;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

export function cacheFileFor(dir: string, source: string): string {
  return join(dir, `${PREFIX}${sha256(source).toString('hex').slice(0, 32)}${SUFFIX}`);
}

export function readCache(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const payload = bytes.subarray(DIGEST_BYTES);
  if (bytes.length <= DIGEST_BYTES || !sha256(payload).equals(bytes.subarray(0, DIGEST_BYTES))) {
    try {
      rmSync(file, { force: true });
    } catch {
      // A file that cannot be removed is read and refused again at the next start; nothing else breaks.
    }
    return undefined;
  }
  return payload;
}

/** Through a temporary file and a rename, so a reader never sees half a file. */
export function writeCache(file: string, script: Script): void {
  const payload = script.createCachedData();
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([sha256(payload), payload]));
  renameSync(temporary, file);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // Only finished caches: another window may be writing its temporary file right now.
    if (path !== file && name.startsWith(PREFIX) && name.endsWith(SUFFIX)) {
      rmSync(path, { force: true });
    }
  }
}

export interface CompiledBundle {
  readonly run: (...args: unknown[]) => unknown;
  /** True when V8 took the cache; false when there was none or V8 rejected it (write one then). */
  readonly fromCache: boolean;
  readonly script: Script;
}

export function compileBundle(file: string, source: string, cachedData: Buffer | undefined): CompiledBundle {
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  const run = script.runInThisContext() as CompiledBundle['run'];
  return { run, fromCache: cachedData !== undefined && !script.cachedDataRejected, script };
}
