/**
 * A chart's deployment marker opens What Moved at that deployment: the page sends the marker's id, the
 * host runs `timeslice.showDeploymentImpact` with its own copy of the deployment, and an id it did not
 * send opens nothing.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { shortRevision } from '../../../src/api/deployments';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import { IMPACT_VIEW_TYPE } from '../../../src/panels/impactPanel';
import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, startDemo, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

describe("a chart's deployment marker opens What Moved", function () {
  this.timeout(90_000);
  let ts: TimesliceTestApi;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
  });

  const impactTabs = () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes(IMPACT_VIEW_TYPE));

  it("runs the command for the marker's application and deployment, and ignores an id the panel was not sent", async () => {
    const apps = (await ts.tree.getChildren()).flatMap((n) =>
      n.kind === 'application' && n.app.reporting ? [n.app] : [],
    );
    // A week's dashboard of each application until one has markers.
    let panel: ChartPanel | undefined;
    for (const app of apps) {
      const shown = ts.panels.show(
        { kind: 'application', applicationId: app.id, title: app.name },
        { range: { preset: '7d', compare: 'none' } },
      );
      const data = await eventually(() => panelStatus(shown).data, `${app.name}'s data`);
      if (data.deployments?.some((m) => m.id)) {
        panel = shown;
        break;
      }
    }
    assert.ok(panel, 'no application with deployments in the last week');
    const data = panelStatus(panel).data!;
    const marker = data.deployments!.find((m) => m.id)!;

    await panel.receiveForTest!({ type: 'showDeploymentImpact', deploymentId: 'not-a-deployment-of-this-panel' });
    assert.equal(impactTabs().length, 0, 'an id the panel was not sent opened a panel');

    await panel.receiveForTest!({ type: 'showDeploymentImpact', deploymentId: marker.id });
    const tab = await eventually(() => impactTabs()[0], "What Moved's tab");
    // (The title's foreign text is made safe with invisible breaks: compare letters and digits only.)
    const letters = (text: string) => text.replace(/[^A-Za-z0-9]/g, '');
    assert.ok(letters(tab.label).includes(letters(data.title)), tab.label);
    assert.ok(tab.label.endsWith(shortRevision(marker.revision)), tab.label);
  });
});
