/**
 * Preview panels (src/panels/panelManager.ts): a tree row's own click opens its chart in one preview panel
 * that the next row's click reuses (the same webview, the new entity's data); opening its entity again or
 * changing its range keeps it; with `workbench.editor.enablePreview` off every click opens its own panel;
 * a restored window drops the preview and brings back kept panels.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { ChartPanel } from '../../../src/panels/chartPanel';
import { CHART_VIEW_TYPE } from '../../../src/panels/chartPanel';
import type { PanelState } from '../../../src/panels/protocol';
import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, startDemo, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

const APPS = ['storefront-web', 'billing-api', 'inventory-service'];

describe('preview panels from the tree', function () {
  this.timeout(60_000);
  let ts: TimesliceTestApi;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts);
  });

  afterEach(async () => {
    await vscode.workspace.getConfiguration('workbench.editor').update('enablePreview', undefined, true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await eventually(() => (ts.panels.open.size === 0 ? true : undefined), 'no panel open');
  });

  after(async () => {
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  /** Runs the command of the application's row, as the row's click does. */
  async function clickRow(name: string): Promise<void> {
    const node = (await ts.tree.getChildren()).find((n) => n.kind === 'application' && n.app.name === name);
    assert.ok(node, `no ${name} in the tree`);
    const command = ts.tree.getTreeItem(node).command;
    assert.ok(command);
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
  }

  function panels(): ChartPanel[] {
    return [...ts.panels.open.values()];
  }

  /** The panel of `name` once it shows that application's data. */
  async function loaded(name: string): Promise<ChartPanel> {
    return eventually(() => {
      const panel = panels().find((p) => p.state.entity.title === name);
      return panel && panelStatus(panel).data?.title === name ? panel : undefined;
    }, `${name}'s data`);
  }

  it("three rows' clicks leave one preview panel, the same webview, showing the third", async () => {
    await clickRow(APPS[0]);
    const first = await loaded(APPS[0]);
    assert.equal(first.isPreview, true);
    assert.equal(first.panel.title, `Dashboard: ${APPS[0]} (Preview)`);
    await clickRow(APPS[1]);
    await clickRow(APPS[2]);
    const third = await loaded(APPS[2]);
    assert.equal(panels().length, 1);
    assert.equal(third, first, 'the preview panel was not reused');
    assert.equal(third.panel, first.panel, 'a new webview was made');
    assert.equal(third.isPreview, true);
    assert.equal(third.panel.title, `Dashboard: ${APPS[2]} (Preview)`);
  });

  it("opening the preview's entity again keeps it (a double click); the next click opens a new preview", async () => {
    await clickRow(APPS[0]);
    await clickRow(APPS[0]);
    const kept = await loaded(APPS[0]);
    assert.equal(kept.isPreview, false);
    assert.equal(kept.panel.title, `Dashboard: ${APPS[0]}`);
    await clickRow(APPS[1]);
    const preview = await loaded(APPS[1]);
    assert.notEqual(preview, kept);
    assert.equal(preview.isPreview, true);
    assert.deepEqual(
      panels()
        .map((p) => p.state.entity.title)
        .sort(),
      [APPS[1], APPS[0]].sort(),
    );
  });

  it('a change of range from the webview keeps the preview', async () => {
    await clickRow(APPS[0]);
    const panel = await loaded(APPS[0]);
    await panel.receiveForTest!({ type: 'changeRange', range: { preset: '1h', compare: 'none' } });
    assert.equal(panel.isPreview, false);
    assert.equal(panel.state.preview, undefined);
    assert.equal(panel.state.range.preset, '1h');
    await clickRow(APPS[1]);
    await loaded(APPS[1]);
    assert.equal(panels().length, 2);
  });

  it('with workbench.editor.enablePreview off, every click opens its own panel', async () => {
    await vscode.workspace.getConfiguration('workbench.editor').update('enablePreview', false, true);
    for (const name of APPS) {
      await clickRow(name);
    }
    await Promise.all(APPS.map((name) => loaded(name)));
    assert.equal(panels().length, 3);
    assert.ok(panels().every((p) => !p.isPreview));
  });

  it('a restored window drops the preview and brings back a kept panel', async () => {
    const restore = async (state: PanelState) => {
      const webview = vscode.window.createWebviewPanel(CHART_VIEW_TYPE, state.entity.title, vscode.ViewColumn.Active);
      let disposed = false;
      webview.onDidDispose(() => (disposed = true));
      await ts.panels.deserializeWebviewPanel(webview, state);
      return { webview, disposed: () => disposed };
    };
    const app = ts.demo.simulator!.datasets.us.apps.find((a) => a.name === APPS[0])!;
    const state: PanelState = {
      entity: { kind: 'application', applicationId: app.id, title: app.name },
      range: { preset: '30m', compare: 'none' },
      view: 'chart',
    };
    const preview = await restore({ ...state, preview: true });
    assert.equal(preview.disposed(), true, 'the preview came back');
    assert.equal(panels().length, 0);
    const kept = await restore(state);
    assert.equal(kept.disposed(), false);
    assert.equal(panels()[0]?.panel, kept.webview);
    assert.equal(panels()[0]?.isPreview, false);
  });
});
