/**
 * One frame of a production error's stack as Timeslice keeps it, and the small text helpers every
 * agent's frame parser shares. Frame formats and their sources: docs/errors.md. No `vscode` here.
 */

/** The agents whose stacks Timeslice reads, as the application record's `language` names them. */
export type AgentLanguage = 'ruby' | 'python' | 'java' | 'dotnet' | 'nodejs' | 'php' | 'go';

/** A frame as NerdGraph's `exception(occurrenceId) { stackTrace { frames } }` returns it. */
export interface ServiceFrame {
  filepath?: string | null;
  /** The agent's own line of text for the frame. */
  formatted?: string | null;
  line?: number | null;
  name?: string | null;
}

export interface StackFrame {
  /** The frame's original text, cut at MAX_FRAME_TEXT characters. */
  text: string;
  /** False when the text has no shape Timeslice knows: only `text` is set then. */
  parsed: boolean;
  /** Function or method, with its class where the agent gives one (`OrderController.show`). */
  name?: string;
  /**
   * The server's path of the file (`/`-separated as written). Java: the package as a path plus the file
   * name (`com/example/shop/OrderController.java`), since a Java frame names a class, not a path.
   */
  path?: string;
  /** One-based line. */
  line?: number;
  /**
   * Java's package or .NET's namespace, dotted (`com.example.shop`; '' when the frame names none): the
   * frame's file must sit in folders that spell it (frameMapping.ts). Undefined for the other agents.
   */
  namespace?: string;
  /** False for a library's, the runtime's or the agent's frame (rules per agent in docs/errors.md). */
  inApp: boolean;
}

/** Frames kept per stack: agents send far fewer (the Ruby agent keeps 50), so the rest is noise or an attack. */
export const MAX_FRAMES = 300;
/** A frame's original text is kept up to this many characters. */
export const MAX_FRAME_TEXT = 1000;
/** A path longer than this is no file of a workspace: the frame stays unparsed. */
export const MAX_PATH_LENGTH = 4096;

export function unparsed(text: string): StackFrame {
  return { text: capText(text), parsed: false, inApp: false };
}

export function capText(text: string): string {
  return text.length > MAX_FRAME_TEXT ? `${text.slice(0, MAX_FRAME_TEXT - 1)}…` : text;
}

/** A positive line number from digits only, or undefined. */
export function lineNumber(digits: string): number | undefined {
  if (digits.length === 0 || digits.length > 9) {
    return undefined;
  }
  for (let i = 0; i < digits.length; i++) {
    if (!isDigitAt(digits, i)) {
      return undefined;
    }
  }
  const n = Number(digits);
  return n > 0 ? n : undefined;
}

/** Whether the character at `index` is an ASCII digit (false past the end). */
export function isDigitAt(s: string, index: number): boolean {
  const c = s.charCodeAt(index);
  return c >= 48 && c <= 57;
}

/** A usable server path: not empty, not absurdly long. */
export function serverPath(path: string): string | undefined {
  const trimmed = path.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_PATH_LENGTH ? trimmed : undefined;
}

/** `s` without `prefix` at its start, or undefined when it does not start with it. */
export function after(s: string, prefix: string): string | undefined {
  return s.startsWith(prefix) ? s.slice(prefix.length) : undefined;
}

/** Whether `path` (either separator) has a segment equal to one of `names`. */
export function hasSegment(path: string, names: readonly string[]): boolean {
  const normal = `/${path.replace(/\\/g, '/')}/`;
  return names.some((name) => normal.includes(`/${name}/`));
}

/**
 * Installed dependencies, as every agent's paths show them: Composer's, Go's and Bundler's `vendor/`,
 * `node_modules/`, Python's `site-packages/` and `dist-packages/`, RubyGems' `gems/`, the Go module
 * cache (`pkg/mod/`), Maven's `.m2/repository/` and NuGet's `.nuget/packages/`.
 */
const DEPENDENCY_SEGMENTS = ['vendor', 'node_modules', 'site-packages', 'dist-packages', 'gems'];
const DEPENDENCY_PAIRS = ['pkg/mod', '.m2/repository', '.nuget/packages'];

/** Whether `path` (a server's or the workspace's, either separator) lies in installed dependencies. */
export function isDependencyPath(path: string): boolean {
  if (hasSegment(path, DEPENDENCY_SEGMENTS)) {
    return true;
  }
  const normal = `/${path.replace(/\\/g, '/')}/`;
  return DEPENDENCY_PAIRS.some((pair) => normal.includes(`/${pair}/`));
}

/** The file name: the last segment of a path with either separator. */
export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** A frame with every field checked: a path and a line, or nothing parsed. */
export function frame(
  text: string,
  fields: { name?: string; path?: string; line?: number; namespace?: string },
  inApp: (path: string, name: string) => boolean,
): StackFrame {
  const path = fields.path === undefined ? undefined : serverPath(fields.path);
  if (path === undefined || fields.line === undefined) {
    return unparsed(text);
  }
  const trimmed = fields.name?.trim();
  const name = trimmed ? capText(trimmed) : undefined;
  const scope = fields.namespace === undefined ? {} : { namespace: capText(fields.namespace) };
  return { text: capText(text), parsed: true, name, path, line: fields.line, inApp: inApp(path, name ?? ''), ...scope };
}
