import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceExports } from '../../../src/exports';

describe('activation', function () {
  this.timeout(30_000);

  it('the extension is installed and activates with its exports', async () => {
    const ext = vscode.extensions.getExtension<TimesliceExports>('timeslice.timeslice');
    assert.ok(ext, 'timeslice.timeslice is not installed in this VS Code');
    const exports = await ext.activate();
    assert.equal(ext.isActive, true);
    assert.ok(exports, 'activate() returned no exports');
  });

  it('registers its commands', async () => {
    await vscode.extensions.getExtension('timeslice.timeslice')!.activate();
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const id of ['timeslice.startDemo', 'timeslice.refresh']) {
      assert.ok(commands.has(id), `${id} is not registered`);
    }
  });
});
