/**
 * Panels restored after a window reload, in a new session: VS Code hands the serializer a new
 * WebviewPanel and the state the webview saved, nothing else. A host's panel and a host-scoped explorer
 * must draw from the ids in that state alone, on both backends (NerdGraph selects a host by name, which
 * the new session has not seen: no tree was expanded).
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { hostIdFor } from '../../../src/api/nerdgraph/entities';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import { CHART_VIEW_TYPE } from '../../../src/panels/chartPanel';
import type { PanelState } from '../../../src/panels/protocol';
import type { TimesliceTestApi } from '../../../src/testApi';
import { BACKENDS, backendLabel, eventually, startDemo, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

for (const backend of BACKENDS) {
  describe(`panels restored after a reload, in a new session, on ${backendLabel(backend)}`, function () {
    this.timeout(60_000);
    let ts: TimesliceTestApi;

    before(async () => {
      ts = await timeslice();
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    /** What VS Code does with a saved chart panel when the window comes back: a new webview, the saved state. */
    async function restore(state: PanelState): Promise<ChartPanel> {
      const webview = vscode.window.createWebviewPanel(CHART_VIEW_TYPE, state.entity.title, vscode.ViewColumn.Active);
      await ts.panels.deserializeWebviewPanel(webview, state);
      const panel = [...ts.panels.open.values()].find((p) => p.panel === webview);
      assert.ok(panel, `the ${state.entity.kind} panel was not restored`);
      return panel;
    }

    /** A new session: no panel open, the demo (re)started, its client built afresh; no view has asked for the hosts. */
    async function newSession(): Promise<void> {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await eventually(() => (ts.panels.open.size === 0 ? true : undefined), 'no panel open');
      await vscode.commands.executeCommand('timeslice.stopDemo');
      await eventually(() => (ts.connections.current?.demo ? undefined : true), 'the demo stopped');
      await startDemo(ts, backend);
    }

    it("a host's panel and a host-scoped explorer draw from their ids alone", async () => {
      await newSession();
      const sim = ts.demo.simulator!;
      const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
      const host = sim.datasets.us.hosts.get(app.hostIds[0])!;
      // The id each backend gives the host (NerdGraph's is made from its name: it has no host ids).
      const hostId = backend === 'nerdGraph' ? hostIdFor(host.name) : host.id;
      const range = { preset: '1h', compare: 'none' } as const;
      const states: PanelState[] = [
        { entity: { kind: 'host', applicationId: app.id, hostId, title: host.name }, range, view: 'chart' },
        {
          entity: { kind: 'explorer', applicationId: app.id, hostId, title: host.name },
          range,
          view: 'chart',
          explorer: { metrics: ['HttpDispatcher', 'CPU/User Time'], values: ['call_count', 'percent'] },
        },
      ];
      // Each alone in its own new session: another panel could have taught the client the host's name.
      for (const state of states) {
        if (state !== states[0]) {
          await newSession();
        }
        const panel = await restore(state);
        const kind = panel.state.entity.kind;
        // 'ready' said here as the page says it: what is tested is the host's load from the ids. A webview
        // made just after others closed sometimes never got its scripts from VS Code's webview service
        // worker (about 1 run in 6 here, with or without our page's later script); the UI suites boot real pages.
        void panel.receiveForTest!({ type: 'ready' });
        const charts = await eventually(
          () => {
            const status = panelStatus(panel);
            assert.equal(status.error, undefined, `the restored ${kind} panel failed`);
            return status.data && status.backend === backend ? status.charts : undefined;
          },
          `the restored ${kind} panel's data through ${backendLabel(backend)}`,
          30_000,
        );
        assert.ok(
          charts && charts.length > 0 && charts.every((c) => c.points > 0),
          `the ${kind} panel's charts have points: ${JSON.stringify(charts)}`,
        );
      }
    });
  });
}
