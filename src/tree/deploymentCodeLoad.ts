/**
 * The code of a deployment's diff range, in the application's bound folder: both revisions resolved
 * (revisions.ts, through gitCommits.ts), `git diff` from the previous deployment's commit to this one's,
 * both sides of each changed source file parsed, the moved transactions placed with the lenses' lookup (the
 * same placement as the Change Impact view), the commits of the range per changed file and, for the few
 * changed methods serving a moved transaction, per method (`git log -L`), capped (docs/impact.md#the-code).
 * Two commits the user picked stand in for revisions that are no commits.
 */
import * as vscode from 'vscode';

import { sourceLanguagesOfAgent } from '../code/symbols';
import { codeTargetOf } from '../code/transactionNames';
import type { WorkspaceSourceIndex } from '../code/workspaceSources';
import type { MethodChange, MethodSource } from '../impact/changedMethods';
import { changedMethods } from '../impact/changedMethods';
import type { DeploymentCodeAnswer, RangeCommit } from '../impact/deploymentCode';
import { changedPaths, joinDeploymentCode, methodsToLog, withMethodCommits } from '../impact/deploymentCode';
import { parseDiff } from '../impact/diffHunks';
import { resolveDeploymentRange } from '../impact/revisions';
import type { WorkspaceBindings } from '../status/workspaceBinding';
import { placeServed, readSides } from './changeImpactLoad';
import { folderGit } from './gitCommits';
import { mapLimited } from '../util/mapLimited';

/** Changed files whose commits are listed; `git log` runs once per file. */
export const MAX_LOGGED_FILES = 40;
/** Commits listed per file. */
export const MAX_COMMITS_PER_FILE = 5;
/** Changed methods serving a moved transaction whose own commits are listed; `git log -L` walks the history once each. */
export const MAX_LOGGED_METHODS = 10;
/** Commits listed per method. */
export const MAX_COMMITS_PER_METHOD = 5;
/** `git log` processes at once: their start-up overlaps, and two cores are not flooded (the 50 were one by one). */
export const GIT_LOGS_AT_ONCE = 4;

export interface DeploymentCodeQuery {
  applicationId: number;
  agentLanguage?: string;
  previous?: { revision: string; commit?: string };
  current: { revision: string; commit?: string };
  moved: ReadonlyArray<{ name: string; status: 'worse' | 'better' }>;
  /** The two commits the user picked (full hex SHAs from the folder's log), in place of the revisions. */
  picked?: { from: string; to: string };
}

const HEX = /^[0-9a-f]{7,64}$/i;

export async function loadDeploymentCode(
  deps: { bindings: Pick<WorkspaceBindings, 'all'>; sources: Pick<WorkspaceSourceIndex, 'indexOf'> },
  query: DeploymentCodeQuery,
  signal: AbortSignal,
): Promise<DeploymentCodeAnswer> {
  const folder = deps.bindings.all().find((b) => b.binding.id === query.applicationId)?.folder;
  if (!folder) {
    return {
      kind: 'none',
      messages: [vscode.l10n.t('No workspace folder is bound to this application: no code to show.')],
    };
  }
  if (!query.previous && !query.picked) {
    return { kind: 'none', messages: [vscode.l10n.t('No earlier deployment: there is no range to diff.')] };
  }
  const git = await folderGit(folder.uri);
  if (!git) {
    return { kind: 'none', messages: [vscode.l10n.t('The bound folder is not in a git repository.')] };
  }
  let range = query.picked;
  if (range) {
    if (!HEX.test(range.from) || !HEX.test(range.to)) {
      return { kind: 'none', messages: [vscode.l10n.t('Only commit SHAs can be compared.')] };
    }
  } else {
    const resolved = await resolveDeploymentRange(query.previous!, query.current, git.revisions);
    if (!resolved.range) {
      const candidates = (r: typeof resolved.from) => (r.kind === 'ambiguous' ? r.candidates : []);
      return {
        kind: 'none',
        messages: [resolved.from, resolved.to].filter((r) => r.kind !== 'commit').map((r) => r.message),
        pick: { from: candidates(resolved.from), to: candidates(resolved.to) },
      };
    }
    range = resolved.range;
  }
  const { from, to } = range;
  const languages = sourceLanguagesOfAgent(query.agentLanguage ?? '');
  const files = parseDiff(await git.diff(from, to));
  const sides = await readSides(folder, git, files, languages, from, to, signal);
  const source: MethodSource = { methodsAt: (side, path) => sides[side].get(path)?.ranges };
  const changes = changedMethods(files, source);
  const map = await deps.sources.indexOf(folder).lensMap(languages, signal);
  const targets = query.moved.flatMap(({ name }) => {
    const target = codeTargetOf(query.agentLanguage ?? '', name);
    return target ? [{ name, target }] : [];
  });
  const served = placeServed(map, targets, sides);
  const logged = changedPaths(changes).slice(0, MAX_LOGGED_FILES);
  const fileLogs = await mapLimited(logged, GIT_LOGS_AT_ONCE, (path) => git.log(from, to, path, MAX_COMMITS_PER_FILE));
  const commits = new Map<string, RangeCommit[]>(logged.map((path, i) => [path, fileLogs[i]]));
  const joined = joinDeploymentCode({ moved: query.moved, changes, served, commitsOf: (p) => commits.get(p) ?? [] });
  const methods = methodsToLog(joined, MAX_LOGGED_METHODS);
  const methodLogs = await mapLimited(methods, GIT_LOGS_AT_ONCE, (change) =>
    git.logLines(
      from,
      to,
      change.path,
      { start: change.method.line + 1, end: change.method.endLine + 1 },
      MAX_COMMITS_PER_METHOD,
    ),
  );
  const own = new Map<MethodChange, RangeCommit[]>();
  methods.forEach((change, i) => {
    const commits = methodLogs[i];
    if (commits) own.set(change, commits);
  });
  const code = withMethodCommits(joined, own);
  return { kind: 'code', from, to, code, ...(query.picked ? { picked: true } : {}) };
}
