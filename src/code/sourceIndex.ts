/**
 * The workspace's source files of the bound applications' languages, parsed once and kept until a
 * file changes. Lazy (nothing is listed or read until a lens or Go to Code asks), cancellable, and
 * bounded. File access comes from outside (VS Code's workspace in the extension, the disk in tests
 * and the bench), so this module has no `vscode`.
 */
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

/** How the index reaches the files. Paths are workspace-relative and `/`-separated. */
export interface SourceFiles {
  /** Files with these extensions (no dot), the user's excludes applied; at most `limit`. */
  list(extensions: readonly string[], limit: number, signal: AbortSignal): Promise<string[]>;
  /** The file's text; its size when it is larger than `maxBytes`; undefined when it cannot be read. */
  read(path: string, maxBytes: number, signal: AbortSignal): Promise<string | TooLarge | undefined>;
}

/** A file left out because of its size, in bytes: the index says so in the log. */
export interface TooLarge {
  tooLarge: number;
}

/** File extensions per source language (what `sourceLanguageOf` reads back). */
export const EXTENSIONS_OF: Readonly<Record<SourceLanguage, readonly string[]>> = {
  ruby: ['rb'],
  python: ['py'],
  java: ['java'],
  csharp: ['cs'],
  php: ['php'],
  go: ['go'],
  javascript: ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'],
};

/**
 * Bounds: a repository far larger than these is not one application's code; for a file's, see MAX_SOURCE_BYTES.
 * 150,000 files: half again the 100,000-file folder the bench indexes within its budget (docs/performance.md).
 */
export const INDEX_LIMITS = { maxFiles: 150_000, maxFileBytes: MAX_SOURCE_BYTES, readConcurrency: 16 };

const NO_FILES = new CodeMap([]);
/** What a file that mounts an Express router holds (the parser's MOUNT, loosely: a superset is harmless). */
const MOUNTS = /\.\s*use\s*\(/;
const MOUNTS_KEY = 'javascript mounts';

export class SourceIndex {
  private readonly parsed = new Map<string, IndexedFile>();
  /** Languages listed so far, and the listing in progress for each (shared: one caller's cancel ends only its wait). */
  private readonly listed = new Map<SourceLanguage, SharedRequest<readonly string[]>>();
  private readonly maps = new Map<string, CodeMap>();
  /** Stack frames' lookup by path suffix over the same listing, per set of languages. */
  private readonly fileMaps = new Map<string, WorkspaceFileMap>();
  /** Files left out for their size and said so: one log line each until they change. */
  private readonly oversized = new Set<string>();
  /** JavaScript files read for the mounts pass that mount nothing (not read again until they change). */
  private readonly mountless = new Set<string>();
  /** Counts invalidations: what was read or built before the last one is not kept. */
  private generation = 0;

  /** `pace`: what the mounts pass awaits before each read (backgroundPace.ts); none: at full speed. */
  constructor(
    private readonly files: SourceFiles,
    private readonly limits = INDEX_LIMITS,
    private readonly log?: Pick<Logger, 'info'>,
    private readonly pace?: Pace,
  ) {}

  /** The code map over every file of `languages`, reading and parsing only what is not parsed yet. */
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

  /**
   * The folder's files of `languages` for mapping stack frames: the listing the lenses and Go to Code
   * use (no second listing, no file read), built into a suffix lookup once until a file comes or goes.
   */
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

  /**
   * What lenses need beyond the open file itself: the prefixes of the Express routers mounted in other
   * files. Only JavaScript reaches a route through another file, so for every other language nothing
   * is listed or read and the first lens waits for no index. For JavaScript any file may mount the
   * open one, so every file is read, at the background pace, and only those that mount a router are parsed.
   */
  lensMap(languages: readonly SourceLanguage[], signal: AbortSignal): Promise<CodeMap> {
    return languages.includes('javascript') ? this.mountMap(signal) : Promise.resolve(NO_FILES);
  }

  /**
   * The line that serves `target`. A name that gives its file's path (Rails controllers, Python
   * modules, Spring classes, PHP classes) can only be served there, so only the files at that path are
   * read; any other name needs the languages' files whole.
   */
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

  /** A file changed, appeared or went away: it is read again when next needed. */
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

  /** Everything is read again when next needed (excludes changed, folders added or removed). */
  reset(): void {
    this.generation++;
    this.parsed.clear();
    this.oversized.clear();
    this.mountless.clear();
    this.listed.clear();
    this.maps.clear();
    this.fileMaps.clear();
  }

  /** How many files are parsed now (for the log and the bench). */
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

  /** The Express mounts of every JavaScript file, from the files that mount a router (the whole map when built). */
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

  /** `mountsOnly`: a file that mounts no router is not parsed (and remembered as such). */
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
