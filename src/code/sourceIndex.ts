// Source files parsed once and kept until they change: lazy, cancellable, bounded. File access comes from
// outside (VS Code's workspace, or the disk in tests and the bench), so no `vscode`.
import { SharedRequest } from '../api/sharedRequest';
import type { Pace } from './backgroundPace';
import { candidateFiles } from './candidateFiles';
import { WorkspaceFileMap } from '../errors/frameMapping';
import { CodeMap, endsWithPath } from './codeMatch';
import type { CodeLocation, IndexedFile } from './codeMatch';
import { MAX_SOURCE_BYTES, oversizedMessage, parseSource } from './parseSource';
import type { SourceLanguage } from './symbols';
import { sourceLanguageOf } from './symbols';
import { StoredFile } from './storedSource';
import type { CodeTarget } from './transactionNames';
import type { Logger } from '../log';

/** Paths are workspace-relative and `/`-separated. */
export interface SourceFiles {
  /** The user's excludes applied. */
  list(extensions: readonly string[], limit: number, signal: AbortSignal): Promise<string[]>;
  /** The file's text; its size when it is larger than `maxBytes`; undefined when it cannot be read. */
  read(path: string, maxBytes: number, signal: AbortSignal): Promise<string | TooLarge | undefined>;
}

export interface TooLarge {
  tooLarge: number;
}

export const EXTENSIONS_OF: Readonly<Record<SourceLanguage, readonly string[]>> = {
  ruby: ['rb'],
  python: ['py'],
  java: ['java'],
  csharp: ['cs'],
  php: ['php'],
  go: ['go'],
  javascript: ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'],
};

// A repository far larger is not one application's code. 150,000 files: half again the 100,000-file folder
// the bench indexes within its budget (docs/performance.md).
export const INDEX_LIMITS = { maxFiles: 150_000, maxFileBytes: MAX_SOURCE_BYTES, readConcurrency: 16 };

const NO_FILES = new CodeMap([]);
/** What a file that mounts an Express router holds (the parser's MOUNT, loosely: a superset is harmless). */
const MOUNTS = /\.\s*use\s*\(/;
const MOUNTS_KEY = 'javascript mounts';

export class SourceIndex {
  private readonly parsed = new Map<string, IndexedFile>();
  /** Shared: one caller's cancel ends only its wait. */
  private readonly listed = new Map<SourceLanguage, SharedRequest<readonly string[]>>();
  private readonly maps = new Map<string, CodeMap>();
  private readonly fileMaps = new Map<string, WorkspaceFileMap>();
  private readonly oversized = new Set<string>();
  /** Not read again until they change. */
  private readonly mountless = new Set<string>();
  /** What was read or built before the last invalidation is not kept. */
  private generation = 0;

  /** `pace`: what the mounts pass awaits before each read (backgroundPace.ts); none: at full speed. */
  constructor(
    private readonly files: SourceFiles,
    private readonly limits = INDEX_LIMITS,
    private readonly log?: Pick<Logger, 'info'>,
    private readonly pace?: Pace,
  ) {}

  async codeMap(languages: readonly SourceLanguage[], signal: AbortSignal): Promise<CodeMap> {
    const key = [...languages].sort().join(',');
    const cached = this.maps.get(key);
    if (cached) {
      return cached;
    }
    const generation = this.generation;
    const files: IndexedFile[] = [];
    for (const language of languages) {
      const paths = await this.list(language, signal);
      files.push(...(await this.parseAll(paths, signal)));
    }
    signal.throwIfAborted();
    const map = new CodeMap(files);
    if (generation === this.generation) {
      this.maps.set(key, map); // A file changed meanwhile: this map answers this call only.
    }
    return map;
  }

  // The listing the lenses use (no second listing, no file read), a suffix lookup built once per change.
  async fileMap(languages: readonly SourceLanguage[], signal: AbortSignal): Promise<WorkspaceFileMap> {
    const key = [...languages].sort().join(',');
    const cached = this.fileMaps.get(key);
    if (cached) {
      return cached;
    }
    const generation = this.generation;
    const listed = await Promise.all(languages.map((language) => this.list(language, signal)));
    signal.throwIfAborted();
    const map = new WorkspaceFileMap(listed.flat());
    if (generation === this.generation) {
      this.fileMaps.set(key, map);
    }
    return map;
  }

  // Only JavaScript reaches a route through another file (Express mounts), so for the others nothing is
  // listed or read and the first lens waits for no index.
  lensMap(languages: readonly SourceLanguage[], signal: AbortSignal): Promise<CodeMap> {
    return languages.includes('javascript') ? this.mountMap(signal) : Promise.resolve(NO_FILES);
  }

  // A name that gives its file's path (Rails, Python, Spring, PHP) is only served there: only those files are read.
  async locate(
    languages: readonly SourceLanguage[],
    target: CodeTarget,
    signal: AbortSignal,
  ): Promise<CodeLocation | undefined> {
    const suffixes = target.kind === 'member' || target.kind === 'function' ? target.fileSuffixes : undefined;
    const listed = (await Promise.all(languages.map((language) => this.list(language, signal)))).flat();
    if (suffixes) {
      const paths = listed.filter((path) => suffixes.some((suffix) => endsWithPath(path, suffix)));
      return new CodeMap(await this.parseAll(paths, signal)).locate(target);
    }
    // The file a convention names first (a class's own file); the whole languages only when it has not the code.
    const likely = candidateFiles(target, listed);
    const found = likely.length > 0 ? new CodeMap(await this.parseAll(likely, signal)).locate(target) : undefined;
    return found ?? (await this.codeMap(languages, signal)).locate(target);
  }

  invalidate(path: string, existence: 'changed' | 'created' | 'deleted'): void {
    this.generation++;
    this.parsed.delete(path);
    this.oversized.delete(path);
    this.mountless.delete(path);
    this.maps.clear();
    const language = sourceLanguageOf(path);
    if (language && existence !== 'changed') {
      this.listed.delete(language);
      this.fileMaps.clear();
    }
  }

  reset(): void {
    this.generation++;
    this.parsed.clear();
    this.oversized.clear();
    this.mountless.clear();
    this.listed.clear();
    this.maps.clear();
    this.fileMaps.clear();
  }

  get size(): number {
    return this.parsed.size;
  }

  private list(language: SourceLanguage, signal: AbortSignal): Promise<readonly string[]> {
    let listing = this.listed.get(language);
    if (!listing || listing.abandoned) {
      const current = new SharedRequest((own) => this.files.list(EXTENSIONS_OF[language], this.limits.maxFiles, own));
      listing = current;
      this.listed.set(language, current);
      // A cancelled or failed listing is not kept: the next request lists again.
      current.outcome.catch(() => {
        if (this.listed.get(language) === current) {
          this.listed.delete(language);
        }
      });
    }
    return listing.wait(signal);
  }

  private async mountMap(signal: AbortSignal): Promise<CodeMap> {
    const cached = this.maps.get('javascript') ?? this.maps.get(MOUNTS_KEY);
    if (cached) {
      return cached;
    }
    const generation = this.generation;
    const paths = await this.list('javascript', signal);
    const unread = paths.filter((path) => !this.mountless.has(path));
    const map = new CodeMap(await this.parseAll(unread, signal, this.pace, true), paths);
    if (generation === this.generation) {
      this.maps.set(MOUNTS_KEY, map);
    }
    return map;
  }

  private async parseAll(
    paths: readonly string[],
    signal: AbortSignal,
    pace?: Pace,
    mountsOnly = false,
  ): Promise<IndexedFile[]> {
    const out: IndexedFile[] = [];
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        signal.throwIfAborted();
        const path = paths[next++];
        const known = this.parsed.get(path);
        if (!known && pace) {
          await pace(signal);
        }
        const file = known ?? (await this.parseOne(path, signal, mountsOnly));
        if (file) {
          out.push(file);
        }
      }
    };
    await Promise.all(Array.from({ length: this.limits.readConcurrency }, worker));
    return out;
  }

  private async parseOne(path: string, signal: AbortSignal, mountsOnly: boolean): Promise<IndexedFile | undefined> {
    const generation = this.generation;
    const language = sourceLanguageOf(path);
    const text = language && (await this.files.read(path, this.limits.maxFileBytes, signal));
    if (typeof text === 'object' && !this.oversized.has(path)) {
      this.oversized.add(path);
      this.log?.info(oversizedMessage(path, text.tooLarge));
    }
    if (!language || typeof text !== 'string') {
      return undefined;
    }
    if (mountsOnly && !MOUNTS.test(text)) {
      if (generation === this.generation) {
        this.mountless.add(path);
      }
      return undefined;
    }
    const file = StoredFile.of(path, language, parseSource(language, text));
    if (generation === this.generation) {
      this.parsed.set(path, file); // Read before a change: the next call reads it again.
    }
    return file;
  }
}
