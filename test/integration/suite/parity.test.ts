import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { Backend } from '../../../src/api/backendChoice';
import type { Application } from '../../../src/api/types';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import type { PanelData } from '../../../src/panels/panelLoad';
import type { StatusView } from '../../../src/status/statusModel';
import type { TimesliceTestApi } from '../../../src/testApi';
import { sameSummary, samePanels, sameTables, shownSummary } from '../../support/parity';
import { backendLabel, eventually, settled, startDemo, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

/** What the views got through one backend, and the minutes (of the clock) it was loaded in. */
interface Seen {
  backend: Backend;
  dashboard: PanelData;
  breakdown: PanelData;
  keyTransaction: PanelData;
  app: Application;
  view: StatusView;
  minutes: number[];
}

const minuteNow = () => Math.floor(Date.now() / 60_000);

/** The rows of the status-bar tooltip's table (response time, throughput, error rate, health). */
function tooltipRows(view: StatusView): string[] {
  return view.tooltip.split('\n').filter((l) => /^\| (Response time|Throughput|Error rate|Health) \|/.test(l));
}

/**
 * Parity in the real workbench: the dashboard, the response-time breakdown and the status
 * bar of one seeded application, as the views loaded them from the demo through REST v2 and then
 * through NerdGraph, show the same numbers within REST's rounding (the checks of the unit parity
 * suite, test/support/parity.ts). The demo's data follow the clock, so the two sides are compared
 * only when both were loaded within one minute; otherwise the pair is taken again.
 */
describe('parity in the workbench: one application through REST v2 and NerdGraph', function () {
  this.timeout(180_000);
  const APP = 'storefront-web';
  let ts: TimesliceTestApi;
  let appId: number;
  let folder: vscode.WorkspaceFolder;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts, 'restV2');
    appId = ts.demo.simulator!.datasets.us.apps.find((a) => a.name === APP)!.id;
    // The only bound folder: the status bar shows its application, whichever editor is active.
    folder = vscode.workspace.workspaceFolders![0];
    await vscode.workspace
      .getConfiguration('timeslice', folder.uri)
      .update('boundApplication', { id: appId, region: 'demo', name: APP }, vscode.ConfigurationTarget.WorkspaceFolder);
    const node = (await ts.tree.getChildren()).find((n) => n.kind === 'application' && n.app.id === appId)!;
    const group = (await ts.tree.getChildren(node)).find((n) => n.kind === 'group' && n.group === 'keyTransactions')!;
    const keyTransaction = (await ts.tree.getChildren(group)).find((n) => n.kind === 'keyTransaction');
    assert.ok(keyTransaction, `${APP} has a key transaction`);
    // One after the other: a panel hidden before its webview said it is ready would never load. Once
    // loaded, a panel loads when asked even while the other one hides it.
    for (const [command, kind, target] of [
      ['timeslice.openEntity', 'application', node],
      ['timeslice.openBreakdown', 'breakdown', node],
      ['timeslice.openEntity', 'keyTransaction', keyTransaction],
    ] as const) {
      await vscode.commands.executeCommand(command, target);
      await eventually(
        () => (panelStatus(panel(kind)).dataAt !== undefined ? true : undefined),
        `the ${kind} panel's first data`,
        30_000,
      );
    }
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('timeslice', folder.uri)
      .update('boundApplication', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  function panel(kind: string): ChartPanel {
    const found = [...ts.panels.open.values()].find(
      (p) => p.state.entity.kind === kind && p.state.entity.applicationId === appId,
    );
    assert.ok(found, `no ${kind} panel of ${APP}`);
    return found;
  }

  /** Moves the demo to `backend` (one new session) and loads the panels and the status bar afresh through it. */
  async function capture(backend: Backend): Promise<Seen> {
    const start = minuteNow();
    await startDemo(ts, backend);
    await settled(ts); // The new session announced: the panels' own reloads have started, and ours replace them.
    const loadedFrom = Date.now();
    const [dashboard, breakdown, keyTransaction] = await Promise.all(
      ['application', 'breakdown', 'keyTransaction'].map(async (kind) => {
        const p = panel(kind);
        await p.load();
        const { data, dataAt, error } = panelStatus(p);
        assert.equal(error, undefined, `the ${kind} panel on ${backendLabel(backend)}`);
        assert.ok(
          data && dataAt !== undefined && dataAt >= loadedFrom && panelStatus(p).backend === backend,
          `the ${kind} panel loaded through ${backendLabel(backend)}`,
        );
        return data;
      }),
    );
    await ts.status.poller.refreshNow();
    const snapshot = ts.status.poller.snapshot({ id: appId, region: 'demo' });
    assert.ok(
      snapshot?.app && snapshot.fetchedAt !== undefined && snapshot.fetchedAt >= loadedFrom,
      `the status bar's data through ${backendLabel(backend)}`,
    );
    const app = snapshot.app;
    const view = await eventually(
      () => {
        const v = ts.status.statusBar.view;
        // After the Apdex, the latest deployment's verdict when there is one (docs/impact.md#the-latest-deployment).
        const apdex = `$(pulse) ${app.summary!.apdexScore.toFixed(2)}`;
        return (v?.text === apdex || v?.text.startsWith(`${apdex} $(rocket) `)) &&
          v.tooltip.includes(`through ${backendLabel(backend)}.`)
          ? v
          : undefined;
      },
      `the status bar showing the Apdex through ${backendLabel(backend)}`,
    );
    return { backend, dashboard, breakdown, keyTransaction, app, view, minutes: [start, minuteNow()] };
  }

  it('the dashboard, the breakdown and the status bar show the same numbers through both backends', async () => {
    for (let attempt = 1; ; attempt++) {
      const rest = await capture('restV2');
      const ng = await capture('nerdGraph');
      if (new Set([...rest.minutes, ...ng.minutes]).size > 1) {
        // The minute turned: the summaries and the ranges moved with it. Take the pair again.
        assert.ok(attempt < 4, 'no pair of captures within one minute in 4 attempts');
        continue;
      }
      samePanels(rest.dashboard, ng.dashboard, 'dashboard');
      assert.deepEqual(shownSummary(ng.dashboard), shownSummary(rest.dashboard), "the dashboard's summary");
      samePanels(rest.breakdown, ng.breakdown, 'breakdown');
      sameTables(rest.breakdown, ng.breakdown, 'breakdown');
      assert.ok(ng.breakdown.charts[0].series.length > 1, 'the breakdown has more than application code');
      // A key transaction's own Apdex and error rate (docs/service.md#key-transactions), the same through both, not its application's.
      assert.ok(shownSummary(rest.keyTransaction), 'the key transaction panel has a summary');
      assert.deepEqual(
        shownSummary(ng.keyTransaction),
        shownSummary(rest.keyTransaction),
        "the key transaction's summary",
      );
      assert.notDeepEqual(
        shownSummary(rest.keyTransaction),
        shownSummary(rest.dashboard),
        "the key transaction's summary is its own",
      );
      sameSummary(rest.app.summary, ng.app.summary, 'status bar');
      assert.ok(rest.app.summary, 'the status bar had a summary to compare');
      assert.equal(ng.view.text, rest.view.text, 'the Apdex in the status bar');
      assert.equal(ng.view.background, rest.view.background, 'its colour');
      assert.deepEqual(tooltipRows(ng.view), tooltipRows(rest.view), "the tooltip's numbers");
      assert.equal(tooltipRows(rest.view).length, 4);
      return;
    }
  });
});
