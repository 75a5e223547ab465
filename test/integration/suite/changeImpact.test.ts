/**
 * What my change will touch, in VS Code, on both backends: a git repository made in the bound folder
 * (storefront-web's Rails controller committed, then `show` edited in the working tree): the Change
 * Impact view lists `show` with Controller/orders/show, `timeslice_change_impact` names it, and Copy as
 * Markdown puts the summary on the clipboard.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import type { ChangeNode } from '../../../src/tree/changeImpactView';
import { BACKENDS, backendLabel, eventually, startDemo, timeslice } from './helpers';

/** A tool's answer text. */
async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

const CONTROLLER = [
  'class OrdersController < ApplicationController',
  '  def index',
  '    @orders = current_user.orders.page(params[:page])',
  '  end',
  '',
  '  def show',
  '    @order = current_user.orders.find(params[:id])',
  '  end',
  '',
  '  def helper_only',
  '    42',
  '  end',
  'end',
  '',
];

for (const backend of BACKENDS) {
  describe(`what my change will touch, on ${backendLabel(backend)}`, function () {
    this.timeout(90_000);
    let ts: TimesliceTestApi;
    let folder: vscode.WorkspaceFolder;
    let file: vscode.Uri;

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
      const sim = ts.demo.simulator!;
      const appId = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!.id;
      folder = vscode.workspace.workspaceFolders![0];
      file = vscode.Uri.joinPath(folder.uri, 'app', 'controllers', 'orders_controller.rb');
      await vscode.workspace.fs.writeFile(file, Buffer.from(CONTROLLER.join('\n')));
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
          cwd: folder.uri.fsPath,
        });
      git('init', '-q');
      git('add', 'app');
      git('commit', '-qm', 'first');
      // The change: `show` edited, `helper_only` too (it serves no transaction).
      const edited = [...CONTROLLER];
      edited.splice(7, 0, '    @order.touch');
      edited.splice(11, 1, '    43');
      await vscode.workspace.fs.writeFile(file, Buffer.from(edited.join('\n')));
      await vscode.commands.executeCommand('timeslice.bindWorkspace', {
        applicationId: appId,
        name: 'storefront-web',
        folder: folder.uri,
      });
      await eventually(async () => {
        await ts.status.poller.refreshNow();
        return ts.status.poller.snapshot({ id: appId, region: 'demo' })?.app;
      }, "the bound application's record");
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, 'app'), { recursive: true });
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, '.git'), { recursive: true });
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    /** Every row under a node, depth first, with its label and description. */
    function rows(node?: ChangeNode): Array<{ node: ChangeNode; label: string; description: string }> {
      return ts.changeImpact.getChildren(node).flatMap((child) => {
        const item = ts.changeImpact.getTreeItem(child);
        const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
        return [{ node: child, label, description: String(item.description ?? '') }, ...rows(child)];
      });
    }

    it('the view lists the edited method with the transaction it serves, and the other one apart', async () => {
      const shown = await eventually(async () => {
        await ts.changeImpact.refresh();
        const all = rows();
        return all.some((r) => r.label === 'OrdersController.show') ? all : undefined;
      }, 'the working tree change in the view');
      const working = shown.find((r) => r.label === 'Working tree against HEAD');
      assert.match(
        working?.description ?? '',
        /^touches code serving \d+(\.\d+)? % of storefront-web's web time and \d+ error class/,
      );
      const show = shown.find((r) => r.label === 'OrdersController.show')!;
      assert.equal(show.description, 'app/controllers/orders_controller.rb:6');
      const served = ts.changeImpact.getChildren(show.node).map((n) => ts.changeImpact.getTreeItem(n));
      assert.deepEqual(
        served.map((i) => i.label),
        ['Controller/orders/show'],
      );
      assert.match(String(served[0].description), /of web time · \d/);
      const open = ts.changeImpact.getTreeItem(show.node).command;
      assert.equal(open?.command, 'vscode.open');
      assert.ok(!shown.some((r) => r.label === 'OrdersController.index'), 'index did not change');
      const apart = shown.find((r) => r.label === 'Serving no transaction');
      assert.match(apart?.description ?? '', /^1 changed methods serve no transaction/);
      assert.ok(shown.some((r) => r.label === 'OrdersController.helper_only'));
    });

    it('timeslice_change_impact names the method and its transaction', async () => {
      const text = await invoke('timeslice_change_impact', { path: folder.name });
      const answer = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as {
        summary: string;
        servingNoTransaction: number;
        methods: Array<{ method: string; line: number; name: string; timeSharePercent?: number }>;
      };
      assert.deepEqual(
        answer.methods.map((m) => [m.method, m.line, m.name]),
        [['OrdersController.show', 6, 'Controller/orders/show']],
      );
      assert.equal(answer.servingNoTransaction, 1);
      assert.match(answer.summary, /^touches code serving /);
      assert.match(
        await invoke('timeslice_change_impact', { path: folder.name, base: '--output=/tmp/x' }),
        /"base" must be HEAD/,
      );
    });

    it('Copy as Markdown puts the summary and the table on the clipboard', async () => {
      // The command answers with what it wrote: in code-server reading the clipboard waits for a browser
      // permission that never comes (network.test.ts), so the UI suite is where the real clipboard is read.
      const copied = await vscode.commands.executeCommand<string>('timeslice.copyChangeImpact');
      assert.match(copied, /^\*\*Timeslice\*\* \(Working tree against HEAD, 30 min\): touches code serving /);
      assert.match(
        copied,
        /\| OrdersController\\\.show \(app\/controllers\/orders\\_controller\\\.rb:6\) \| Controller\/orders\/show \|/,
      );
    });
  });
}
