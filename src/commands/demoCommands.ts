// The demo's tours. A new walkthrough step adds its id to DEMO_SIGHTS (constants.ts) and its entry to SIGHTS here.
import * as vscode from 'vscode';

import type { DemoSight } from '../constants';
import { COMMAND, DEMO_SHOWCASE_APPLICATION_ID, DEMO_SIGHTS } from '../constants';
import type { Services } from '../services';
import type { MonitorNode } from '../tree/nodes';
import { showAroundDeployment } from './deploymentCommands';

export function openDemoCode(services: Services) {
  return (): Promise<void> => services.demoCode.open();
}

type Sight = (services: Services) => Promise<void>;

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

async function showAlerts(services: Services): Promise<void> {
  const tree = services.tree;
  const apps = await tree.getChildren();
  const app = apps.find((n) => n.kind === 'application' && n.app.id === DEMO_SHOWCASE_APPLICATION_ID);
  const group = app && (await tree.getChildren(app)).find((n: MonitorNode) => n.kind === 'openAlertsGroup');
  if (group) {
    await services.applicationsView.view.reveal(group, { select: true, focus: true, expand: true });
  }
}

async function showErrors(services: Services): Promise<void> {
  const tree = services.tree;
  const apps = await tree.getChildren();
  const app = apps.find((n) => n.kind === 'application' && n.app.id === DEMO_SHOWCASE_APPLICATION_ID);
  const group = app && (await tree.getChildren(app)).find((n: MonitorNode) => n.kind === 'errorsGroup');
  if (!group) {
    return;
  }
  await services.applicationsView.view.reveal(group, { select: true, focus: true, expand: true });
  const top = (await tree.getChildren(group)).find((n: MonitorNode) => n.kind === 'errorClass');
  if (top?.kind === 'errorClass') {
    await vscode.commands.executeCommand(COMMAND.showError, top.request);
  }
}

/** `publisher.name` in package.json: `extension.open` shows its page (the README). */
const EXTENSION_ID = 'timeslice.timeslice';

export const CHAT_OPEN_COMMAND = 'workbench.action.chat.open';

/** A question for the agent, left in the Chat view's input for the user to send (nothing is sent for them). */
export const AGENT_EXAMPLE_QUERY = '#timesliceErrors What fails in production, and where in our code?';

/** Without a chat, Timeslice's README, whose "Ask the editor's agent" section lists the tools. */
async function showAgent(): Promise<void> {
  if ((await vscode.commands.getCommands(true)).includes(CHAT_OPEN_COMMAND)) {
    await vscode.commands.executeCommand(CHAT_OPEN_COMMAND, {
      query: AGENT_EXAMPLE_QUERY,
      isPartialQuery: true,
      mode: 'agent',
    });
  } else {
    await vscode.commands.executeCommand('extension.open', EXTENSION_ID);
  }
}

/** By walkthrough step id. `lenses` needs no demo in this window: the copy's window starts its own. */
const SIGHTS: Readonly<Record<DemoSight, { needsDemo: boolean; show: Sight }>> = {
  lenses: { needsDemo: false, show: (services) => services.demoCode.open() },
  changes: { needsDemo: true, show: showChanges },
  alerts: { needsDemo: true, show: showAlerts },
  errors: { needsDemo: true, show: showErrors },
  // The tools answer on whatever connection runs (a key or the demo): no demo is started for it.
  agent: { needsDemo: false, show: showAgent },
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
