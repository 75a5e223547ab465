/**
 * What a folder's `.gitignore` files leave out of the source index (build output, generated copies),
 * by git's own rules (https://git-scm.com/docs/gitignore) through the `ignore` package: a file's
 * patterns apply below its own folder, a deeper file's patterns come after a shallower one's (so it
 * may re-include), and a `.gitignore` inside an ignored folder is never read, as git never reads it.
 * Pure: the files' texts come from outside.
 */
import ignore from 'ignore';
import type { Ignore } from 'ignore';

export interface IgnoreFile {
  /** The folder the `.gitignore` is in: folder-relative, `/`-separated, '' for the root. */
  dir: string;
  text: string;
}

const depth = (dir: string) => (dir === '' ? 0 : dir.split('/').length);

export class IgnoreRules {
  private readonly levels: Array<{ dir: string; rules: Ignore }> = [];

  constructor(files: readonly IgnoreFile[]) {
    for (const file of [...files].sort((a, b) => depth(a.dir) - depth(b.dir))) {
      if (file.dir === '' || !this.ignores(`${file.dir}/`)) {
        this.levels.push({ dir: file.dir, rules: ignore({ allowRelativePaths: true }).add(file.text) });
      }
    }
  }

  /** Whether `path` (folder-relative, `/`-separated; a trailing `/` names a folder) is ignored. */
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
