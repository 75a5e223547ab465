/**
 * Numbers above the code, in VS Code, on both backends: a Rails controller of the demo's
 * storefront-web in a bound folder gets a lens on each action's `def` line whose numbers are the
 * simulator's summarized values over the lens's range; one request per refresh; a file that serves
 * nothing asks nothing; nothing is asked while the window is unfocused; Go to Code opens the line,
 * also from a row of the Transactions table.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { Backend } from '../../../src/api/backendChoice';
import { transactionWindow } from '../../../src/api/transactionStats';
import { MAX_SOURCE_BYTES } from '../../../src/code/parseSource';
import { compactPercent, formatMs, formatRpm } from '../../../src/format/presentation';
import type { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import {
  BACKENDS,
  backendLabel,
  bindDemoApp,
  canSetWindowFocus,
  eventually,
  leaveDemoWorkspace,
  metricDataRequests,
  setWindowFocus,
  startDemo,
  timeslice,
} from './helpers';
import { panelStatus } from './panelStatus';

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

/** A lens's top error class (`· TimeoutError ×120` before the range). */
const TOP_ERROR_CLASS = / · [^·]+ ×\d+(?= · 30 min$)/;

/**
 * How long an unfocused window is watched for a request after what is on screen changed. Absence is
 * the behaviour under test, so it takes a span; the scheduler having no timer at all covers the ticks.
 */
const UNFOCUSED_WATCH_MS = 3000;

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
      folder = vscode.workspace.workspaceFolders![0];
      file = vscode.Uri.joinPath(folder.uri, 'app', 'controllers', 'orders_controller.rb');
      await vscode.workspace.fs.writeFile(file, Buffer.from(CONTROLLER));
      appId = await bindDemoApp(ts, folder.uri, 'storefront-web');
    });

    after(async () => {
      await leaveDemoWorkspace(folder.uri);
    });

    it("puts each action's numbers on its def line, as the simulator summarizes the last 30 minutes", async () => {
      await vscode.window.showTextDocument(file, { preview: false });
      const shown = await eventually(async () => {
        await ts.codeLenses.refresh();
        const { to } = transactionWindow(Date.now(), 30);
        const lenses = await lensesOf(file);
        if (lenses.length !== Object.keys(LINES).length) {
          return undefined;
        }
        // The lens and the check each read the last 30 minutes: at a minute's turn they may differ, so ask again.
        for (const lens of lenses) {
          const name = (lens.command?.arguments?.[0] as { name: string }).name;
          assert.equal(lens.range.start.line, LINES[name], name);
          // (A transaction with errors also names its top class, checked in errorDiagnostics.test.ts.)
          if (lens.command?.title.replace(TOP_ERROR_CLASS, '') !== (await expectedTitle(name, to))) {
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
        // With the application's totals, the base of each transaction's share of its time.
        [...Object.keys(LINES), 'HttpDispatcher', 'OtherTransaction/all'].sort(),
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

    it('gives a file over MAX_SOURCE_BYTES no lenses, and says why in the log', async () => {
      const textNow = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString())?.getText();
      const padding = '# generated\n'.repeat(Math.ceil(MAX_SOURCE_BYTES / 12));
      const said = () =>
        ts.recentLogLines().filter((l) => /skipped (\S+\/)?app\/controllers\/orders_controller\.rb: /.test(l)).length;
      const saidBefore = said();
      const editor = await vscode.window.showTextDocument(file, { preview: false });
      // The open document grows in the editor (an edit, not a write to disk: a reload from disk waits on
      // the file watcher, which a loaded machine can hold back for many seconds).
      const replaceAll = (text: string) =>
        editor.edit((b) => b.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), text));
      assert.ok(await replaceAll(CONTROLLER + padding), 'the document grown');
      try {
        assert.ok((textNow()?.length ?? 0) > MAX_SOURCE_BYTES);
        await ts.codeLenses.refresh();
        assert.deepEqual(await lensesOf(file), []);
        assert.deepEqual(await lensesOf(file), []);
        assert.equal(said() - saidBefore, 1, 'one log line, however often its lenses are asked for');
      } finally {
        assert.ok(await replaceAll(CONTROLLER), 'the document back');
        await editor.document.save();
      }
    });

    it('asks nothing while the window is unfocused, also when what is on screen changes; the missed refresh runs on focus', async function () {
      if (!canSetWindowFocus()) {
        this.skip(); // (desktop VS Code's runner has no way to blur its window)
      }
      const other = vscode.Uri.joinPath(folder.uri, 'app', 'models', 'order.rb');
      await vscode.workspace.fs.writeFile(other, Buffer.from('class Order < ApplicationRecord\nend\n'));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.window.showTextDocument(file, { preview: false });
      await ts.codeLenses.refresh(); // names listed and cached, numbers fetched
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.window.showTextDocument(other, { preview: false }); // (serves nothing: asks nothing)
      await ts.codeLenses.refresh();
      const session = ts.connections.current!;
      try {
        await setWindowFocus(false);
        // Unfocused with nothing to retry, the session's scheduler keeps no timer at all: no tick will come.
        await eventually(() => (session.scheduler.timerPending ? undefined : true), 'no timer while unfocused');
        sim.clearRequests();
        // What is on screen changes: the controller comes, beside the file that serves nothing.
        await vscode.window.showTextDocument(file, { preview: false, viewColumn: vscode.ViewColumn.Beside });
        // Its lenses come from the numbers already fetched.
        assert.equal((await lensesOf(file)).length, Object.keys(LINES).length);
        const blurredAt = Date.now();
        while (Date.now() - blurredAt < UNFOCUSED_WATCH_MS) {
          assert.deepEqual(
            sim.requests.map((r) => r.endpoint ?? r.path),
            [],
            'no request while the window is unfocused',
          );
          await new Promise((r) => setTimeout(r, 100));
        }
        assert.equal(session.scheduler.timerPending, false);
      } finally {
        await setWindowFocus(true);
      }
      // Focus back: the refresh missed while unfocused runs at once (so the blur was real, the lenses alive).
      await eventually(
        () =>
          metricDataRequests(sim).some((q) => Object.keys(LINES).every((n) => q.names.includes(n))) ? true : undefined,
        'the lenses refresh missed while unfocused',
      );
    });

    it('two controllers opened one right after the other both get their lenses, without waiting for a tick', async () => {
      const carts = vscode.Uri.joinPath(folder.uri, 'app', 'controllers', 'carts_controller.rb');
      await vscode.workspace.fs.writeFile(
        carts,
        Buffer.from('class CartsController < ApplicationController\n  def update\n  end\nend\n'),
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // The second opens while the first one's refresh is still under way: it is asked for after it.
      await vscode.window.showTextDocument(file, { preview: false });
      await vscode.window.showTextDocument(carts, { preview: false, viewColumn: vscode.ViewColumn.Beside });
      await eventually(async () => ((await lensesOf(carts)).length === 1 ? true : undefined), 'the carts lens');
      assert.equal((await lensesOf(file)).length, Object.keys(LINES).length);
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

    it('a row of the Transactions table opens its panel and goes to its code; a name it was not sent does nothing', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const app = (await ts.tree.getChildren()).find((n) => n.kind === 'application' && n.app.id === appId);
      await vscode.commands.executeCommand('timeslice.openTransactionsTable', app);
      const kindOpen = (kind: string) => [...ts.panels.open.values()].filter((p) => p.state.entity.kind === kind);
      const table: ChartPanel = await eventually(
        () => {
          const p = kindOpen('transactions')[0];
          return p && panelStatus(p).data?.table && panelStatus(p).backend === backend ? p : undefined;
        },
        'the transactions table',
        30_000,
      );
      const name = 'Controller/orders/show';
      assert.ok(table.content.data!.table!.rows.some((r) => r.metric === name));

      // Refused: a name that is no row of this table, a path, a message of the wrong shape.
      for (const bad of [
        { type: 'goToCode', name: 'Controller/orders/destroy' },
        { type: 'openTransaction', name: '../../../etc/passwd' },
        { type: 'goToCode', name: 42 },
        { type: 'openTransaction', transactionName: name },
      ]) {
        await table.receiveForTest!(bad);
      }
      assert.deepEqual(kindOpen('transaction'), []);
      assert.notEqual(vscode.window.activeTextEditor?.document.uri.toString(), file.toString());

      // Go to Code (the row's button): the file at the action's line.
      await table.receiveForTest!({ type: 'goToCode', name });
      const editor = await eventually(
        () =>
          vscode.window.activeTextEditor?.document.uri.toString() === file.toString()
            ? vscode.window.activeTextEditor
            : undefined,
        'the controller open at the row',
      );
      assert.equal(editor.selection.active.line, LINES[name]);

      // Open (Enter on the row): the transaction's panel, of the table's application.
      await table.receiveForTest!({ type: 'openTransaction', name });
      const panel = await eventually(() => kindOpen('transaction')[0], 'the transaction panel');
      assert.deepEqual(
        { ...panel.state.entity },
        {
          kind: 'transaction',
          applicationId: appId,
          transactionName: name,
          language: 'ruby',
          title: panel.state.entity.title,
        },
      );
      await eventually(() => panelStatus(panel).data, 'its charts', 30_000);
    });
  });
}

describe('numbers above the code, both backends', () => {
  it('REST v2 and NerdGraph put the same lenses on the same lines', () => {
    // Recorded by each backend's suite above: without both, this compares nothing and must say so.
    assert.equal(titles.size, 2, 'both backends recorded their lenses (run the whole file)');
    assert.deepEqual([...titles.get('nerdGraph')!.keys()], [...titles.get('restV2')!.keys()]);
  });
});
