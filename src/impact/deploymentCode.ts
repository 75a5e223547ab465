/**
 * Which change made it move: the moved transactions of a deployment (movement.ts) joined with the methods
 * its diff range changed (changedMethods.ts), each transaction placed where the lenses' lookup finds it in
 * the changed files; per moved transaction its changed methods with the commits that touched their files,
 * or none; the changed files no moved transaction runs through listed apart (docs/impact.md#the-code).
 * Pure: the placement, the changes and the commits come in.
 */
import type { ChangedMethods, MethodChange } from './changedMethods';
import type { ServedAt } from './changeImpact';
import { holder } from './changeImpact';

/** A commit of the range that touched a file: its short SHA and subject (foreign text). */
export interface RangeCommit {
  sha: string;
  subject: string;
}

export interface MovedCode {
  name: string;
  status: 'worse' | 'better';
  /** Its changed methods, in the diff's order; empty when its code did not change in the range. */
  methods: Array<{ change: MethodChange; commits: readonly RangeCommit[] }>;
}

export interface DeploymentCode {
  moved: MovedCode[];
  /** Changed files no moved transaction runs through. */
  elsewhere: Array<{ path: string; commits: readonly RangeCommit[] }>;
}

export type DeploymentCodeAnswer =
  | { kind: 'code'; from: string; to: string; code: DeploymentCode }
  /** No range to read: no bound folder, no repository, no previous deployment, a revision that is no commit. */
  | { kind: 'none'; messages: string[] };

export function changedPaths(changes: ChangedMethods): string[] {
  const paths = new Set<string>();
  for (const m of changes.methods) {
    paths.add(m.path);
    if (m.from) paths.add(m.from.path);
  }
  for (const f of changes.elsewhere) {
    const path = f.newPath ?? f.oldPath;
    if (path !== undefined) paths.add(path);
  }
  return [...paths];
}

export function joinDeploymentCode(input: {
  moved: ReadonlyArray<{ name: string; status: 'worse' | 'better' }>;
  changes: ChangedMethods;
  served: readonly ServedAt[];
  commitsOf(path: string): readonly RangeCommit[];
}): DeploymentCode {
  const runThrough = new Set<string>();
  const moved = input.moved.map(({ name, status }) => {
    const found = new Set<MethodChange>();
    for (const at of input.served) {
      if (at.name !== name) continue;
      runThrough.add(at.path);
      const c = holder(input.changes.methods, at);
      if (c) found.add(c);
    }
    const methods = input.changes.methods
      .filter((c) => found.has(c))
      .map((change) => ({ change, commits: input.commitsOf(change.path) }));
    return { name, status, methods };
  });
  const elsewhere = changedPaths(input.changes)
    .filter((path) => !runThrough.has(path))
    .map((path) => ({ path, commits: input.commitsOf(path) }));
  return { moved, elsewhere };
}
