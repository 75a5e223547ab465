/**
 * The walkthrough's buttons for errors and the editor's agent (`timeslice.showOnDemo`), in VS Code: the
 * errors one starts the demo and opens the showcase application's most frequent error class in its panel;
 * the agent one opens the Chat view when VS Code has one, else Timeslice's page.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { CHAT_OPEN_COMMAND } from '../../../src/commands/demoCommands';
import { DEMO_SHOWCASE_APPLICATION_ID } from '../../../src/constants';
import { eventually, setSettings, timeslice } from './helpers';

describe("the walkthrough's errors and agent buttons", function () {
  this.timeout(90_000);

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
    await setSettings({ 'demo.backend': undefined });
  });

  it("errors: the demo's showcase application's top error class in its error panel", async () => {
    const ts = await timeslice();
    await vscode.commands.executeCommand('timeslice.stopDemo');
    // Start Demo asks which API while the setting was never set, and no test can answer a quick pick.
    await setSettings({ 'demo.backend': 'nerdGraph' });
    await vscode.commands.executeCommand('timeslice.showOnDemo', 'errors');
    const panel = await eventually(
      () =>
        [...ts.panels.open.values()].find(
          (p) => p.state.entity.kind === 'error' && p.state.entity.applicationId === DEMO_SHOWCASE_APPLICATION_ID,
        ),
      "the showcase application's error panel",
      30_000,
    );
    assert.ok(ts.demo.active, 'the demo was started for it');
    assert.ok(panel);
  });

  it("agent: the Chat view when VS Code has one, else Timeslice's page", async () => {
    const hasChat = (await vscode.commands.getCommands(true)).includes(CHAT_OPEN_COMMAND);
    await vscode.commands.executeCommand('timeslice.showOnDemo', 'agent');
    if (!hasChat) {
      await eventually(
        () => (/Timeslice/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '') ? true : undefined),
        "Timeslice's page",
      );
    }
  });
});
