// VS Code for the web (code-server) can open a workspace file and show none of its folders: the window starts from
// its cached configuration (empty for a new file) while the file is first read, and when that read ends before the
// window's workspace exists, the folders it found are dropped; only a later change to the file reads it again
// (WorkspaceConfiguration and WorkspaceService in VS Code's src/vs/workbench/services/configuration/browser/).
// So until the copy's window says it opened, the file that opened it is written again, unchanged.

/** After opening, when to write the file again: the window has usually said it opened before the first. */
export const WORKSPACE_REWRITE_DELAYS_MS: readonly number[] = [10_000, 30_000, 60_000];

export interface WorkspaceFileNudgeHost {
  /** Whether the copy's window said it opened (its marker exists). */
  opened(): Promise<boolean>;
  /** Writes the workspace file again with the bytes it has. */
  rewrite(): Promise<void>;
  wait(ms: number): Promise<void>;
}

/** Returns how many times the file was written again. */
export async function nudgeUntilOpened(
  host: WorkspaceFileNudgeHost,
  delays: readonly number[] = WORKSPACE_REWRITE_DELAYS_MS,
): Promise<number> {
  let waited = 0;
  let rewrites = 0;
  for (const at of delays) {
    await host.wait(at - waited);
    waited = at;
    if (await host.opened()) {
      break;
    }
    await host.rewrite();
    rewrites++;
  }
  return rewrites;
}
