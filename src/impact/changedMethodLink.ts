// The What Moved page runs no script: a changed method opens through a command link, whose arguments
// the page's HTML carries. They are checked as any caller's: a path inside the bound folder, a line.

export interface ChangedMethodLink {
  applicationId: number;
  /** Relative to the bound folder, `/`-separated, as `git diff --relative` gives it. */
  path: string;
  /** Zero-based, at the range's newer side. */
  line: number;
}

const MAX_PATH = 1000;
const MAX_LINE = 10_000_000;

/** The link's arguments, or why they are refused. */
export function checkChangedMethodLink(args: unknown): { link: ChangedMethodLink } | { refused: string } {
  if (typeof args !== 'object' || args === null) return { refused: 'no arguments' };
  const { applicationId, path, line } = args as Record<string, unknown>;
  if (!Number.isSafeInteger(applicationId) || (applicationId as number) <= 0) return { refused: 'no application id' };
  if (!Number.isInteger(line) || (line as number) < 0 || (line as number) > MAX_LINE) return { refused: 'no line' };
  if (typeof path !== 'string' || path === '' || path.length > MAX_PATH) return { refused: 'no path' };
  // Relative, inside the folder: no root, drive, backslash or control character, no `.` or `..` segment.
  const control = [...path].some((c) => c.charCodeAt(0) < 0x20);
  if (control || /^[/~]|^[A-Za-z]:|\\/.test(path)) return { refused: 'not a relative path' };
  if (path.split('/').some((s) => s === '' || s === '.' || s === '..')) return { refused: 'not a relative path' };
  return { link: { applicationId: applicationId as number, path, line: line as number } };
}

/** The `command:` URI of the link (its arguments as one JSON array, as VS Code expects them). */
export function changedMethodUri(command: string, link: ChangedMethodLink): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify([link]))}`;
}
