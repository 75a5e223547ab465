/**
 * The "Get started with Timeslice" walkthrough: opened once, on the first activation after install,
 * and afterwards only when asked (Timeslice: Open Walkthrough, or Help: Welcome).
 */
import * as vscode from 'vscode';

export const WALKTHROUGH_ID = 'timeslice.timeslice#timeslice.gettingStarted';
const SHOWN_KEY = 'timeslice.walkthroughShown';

export function openWalkthrough(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
}

/**
 * Opens the walkthrough unless it was shown before (or the test harness asked for a quiet start).
 * One of the two things Timeslice keeps in globalState, each one boolean (the other: endOfLifeNotice.ts).
 */
export async function showWalkthroughOnce(context: Pick<vscode.ExtensionContext, 'globalState'>): Promise<void> {
  const state = context.globalState;
  if (state.get<boolean>(SHOWN_KEY) || process.env.TIMESLICE_SKIP_WALKTHROUGH === '1') {
    return;
  }
  await state.update(SHOWN_KEY, true);
  await openWalkthrough();
}
