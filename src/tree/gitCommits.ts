/**
 * The workspace's git repositories through the built-in git extension's API (the one place that reaches
 * it): whether a deployment's revision is a commit of one of them, the changes from it to HEAD, and the
 * HEAD commit Record Deployment offers. Without the git
 * extension, without a repository or for an unknown revision every answer is "none": the action that
 * needs it is then absent, not broken.
 */
import { execFile, spawn } from 'node:child_process';

import * as vscode from 'vscode';

import { DIFF_ARGUMENTS } from '../impact/diffHunks';
import type { RangeCommit } from '../impact/deploymentCode';
import { COMMIT_FORMAT, commitLines, lineLogArgs } from '../impact/lineLog';
import type { RevisionGit } from '../impact/revisions';

interface GitChange {
  uri: vscode.Uri;
  originalUri: vscode.Uri;
}

interface GitRepository {
  rootUri: vscode.Uri;
  state: { HEAD?: { commit?: string } };
  getCommit(ref: string): Promise<{ hash: string }>;
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
}

interface GitApi {
  repositories: GitRepository[];
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}

export interface WorkspaceCommit {
  api: GitApi;
  repository: GitRepository;
  hash: string;
}

async function gitApi(): Promise<GitApi | undefined> {
  const git = vscode.extensions.getExtension<{ enabled?: boolean; getAPI(version: 1): GitApi }>('vscode.git');
  try {
    const exports = git?.isActive ? git.exports : await git?.activate();
    return exports && exports.enabled !== false ? exports.getAPI(1) : undefined;
  } catch {
    return undefined;
  }
}

/** The workspace commit a revision names (a hex SHA of 7 to 40 characters), or undefined. */
export async function workspaceCommit(revision: string | undefined): Promise<WorkspaceCommit | undefined> {
  if (!revision || !/^[0-9a-f]{7,40}$/i.test(revision)) {
    return undefined; // Only a SHA is looked up: a revision is foreign text, never a ref or an option.
  }
  const api = await gitApi();
  for (const repository of api?.repositories ?? []) {
    try {
      const commit = await repository.getCommit(revision);
      return { api: api!, repository, hash: commit.hash };
    } catch {
      // Not a commit of this repository.
    }
  }
  return undefined;
}

/** The HEAD commit of the workspace's first repository; undefined without git or a repository. */
export async function headCommit(): Promise<string | undefined> {
  return (await gitApi())?.repositories[0]?.state.HEAD?.commit;
}

/** Opens the changes from `commit` to HEAD in VS Code's multi-file diff editor. */
export async function showChangesSince(commit: WorkspaceCommit, title: string): Promise<void> {
  const changes = await commit.repository.diffBetween(commit.hash, 'HEAD');
  const resources = changes.map((c) => [
    c.uri,
    commit.api.toGitUri(c.originalUri, commit.hash),
    commit.api.toGitUri(c.uri, 'HEAD'),
  ]);
  await vscode.commands.executeCommand('vscode.changes', title, resources);
}

// What my change will touch (docs/impact.md#what-my-change-will-touch): a workspace folder's repository,
// its state's changes, and diffs run with the git the git extension runs (its API has no diff with
// `--unified=0`). Only hex SHAs, `HEAD` and ref names the repository lists reach git, never as an option.

interface ChangeGitApi {
  git: { path: string };
  getRepository(uri: vscode.Uri): ChangeGitRepository | null;
  openRepository?(root: vscode.Uri): Promise<ChangeGitRepository | null>;
}

interface ChangeGitRepository {
  rootUri: vscode.Uri;
  state: {
    HEAD?: { name?: string; commit?: string; upstream?: { remote: string; name: string } };
    onDidChange: vscode.Event<void>;
  };
}

/** The most a diff or a file read from git may hold: larger output is not read (a generated tree). */
const MAX_GIT_OUTPUT = 32 * 1024 * 1024;
const HEX_SHA = /^[0-9a-f]{7,64}$/i;

/** A workspace folder's repository, read inside the folder: paths are the folder's own (`--relative`). */
export interface FolderGit {
  /** Fires when the repository's state changes (HEAD, index, working tree). */
  readonly onDidChange: vscode.Event<void>;
  /** `git diff` output from `base` to `to` (the working tree when absent), of the folder's files only. */
  diff(base: string, to?: string): Promise<string>;
  /** Files at commits, in the order asked, through one `git cat-file --batch` process. */
  readBlobs(requests: readonly BlobRequest[], maxBytes: number, signal?: AbortSignal): Promise<BlobRead[]>;
  /** HEAD's commit, or undefined before the first commit. */
  head(): Promise<string | undefined>;
  /** The branch's base: its upstream, or else the remote's default branch, with their merge base. */
  branchBase(): Promise<{ ref: string; mergeBase: string } | undefined>;
  /** A revision the user named: `HEAD`, a commit by hex SHA, or a ref the repository lists; else undefined. */
  resolve(revision: string): Promise<{ sha: string; ref?: string } | undefined>;
  /** The merge base of HEAD and a commit. */
  mergeBase(sha: string): Promise<string | undefined>;
  /** A deployment's revision looked up in the repository (revisions.ts): only hex SHAs reach rev-parse. */
  readonly revisions: RevisionGit;
  /** The newest `max` commits of `from..to` that touched `path` (both hex SHAs), oldest last. */
  log(from: string, to: string, path: string, max: number): Promise<RangeCommit[]>;
  /**
   * The newest `max` commits of `from..to` that touched lines `start`..`end` (one-based) of `path` as it is
   * at `to` (`git log -L`, patch suppressed); undefined when git could not tell (an older git, a line past
   * the file's end): the file's commits then stand in.
   */
  logLines(
    from: string,
    to: string,
    path: string,
    lines: { start: number; end: number },
    max: number,
  ): Promise<RangeCommit[] | undefined>;
  /** The newest `max` commits of HEAD that touched the folder, newest first. */
  recent(max: number): Promise<FolderCommit[]>;
}

/** A commit as the pick of the two commits lists it. */
export interface FolderCommit {
  sha: string;
  short: string;
  subject: string;
  /** `%ar`: "3 hours ago". */
  age: string;
}

// No fsmonitor hook: a repository's own config must not run a program when Timeslice reads a diff.
const GIT_OPTIONS = ['--no-optional-locks', '-c', 'core.quotePath=true', '-c', 'core.fsmonitor=false'];

function runGit(gitPath: string, cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(gitPath, [...GIT_OPTIONS, ...args], { cwd, maxBuffer: MAX_GIT_OUTPUT }, (error, stdout) =>
      error ? reject(new Error(`git ${args[0]}: ${error.message}`)) : resolve(stdout),
    );
  });
}

/** The folder's repository through the git extension, or undefined (no git, not a repository). */
export async function folderGit(folder: vscode.Uri): Promise<FolderGit | undefined> {
  const api = (await gitApi()) as unknown as ChangeGitApi | undefined;
  if (!api || folder.scheme !== 'file') {
    return undefined;
  }
  let repository = api.getRepository(folder);
  if (!repository) {
    try {
      repository = (await api.openRepository?.(folder)) ?? null;
    } catch {
      repository = null;
    }
  }
  if (!repository) {
    return undefined;
  }
  const repo = repository;
  const git = (...args: string[]) => runGit(api.git.path, folder.fsPath, args);
  const verify = async (rev: string) => {
    try {
      return (await git('rev-parse', '--verify', '--quiet', `${rev}^{commit}`)).trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const refs = async () =>
    (await git('for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/remotes', 'refs/tags'))
      .split('\n')
      .filter((r) => r.length > 0);
  const mergeBase = async (sha: string) => {
    try {
      return (await git('merge-base', 'HEAD', sha)).trim() || undefined;
    } catch {
      return undefined;
    }
  };
  return {
    onDidChange: repo.state.onDidChange,
    diff: (base, to) => git(...DIFF_ARGUMENTS, '--relative', base, ...(to ? [to] : []), '--'),
    readBlobs: (requests, maxBytes, signal) => readBlobs(api.git.path, folder.fsPath, requests, maxBytes, signal),
    head: () => verify('HEAD'),
    async branchBase() {
      const head = repo.state.HEAD;
      const listed = await refs();
      const upstream = head?.upstream && `${head.upstream.remote}/${head.upstream.name}`;
      const candidates = [upstream, 'origin/HEAD', 'origin/main', 'origin/master', 'main', 'master'];
      for (const ref of candidates) {
        if (!ref || ref === head?.name || !(ref === 'origin/HEAD' || listed.includes(ref))) continue;
        const sha = await verify(ref);
        const base = sha && (await mergeBase(sha));
        if (base) {
          return { ref: ref === 'origin/HEAD' ? 'origin' : ref, mergeBase: base };
        }
      }
      return undefined;
    },
    async resolve(revision) {
      if (revision === 'HEAD') {
        const sha = await verify('HEAD');
        return sha ? { sha } : undefined;
      }
      if (HEX_SHA.test(revision)) {
        const sha = await verify(revision);
        return sha ? { sha } : undefined;
      }
      if (!(await refs()).includes(revision)) {
        return undefined;
      }
      const sha = await verify(revision);
      return sha ? { sha, ref: revision } : undefined;
    },
    mergeBase,
    revisions: {
      async revParse(revision) {
        if (!HEX_SHA.test(revision)) return { kind: 'none' };
        const sha = await verify(revision);
        if (sha) return { kind: 'commit', sha };
        // An ambiguous prefix fails to verify: the commits it names are the user's choice.
        const named = (await git('rev-parse', `--disambiguate=${revision}`).catch(() => '')).split('\n');
        const commits: string[] = [];
        for (const object of named.filter((n) => HEX_SHA.test(n))) {
          const type = await git('cat-file', '-t', object).catch(() => '');
          if (type.trim() === 'commit') commits.push(object);
        }
        return commits.length > 1
          ? { kind: 'ambiguous', candidates: commits }
          : commits.length === 1
            ? { kind: 'commit', sha: commits[0] }
            : { kind: 'none' };
      },
      async isShallow() {
        return (await git('rev-parse', '--is-shallow-repository').catch(() => '')).trim() === 'true';
      },
      async tags() {
        const out = await git('for-each-ref', '--format=%(objectname) %(*objectname) %(refname:strip=2)', 'refs/tags');
        return out.split('\n').flatMap((line) => {
          const m = /^([0-9a-f]+) ([0-9a-f]*) (.+)$/.exec(line);
          return m ? [{ name: m[3], commit: m[2] || m[1] }] : [];
        });
      },
    },
    async log(from, to, path, max) {
      if (!HEX_SHA.test(from) || !HEX_SHA.test(to)) return [];
      const out = await git('log', `-n${max}`, COMMIT_FORMAT, `${from}..${to}`, '--', path).catch(() => '');
      return commitLines(out);
    },
    async logLines(from, to, path, lines, max) {
      const args = lineLogArgs(from, to, path, lines, max);
      const out = args && (await git(...args).catch(() => undefined));
      return out === undefined ? undefined : commitLines(out);
    },
    async recent(max) {
      const out = await git('log', `-n${max}`, '--format=%H%x09%h%x09%ar%x09%s', 'HEAD', '--', '.').catch(() => '');
      return out.split('\n').flatMap((line) => {
        const [sha, short, age, ...subject] = line.split('\t');
        return HEX_SHA.test(sha) && short && age ? [{ sha, short, age, subject: subject.join('\t') }] : [];
      });
    },
  };
}

export interface BlobRequest {
  commit: string;
  /** Relative to the folder, as `git diff --relative` names it. */
  path: string;
}

export type BlobRead =
  | { kind: 'text'; text: string }
  | { kind: 'skipped'; reason: 'missing' | 'notFile' | 'tooLarge' | 'binary' | 'unaskable' };

/** `<oid> <type> <size>`: an object's answer, its bytes and a LF follow. Any other line (`<name> missing`) has none. */
const BATCH_FOUND = /^[0-9a-f]{40,64} ([a-z]+) (\d+)$/;
/** git's own test for binary content (xdiff-interface.c, `buffer_is_binary`): a NUL in the first 8,000 bytes. */
const BINARY_PROBE = 8000;

/**
 * `git cat-file --batch` fed one `<sha>:./<path>` line per file, answers read in order as they stream. A
 * line-based request cannot hold a path with a CR or LF (git would read two names, or another), nor `..`
 * (git dies on a path outside the repository): those are skipped unasked. A file over `maxBytes` still
 * streams by but is not kept. An abort or error kills the process and rejects.
 */
export function readBlobs(
  gitPath: string,
  cwd: string,
  requests: readonly BlobRequest[],
  maxBytes: number,
  signal?: AbortSignal,
): Promise<BlobRead[]> {
  const results: Array<BlobRead | undefined> = requests.map(({ commit, path }) =>
    HEX_SHA.test(commit) && !/[\r\n]/.test(path) && !path.split('/').includes('..')
      ? undefined
      : { kind: 'skipped', reason: 'unaskable' },
  );
  const asked = results.flatMap((r, i) => (r ? [] : [i]));
  if (asked.length === 0) return Promise.resolve(results as BlobRead[]);
  if (signal?.aborted) return Promise.reject(new Error('git cat-file: aborted'));
  return new Promise((resolve, reject) => {
    const child = spawn(gitPath, [...GIT_OPTIONS, 'cat-file', '--batch', '--buffer'], {
      cwd,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let done = false;
    const settle = (error?: Error) => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      if (error && child.exitCode === null) child.kill();
      if (error) reject(error);
      else resolve(results as BlobRead[]);
    };
    const onAbort = () => settle(new Error('git cat-file: aborted'));
    signal?.addEventListener('abort', onAbort);
    let next = 0;
    const parser = batchParser(maxBytes, (read) => {
      if (next >= asked.length) throw new Error('an answer not asked for');
      results[asked[next++]] = read;
      if (next === asked.length) settle();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        parser(chunk);
      } catch (e) {
        settle(new Error(`git cat-file: ${(e as Error).message}`));
      }
    });
    child.on('error', (e) => settle(new Error(`git cat-file: ${e.message}`)));
    child.on('close', (code) => settle(new Error(`git cat-file: exit ${code} after ${next} of ${asked.length}`)));
    // EPIPE when git exits early: its close says so.
    child.stdin.on('error', () => undefined);
    child.stdin.end(asked.map((i) => `${requests[i].commit}:./${requests[i].path}\n`).join(''));
  });
}

/** A push parser of `--batch` output: each byte is looked at once; a kept file is joined once, at its end. */
function batchParser(maxBytes: number, answer: (read: BlobRead) => void): (chunk: Buffer) => void {
  let header: Buffer[] = [];
  let body: { type: string; size: number; left: number; kept: Buffer[] } | undefined;
  return (chunk) => {
    let at = 0;
    while (at < chunk.length) {
      if (body) {
        const take = Math.min(body.left, chunk.length - at);
        if (body.type === 'blob' && body.size <= maxBytes) body.kept.push(chunk.subarray(at, at + take));
        body.left -= take;
        at += take;
        if (body.left === 0) {
          if (chunk[at - 1] !== 0x0a) throw new Error('answer out of step');
          answer(bodyRead(body, maxBytes));
          body = undefined;
        }
        continue;
      }
      const lf = chunk.indexOf(0x0a, at);
      header.push(chunk.subarray(at, lf < 0 ? chunk.length : lf));
      at = lf < 0 ? chunk.length : lf + 1;
      if (lf < 0) continue;
      const line = Buffer.concat(header).toString('utf8');
      header = [];
      const found = BATCH_FOUND.exec(line);
      if (!found) answer({ kind: 'skipped', reason: 'missing' });
      else body = { type: found[1], size: Number(found[2]), left: Number(found[2]) + 1, kept: [] };
    }
  };
}

function bodyRead(body: { type: string; size: number; kept: Buffer[] }, maxBytes: number): BlobRead {
  if (body.type !== 'blob') return { kind: 'skipped', reason: 'notFile' };
  if (body.size > maxBytes) return { kind: 'skipped', reason: 'tooLarge' };
  const bytes = Buffer.concat(body.kept).subarray(0, body.size);
  if (bytes.subarray(0, BINARY_PROBE).includes(0)) return { kind: 'skipped', reason: 'binary' };
  return { kind: 'text', text: new TextDecoder().decode(bytes) };
}
