// Frame paths mapped to a bound folder's files by the longest matching suffix, never a shallower fallback
// (CodeStream falls back: TeamCodeStream/codestream vscode/src/agent/resolveStackTracePathsHandler.ts).
// A frame the workspace lacks stays unmapped; rules and reasons: docs/errors.md.
import type { StackFrame } from './stackFrame';
import { isDependencyPath } from './stackFrame';

// Build-output copies mirror their source; at equal depth the source wins (the lines a user edits).
export const BUILD_OUTPUT_FOLDERS: readonly string[] = ['dist', 'out', 'build'];

// A stack's frames come from one deployment, so their common root breaks a tie (as CodeStream does).
export const RESOLVE_TIES_BY_STACK_ROOT = true;

/** Suffixes deeper than this are not told apart (no application's paths are this deep). */
export const MAX_SUFFIX_DEPTH = 32;

interface WorkspaceFile {
  path: string;
  segments: readonly string[];
  dependency: boolean;
  buildOutput: boolean;
}

/** `a/b/c`, `\a\b`, `C:\a`, `file:///srv/a` as segments; undefined when a `..` could climb out. */
export function pathSegments(path: string): string[] | undefined {
  let p = path.replace(/\\/g, '/');
  p = p.startsWith('file://') ? p.slice(7) : p;
  p = /^\/?[A-Za-z]:\//.test(p) ? p.slice(p.indexOf(':') + 1) : p;
  const segments = p.split('/').filter((s) => s.length > 0 && s !== '.');
  return segments.includes('..') ? undefined : segments;
}

// Counts and the first file per kind, so a frame costs time in its own depth however many share its name.
interface Bucket {
  count: number[];
  first: Array<WorkspaceFile | undefined>;
}

/** Kinds of file: [source, build output] × [own code, dependency]. */
function kindOf(file: WorkspaceFile): number {
  return (file.dependency ? 2 : 0) + (file.buildOutput ? 1 : 0);
}

function bucketOf(file: WorkspaceFile): Bucket {
  const bucket: Bucket = { count: [0, 0, 0, 0], first: [undefined, undefined, undefined, undefined] };
  bucket.count[kindOf(file)] = 1;
  bucket.first[kindOf(file)] = file;
  return bucket;
}

function nameOf(path: string): string | undefined {
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (
    last.length > 0 &&
    last !== '.' &&
    last !== '..' &&
    !path.includes('\\') &&
    !BUILD_OUTPUT_FOLDERS.includes(last)
  ) {
    return last;
  }
  const segments = pathSegments(path)?.filter((s) => !BUILD_OUTPUT_FOLDERS.includes(s));
  return segments?.[segments.length - 1];
}

// Suffixes built per file name on first use: a 100,000-file listing costs about its listing (docs/performance.md).
export class WorkspaceFileMap {
  private readonly bySuffix = new Map<string, WorkspaceFile | Bucket>();
  private readonly byPath = new Map<string, WorkspaceFile>();
  private readonly unbuilt = new Map<string, string[]>();

  /** `paths`: relative to the bound folder, as the index lists them. */
  constructor(paths: Iterable<string>) {
    for (const path of paths) {
      const name = nameOf(path);
      if (name !== undefined) {
        const group = this.unbuilt.get(name);
        if (group) {
          group.push(path);
        } else {
          this.unbuilt.set(name, [path]);
        }
      }
    }
  }

  private build(name: string): void {
    const paths = this.unbuilt.get(name);
    if (!paths) {
      return;
    }
    this.unbuilt.delete(name);
    for (const path of paths) {
      const all = pathSegments(path);
      if (!all || all.length === 0) {
        continue;
      }
      const segments = all.filter((s) => !BUILD_OUTPUT_FOLDERS.includes(s));
      const file: WorkspaceFile = {
        path,
        segments,
        // Installed dependencies: never the file an in-app frame ran in, the only files a library frame may.
        dependency: isDependencyPath(all.join('/')),
        buildOutput: segments.length < all.length,
      };
      this.byPath.set(segments.join('/'), file);
      const kind = kindOf(file);
      let suffix = '';
      for (let depth = 1; depth <= Math.min(segments.length, MAX_SUFFIX_DEPTH); depth++) {
        suffix = depth === 1 ? segments[segments.length - 1] : `${segments[segments.length - depth]}/${suffix}`;
        const entry = this.bySuffix.get(suffix);
        if (!entry) {
          this.bySuffix.set(suffix, file); // Most suffixes end one file only: no bucket for those.
          continue;
        }
        const bucket = 'count' in entry ? entry : bucketOf(entry);
        bucket.count[kind]++;
        bucket.first[kind] ??= file;
        this.bySuffix.set(suffix, bucket);
      }
    }
  }

  mapFrames(frames: readonly StackFrame[]): Array<string | undefined> {
    const matches = frames.map((frame) => this.candidates(frame));
    const root = RESOLVE_TIES_BY_STACK_ROOT ? stackRoot(matches) : undefined;
    return matches.map((match) => {
      if (!match) {
        return undefined;
      }
      return match.unique ? match.unique.path : root && this.underRoot(match, root);
    });
  }

  // An in-app frame's file is the application's own, a library frame's a dependency copy.
  private candidates(frame: StackFrame): Match | undefined {
    const all = frame.parsed && frame.path !== undefined ? pathSegments(frame.path) : undefined;
    const segments = all?.filter((s) => !BUILD_OUTPUT_FOLDERS.includes(s));
    if (!segments || segments.length === 0) {
      return undefined;
    }
    this.build(segments[segments.length - 1]);
    const levels: Bucket[] = [];
    let suffix = '';
    for (let depth = 1; depth <= Math.min(segments.length, MAX_SUFFIX_DEPTH); depth++) {
      suffix = depth === 1 ? segments[segments.length - 1] : `${segments[segments.length - depth]}/${suffix}`;
      const entry = this.bySuffix.get(suffix);
      if (!entry) {
        break;
      }
      levels.push('count' in entry ? entry : bucketOf(entry));
    }
    // Only the deepest level counts: a shallower one holds other files that merely share the name.
    const depth = levels.length;
    if (depth === 0) {
      return undefined;
    }
    const bucket = levels[depth - 1];
    const allowed = frame.inApp ? [0, 1] : [2, 3];
    for (const build of [0, 1]) {
      const kinds = allowed.filter((kind) => kind % 2 === build && bucket.count[kind] > 0);
      const count = kinds.reduce((sum, kind) => sum + bucket.count[kind], 0);
      if (count === 1) {
        const unique = bucket.first[kinds[0]]!;
        return holdsEnough(frame, segments, depth, levels[0], unique) ? { segments, depth, kinds, unique } : undefined;
      }
      if (count > 1) {
        return { segments, depth, kinds, unique: undefined };
      }
    }
    return undefined;
  }

  private underRoot(match: Match, root: Root): string | undefined {
    const rest = match.segments.slice(root.serverDepth);
    if (rest.length < match.depth || match.segments.slice(0, root.serverDepth).join('/') !== root.server) {
      return undefined;
    }
    const target = this.byPath.get([root.workspace, ...rest].filter((s) => s.length > 0).join('/'));
    return target && match.kinds.includes(kindOf(target)) ? target.path : undefined;
  }
}

// Whether the match is the frame's file, not a namesake: the parent folder (or a unique name) for scripts and
// Go, the package's folders for Java and .NET. Reasons: docs/errors.md.
function holdsEnough(
  frame: StackFrame,
  segments: readonly string[],
  depth: number,
  byName: Bucket,
  file: WorkspaceFile,
): boolean {
  const least = Math.min(2, segments.length);
  if (frame.namespace === undefined) {
    return depth >= least || byName.count.reduce((a, b) => a + b, 0) === 1;
  }
  const spelled = Math.min(spelledFolders(frame.namespace, segments), MAX_SUFFIX_DEPTH - 1);
  const whole = depth === file.segments.length;
  return depth >= Math.max(least, spelled + 1) || (whole && spelled - (depth - 1) <= 1);
}

/** How many folders right above the file the namespace's last names spell (a folder may hold dots: `Shop.Api`). */
export function spelledFolders(namespace: string, segments: readonly string[]): number {
  const names = namespace.split('.');
  let name = names.length - 1;
  let spelled = 0;
  for (let folder = segments.length - 2; folder >= 0 && name >= 0; folder--) {
    const parts = segments[folder].split('.');
    for (let part = parts.length - 1; part >= 0; part--, name--) {
      if (name < 0 || parts[part].toLowerCase() !== names[name].toLowerCase()) {
        return spelled;
      }
    }
    spelled++;
  }
  return spelled;
}

interface Match {
  segments: readonly string[];
  depth: number;
  kinds: readonly number[];
  unique: WorkspaceFile | undefined;
}

interface Root {
  server: string;
  serverDepth: number;
  workspace: string;
}

/** The (server prefix, workspace prefix) pair most unambiguous frames map through; undefined on a tie. */
function stackRoot(matches: ReadonlyArray<Match | undefined>): Root | undefined {
  const votes = new Map<string, { root: Root; count: number }>();
  for (const match of matches) {
    const file = match?.unique;
    if (!match || !file) {
      continue;
    }
    const serverDepth = match.segments.length - match.depth;
    const root = {
      server: match.segments.slice(0, serverDepth).join('/'),
      serverDepth,
      workspace: file.segments.slice(0, file.segments.length - match.depth).join('/'),
    };
    const key = `${root.server}\u0000${root.workspace}`;
    const vote = votes.get(key) ?? { root, count: 0 };
    vote.count++;
    votes.set(key, vote);
  }
  const ranked = [...votes.values()].sort((a, b) => b.count - a.count);
  return ranked.length > 0 && (ranked.length === 1 || ranked[0].count > ranked[1].count) ? ranked[0].root : undefined;
}
