// Git's own rules (https://git-scm.com/docs/gitignore) through the `ignore` package; a `.gitignore` in an
// ignored folder is never read, as git never reads it. A pattern compiling to a backtracking expression
// (many `**` or `*`) is left out (tractablePatterns), so testing a path stays linear.
import ignore from 'ignore';
import type { Ignore } from 'ignore';

export interface IgnoreFile {
  dir: string;
  text: string;
}

const depth = (dir: string) => (dir === '' ? 0 : dir.split('/').length);

/** At most this many `**` in one pattern: each is a repeated group, and two can already match the same path. */
export const MAX_GLOBSTARS_PER_PATTERN = 2;
/** At most this many `*` within one path segment: two `[^/]*` with a letter between backtrack over a name. */
export const MAX_STARS_PER_SEGMENT = 1;
/** Longer pattern lines, and more lines than this in one file, are generated text, not rules a person wrote. */
export const MAX_PATTERN_LENGTH = 512;
export const MAX_PATTERNS_PER_FILE = 5_000;

export function tractablePatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .slice(0, MAX_PATTERNS_PER_FILE)
    .filter((line) => {
      if (line.length > MAX_PATTERN_LENGTH) {
        return false;
      }
      const segments = line.split('/');
      const globstars = segments.filter((s) => s === '**').length;
      const stars = segments.filter((s) => s !== '**').map((s) => s.split('*').length - 1);
      return globstars <= MAX_GLOBSTARS_PER_PATTERN && stars.every((n) => n <= MAX_STARS_PER_SEGMENT);
    });
}

export class IgnoreRules {
  private readonly levels: Array<{ dir: string; rules: Ignore }> = [];

  constructor(files: readonly IgnoreFile[]) {
    for (const file of [...files].sort((a, b) => depth(a.dir) - depth(b.dir))) {
      if (file.dir === '' || !this.ignores(`${file.dir}/`)) {
        this.levels.push({
          dir: file.dir,
          rules: ignore({ allowRelativePaths: true }).add(tractablePatterns(file.text)),
        });
      }
    }
  }

  ignores(path: string): boolean {
    let ignored = false;
    for (const { dir, rules } of this.levels) {
      if (dir !== '' && !path.startsWith(`${dir}/`)) {
        continue;
      }
      const result = rules.test(dir === '' ? path : path.slice(dir.length + 1));
      if (result.ignored) {
        ignored = true;
      } else if (result.unignored) {
        ignored = false;
      }
    }
    return ignored;
  }
}
