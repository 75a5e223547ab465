/** Shared steps of the integration suite, which runs inside the real VS Code extension host. */
import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import { TEST_HARNESS_ENV } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';

export async function timeslice(): Promise<TimesliceTestApi> {
  const ext = vscode.extensions.getExtension<TimesliceTestApi>('timeslice.timeslice');
  if (!ext) {
    throw new Error('The Timeslice extension is not installed in this VS Code');
  }
  const api = await ext.activate();
  if (!api) {
    throw new Error(`Timeslice returned no test API: the harness must set ${TEST_HARNESS_ENV}=1 in the extension host's environment`);
  }
  return api;
}

export async function setSettings(values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('timeslice');
  for (const [key, value] of Object.entries(values)) {
    await config.update(key, value, vscode.ConfigurationTarget.Global);
  }
}

/** Waits until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) {
        return v;
      }
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- `last` is whatever a check threw: String() of any value is the best we can say.
      throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The labels of nodes, as the tree shows them. */
export function labels(ts: TimesliceTestApi, nodes: MonitorNode[]): string[] {
  return nodes.map((n) => labelText(ts.tree.getTreeItem(n)));
}

/** A tree item's label as text (a label may also be an object with highlights). */
export function labelText(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** A tree item's tooltip as text (a tooltip may also be Markdown). */
export function tooltipText(item: vscode.TreeItem): string {
  return typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
}

/**
 * Starts the demo and waits until the extension is connected to it. Start Demo asks which API the
 * demo speaks while `timeslice.demo.backend` was never set, and no test can answer a quick pick: so
 * the setting is set to its default first (the tests that switch it then still decide the backend).
 */
export async function startDemo(ts: TimesliceTestApi): Promise<void> {
  const set = vscode.workspace.getConfiguration('timeslice').inspect('demo.backend');
  if (set?.globalValue === undefined && set?.workspaceValue === undefined && set?.workspaceFolderValue === undefined) {
    await setSettings({ 'demo.backend': 'auto' });
  }
  await vscode.commands.executeCommand('timeslice.startDemo');
  await eventually(() => (ts.connections.current?.demo ? true : undefined), 'the demo connection');
}
