// A stack frame and the text helpers every agent's parser shares (formats: docs/errors.md). No `vscode`.

export type AgentLanguage = 'ruby' | 'python' | 'java' | 'dotnet' | 'nodejs' | 'php' | 'go';

export interface ServiceFrame {
  filepath?: string | null;
  formatted?: string | null;
  line?: number | null;
  name?: string | null;
}

export interface StackFrame {
  text: string;
  /** False when the text has no shape Timeslice knows: only `text` is set then. */
  parsed: boolean;
  name?: string;
  // Java: the package as a path plus the file name, since a Java frame names a class, not a path.
  path?: string;
  line?: number;
  // The frame's file must sit in folders that spell it (frameMapping.ts).
  namespace?: string;
  /** False for a library's, the runtime's or the agent's frame (rules per agent in docs/errors.md). */
  inApp: boolean;
}

/** Frames kept per stack: agents send far fewer (the Ruby agent keeps 50), so the rest is noise or an attack. */
export const MAX_FRAMES = 300;
export const MAX_FRAME_TEXT = 1000;
/** A path longer than this is no file of a workspace: the frame stays unparsed. */
export const MAX_PATH_LENGTH = 4096;

export function unparsed(text: string): StackFrame {
  return { text: capText(text), parsed: false, inApp: false };
}

export function capText(text: string): string {
  return text.length > MAX_FRAME_TEXT ? `${text.slice(0, MAX_FRAME_TEXT - 1)}…` : text;
}

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

export function isDigitAt(s: string, index: number): boolean {
  const c = s.charCodeAt(index);
  return c >= 48 && c <= 57;
}

export function serverPath(path: string): string | undefined {
  const trimmed = path.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_PATH_LENGTH ? trimmed : undefined;
}

export function after(s: string, prefix: string): string | undefined {
  return s.startsWith(prefix) ? s.slice(prefix.length) : undefined;
}

export function hasSegment(path: string, names: readonly string[]): boolean {
  const normal = `/${path.replace(/\\/g, '/')}/`;
  return names.some((name) => normal.includes(`/${name}/`));
}

// Composer's, Go's and Bundler's `vendor/`, Python's `site-packages/`, RubyGems' `gems/`; Go's module
// cache, Maven's and NuGet's folders are matched below.
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

export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

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
