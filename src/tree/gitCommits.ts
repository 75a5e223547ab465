/**
 * The workspace's git repositories through the built-in git extension's API (the one place that reaches
 * it): whether a deployment's revision is a commit of one of them, the changes from it to HEAD, and the
 * HEAD commit Record Deployment offers. Without the git
 * extension, without a repository or for an unknown revision every answer is "none": the action that
 * needs it is then absent, not broken.
 */
import * as vscode from 'vscode';

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
