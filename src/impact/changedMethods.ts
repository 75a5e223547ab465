// Not "every line new": git lines a new method's closing `end` or `}` up with an old one, so few added
// methods are new on every line (docs/impact.md#diff-hunks-to-methods). Linear but for a binary search per method.
import type { DiffFile, DiffHunk } from './diffHunks';
import type { MethodRange } from './methodRanges';

export type MethodChangeKind = 'changed' | 'added' | 'removed' | 'moved';

export interface MethodChange {
  kind: MethodChangeKind;
  /** The file it is in after the change; before it, for a removed method. */
  path: string;
  /** Its range after the change; before it, for a removed method. */
  method: MethodRange;
  /** A moved method: where it was. */
  from?: { path: string; method: MethodRange };
  hunks: DiffHunk[];
}

export interface MethodSource {
  methodsAt(side: 'old' | 'new', path: string): readonly MethodRange[] | undefined;
}

export interface ChangedMethods {
  methods: MethodChange[];
  /** Files changed with no method changed in them: binary, not source, or changed outside every method. */
  elsewhere: DiffFile[];
}

/** A hunk's lines on one side, zero-based and inclusive; a hunk of no lines sits between two (…x.5). */
interface Span {
  from: number;
  to: number;
  hunk: DiffHunk;
}

function spans(hunks: readonly DiffHunk[], side: 'old' | 'new'): Span[] {
  return hunks
    .map((hunk) => {
      const start = side === 'old' ? hunk.oldStart : hunk.newStart;
      const lines = side === 'old' ? hunk.oldLines : hunk.newLines;
      return lines > 0
        ? { from: start - 1, to: start + lines - 2, hunk }
        : { from: start - 0.5, to: start - 0.5, hunk };
    })
    .sort((a, b) => a.from - b.from);
}

/** The first span whose end reaches `line` (spans do not overlap, so their ends are sorted too). */
function firstReaching(list: readonly Span[], line: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].to < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function touching(list: readonly Span[], m: MethodRange): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  for (let i = firstReaching(list, m.line); i < list.length && list[i].from <= m.endLine; i++) {
    hunks.push(list[i].hunk);
  }
  return hunks;
}

/** The hunk whose lines hold `line` (a hunk of no lines holds none). */
function holding(list: readonly Span[], line: number): DiffHunk | undefined {
  const s = list[firstReaching(list, line)];
  return s && Number.isInteger(s.from) && s.from <= line ? s.hunk : undefined;
}

const keyOf = (m: MethodRange) => [m.kind, ...m.container, m.name].join('\u0000');
const nameOf = (m: MethodRange) => `${m.kind}\u0000${m.name}`;

interface Candidate {
  file: number;
  path: string;
  method: MethodRange;
  hunks: DiffHunk[];
  paired?: boolean;
}

function pair(removed: Candidate[], added: Candidate[], key: (m: MethodRange) => string) {
  const byKey = new Map<string, Candidate[]>();
  for (const r of removed.filter((c) => !c.paired)) {
    const list = byKey.get(key(r.method));
    if (list) list.push(r);
    else byKey.set(key(r.method), [r]);
  }
  for (const list of byKey.values()) {
    list.reverse(); // taken from the end: the first removed pairs first
  }
  const pairs: Array<[Candidate, Candidate]> = [];
  for (const a of added.filter((c) => !c.paired)) {
    const r = byKey.get(key(a.method))?.pop();
    if (r) {
      r.paired = a.paired = true;
      pairs.push([r, a]);
    }
  }
  return pairs;
}

type Found = MethodChange & { file: number; fromFile?: number };

function inFile(
  f: DiffFile,
  file: number,
  source: MethodSource,
  out: Found[],
  removed: Candidate[],
  added: Candidate[],
) {
  const before = f.oldPath === undefined ? [] : (source.methodsAt('old', f.oldPath) ?? []);
  const after = f.newPath === undefined ? [] : (source.methodsAt('new', f.newPath) ?? []);
  const oldSpans = spans(f.hunks, 'old');
  const newSpans = spans(f.hunks, 'new');
  const afterKeys = new Set(after.map(keyOf));
  const beforeKeys = new Set(before.map(keyOf));
  const gone = new Map<string, Array<{ method: MethodRange; hunk: DiffHunk }>>();
  for (const method of before) {
    const hunk = holding(oldSpans, method.line);
    if (hunk && afterKeys.has(keyOf(method))) {
      const list = gone.get(keyOf(method));
      if (list) list.push({ method, hunk });
      else gone.set(keyOf(method), [{ method, hunk }]);
    } else if (hunk) {
      removed.push({ file, path: f.oldPath!, method, hunks: touching(oldSpans, method) });
    }
  }
  for (const method of after) {
    const hunks = touching(newSpans, method);
    const declared = holding(newSpans, method.line);
    const was = declared && gone.get(keyOf(method))?.find((g) => g.hunk !== declared);
    if (declared && !beforeKeys.has(keyOf(method))) {
      added.push({ file, path: f.newPath!, method, hunks });
    } else if (was) {
      // Its declaration left one hunk and came back in another: moved within its file.
      const from = { path: f.oldPath!, method: was.method };
      out.push({ kind: 'moved', path: f.newPath!, method, from, hunks, file, fromFile: file });
    } else if (hunks.length > 0) {
      out.push({ kind: 'changed', path: f.newPath!, method, hunks, file });
    }
  }
}

export function changedMethods(files: readonly DiffFile[], source: MethodSource): ChangedMethods {
  const methods: Found[] = [];
  const removed: Candidate[] = [];
  const added: Candidate[] = [];
  files.forEach((f, file) => {
    if (!f.binary && f.hunks.length > 0) inFile(f, file, source, methods, removed, added);
  });
  // Moved: to another file, or to another class (same name, another container).
  for (const key of [keyOf, nameOf]) {
    for (const [r, a] of pair(removed, added, key)) {
      const from = { path: r.path, method: r.method };
      methods.push({
        kind: 'moved',
        path: a.path,
        method: a.method,
        from,
        hunks: a.hunks,
        file: a.file,
        fromFile: r.file,
      });
    }
  }
  for (const a of added.filter((c) => !c.paired)) {
    methods.push({ kind: 'added', path: a.path, method: a.method, hunks: a.hunks, file: a.file });
  }
  for (const r of removed.filter((c) => !c.paired)) {
    methods.push({ kind: 'removed', path: r.path, method: r.method, hunks: r.hunks, file: r.file });
  }
  const removedLast = (c: Found) => (c.kind === 'removed' ? 1 : 0);
  methods.sort((a, b) => a.file - b.file || removedLast(a) - removedLast(b) || a.method.line - b.method.line);
  const touched = new Set(methods.flatMap((m) => (m.fromFile === undefined ? [m.file] : [m.file, m.fromFile])));
  return {
    methods: methods.map(({ file: _file, fromFile: _fromFile, ...m }) => m),
    elsewhere: files.filter((_, i) => !touched.has(i)),
  };
}
