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
  methods: MovedMethod[];
}

export interface MovedMethod {
  change: MethodChange;
  commits: readonly RangeCommit[];
  /** The commits are its file's (a removed method, or `git log -L` could not tell), not its lines'. */
  perFile?: boolean;
}

export interface DeploymentCode {
  moved: MovedCode[];
  /** Changed files no moved transaction runs through. */
  elsewhere: Array<{ path: string; commits: readonly RangeCommit[] }>;
}

export type DeploymentCodeAnswer =
  /** `picked`: the user picked the two commits (the numbers stay the deployment's). */
  | { kind: 'code'; from: string; to: string; code: DeploymentCode; picked?: boolean }
  /**
   * No range to read: no bound folder, no repository, no previous deployment, a revision that is no commit.
   * `pick` when a revision did not resolve (a version, ambiguous, absent): the user may pick the two
   * commits, each side's candidates (an ambiguous short SHA's) offered first.
   */
  | { kind: 'none'; messages: string[]; pick?: { from: readonly string[]; to: readonly string[] } };

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
      .map((change) => ({ change, commits: input.commitsOf(change.path), perFile: true }));
    return { name, status, methods };
  });
  const elsewhere = changedPaths(input.changes)
    .filter((path) => !runThrough.has(path))
    .map((path) => ({ path, commits: input.commitsOf(path) }));
  return { moved, elsewhere };
}

/**
 * The changed methods that serve a moved transaction (few), the first `max` of them in the rows' order, each
 * once: the lines whose commits `git log -L` lists on the side after the change. A removed method has none.
 */
export function methodsToLog(code: DeploymentCode, max: number): MethodChange[] {
  const seen = new Set<MethodChange>();
  for (const m of code.moved.flatMap((r) => r.methods)) {
    if (seen.size >= max) break;
    if (m.change.kind !== 'removed') seen.add(m.change);
  }
  return [...seen];
}

/** The code with each logged method's own commits in place of its file's; the others keep `perFile`. */
export function withMethodCommits(
  code: DeploymentCode,
  logged: ReadonlyMap<MethodChange, readonly RangeCommit[]>,
): DeploymentCode {
  const moved = code.moved.map((r) => ({
    ...r,
    methods: r.methods.map((m) => {
      const commits = logged.get(m.change);
      return commits ? { change: m.change, commits } : m;
    }),
  }));
  return { ...code, moved };
}
