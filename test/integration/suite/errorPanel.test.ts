/**
 * The tree's Errors group and the error panel in the real VS Code, on both backends (error details go
 * through NerdGraph on either): the group lists the simulator's classes, Show Error opens the class's
 * panel with its latest stack, a frame opens its line in the bound folder (only a frame the panel
 * offered), the transaction panel lists its classes, a failed query reads as a failure (not "no errors"),
 * and without NerdGraph both say classes need it.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { ShowErrorArgs } from '../../../src/errors/errorCommands';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import { DEMO_SOURCE_LINES } from '../../../src/simulator/demoSourceLines';
import type { TimesliceTestApi } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';
import { panelStatus } from './panelStatus';
import {
  BACKENDS,
  backendLabel,
  bindDemoApp,
  eventually,
  labels,
  leaveDemoWorkspace,
  startDemo,
  timeslice,
} from './helpers';

const APP = 'storefront-web';

/** A file whose every line says its number: a frame's line is then readable in the editor. */
function numberedLines(count: number): string {
  return Array.from({ length: count }, (_, i) => `# line ${i + 1}`).join('\n') + '\n';
}

async function errorsGroup(ts: TimesliceTestApi): Promise<MonitorNode> {
  const roots = await ts.tree.getChildren();
  const app = roots.find((n) => n.kind === 'application' && n.app.name === APP)!;
  return eventually(
    async () => (await ts.tree.getChildren(app)).find((n) => n.kind === 'errorsGroup'),
    'an Errors group under the application',
  );
}

async function openedPanel(ts: TimesliceTestApi, kind: string): Promise<ChartPanel> {
  return eventually(
    () => [...ts.panels.open.values()].find((p) => p.state.entity.kind === kind && p.content.data),
    `a loaded ${kind} panel`,
    30_000,
  );
}

for (const backend of BACKENDS) {
  describe(`errors in the tree and the error panel on ${backendLabel(backend)}`, function () {
    this.timeout(90_000);
    let ts: TimesliceTestApi;
    let folder: vscode.WorkspaceFolder;

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
      folder = vscode.workspace.workspaceFolders![0];
      // The sample's controllers, as files whose lines say their numbers, at the paths the stacks name.
      const files = new Set(Object.values(DEMO_SOURCE_LINES[APP]).map(([path]) => path));
      for (const path of files) {
        await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder.uri, path), Buffer.from(numberedLines(40)));
      }
      await bindDemoApp(ts, folder.uri, APP);
    });

    after(async () => {
      await leaveDemoWorkspace(folder.uri);
    });

    it('lists "Errors (N)" with a row per class of a transaction; Show Error opens its panel with the latest stack', async () => {
      const group = await errorsGroup(ts);
      const [label] = labels(ts, [group]);
      const rows = await ts.tree.getChildren(group);
      assert.equal(label, `Errors (${rows.length})`);
      assert.ok(rows.length > 0 && rows.every((r) => r.kind === 'errorClass'));
      const first = rows[0];
      assert.ok(first.kind === 'errorClass');
      const item = ts.tree.getTreeItem(first);
      assert.equal(item.command?.command, 'timeslice.showError');
      await vscode.commands.executeCommand('timeslice.showError', ...(item.command?.arguments ?? []));
      const panel = await openedPanel(ts, 'error');
      const data = panelStatus(panel).data!;
      assert.equal(data.metricDataRequests, 0);
      assert.deepEqual(
        data.charts.map((c) => c.id),
        ['errors:timeline'],
      );
      assert.ok(data.errors?.kind === 'stack' && data.errors.stack.kind === 'stack', JSON.stringify(data.errors));
    });

    it('a frame the panel offered opens its line in the bound folder; any other index opens nothing', async () => {
      const panel = await openedPanel(ts, 'error');
      const data = panel.content.data!;
      const index = data.frameTargets?.findIndex((t) => t !== undefined) ?? -1;
      assert.ok(index >= 0, 'an in-app frame the folder has');
      const target = data.frameTargets![index]!;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await panel.receiveForTest!({ type: 'openFrame', index });
      const editor = await eventually(() => vscode.window.activeTextEditor, 'an editor');
      assert.equal(editor.document.uri.toString(), target.uri);
      assert.equal(editor.document.lineAt(editor.selection.active.line).text, `# line ${target.line}`);
      // A library frame, and an index past the stack: nothing opens.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const library =
        data.errors?.kind === 'stack' && data.errors.stack.kind === 'stack'
          ? data.errors.stack.frames.findIndex((f) => !f.inApp)
          : -1;
      for (const other of [library, 299]) {
        if (other >= 0) {
          await panel.receiveForTest!({ type: 'openFrame', index: other });
        }
      }
      assert.equal(vscode.window.activeTextEditor, undefined);
    });

    it("a diagnostic's Show Error opens the error panel of its class and transaction", async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const [uri, diagnostic] = await eventually(
        async () => {
          await ts.status.poller.refreshNow();
          await ts.errorDiagnostics.refresh();
          for (const [u, ds] of vscode.languages.getDiagnostics()) {
            const d = ds.find((x) => x.source !== undefined && u.path.startsWith(`${folder.uri.path}/`));
            if (d) {
              return [u, d] as const;
            }
          }
          return undefined;
        },
        'a diagnostic in the bound folder',
        30_000,
      );
      const actions =
        (await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          uri,
          diagnostic.range,
        )) ?? [];
      const show = actions.find((a) => a.command?.command === 'timeslice.showError');
      assert.ok(show?.command, JSON.stringify(actions.map((a) => a.title)));
      const args = show.command.arguments?.[0] as ShowErrorArgs;
      await vscode.commands.executeCommand(show.command.command, ...(show.command.arguments ?? []));
      const panel = await eventually(
        () =>
          [...ts.panels.open.values()].find((p) => {
            const e = p.state.entity as unknown as Partial<ShowErrorArgs> & { kind: string };
            return e.kind === 'error' && e.errorClass === args.errorClass && e.transactionName === args.transactionName
              ? p
              : undefined;
          }),
        "the diagnostic's error panel",
      );
      assert.equal(panel.state.entity.applicationId, args.applicationId);
    });

    it("the transaction panel lists the transaction's error classes, each opening its error panel", async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const group = await errorsGroup(ts);
      const first = (await ts.tree.getChildren(group))[0];
      assert.ok(first.kind === 'errorClass');
      const { transactionName, errorClass } = first.row;
      const metricName = transactionName.replace(/^WebTransaction\/(?=Controller\/)/, '');
      await vscode.commands.executeCommand('timeslice.openTransaction', {
        applicationId: first.request.applicationId,
        name: metricName,
        language: 'ruby',
      });
      const panel = await openedPanel(ts, 'transaction');
      const errors = panel.content.data!.errors;
      assert.ok(errors?.kind === 'classes');
      assert.ok(errors.rows.some((r) => r.errorClass === errorClass && r.transactionName === transactionName));
      await panel.receiveForTest!({ type: 'showError', errorClass });
      const opened = await openedPanel(ts, 'error');
      const entity = opened.state.entity as unknown as ShowErrorArgs;
      assert.deepEqual([entity.errorClass, entity.transactionName], [errorClass, transactionName]);
    });

    it('says the Errors group\'s query failed, with its message, never "No errors", when NRQL answers with an error', async () => {
      const sim = ts.demo.simulator!;
      sim.setNrqlFieldErrors({ applicationId: sim.datasets.us.apps.find((a) => a.name === APP)!.id });
      try {
        ts.errorDetails.reset(); // not this minute's answer: the service's
        ts.tree.refresh();
        const group = await errorsGroup(ts);
        assert.deepEqual(labels(ts, [group]), ['Errors (unknown)']);
        const rows = labels(ts, await ts.tree.getChildren(group));
        assert.match(rows[0], /timed out/, JSON.stringify(rows));
        assert.ok(!rows.some((r) => /No errors/.test(r)), JSON.stringify(rows));
      } finally {
        sim.setNrqlFieldErrors(undefined);
        ts.errorDetails.reset();
        ts.tree.refresh();
      }
    });
  });
}

describe('errors without NerdGraph (REST v2 alone)', function () {
  this.timeout(90_000);
  let ts: TimesliceTestApi;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts, 'restV2');
    // NerdGraph refuses the key, as it refuses a key made for REST v2 alone.
    for (const endpoint of ['graphql.nrql', 'graphql.accounts', 'graphql.entity'] as const) {
      ts.demo.simulator!.injectFault({ endpoint, kind: 'unauthorized' });
    }
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  it('the group and the error panel say that error classes need NerdGraph', async () => {
    const group = await errorsGroup(ts);
    assert.deepEqual(labels(ts, [group]), ['Errors']);
    const [message] = await ts.tree.getChildren(group);
    assert.match(labels(ts, [message])[0], /NerdGraph/);
    const app = ts.demo.simulator!.datasets.us.apps.find((a) => a.name === APP)!;
    const args: ShowErrorArgs = {
      applicationId: app.id,
      errorClass: 'NoMethodError',
      transactionName: 'WebTransaction/Controller/orders/show',
    };
    await vscode.commands.executeCommand('timeslice.showError', { ...args, language: 'ruby' });
    const panel = await openedPanel(ts, 'error');
    const errors = panel.content.data!.errors;
    assert.ok(errors?.kind === 'stack' && errors.stack.kind === 'needsNerdGraph', JSON.stringify(errors));
    assert.match(errors.stack.message, /NerdGraph/);
  });
});
