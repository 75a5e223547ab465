// VS Code for the web can open a workspace file without its folders (its cached configuration races the file's first
// read; src/vs/workbench/services/configuration/browser/ in VS Code), until the file changes: so it is written again.

/** After opening, when to write the file again: the window has usually said it opened before the first. */
export const WORKSPACE_REWRITE_DELAYS_MS: readonly number[] = [10_000, 30_000, 60_000];

export interface WorkspaceFileNudgeHost {
  /** Whether the copy's window said it opened (its marker exists). */
  opened(): Promise<boolean>;
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
