/**
 * Production-error diagnostics when a refresh goes wrong, in VS Code, on both backends (error details go
 * through NerdGraph on each): the simulator answers one application's class query with a per-alias error
 * (`setNrqlFieldErrors`) and that application's diagnostics stay, marked "the refresh failed" with their
 * age, while the other's refresh; unbinding while a refresh is in flight leaves no diagnostic; a folder
 * nested in another and bound to the same application lists each diagnostic once.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import {
  BACKENDS,
  backendLabel,
  bindDemoApp,
  copyDemoSample,
  demoAppId,
  eventually,
  startDemo,
  timeslice,
} from './helpers';

/** Two demo applications, each with its sample's code in a folder of its own. */
const APPS = [
  { name: 'billing-api', folder: 0 },
  { name: 'storefront-web', folder: 1 },
] as const;

interface Shown {
  file: string;
  line: number;
  message: string;
}

for (const backend of BACKENDS) {
  describe(`production-error diagnostics through failures and binding changes, on ${backendLabel(backend)}`, function () {
    this.timeout(120_000);
    let ts: TimesliceTestApi;
    let sim: Simulator;
    let folders: vscode.WorkspaceFolder[];
    const ids = new Map<string, number>();

    /** Ours under `root`, as file (relative to it), line (1-based) and message. */
    const shown = (root: vscode.Uri): Shown[] =>
      vscode.languages
        .getDiagnostics()
        .filter(([uri]) => uri.path.startsWith(`${root.path}/`))
        .flatMap(([uri, diagnostics]) =>
          diagnostics
            .filter((d) =>
              ts.errorDiagnostics.shownAt(uri).some((s) => s.diagnostic === d || s.diagnostic.message === d.message),
            )
            .map((d) => ({
              file: uri.path.slice(root.path.length + 1),
              line: d.range.start.line + 1,
              message: d.message,
            })),
        )
        .sort((a, b) => `${a.file}:${a.line}:${a.message}`.localeCompare(`${b.file}:${b.line}:${b.message}`));

    /** Refreshes until every bound sample folder shows diagnostics. */
    const bothShown = () =>
      eventually(async () => {
        await ts.errorDiagnostics.refresh();
        const all = APPS.map((a) => shown(folders[a.folder].uri));
        return all.every((list) => list.length > 0) ? all : undefined;
      }, 'diagnostics in both folders');

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
      sim = ts.demo.simulator!;
      folders = [...vscode.workspace.workspaceFolders!];
      for (const app of APPS) {
        ids.set(app.name, demoAppId(ts, app.name));
        await copyDemoSample(app.name, folders[app.folder].uri);
      }
    });

    beforeEach(async () => {
      for (const app of APPS) {
        await bindDemoApp(ts, folders[app.folder].uri, app.name);
      }
    });

    afterEach(async () => {
      sim.setNrqlFieldErrors(undefined);
      sim.clearFaults();
      for (const app of APPS) {
        await vscode.commands.executeCommand('timeslice.unbindWorkspace', folders[app.folder].uri);
      }
    });

    after(async () => {
      for (const app of APPS) {
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(folders[app.folder].uri, 'app'), { recursive: true });
      }
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    it("keeps a failed application's diagnostics, saying the refresh failed and their age; the other's refresh", async () => {
      const [billingBefore] = await bothShown();
      sim.setNrqlFieldErrors({ applicationId: ids.get('billing-api')! });
      ts.errorDetails.reset(); // the next refresh asks the service, not the answers of this minute
      sim.clearRequests();
      await ts.errorDiagnostics.refresh();
      const billing = shown(folders[0].uri);
      assert.deepEqual(
        billing.map((d) => `${d.file}:${d.line} ${d.message.split('\n')[0]}`),
        billingBefore.map((d) => `${d.file}:${d.line} ${d.message}`),
        'the same diagnostics, not none',
      );
      for (const d of billing) {
        assert.match(
          d.message,
          /\nShowing data from (just now|\d+ min ago) — the refresh failed: The NRQL query timed out/,
        );
        assert.doesNotMatch(d.message, /No errors/);
      }
      const storefront = shown(folders[1].uri);
      assert.ok(storefront.length > 0, 'the other application still shows its diagnostics');
      assert.ok(
        storefront.every((d) => !d.message.includes('refresh failed')),
        JSON.stringify(storefront),
      );
      assert.ok(
        sim.requests.some(
          (r) => r.endpoint === 'graphql.nrql' && r.requestBody?.includes(`appId = ${ids.get('storefront-web')!}`),
        ),
        "the refresh asked the service for the other application's classes again",
      );

      sim.setNrqlFieldErrors(undefined);
      ts.errorDetails.reset();
      await ts.errorDiagnostics.refresh();
      assert.ok(
        shown(folders[0].uri).every((d) => !d.message.includes('\n')),
        'the note goes once the refresh succeeds',
      );
    });

    it('leaves no diagnostic when the folder is unbound while a refresh is in flight', async () => {
      const before = await bothShown();
      const files = APPS.flatMap((a, i) => before[i].map((d) => vscode.Uri.joinPath(folders[a.folder].uri, d.file)));
      ts.errorDetails.reset();
      // The class query waits in the simulator, so the unbinding lands while the refresh runs.
      sim.injectFault({ endpoint: 'graphql.nrql', kind: 'delay', delayMs: 8_000, times: 5 });
      let settled = false;
      const running = ts.errorDiagnostics.refresh().finally(() => (settled = true));
      await eventually(() => (sim.faultsUsed('graphql.nrql') > 0 ? true : undefined), 'the class query in flight');
      sim.clearFaults(); // only what is in flight waits
      for (const app of APPS) {
        await vscode.commands.executeCommand('timeslice.unbindWorkspace', folders[app.folder].uri);
      }
      await eventually(() => (ts.status.bindings.all().length === 0 ? true : undefined), 'no binding');
      assert.equal(settled, false, 'the refresh was still running when the folders were unbound');
      assert.deepEqual(
        files.flatMap((uri) => ts.errorDiagnostics.shownAt(uri)),
        [],
        'cleared at once',
      );
      await running;
      await ts.errorDiagnostics.refresh(); // the rerun the unbinding queued
      assert.deepEqual(
        files.flatMap((uri) => ts.errorDiagnostics.shownAt(uri).map((s) => s.diagnostic.message)),
        [],
        'no diagnostic written by the refresh that started bound',
      );
      assert.deepEqual(
        APPS.flatMap((a) => shown(folders[a.folder].uri)),
        [],
      );
    });

    it('lists each diagnostic once when a folder nested in a bound folder is bound to the same application', async () => {
      const [billingBefore] = await bothShown();
      const nested = vscode.Uri.joinPath(folders[0].uri, 'app');
      const count = vscode.workspace.workspaceFolders!.length;
      const added = new Promise<void>((resolve) => {
        const listener = vscode.workspace.onDidChangeWorkspaceFolders(() => (listener.dispose(), resolve()));
      });
      assert.ok(vscode.workspace.updateWorkspaceFolders(count, 0, { uri: nested }), 'the nested folder added');
      await added;
      try {
        await bindDemoApp(ts, nested, 'billing-api');
        // Both folders' files are in the outer one's listing: each class maps from both.
        const after = await eventually(async () => {
          await ts.errorDiagnostics.refresh();
          const now = shown(folders[0].uri);
          return now.length >= billingBefore.length ? now : undefined;
        }, 'diagnostics with the nested folder bound');
        const keys = after.map((d) => `${d.file}:${d.line}:${d.message}`);
        assert.deepEqual(keys, [...new Set(keys)], 'no diagnostic listed twice');
        assert.ok(
          after.every((d) => d.file.startsWith('app/')),
          JSON.stringify(after.map((d) => d.file)),
        );
      } finally {
        await vscode.commands.executeCommand('timeslice.unbindWorkspace', nested);
        const removed = new Promise<void>((resolve) => {
          const listener = vscode.workspace.onDidChangeWorkspaceFolders(() => (listener.dispose(), resolve()));
        });
        const index = vscode.workspace.workspaceFolders!.findIndex((f) => f.uri.toString() === nested.toString());
        if (index >= 0 && vscode.workspace.updateWorkspaceFolders(index, 1)) {
          await removed;
        }
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(nested, '.vscode'), { recursive: true }).then(
          () => undefined,
          () => undefined,
        );
      }
    });
  });
}
