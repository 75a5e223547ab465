/**
 * Production errors in the Problems panel, in VS Code, on both backends (error details go through
 * NerdGraph on each): with the demo's billing-api sample in a bound folder, the `Timeslice`
 * diagnostics are the simulator's error classes over the last 30 minutes (class, count) at the lines
 * its stacks point to (file, line); their code action offers Show Error; a binding change clears them;
 * nothing is asked while the window is unfocused.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { transactionWindow } from '../../../src/api/transactionStats';
import { SHOW_ERROR_COMMAND } from '../../../src/errors/errorCommands';
import { ERROR_DIAGNOSTICS_FOCUS_KEY } from '../../../src/errors/errorDiagnostics';
import { errorClassesNrql } from '../../../src/errors/errorQueries';
import { DEMO_SOURCE_LINES } from '../../../src/simulator/demoSourceLines';
import type { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import {
  BACKENDS,
  backendLabel,
  bindDemoApp,
  canSetWindowFocus,
  copyDemoSample,
  eventually,
  leaveDemoWorkspace,
  setWindowFocus,
  startDemo,
  timeslice,
} from './helpers';

const APP = 'billing-api';

interface Shown {
  file: string;
  line: number;
  errorClass: string;
  count: number;
}

for (const backend of BACKENDS) {
  describe(`production errors as diagnostics, on ${backendLabel(backend)}`, function () {
    this.timeout(120_000);
    let ts: TimesliceTestApi;
    let sim: Simulator;
    let folder: vscode.WorkspaceFolder;
    let appId: number;
    /** Ours, in the folder, as file (relative), line (1-based), class and count. */
    const shown = (): Shown[] =>
      vscode.languages
        .getDiagnostics()
        .filter(([uri]) => uri.path.startsWith(`${folder.uri.path}/`))
        .flatMap(([uri, diagnostics]) =>
          diagnostics
            .filter((d) => ts.errorDiagnostics.shownAt(uri).some((s) => s.diagnostic.message === d.message))
            .map((d) => {
              const [, errorClass, count] =
                /^(?:New since \S+ · )?(.+?)(?:: | — ).*?(\d+) in the last 30 min/.exec(d.message) ?? [];
              return {
                file: uri.path.slice(folder.uri.path.length + 1),
                line: d.range.start.line + 1,
                errorClass,
                count: Number(count),
              };
            }),
        )
        .sort((a, b) => `${a.file}:${a.line}:${a.errorClass}`.localeCompare(`${b.file}:${b.line}:${b.errorClass}`));

    /** What the simulator says for the last 30 minutes: every class, at the lines its stacks point to. */
    async function expected(): Promise<Shown[]> {
      const conn = ts.connections.current!;
      const [account] = await conn.nrql!.listAccounts();
      const window = transactionWindow(Date.now(), 30);
      const result = await conn.nrql!.run(
        account.id,
        errorClassesNrql(appId, { from: new Date(window.from), to: new Date(window.to) }),
      );
      const rows = result.results
        .map((r) => ({
          txn: (r.facet as string[])[0],
          errorClass: (r.facet as string[])[1],
          count: r.count as number,
          at: r['latest.timestamp'] as number,
        }))
        .sort(
          (a, b) =>
            b.count - a.count || b.at - a.at || a.txn.localeCompare(b.txn) || a.errorClass.localeCompare(b.errorClass),
        );
      // Every class reaches the panel, its stack looked up within a few refreshes (errorDetails.ts).
      return rows
        .map((r) => {
          const [file, line] = DEMO_SOURCE_LINES[APP][r.txn.replace(/^WebTransaction\//, '')];
          return { file, line, errorClass: r.errorClass, count: r.count };
        })
        .sort((a, b) => `${a.file}:${a.line}:${a.errorClass}`.localeCompare(`${b.file}:${b.line}:${b.errorClass}`));
    }

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
      sim = ts.demo.simulator!;
      folder = vscode.workspace.workspaceFolders![0];
      await copyDemoSample(APP, folder.uri);
      appId = await bindDemoApp(ts, folder.uri, APP);
    });

    after(async () => {
      await leaveDemoWorkspace(folder.uri);
    });

    it('shows every error class of the simulator, over a few refreshes, at the lines their stacks point to: file, line, class, count', async () => {
      let last = '';
      const got = await eventually(async () => {
        await ts.errorDiagnostics.refresh();
        const want = await expected();
        const now = shown();
        last = `shown ${JSON.stringify(now)}, expected ${JSON.stringify(want)}`;
        // Both read the last 30 minutes: at a minute's turn they may differ, so ask again.
        return now.length > 0 && JSON.stringify(now) === JSON.stringify(want) ? now : undefined;
      }, "the diagnostics to be the simulator's").catch((e: unknown) => {
        throw new Error(`${String(e)}: ${last}`);
      });
      assert.ok(got.length >= 2, JSON.stringify(got));
      const [uri, diagnostics] = vscode.languages
        .getDiagnostics()
        .find(([u, ds]) => u.path.endsWith(got[0].file) && ds.length > 0)!;
      const d = diagnostics[0];
      assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
      // The class's own share of its transaction's calls.
      assert.match(d.message, / — \d+ in the last 30 min \((< )?\d+(\.\d+)? % of the calls to Controller\//);
      assert.match(d.source ?? '', /^(Controller|OtherTransaction)\//);
      // Frames the folder lacks are never one line each at the error: at most one line there sums them up.
      const atTheError = (d.relatedInformation ?? []).filter(
        (r) => r.location.uri.toString() === uri.toString() && r.location.range.start.line === d.range.start.line,
      );
      assert.ok(atTheError.length <= 1, JSON.stringify(atTheError.map((r) => r.message)));
      assert.ok(
        atTheError.every((r) => / — Show Error for the full stack$/.test(r.message)),
        JSON.stringify(atTheError.map((r) => r.message)),
      );
    });

    it("names each transaction's top class on its lens, as the diagnostics count it", async () => {
      const file = vscode.Uri.joinPath(folder.uri, 'app', 'controllers', 'orders_controller.rb');
      await vscode.window.showTextDocument(file, { preview: false });
      // The lens names the most frequent class of its transaction: none shown at its line counts more, and
      // its own diagnostic (there once its stack is known: a few stacks are asked a refresh) counts the same.
      // Both read the last 30 minutes: at a minute's turn they may differ, so ask again.
      let last = '';
      const mismatch = (lens: vscode.CodeLens, at: Shown[]): string | undefined => {
        const [, errorClass, count] = / · ([^·]+) ×(\d+) · 30 min$/.exec(lens.command!.title)!;
        const more = at.find((d) => d.count > Number(count));
        const own = at.find((d) => d.errorClass === errorClass);
        return more
          ? `${lens.command!.title} below ${more.errorClass} ×${more.count}`
          : own && own.count !== Number(count)
            ? `${lens.command!.title} but its diagnostic says ×${own.count}`
            : undefined;
      };
      await eventually(async () => {
        await ts.codeLenses.refresh();
        const lenses =
          (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file)) ?? [];
        const diagnostics = shown().filter((d) => d.file === 'app/controllers/orders_controller.rb');
        const withClass = lenses.filter((l) => / ×\d+ · 30 min$/.test(l.command?.title ?? ''));
        if (diagnostics.length === 0 || withClass.length === 0) {
          last = 'no lens with a class, or no diagnostic, yet';
          return undefined;
        }
        const wrong = withClass
          .map((l) =>
            mismatch(
              l,
              diagnostics.filter((d) => d.line === l.range.start.line + 1),
            ),
          )
          .filter((m) => m !== undefined);
        last = wrong.join('; ');
        return wrong.length === 0 ? true : undefined;
      }, 'each lens to name its top class').catch((e: unknown) => {
        throw new Error(`${String(e)}: ${last}`);
      });
    });

    it('offers Show Error on the diagnostic, with the class and transaction', async () => {
      const [uri, diagnostics] = vscode.languages
        .getDiagnostics()
        .find(
          ([u, ds]) => u.path.startsWith(`${folder.uri.path}/`) && ds.some((d) => /in the last 30 min/.test(d.message)),
        )!;
      const d = diagnostics.find((x) => /in the last 30 min/.test(x.message))!;
      await vscode.window.showTextDocument(uri);
      const actions =
        (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, d.range)) ??
        [];
      const show = actions.find((a) => a.title === 'Show Error');
      assert.ok(show, JSON.stringify(actions.map((a) => a.title)));
      assert.equal(show.command?.command, SHOW_ERROR_COMMAND);
      const args = show.command?.arguments?.[0] as {
        applicationId: number;
        errorClass: string;
        transactionName: string;
      };
      assert.equal(args.applicationId, appId);
      assert.ok(d.message.replace(/^New since \S+ · /, '').startsWith(args.errorClass));
      assert.ok(!actions.some((a) => a.title === 'Open in the Service'), 'the demo has no service domain');
    });

    it('clears them when the binding changes, and shows them again once bound', async () => {
      await eventually(() => (shown().length > 0 ? true : undefined), 'diagnostics shown');
      await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
      await eventually(() => (shown().length === 0 ? true : undefined), 'no diagnostics after unbinding');
      await bindDemoApp(ts, folder.uri, APP);
      await eventually(async () => {
        await ts.errorDiagnostics.refresh();
        return shown().length > 0 ? true : undefined;
      }, 'diagnostics again');
    });

    it('asks nothing while the window is unfocused; the missed refresh runs on focus', async function () {
      if (!canSetWindowFocus()) {
        this.skip(); // (desktop VS Code's runner has no way to blur its window)
      }
      await eventually(() => (shown().length > 0 ? true : undefined), 'diagnostics shown');
      try {
        await setWindowFocus(false);
        sim.clearRequests();
        // A change that asks again at once when focused: the binding is written anew.
        await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
        await vscode.commands.executeCommand('timeslice.bindWorkspace', {
          applicationId: appId,
          name: APP,
          folder: folder.uri,
        });
        // The refresh the binding asked for is held until focus returns, and nothing was asked meanwhile.
        await eventually(
          () => (ts.connections.focus.heldKeys.includes(ERROR_DIAGNOSTICS_FOCUS_KEY) ? true : undefined),
          'the refresh held while unfocused',
        );
        assert.deepEqual(
          sim.requests.filter((r) => r.endpoint === 'graphql.nrql'),
          [],
          'no error query while the window is unfocused',
        );
      } finally {
        await setWindowFocus(true);
      }
      await eventually(() => (shown().length > 0 ? true : undefined), 'the diagnostics after focus returned', 30_000);
    });
  });
}
