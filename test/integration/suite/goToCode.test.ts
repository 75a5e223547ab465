/**
 * Go to Code in a multi-root workspace: each folder bound to its own application, with controllers of
 * the same names and compiled copies of a Node app. It opens the bound folder's file at the line, never
 * another application's folder, never build output or what a `.gitignore` ignores.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, startDemo, timeslice } from './helpers';

/** A Rails controller whose `def show` is on zero-based line `line`. */
function controller(line: number): string {
  return [
    'class OrdersController < ApplicationController',
    ...Array<string>(line - 1).fill(''),
    '  def show',
    '  end',
    'end',
    '',
  ].join('\n');
}

const ROUTE = (padding: number) =>
  `const express = require('express');\nconst app = express();\n${'\n'.repeat(padding)}app.get('/api/items/:id', (req, res) => res.end());\n`;

describe('Go to Code in a multi-root workspace', function () {
  this.timeout(60_000);
  let ts: TimesliceTestApi;
  let folders: readonly vscode.WorkspaceFolder[];
  const apps = { storefront: 0, billing: 0, portal: 0 };

  const write = (folder: vscode.WorkspaceFolder, path: string, text: string) =>
    vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder.uri, path), Buffer.from(text));

  /** Runs Go to Code and answers the file and cursor line it lands on. */
  async function goToCode(applicationId: number, name: string, language: string): Promise<[string, number]> {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.goToCode', { applicationId, name, language });
    const editor = await eventually(() => vscode.window.activeTextEditor, 'an editor');
    return [vscode.workspace.asRelativePath(editor.document.uri, true), editor.selection.active.line];
  }

  before(async () => {
    ts = await timeslice();
    await startDemo(ts);
    const byName = (name: string) => ts.demo.simulator!.datasets.us.apps.find((a) => a.name === name)!;
    apps.storefront = byName('storefront-web').id;
    apps.billing = byName('billing-api').id;
    apps.portal = ts.demo.simulator!.datasets.us.apps.find((a) => a.language === 'nodejs')!.id;
    folders = vscode.workspace.workspaceFolders!;
    // Folder 2's name sorts before folder 1's ("second" < "workspace"): one index over the workspace,
    // in path order, would open it for the storefront too.
    await write(folders[0], 'app/controllers/orders_controller.rb', controller(4));
    await write(folders[1], 'app/controllers/orders_controller.rb', controller(9));
    // The Node app: its source, a build copy (dist/ sorts before src/) and one only its .gitignore names.
    await write(folders[2], 'src/app.ts', ROUTE(5));
    await write(folders[2], 'dist/app.js', ROUTE(0));
    await write(folders[2], 'compiled/app.js', ROUTE(1));
    await write(folders[2], '.gitignore', '# build output\ncompiled/\n');
    const bindings: Array<[vscode.WorkspaceFolder, number, string]> = [
      [folders[0], apps.storefront, 'storefront-web'],
      [folders[1], apps.billing, 'billing-api'],
      [folders[2], apps.portal, 'partner-portal'],
    ];
    for (const [folder, applicationId, name] of bindings) {
      await vscode.commands.executeCommand('timeslice.bindWorkspace', { applicationId, name, folder: folder.uri });
    }
    await eventually(() => (ts.status.bindings.all().length === 3 ? true : undefined), 'the three bindings');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const folder of folders) {
      await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
    }
    for (const [folder, path] of [
      [folders[0], 'app'],
      [folders[1], 'app'],
      [folders[2], 'src'],
      [folders[2], 'dist'],
      [folders[2], 'compiled'],
      [folders[2], '.gitignore'],
    ] as const) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, path), { recursive: true });
    }
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  it("opens the controller of the folder bound to the transaction's application, not another folder's", async () => {
    const root = (i: number) => vscode.workspace.getWorkspaceFolder(folders[i].uri)!.name;
    assert.deepEqual(await goToCode(apps.storefront, 'Controller/orders/show', 'ruby'), [
      `${root(0)}/app/controllers/orders_controller.rb`,
      4,
    ]);
    assert.deepEqual(await goToCode(apps.billing, 'Controller/orders/show', 'ruby'), [
      `${root(1)}/app/controllers/orders_controller.rb`,
      9,
    ]);
  });

  it('opens the source, not its build copy in dist/ nor a copy the .gitignore ignores', async () => {
    const root = vscode.workspace.getWorkspaceFolder(folders[2].uri)!.name;
    assert.deepEqual(await goToCode(apps.portal, 'WebTransaction/Expressjs/GET//api/items/:id', 'nodejs'), [
      `${root}/src/app.ts`,
      7,
    ]);
  });
});
