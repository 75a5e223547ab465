import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { ImpactViewModel } from '../../../src/impact/impactView';
import { IMPACT_VIEW_TYPE } from '../../../src/panels/impactPanel';
import { deploymentsBetween } from '../../../src/simulator/deployments';
import type { TimesliceTestApi } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';
import { BACKENDS, backendLabel, eventually, startDemo, timeslice } from './helpers';

const DAY = 86_400_000;

for (const backend of BACKENDS) {
  describe(`what moved at a deployment, on ${backendLabel(backend)}`, function () {
    this.timeout(90_000);
    let ts: TimesliceTestApi;

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    /** A tree row of a bad deployment (the simulator's ×1.5 server time) after a clean one, 2 h or more ago. */
    async function badDeploymentNode(): Promise<MonitorNode> {
      const sim = ts.demo.simulator!;
      const now = Date.now();
      for (const root of await ts.tree.getChildren()) {
        if (root.kind !== 'application' || !root.app.reporting) {
          continue;
        }
        const app = sim.datasets.us.apps.find((a) => a.id === root.app.id);
        const model = app ? deploymentsBetween(sim.datasets.us, app, now - 8 * DAY, now) : [];
        const bad = model.find(
          (d, i) =>
            d.bad &&
            !d.failing &&
            model[i + 1] &&
            !model[i + 1].bad &&
            !model[i + 1].failing &&
            now - d.at > 2 * 3_600_000,
        );
        if (!bad) {
          continue;
        }
        const group = (await ts.tree.getChildren(root)).find((n) => n.kind === 'deploymentsGroup');
        const node =
          group &&
          (await ts.tree.getChildren(group)).find((n) => n.kind === 'deployment' && n.deployment.time === bad.at);
        if (node) {
          return node;
        }
      }
      throw new Error('no bad deployment in the tree');
    }

    it("the deployment row's action opens the panel: the simulator's slowdown ranks first, the verdict is worse", async () => {
      const node = await badDeploymentNode();
      const model = await vscode.commands.executeCommand<ImpactViewModel>('timeslice.showDeploymentImpact', node);
      assert.ok(model, 'a model drawn');
      assert.equal(model.verdict?.verdict, 'worse', model.verdict?.message);
      const top = model.rows[0];
      assert.equal(top.status, 'worse');
      assert.match(top.changes[1], /^Average \+/);
      assert.ok(
        top.evidence.some((line) => /^Time consumed moved \(worse\)/.test(line)),
        top.evidence.join(' | '),
      );
      assert.deepEqual(model.verdict?.restsOn[0], top.name);
      // The panel's tab, titled by the model (its webview runs no script: the page is static).
      await eventually(() => {
        const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
        const tab = tabs.find((t) => t.label === model.title);
        return tab?.input instanceof vscode.TabInputWebview && tab.input.viewType.includes(IMPACT_VIEW_TYPE)
          ? tab
          : undefined;
      }, "the panel's tab");
      const item = ts.tree.getTreeItem(node);
      assert.match(String(item.contextValue), /^deployment/);
    });
  });
}
