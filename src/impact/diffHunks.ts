// Only header lines are looked at; content lines are counted off by the header's lengths, never copied,
// so a 10 MB diff costs one scan. Paths follow git's quoting (git-scm.com/docs/git-diff, `core.quotePath`).

/** The arguments that give the output this parser reads, whatever the user's git configuration (prefixes, colour, external diff). */
export const DIFF_ARGUMENTS: readonly string[] = [
  'diff',
  '--unified=0',
  '-M',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--src-prefix=a/',
  '--dst-prefix=b/',
];

/** A path longer than this is not a source file anyone maps: it is dropped, not copied. */
export const MAX_DIFF_PATH_LENGTH = 4_096;

/** A hunk as git numbers it: 1-based starts; a length of 0 means the lines were inserted (or deleted) after `start`. */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

export interface DiffFile {
  oldPath?: string;
  newPath?: string;
  status: 'added' | 'deleted' | 'modified' | 'renamed' | 'copied';
  similarity?: number;
  binary: boolean;
  hunks: DiffHunk[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

const ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** A path as git writes it: bare, or in double quotes with C escapes and octal bytes of UTF-8. */
export function unquotePath(text: string): string {
  if (!text.startsWith('"')) {
    return text;
  }
  const bytes: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      break;
    }
    if (ch !== '\\') {
      const code = text.codePointAt(i)!;
      bytes.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
      i += code > 0xffff ? 1 : 0;
    } else if (/^[0-7]{3}$/.test(text.slice(i + 1, i + 4))) {
      bytes.push(parseInt(text.slice(i + 1, i + 4), 8) & 0xff);
      i += 3;
    } else {
      bytes.push(ESCAPES[text[i + 1]] ?? text.charCodeAt(i + 1));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function quotedLength(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
    } else if (text[i] === '"') {
      return i + 1;
    }
  }
  return -1;
}

function withoutPrefix(path: string, prefix: string): string | undefined {
  return path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
}

/** `a/x b/y` of a `diff --git` line: both quoted, or bare and the same path (a rename says its paths on lines of their own). */
function headerPaths(rest: string): { oldPath?: string; newPath?: string } {
  if (rest.startsWith('"')) {
    const end = quotedLength(rest);
    const second = end > 0 ? rest.slice(end + 1) : '';
    return {
      oldPath: end > 0 ? withoutPrefix(unquotePath(rest.slice(0, end)), 'a/') : undefined,
      newPath: withoutPrefix(unquotePath(second), 'b/'),
    };
  }
  const half = (rest.length - 1) / 2;
  const oldPath = withoutPrefix(rest.slice(0, half), 'a/');
  const newPath = withoutPrefix(rest.slice(half + 1), 'b/');
  return oldPath !== undefined && oldPath === newPath && rest[half] === ' ' ? { oldPath, newPath } : {};
}

/** A `---`/`+++` line's path: `/dev/null` is none; git ends a path that holds a space with a tab. */
function markerPath(text: string, prefix: string): string | null | undefined {
  const raw = text.endsWith('\t') ? text.slice(0, -1) : text;
  return raw === '/dev/null' ? null : withoutPrefix(unquotePath(raw), prefix);
}

interface Building extends DiffFile {
  headerOld?: string;
  headerNew?: string;
  markerOld?: string | null;
  markerNew?: string | null;
  renameFrom?: string;
  renameTo?: string;
  mode?: 'added' | 'deleted';
  kind?: 'renamed' | 'copied';
}

function finish(b: Building): DiffFile {
  const pick = (marker: string | null | undefined, moved: string | undefined, header: string | undefined) =>
    marker === null ? undefined : (marker ?? moved ?? header);
  const oldPath = b.mode === 'added' ? undefined : pick(b.markerOld, b.renameFrom, b.headerOld);
  const newPath = b.mode === 'deleted' ? undefined : pick(b.markerNew, b.renameTo, b.headerNew);
  const status = b.mode ?? b.kind ?? (b.markerOld === null ? 'added' : b.markerNew === null ? 'deleted' : 'modified');
  return {
    ...(oldPath !== undefined ? { oldPath } : {}),
    ...(newPath !== undefined ? { newPath } : {}),
    status,
    ...(b.similarity !== undefined ? { similarity: b.similarity } : {}),
    binary: b.binary,
    hunks: b.hunks,
  };
}

/** A header line (at most the path limit plus its keyword: a longer one is not a path anyone maps). */
function headerLine(text: string, start: number, end: number): string | undefined {
  const line = text.slice(start, Math.min(end, start + MAX_DIFF_PATH_LENGTH + 32));
  const cut = end - start > MAX_DIFF_PATH_LENGTH + 32;
  return cut ? undefined : line.endsWith('\r') ? line.slice(0, -1) : line;
}

function readHeader(b: Building, line: string): void {
  const after = (prefix: string) => (line.startsWith(prefix) ? line.slice(prefix.length) : undefined);
  let v: string | undefined;
  if ((v = after('--- ')) !== undefined) {
    b.markerOld = markerPath(v, 'a/');
  } else if ((v = after('+++ ')) !== undefined) {
    b.markerNew = markerPath(v, 'b/');
  } else if ((v = after('rename from ') ?? after('copy from ')) !== undefined) {
    b.renameFrom = unquotePath(v);
    b.kind = line.startsWith('rename') ? 'renamed' : 'copied';
  } else if ((v = after('rename to ') ?? after('copy to ')) !== undefined) {
    b.renameTo = unquotePath(v);
  } else if ((v = after('similarity index ')) !== undefined) {
    b.similarity = parseInt(v, 10);
  } else if (line.startsWith('new file mode')) {
    b.mode = 'added';
  } else if (line.startsWith('deleted file mode')) {
    b.mode = 'deleted';
  } else if (line.startsWith('Binary files ') || line === 'GIT binary patch') {
    b.binary = true;
  }
}

/** Whether a line inside a hunk is one of its content lines; counts it off when it is. */
function countOff(left: { old: number; new: number }, first: string | undefined, empty: boolean): boolean {
  if (first === '-' && left.old > 0) {
    left.old--;
  } else if (first === '+' && left.new > 0) {
    left.new--;
  } else if ((first === ' ' || empty) && left.old > 0 && left.new > 0) {
    left.old--;
    left.new--;
  } else if (first !== '\\') {
    return false;
  }
  return true;
}

export function parseDiff(text: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: Building | undefined;
  const left = { old: 0, new: 0 };
  for (let start = 0; start < text.length;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const inHunk = left.old > 0 || left.new > 0;
    if (inHunk && countOff(left, text[start], start === end)) {
      start = end + 1;
      continue;
    }
    left.old = left.new = 0; // A hunk shorter than its header said: this line is a header again.
    if (text.startsWith('diff --git ', start)) {
      if (file) files.push(finish(file));
      const line = headerLine(text, start, end);
      const paths = line ? headerPaths(line.slice('diff --git '.length)) : {};
      file = { status: 'modified', binary: false, hunks: [], headerOld: paths.oldPath, headerNew: paths.newPath };
    } else if (file && text.startsWith('@@ ', start)) {
      const m = HUNK_HEADER.exec(text.slice(start, Math.min(end, start + 64)));
      if (m) {
        const hunk = {
          oldStart: +m[1],
          oldLines: m[2] === undefined ? 1 : +m[2],
          newStart: +m[3],
          newLines: m[4] === undefined ? 1 : +m[4],
        };
        file.hunks.push(hunk);
        left.old = hunk.oldLines;
        left.new = hunk.newLines;
      }
    } else if (file && file.hunks.length === 0) {
      const line = headerLine(text, start, end);
      if (line) readHeader(file, line);
    }
    start = end + 1;
  }
  if (file) files.push(finish(file));
  return files;
}
