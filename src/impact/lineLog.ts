// `-s` suppresses the patch (git 2.39 honours it with `-L`); each commit line starts with a mark, so a git
// that prints the patch anyway still reads right (docs/impact.md#the-code).
import type { RangeCommit } from './deploymentCode';

/** Marks a commit line: nothing in a patch starts with it. */
const COMMIT_MARK = '\x1e';
export const COMMIT_FORMAT = '--format=%x1e%h%x09%s';
const HEX_SHA = /^[0-9a-f]{7,64}$/i;

// -L takes no pathspec (`--`): the path follows the range, relative to the folder git runs in.
export function lineLogArgs(
  from: string,
  to: string,
  path: string,
  lines: { start: number; end: number },
  max: number,
): string[] | undefined {
  const { start, end } = lines;
  if (!HEX_SHA.test(from) || !HEX_SHA.test(to) || !Number.isSafeInteger(start) || start < 1 || end < start) {
    return undefined;
  }
  if (!Number.isSafeInteger(end) || path.length === 0 || /[\n\0]/.test(path)) return undefined;
  return ['log', '--no-textconv', '-s', `-n${max}`, COMMIT_FORMAT, `-L${start},${end}:${path}`, `${from}..${to}`];
}

export function commitLines(out: string): RangeCommit[] {
  return out.split('\n').flatMap((line) => {
    const tab = line.indexOf('\t');
    return line.startsWith(COMMIT_MARK) && tab > 1 ? [{ sha: line.slice(1, tab), subject: line.slice(tab + 1) }] : [];
  });
}
