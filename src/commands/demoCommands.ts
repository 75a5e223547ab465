/**
 * The demo's tours: Open the Demo's Code, and what each walkthrough step's button shows on the demo
 * (the numbers above the code, what changed, what is firing). A later walkthrough step adds its id to
 * DEMO_SIGHTS (constants.ts), its entry to SIGHTS here, and links `command:timeslice.showOnDemo?["<id>"]`.
 */
import * as vscode from 'vscode';

import type { DemoSight } from '../constants';
import { COMMAND, DEMO_SHOWCASE_APPLICATION_ID, DEMO_SIGHTS } from '../constants';
import type { Services } from '../services';
import type { MonitorNode } from '../tree/nodes';
import { showAroundDeployment } from './deploymentCommands';

export function openDemoCode(services: Services) {
  return (): Promise<void> => services.demoCode.open();
}

/** What a tour shows, once the demo runs in this window. */
type Sight = (services: Services) => Promise<void>;

/** The dashboard around the showcase application's last deployment, with the change since in its header. */
async function showChanges(services: Services): Promise<void> {
  const conn = services.connections.current;
  if (!conn) {
    return;
  }
  const app = await conn.api.getApplication(DEMO_SHOWCASE_APPLICATION_ID);
  const deployment = await conn.deployments.latest(app.id);
  if (deployment) {
    showAroundDeployment(services, app, deployment);
  } else {
    services.panels.show({ kind: 'application', applicationId: app.id, title: app.name });
  }
}

/** The showcase application's "Open alerts" group, revealed and expanded in the Applications view. */
async function showAlerts(services: Services): Promise<void> {
  const tree = services.tree;
  const apps = await tree.getChildren();
  const app = apps.find((n) => n.kind === 'application' && n.app.id === DEMO_SHOWCASE_APPLICATION_ID);
  const group = app && (await tree.getChildren(app)).find((n: MonitorNode) => n.kind === 'openAlertsGroup');
  if (group) {
    await services.applicationsView.view.reveal(group, { select: true, focus: true, expand: true });
  }
}

/** By walkthrough step id. `lenses` needs no demo in this window: the copy's window starts its own. */
const SIGHTS: Readonly<Record<DemoSight, { needsDemo: boolean; show: Sight }>> = {
  lenses: { needsDemo: false, show: (services) => services.demoCode.open() },
  changes: { needsDemo: true, show: showChanges },
  alerts: { needsDemo: true, show: showAlerts },
};

/** Shows `sight` on the demo, starting the demo first when no connection runs (Start Demo may ask which API). */
export function showOnDemo(services: Services) {
  return async (sight?: unknown): Promise<void> => {
    const entry = (DEMO_SIGHTS as readonly unknown[]).includes(sight) ? SIGHTS[sight as DemoSight] : undefined;
    if (!entry) {
      return;
    }
    if (entry.needsDemo && !services.demo.active) {
      await vscode.commands.executeCommand(COMMAND.startDemo);
      if (!services.demo.active) {
        return; // The user closed Start Demo's question.
      }
      await services.connections.whenSettled();
    }
    await entry.show(services);
  };
}
