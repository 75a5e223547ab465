/**
 * Diff hunks (diffHunks.ts) against the methods of each changed file (methodRanges.ts): which methods
 * changed (a new-side hunk inside their lines), which were added (every line new), removed (every line
 * of the old side gone) or moved (removed in one place, added with the same name in another), and the
 * files changed outside every method, listed apart (docs/impact.md#diff-hunks-to-methods). Linear in
 * hunks and methods but for a binary search per method.
 */
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
  /** The hunks that touch it (of its side). */
  hunks: DiffHunk[];
}

/** The methods of a file on one side of the diff, with their ranges; undefined for a file no parser reads. */
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

interface Touch {
  hunks: DiffHunk[];
  whole: boolean;
}

/** The hunks that touch a method's lines, and whether its every line is in them. */
function touch(list: readonly Span[], m: MethodRange): Touch {
  const hunks: DiffHunk[] = [];
  let covered = m.line; // lines below this one are known to be in a hunk
  let whole = true;
  for (let i = firstReaching(list, m.line); i < list.length && list[i].from <= m.endLine; i++) {
    const s = list[i];
    if (Number.isInteger(s.from)) {
      whole &&= s.from <= covered;
      covered = Math.max(covered, s.to + 1);
    }
    hunks.push(s.hunk);
  }
  return { hunks, whole: whole && hunks.length > 0 && covered > m.endLine };
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

/** Pairs each removed method with an added one of the same key, in the same file first. */
function pair(removed: Candidate[], added: Candidate[], key: (m: MethodRange) => string, sameFile: boolean) {
  const byKey = new Map<string, Candidate[]>();
  for (const r of removed.filter((c) => !c.paired)) {
    const k = `${sameFile ? r.file : ''}\u0001${key(r.method)}`;
    const list = byKey.get(k);
    if (list) list.push(r);
    else byKey.set(k, [r]);
  }
  for (const list of byKey.values()) {
    list.reverse(); // taken from the end: the first removed pairs first
  }
  const pairs: Array<[Candidate, Candidate]> = [];
  for (const a of added.filter((c) => !c.paired)) {
    const r = byKey.get(`${sameFile ? a.file : ''}\u0001${key(a.method)}`)?.pop();
    if (r) {
      r.paired = a.paired = true;
      pairs.push([r, a]);
    }
  }
  return pairs;
}

/** The methods a diff changes, and the files it changes elsewhere. */
export function changedMethods(files: readonly DiffFile[], source: MethodSource): ChangedMethods {
  const methods: Array<MethodChange & { file: number }> = [];
  const removed: Candidate[] = [];
  const added: Candidate[] = [];
  files.forEach((f, file) => {
    if (f.binary || f.hunks.length === 0) return;
    if (f.newPath !== undefined) {
      const list = spans(f.hunks, 'new');
      for (const method of source.methodsAt('new', f.newPath) ?? []) {
        const t = touch(list, method);
        if (t.whole) added.push({ file, path: f.newPath, method, hunks: t.hunks });
        else if (t.hunks.length > 0) methods.push({ kind: 'changed', path: f.newPath, method, hunks: t.hunks, file });
      }
    }
    if (f.oldPath !== undefined) {
      const list = spans(f.hunks, 'old');
      for (const method of source.methodsAt('old', f.oldPath) ?? []) {
        const t = touch(list, method);
        if (t.whole) removed.push({ file, path: f.oldPath, method, hunks: t.hunks });
      }
    }
  });
  for (const [r, a] of pair(removed, added, keyOf, true)) {
    // Rewritten where it stood (one hunk holds both sides) or moved within its file.
    const inPlace = a.hunks.some((h) => r.hunks.includes(h));
    const from = inPlace ? {} : { from: { path: r.path, method: r.method } };
    methods.push({
      kind: inPlace ? 'changed' : 'moved',
      path: a.path,
      method: a.method,
      hunks: a.hunks,
      ...from,
      file: a.file,
    });
  }
  for (const key of [keyOf, nameOf]) {
    for (const [r, a] of pair(removed, added, key, false)) {
      const from = { path: r.path, method: r.method };
      methods.push({ kind: 'moved', path: a.path, method: a.method, from, hunks: a.hunks, file: a.file });
    }
  }
  for (const a of added.filter((c) => !c.paired)) {
    methods.push({ kind: 'added', path: a.path, method: a.method, hunks: a.hunks, file: a.file });
  }
  for (const r of removed.filter((c) => !c.paired)) {
    methods.push({ kind: 'removed', path: r.path, method: r.method, hunks: r.hunks, file: r.file });
  }
  methods.sort(
    (a, b) =>
      a.file - b.file ||
      a.method.line - b.method.line ||
      (a.kind === 'removed' ? 1 : 0) - (b.kind === 'removed' ? 1 : 0),
  );
  const touched = new Set(methods.map((m) => m.file));
  return {
    methods: methods.map(({ file: _file, ...m }) => m),
    elsewhere: files.filter((_, i) => !touched.has(i)),
  };
}
