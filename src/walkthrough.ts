// The "Get started with Timeslice" walkthrough: opened once after install (firstRunWalkthrough.ts), then on request.
import * as vscode from 'vscode';

import type { ShownFlag, TabView, WalkthroughWorkbench } from './firstRunWalkthrough';
import { FirstRunWalkthrough } from './firstRunWalkthrough';
import { systemClock } from './api/clock';

export const WALKTHROUGH_ID = 'timeslice.timeslice#timeslice.gettingStarted';
const SHOWN_KEY = 'timeslice.walkthroughShown';

export function openWalkthrough(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
}

function workbench(title: string): WalkthroughWorkbench {
  const tabView = (tab: vscode.Tab): TabView => ({
    identity: tab,
    label: tab.label,
    // The Welcome page and walkthroughs have no input type in the API.
    unknownKind: tab.input === undefined,
    active: tab.isActive && tab.group.isActive,
  });
  return {
    title,
    tabs: () => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map(tabView)),
    onDidChangeTabs: (listener) => vscode.window.tabGroups.onDidChangeTabs(listener),
    open: () => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, { inactive: true }),
  };
}

/** One of two booleans Timeslice keeps in globalState (the other: endOfLifeNotice.ts). */
export function firstRunWalkthrough(
  context: Pick<vscode.ExtensionContext, 'globalState' | 'extension'>,
  quiet: boolean,
): FirstRunWalkthrough | undefined {
  const state = context.globalState;
  if (state.get<boolean>(SHOWN_KEY) || quiet) {
    return undefined;
  }
  const shown: ShownFlag = {
    get: () => state.get<boolean>(SHOWN_KEY) === true,
    set: () => state.update(SHOWN_KEY, true),
  };
  // A rendered walkthrough's tab reads "Walkthrough: <display name>" (the manifest VS Code hands over is translated).
  const displayName = (context.extension.packageJSON as { displayName?: string }).displayName ?? 'Timeslice';
  return new FirstRunWalkthrough(workbench(displayName), shown, systemClock);
}
