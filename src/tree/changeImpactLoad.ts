/**
 * What a change in a bound folder will touch: the folder's diff (gitCommits.ts), each changed file read on
 * both sides and its methods found (methodRanges.ts, changedMethods.ts), the application's transactions
 * placed in those files by the lenses' lookup, and their numbers over the lenses' window: the lenses' own
 * cached numbers when they cover the names, else one request per window minute and set of names
 * (docs/impact.md#what-my-change-will-touch). No request per keystroke: this runs on the repository's state.
 */
import * as vscode from 'vscode';

import type { TransactionStats } from '../api/transactionStats';
import { transactionWindow } from '../api/transactionStats';
import type { CodeMap, IndexedFile } from '../code/codeMatch';
import type { LensRange } from '../code/lensModel';
import { LENS_RANGES } from '../code/lensModel';
import { MAX_SOURCE_BYTES, parseSource } from '../code/parseSource';
import type { SourceLanguage } from '../code/symbols';
import { sourceLanguageOf, sourceLanguagesOfAgent } from '../code/symbols';
import type { TransactionSource } from '../code/transactionLensProvider';
import type { WorkspaceSourceIndex } from '../code/workspaceSources';
import type { ChangeImpact, ServedAt } from '../impact/changeImpact';
import { joinChangeImpact } from '../impact/changeImpact';
import type { MethodSource } from '../impact/changedMethods';
import { changedMethods } from '../impact/changedMethods';
import type { DiffFile } from '../impact/diffHunks';
import { parseDiff } from '../impact/diffHunks';
import type { MethodRange } from '../impact/methodRanges';
import { methodRanges } from '../impact/methodRanges';
import type { CodeTarget } from '../code/transactionNames';
import { codeTargetOf } from '../code/transactionNames';
import type { ConnectionManager } from '../session/connectionManager';
import type { BoundAppsPoller } from '../status/boundAppsPoller';
import type { WorkspaceBindings } from '../status/workspaceBinding';
import type { FolderGit } from './gitCommits';
import { folderGit } from './gitCommits';

/** More changed source files than this are not read: the rest count as changed elsewhere. */
export const MAX_CHANGED_SOURCE_FILES = 500;

export interface ChangeImpactDeps {
  connections: Pick<ConnectionManager, 'current'>;
  bindings: Pick<WorkspaceBindings, 'of'>;
  poller: Pick<BoundAppsPoller, 'snapshot' | 'refreshNow'>;
  sources: Pick<WorkspaceSourceIndex, 'indexOf'>;
  source: TransactionSource;
  /** The lenses' range setting. */
  range(): LensRange;
  /** The numbers the lenses last fetched for an application (their visible files' transactions). */
  lensStats(applicationId: number): { range: LensRange; stats: readonly TransactionStats[] } | undefined;
  /** A transaction's most frequent error class, when the errors are known. */
  topErrorClassOf(applicationId: number, agentLanguage: string, name: string): string | undefined;
}

/** One diff's impact: the working tree against HEAD, or the branch against its base. */
export interface ChangeSection {
  scope: 'workingTree' | 'branch' | 'revision';
  /** What the diff is against: `HEAD`, `origin/main` (with the merge base), a revision. */
  base: string;
  impact?: ChangeImpact;
  /** Why there is no impact (no base branch, no commit yet). */
  message?: string;
}

export type FolderChanges =
  | { kind: 'none'; folder: vscode.WorkspaceFolder; message: string }
  | {
      kind: 'changes';
      folder: vscode.WorkspaceFolder;
      git: FolderGit;
      applicationId: number;
      window: { from: number; to: number; label: string };
      sections: ChangeSection[];
    };

/** A bound folder's application, its agent's languages and its repository, or why there is none. */
async function target(deps: ChangeImpactDeps, folder: vscode.WorkspaceFolder) {
  const binding = deps.bindings.of(folder);
  if (!binding) {
    return vscode.l10n.t('The folder is not bound to an application.');
  }
  const git = await folderGit(folder.uri);
  if (!git) {
    return vscode.l10n.t('The folder is not in a git repository.');
  }
  if (!deps.poller.snapshot(binding)?.app) {
    await deps.poller.refreshNow();
  }
  const app = deps.poller.snapshot(binding)?.app;
  if (!app) {
    return vscode.l10n.t("The bound application's record has not been read yet.");
  }
  const languages = sourceLanguagesOfAgent(app.language);
  return { binding, git, app, languages };
}

type Parsed = { file: IndexedFile; ranges: MethodRange[] };

/**
 * Both sides of each changed source file, parsed; `newCommit` undefined reads the working tree. The sides at
 * commits are read by one `git cat-file --batch` (gitCommits.ts), not a process per file.
 */
export async function readSides(
  folder: vscode.WorkspaceFolder,
  git: FolderGit,
  files: readonly DiffFile[],
  languages: readonly SourceLanguage[],
  oldCommit: string,
  newCommit: string | undefined,
  signal?: AbortSignal,
) {
  const sides = { old: new Map<string, Parsed>(), new: new Map<string, Parsed>() };
  const parse = (side: 'old' | 'new', path: string, language: SourceLanguage, text: string | undefined) => {
    if (text === undefined) return;
    const parsed = parseSource(language, text);
    sides[side].set(path, { file: { path, language, parsed }, ranges: methodRanges(parsed.symbols, text) });
  };
  const readDisk = async (path: string) => {
    if (path.split('/').includes('..')) return undefined;
    const uri = vscode.Uri.joinPath(folder.uri, path);
    try {
      if ((await vscode.workspace.fs.stat(uri)).size > MAX_SOURCE_BYTES) return undefined;
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      return undefined;
    }
  };
  const source = files
    .filter((f) => !f.binary && f.hunks.length > 0)
    .flatMap((f) => {
      const language = sourceLanguageOf(f.newPath ?? f.oldPath ?? '');
      return language && languages.includes(language) ? [{ f, language }] : [];
    })
    .slice(0, MAX_CHANGED_SOURCE_FILES);
  const asked: Array<{ side: 'old' | 'new'; path: string; language: SourceLanguage }> = [];
  for (const { f, language } of source) {
    if (f.oldPath !== undefined) asked.push({ side: 'old', path: f.oldPath, language });
    if (f.newPath !== undefined && newCommit) asked.push({ side: 'new', path: f.newPath, language });
  }
  const commitOf = (side: 'old' | 'new') => (side === 'old' ? oldCommit : newCommit!);
  const [blobs] = await Promise.all([
    asked.length === 0
      ? []
      : git
          .readBlobs(
            asked.map((a) => ({ commit: commitOf(a.side), path: a.path })),
            MAX_SOURCE_BYTES,
            signal,
          )
          .catch((e: unknown) => {
            if (signal?.aborted) throw e;
            return []; // git failed: the sides at commits are unread, as a file git cannot show.
          }),
    newCommit
      ? undefined
      : Promise.all(
          source.map(async ({ f, language }) => {
            if (f.newPath !== undefined) parse('new', f.newPath, language, await readDisk(f.newPath));
          }),
        ),
  ]);
  asked.forEach((a, i) => {
    const read = blobs[i];
    parse(a.side, a.path, a.language, read?.kind === 'text' ? read.text : undefined);
  });
  return sides;
}

/** Where the lenses' lookup places each transaction in the changed files, on both sides. */
export function placeServed(
  map: Pick<CodeMap, 'locateIn'>,
  targets: ReadonlyArray<{ name: string; target: CodeTarget }>,
  sides: Awaited<ReturnType<typeof readSides>>,
): ServedAt[] {
  const served: ServedAt[] = [];
  for (const side of ['old', 'new'] as const) {
    for (const { file } of sides[side].values()) {
      for (const { name, target } of targets) {
        const at = map.locateIn(target, file);
        if (at) served.push({ name, side, path: file.path, line: at.line });
      }
    }
  }
  return served;
}

export class ChangeImpactLoader {
  /** The last numbers asked here, per application: asked again only for another minute or more names. */
  private readonly asked = new Map<number, { session: unknown; to: number; stats: Map<string, TransactionStats> }>();

  constructor(private readonly deps: ChangeImpactDeps) {}

  /** The working tree against HEAD and the branch against its base, for a folder. */
  async folderChanges(folder: vscode.WorkspaceFolder, signal: AbortSignal): Promise<FolderChanges> {
    const t = await target(this.deps, folder);
    if (typeof t === 'string') return { kind: 'none', folder, message: t };
    const head = await t.git.head();
    if (!head) return { kind: 'none', folder, message: vscode.l10n.t('The repository has no commit yet.') };
    const base = await t.git.branchBase();
    const specs = [
      { scope: 'workingTree' as const, base: 'HEAD', from: head, to: undefined },
      ...(base
        ? [
            {
              scope: 'branch' as const,
              base: `${base.ref} (${base.mergeBase.slice(0, 7)})`,
              from: base.mergeBase,
              to: head,
            },
          ]
        : []),
    ];
    const sections = await this.sections(folder, t, specs, signal);
    if (!base) {
      sections.push({
        scope: 'branch',
        base: '',
        message: vscode.l10n.t('No upstream or default branch to compare the branch with.'),
      });
    }
    return { kind: 'changes', folder, git: t.git, applicationId: t.binding.id, window: this.window(), sections };
  }

  /** The working tree against a revision the user named (`HEAD`, a hex SHA, a branch: its merge base with HEAD). */
  async sinceRevision(folder: vscode.WorkspaceFolder, revision: string, signal: AbortSignal): Promise<FolderChanges> {
    const t = await target(this.deps, folder);
    if (typeof t === 'string') return { kind: 'none', folder, message: t };
    const resolved = await t.git.resolve(revision);
    if (!resolved) {
      return {
        kind: 'none',
        folder,
        message: vscode.l10n.t('The base is neither HEAD, a commit nor a branch or tag of the repository.'),
      };
    }
    const from = resolved.ref ? ((await t.git.mergeBase(resolved.sha)) ?? resolved.sha) : resolved.sha;
    const scope = revision === 'HEAD' ? ('workingTree' as const) : ('revision' as const);
    const sections = await this.sections(folder, t, [{ scope, base: revision, from, to: undefined }], signal);
    return { kind: 'changes', folder, git: t.git, applicationId: t.binding.id, window: this.window(), sections };
  }

  private window() {
    const range = LENS_RANGES[this.deps.range()];
    return { ...transactionWindow(Date.now(), range.minutes), label: range.label() };
  }

  private async sections(
    folder: vscode.WorkspaceFolder,
    t: Exclude<Awaited<ReturnType<typeof target>>, string>,
    specs: ReadonlyArray<{ scope: ChangeSection['scope']; base: string; from: string; to: string | undefined }>,
    signal: AbortSignal,
  ): Promise<ChangeSection[]> {
    const found: Array<{
      spec: (typeof specs)[number];
      changes: ReturnType<typeof changedMethods>;
      served: ServedAt[];
    }> = [];
    const session = this.deps.connections.current;
    const names = session ? await this.deps.source.names(session, t.binding.id, t.app.language) : [];
    const map = await this.deps.sources.indexOf(folder).lensMap(t.languages, signal);
    const targets = names.flatMap((name) => {
      const target = codeTargetOf(t.app.language, name);
      return target ? [{ name, target }] : [];
    });
    for (const spec of specs) {
      const files = parseDiff(await t.git.diff(spec.from, spec.to));
      const sides = await readSides(folder, t.git, files, t.languages, spec.from, spec.to, signal);
      const source: MethodSource = { methodsAt: (side, path) => sides[side].get(path)?.ranges };
      const changes = changedMethods(files, source);
      const served = placeServed(map, targets, sides);
      found.push({ spec, changes, served });
    }
    const wanted = [...new Set(found.flatMap((f) => f.served.map((s) => s.name)))];
    const stats = session && wanted.length > 0 ? await this.stats(session, t.binding.id, t.app.language, wanted) : [];
    return found.map(({ spec, changes, served }) => ({
      scope: spec.scope,
      base: spec.base,
      impact: joinChangeImpact({
        applicationName: t.app.name,
        changes: changes.methods,
        elsewhere: changes.elsewhere.length,
        served,
        stats,
        topErrorClassOf: (name) => this.deps.topErrorClassOf(t.binding.id, t.app.language, name),
      }),
    }));
  }

  /** The names' numbers over the lenses' window: the lenses' cache, this loader's, else one request. */
  private async stats(
    session: NonNullable<ChangeImpactDeps['connections']['current']>,
    applicationId: number,
    language: string,
    names: readonly string[],
  ): Promise<TransactionStats[]> {
    const range = this.deps.range();
    const window = transactionWindow(Date.now(), LENS_RANGES[range].minutes);
    const lens = this.deps.lensStats(applicationId);
    const fromLens =
      lens?.range === range ? new Map(lens.stats.map((s) => [s.name, s])) : new Map<string, TransactionStats>();
    let mine = this.asked.get(applicationId);
    if (!mine || mine.session !== session || mine.to !== window.to) {
      mine = { session, to: window.to, stats: new Map() };
      this.asked.set(applicationId, mine);
    }
    const known = (n: string) => fromLens.has(n) || mine.stats.has(n);
    const missing = names.filter((n) => !known(n));
    if (missing.length > 0) {
      const asked = await this.deps.source.stats(session, { applicationId, ...window, names: missing, language });
      for (const n of missing) mine.stats.set(n, asked.find((s) => s.name === n) ?? NO_CALLS);
    }
    return names.flatMap((n) => {
      const s = fromLens.get(n) ?? mine.stats.get(n);
      return s && s !== NO_CALLS ? [s] : [];
    });
  }
}

/** A name asked and answered without numbers (no calls in the window): not asked again this minute. */
const NO_CALLS = {
  name: '',
  kind: 'web',
  callCount: 0,
  callsPerMinute: 0,
  averageMs: 0,
  errorRate: 0,
  timeShare: 0,
} as const;
