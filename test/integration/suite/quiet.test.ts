/**
 * Quiet stays quiet: a key stored in another window rebuilds the session in every window, and an
 * unfocused one sends nothing for it (tree, bound applications, status bar, panels) until focus returns;
 * then the visible panel loads, and a hidden one only when it is shown. On both backends.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { ChartPanel } from '../../../src/panels/chartPanel';
import { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import {
  BACKENDS,
  backendLabel,
  canSetWindowFocus,
  eventually,
  setSettings,
  setWindowFocus,
  settled,
  timeslice,
} from './helpers';
import { panelStatus } from './panelStatus';

for (const backend of BACKENDS) {
  describe(`a new session in an unfocused window, on ${backendLabel(backend)}`, function () {
    this.timeout(90_000);
    let ts: TimesliceTestApi;
    let sim: Simulator;
    let folder: vscode.WorkspaceFolder;

    before(async () => {
      ts = await timeslice();
      sim = await Simulator.start({ seed: 21, apps: 4 });
      await setSettings({ region: 'custom', customBaseUrl: sim.baseUrls.us, caCertificatePath: sim.certPath, backend });
      await ts.keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
      await eventually(
        () =>
          ts.connections.current?.api.baseUrl.startsWith(sim.baseUrls.us) && ts.connections.current.backend === backend
            ? true
            : undefined,
        'the custom connection',
      );
      folder = vscode.workspace.workspaceFolders![0];
      const bound = sim.datasets.us.apps[0];
      await vscode.workspace
        .getConfiguration('timeslice', folder.uri)
        .update(
          'boundApplication',
          { id: bound.id, region: 'custom', name: 'bound-app' },
          vscode.ConfigurationTarget.WorkspaceFolder,
        );
      await eventually(
        () => ts.status.poller.snapshot({ id: bound.id, region: 'custom' })?.app,
        "the bound application's first poll",
      );
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace
        .getConfiguration('timeslice', folder.uri)
        .update('boundApplication', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
      await ts.keys.delete('custom');
      await setSettings({
        region: undefined,
        customBaseUrl: undefined,
        caCertificatePath: undefined,
        backend: undefined,
      });
      await sim.stop();
    });

    /** Counts the panel's loads (its own calls included: they go through the instance). */
    function countLoads(panel: ChartPanel): { count: number } {
      const counter = { count: 0 };
      const load = panel.load.bind(panel);
      panel.load = () => {
        counter.count++;
        return load();
      };
      return counter;
    }

    it('sends nothing until focus returns; then the visible panel loads, the hidden one only when shown', async function () {
      if (!canSetWindowFocus()) {
        this.skip(); // (desktop VS Code's runner has no way to blur its window)
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const [, first, second] = sim.datasets.us.apps;
      const open = (app: { id: number; name: string }) =>
        ts.panels.show({ kind: 'application', applicationId: app.id, title: app.name });
      const hidden = open(first);
      await eventually(() => panelStatus(hidden).data, 'the first dashboard', 30_000);
      const visible = open(second); // in the same group: the first one's tab goes to the back
      await eventually(() => panelStatus(visible).data, 'the second dashboard', 30_000);
      assert.equal(hidden.panel.visible, false, 'the first dashboard is hidden');
      const hiddenLoads = countLoads(hidden);
      const visibleLoads = countLoads(visible);
      const before = ts.connections.current;
      try {
        await setWindowFocus(false);
        await eventually(() => (before?.scheduler.timerPending ? undefined : true), 'no timer while unfocused');
        // What was sent before the blur is logged as its answer ends: let it end first.
        await eventually(() => (sim.requestsInFlight === 0 ? true : undefined), 'the answers already asked for');
        sim.clearRequests();
        // Another window stores another key: this one rebuilds its session too.
        await ts.keys.set('custom', sim.keys.eu, new URL(sim.baseUrls.us).origin);
        await settled(ts);
        assert.notEqual(ts.connections.current, before, 'a new session');
        // The new session's work is held, not sent: the tree's reload and the bound applications' poll wait
        // for focus (and with them the status bar's deployment fetch); the panels wait to be seen.
        await eventually(
          () =>
            ['bound applications', 'tree'].every((k) => ts.connections.focus.heldKeys.includes(k)) ? true : undefined,
          "the tree's reload and the poll held until focus",
        );
        assert.deepEqual(
          sim.requests.map((r) => r.endpoint ?? r.path),
          [],
          'no request while the window is unfocused',
        );
        assert.deepEqual([hiddenLoads.count, visibleLoads.count], [0, 0]);
      } finally {
        await setWindowFocus(true);
      }
      // Focus back: the visible dashboard and the bound application ask at once; the hidden one waits.
      await eventually(() => (visibleLoads.count > 0 ? true : undefined), 'the visible dashboard loads');
      await eventually(() => (sim.requests.length > 0 ? true : undefined), 'requests after focus');
      assert.equal(hiddenLoads.count, 0, 'the hidden dashboard does not load while hidden');
      hidden.reveal();
      await eventually(() => (hiddenLoads.count > 0 ? true : undefined), 'the hidden dashboard loads when shown');
    });
  });
}
