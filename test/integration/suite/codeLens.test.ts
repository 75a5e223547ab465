/**
 * Numbers above the code (issue 24), in VS Code, on both backends: a Rails controller of the demo's
 * storefront-web in a bound folder gets a lens on each action's `def` line whose numbers are the
 * simulator's summarized values over the lens's range; one request per refresh; a file that serves
 * nothing asks nothing; Go to Code opens the line.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { Backend } from '../../../src/api/backendChoice';
import { compactPercent } from '../../../src/code/lensModel';
import { formatMs, formatRpm } from '../../../src/format/presentation';
import type { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import { BACKENDS, backendLabel, eventually, metricDataRequests, startDemo, timeslice } from './helpers';

const CONTROLLER = [
  'class OrdersController < ApplicationController',
  '  def index',
  '    @orders = current_user.orders.page(params[:page])',
  '  end',
  '',
  '  # def show (the old one): a comment is no code',
  '  def show',
  '    @order = current_user.orders.find(params[:id])',
  '  end',
  '',
  '  def create',
  '    @order = current_user.orders.create!(order_params)',
  '  end',
  'end',
  '',
].join('\n');
/** Zero-based lines of the actions, by transaction. */
const LINES: Record<string, number> = {
  'Controller/orders/index': 1,
  'Controller/orders/show': 6,
  'Controller/orders/create': 10,
};

const titles = new Map<Backend, Map<number, string>>();

for (const backend of BACKENDS) {
  describe(`numbers above the code, on ${backendLabel(backend)}`, function () {
    this.timeout(90_000);
    let ts: TimesliceTestApi;
    let sim: Simulator;
    let folder: vscode.WorkspaceFolder;
    let file: vscode.Uri;
    let appId: number;

    /** The lenses VS Code shows for the file now. */
    const lensesOf = async (uri: vscode.Uri) =>
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];

    /** What a lens over the last 30 minutes must say for `name`, from REST's summarized data of the simulator. */
    async function expectedTitle(name: string, to: number): Promise<string> {
      const data = await ts.connections.current!.api.getMetricData(
        { kind: 'application', applicationId: appId },
        { names: [name, `Errors/${name}`], from: new Date(to - 30 * 60_000), to: new Date(to), summarize: true },
      );
      const values = (n: string) => data.metrics.find((m) => m.name === n)?.timeslices[0]?.values ?? {};
      const calls = values(name).call_count ?? 0;
      const errors = values(`Errors/${name}`).error_count ?? 0;
      const minutes = 30;
      return `${formatMs(values(name).average_response_time ?? 0)} · ${formatRpm(calls / minutes)} · ${compactPercent(errors / calls)} errors · 30 min`;
    }

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
      sim = ts.demo.simulator!;
      appId = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!.id;
      folder = vscode.workspace.workspaceFolders![0];
      file = vscode.Uri.joinPath(folder.uri, 'app', 'controllers', 'orders_controller.rb');
      await vscode.workspace.fs.writeFile(file, Buffer.from(CONTROLLER));
      await vscode.commands.executeCommand('timeslice.bindWorkspace', {
        applicationId: appId,
        name: 'storefront-web',
        folder: folder.uri,
      });
      await eventually(() => ts.status.bindings.all().find((b) => b.binding.id === appId), 'the binding');
      await eventually(async () => {
        await ts.status.poller.refreshNow();
        return ts.status.poller.snapshot({ id: appId, region: 'demo' })?.app;
      }, "the bound application's record");
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, 'app'), { recursive: true });
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    it("puts each action's numbers on its def line, as the simulator summarizes the last 30 minutes", async () => {
      await vscode.window.showTextDocument(file, { preview: false });
      const shown = await eventually(async () => {
        await ts.codeLenses.refresh();
        const to = Date.now();
        const lenses = await lensesOf(file);
        if (lenses.length !== Object.keys(LINES).length) {
          return undefined;
        }
        // The lens and the check each read the last 30 minutes: at a minute's turn they may differ, so ask again.
        for (const lens of lenses) {
          const name = (lens.command?.arguments?.[0] as { name: string }).name;
          assert.equal(lens.range.start.line, LINES[name], name);
          if (lens.command?.title !== (await expectedTitle(name, to))) {
            return undefined;
          }
        }
        return lenses;
      }, 'lenses with the simulator numbers');
      for (const lens of shown) {
        assert.equal(lens.command?.command, 'timeslice.openTransaction');
        assert.match(lens.command?.tooltip ?? '', /^Apdex \d\.\d\d · \d+(\.\d+)? % of the application's web time\n/);
      }
      titles.set(backend, new Map(shown.map((l) => [l.range.start.line, l.command!.title])));
    });

    it('asks one summarized request per refresh for the open file, and none for a file that serves nothing', async () => {
      await vscode.window.showTextDocument(file, { preview: false });
      await ts.codeLenses.refresh(); // names listed and cached
      sim.clearRequests();
      await ts.codeLenses.refresh();
      assert.deepEqual(
        sim.requests.map((r) => r.endpoint),
        [backend === 'nerdGraph' ? 'graphql.nrql' : 'metricData'],
      );
      assert.deepEqual(
        metricDataRequests(sim)[0]
          .names.filter((n) => !n.startsWith('Errors/') && !n.startsWith('Apdex/'))
          .sort(),
        Object.keys(LINES).sort(),
      );

      const other = vscode.Uri.joinPath(folder.uri, 'app', 'models', 'order.rb');
      await vscode.workspace.fs.writeFile(
        other,
        Buffer.from('class Order < ApplicationRecord\n  def total\n  end\nend\n'),
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.window.showTextDocument(other, { preview: false });
      sim.clearRequests();
      await ts.codeLenses.refresh();
      assert.deepEqual(
        sim.requests.filter((r) => r.endpoint === 'metricData' || r.endpoint === 'graphql.nrql'),
        [],
      );
      assert.deepEqual(await lensesOf(other), []);
    });

    it("follows a language extension's symbols where one answers for the file", async () => {
      // A stand-in language extension that places `show` on the class's line and says nothing of the rest.
      const at = (line: number) => new vscode.Range(line, 0, line, 1);
      const show = new vscode.DocumentSymbol('show()', '', vscode.SymbolKind.Method, at(0), at(0));
      const cls = new vscode.DocumentSymbol('OrdersController', '', vscode.SymbolKind.Class, at(0), at(0));
      cls.children = [show];
      const provider = vscode.languages.registerDocumentSymbolProvider(
        { pattern: '**/orders_controller.rb' },
        { provideDocumentSymbols: () => [cls] },
      );
      try {
        await vscode.window.showTextDocument(file, { preview: false });
        await ts.codeLenses.refresh();
        const lenses = await eventually(async () => {
          const found = await lensesOf(file);
          return found.length === 1 ? found : undefined;
        }, 'one lens, where the language extension put show');
        assert.equal(lenses[0].range.start.line, 0);
        assert.equal((lenses[0].command?.arguments?.[0] as { name: string }).name, 'Controller/orders/show');
      } finally {
        provider.dispose();
      }
    });

    it('Go to Code opens the line that serves a transaction', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.goToCode', {
        applicationId: appId,
        name: 'Controller/orders/show',
        language: 'ruby',
      });
      const editor = await eventually(
        () =>
          vscode.window.activeTextEditor?.document.uri.toString() === file.toString()
            ? vscode.window.activeTextEditor
            : undefined,
        'the controller open',
      );
      assert.equal(editor.selection.active.line, LINES['Controller/orders/show']);
    });
  });
}

describe('numbers above the code, both backends', () => {
  it('REST v2 and NerdGraph put the same lenses on the same lines', function () {
    if (titles.size < 2) {
      this.skip();
    }
    assert.deepEqual([...titles.get('nerdGraph')!.keys()], [...titles.get('restV2')!.keys()]);
  });
});
