// Pure: the placement, the changes and the commits come in (docs/impact.md#the-code).
import type { ChangedMethods, MethodChange } from './changedMethods';
import type { ServedAt } from './changeImpact';
import { holder } from './changeImpact';

export interface RangeCommit {
  sha: string;
  subject: string;
}

export interface MovedCode {
  name: string;
  status: 'worse' | 'better';
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
  elsewhere: Array<{ path: string; commits: readonly RangeCommit[] }>;
}

export type DeploymentCodeAnswer =
  /** `picked`: the user picked the two commits (the numbers stay the deployment's). */
  | { kind: 'code'; from: string; to: string; code: DeploymentCode; picked?: boolean }
  /** `pick` when a revision did not resolve: the user may pick the two commits. */
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

// The lines whose commits `git log -L` lists on the side after the change; a removed method has none.
export function methodsToLog(code: DeploymentCode, max: number): MethodChange[] {
  const seen = new Set<MethodChange>();
  for (const m of code.moved.flatMap((r) => r.methods)) {
    if (seen.size >= max) break;
    if (m.change.kind !== 'removed') seen.add(m.change);
  }
  return [...seen];
}

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
