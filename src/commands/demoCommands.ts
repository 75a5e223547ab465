/**
 * The demo's tours: Open the Demo's Code, and what each walkthrough step's button shows on the demo
 * (the numbers above the code, what changed, what is firing, the errors at the line, the editor's agent). A later walkthrough step adds its id to
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

/** The showcase application's Errors group, revealed and expanded, and its most frequent class's error panel. */
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

/** VS Code's command that opens the Chat view (present only when a chat is installed). */
export const CHAT_OPEN_COMMAND = 'workbench.action.chat.open';

/** A question for the agent, left in the Chat view's input for the user to send (nothing is sent for them). */
export const AGENT_EXAMPLE_QUERY = '#timesliceErrors What fails in production, and where in our code?';

/**
 * The Chat view in agent mode with an example question typed in, when VS Code has a chat; without one,
 * Timeslice's page (its README, whose "Ask the editor's agent" section lists the tools and their answers).
 */
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
