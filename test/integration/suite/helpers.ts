/** Shared steps of the integration suite, which runs inside the real VS Code extension host. */
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';

import * as vscode from 'vscode';

import type { Backend } from '../../../src/api/backendChoice';
import { BACKEND_LABELS } from '../../../src/api/backendChoice';
import type { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import { TEST_HARNESS_ENV } from '../../../src/testHarness';
import type { MonitorNode } from '../../../src/tree/nodes';

export async function timeslice(): Promise<TimesliceTestApi> {
  const ext = vscode.extensions.getExtension<TimesliceTestApi>('timeslice.timeslice');
  if (!ext) {
    throw new Error('The Timeslice extension is not installed in this VS Code');
  }
  const api = await ext.activate();
  if (!api) {
    throw new Error(
      `Timeslice returned no test API: the harness must set ${TEST_HARNESS_ENV}=api in the extension host's environment`,
    );
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
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
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

/** Both backends, for suites whose flow is the same on each (a `for … of BACKENDS` around a describe). */
export const BACKENDS: readonly Backend[] = ['restV2', 'nerdGraph'];

/** A backend as the views name it ("REST v2", "NerdGraph"). */
export function backendLabel(backend: Backend): string {
  return BACKEND_LABELS[backend];
}

/**
 * Starts the demo (on `backend`, as Start Demo's argument picks it; else as the settings say) and
 * waits until the extension is connected to it, on that backend. Without an argument, Start Demo
 * asks which API the demo speaks while `timeslice.demo.backend` was never set, and no test can answer
 * a quick pick: so the setting is set to its default first (the tests that switch it then still decide).
 */
export async function startDemo(ts: TimesliceTestApi, backend?: Backend): Promise<void> {
  const set = vscode.workspace.getConfiguration('timeslice').inspect('demo.backend');
  if (
    !backend &&
    set?.globalValue === undefined &&
    set?.workspaceValue === undefined &&
    set?.workspaceFolderValue === undefined
  ) {
    await setSettings({ 'demo.backend': 'auto' });
  }
  await vscode.commands.executeCommand('timeslice.startDemo', ...(backend ? [backend] : []));
  await eventually(
    () => (ts.connections.current?.demo && (!backend || ts.connections.current.backend === backend) ? true : undefined),
    `the demo connection${backend ? ` on ${backendLabel(backend)}` : ''}`,
  );
}

/** The demo's application named `name`: its id in the simulator's US data set. */
export function demoAppId(ts: TimesliceTestApi, name: string): number {
  const app = ts.demo.simulator?.datasets.us.apps.find((a) => a.name === name);
  if (!app) {
    throw new Error(`The demo has no application named ${name}`);
  }
  return app.id;
}

/**
 * Binds `folder` to the demo's application `name` as Bind Workspace does, and waits until that binding
 * is in effect and the status poller has the application's record (what lenses and diagnostics start from).
 */
export async function bindDemoApp(ts: TimesliceTestApi, folder: vscode.Uri, name: string): Promise<number> {
  const applicationId = demoAppId(ts, name);
  await vscode.commands.executeCommand('timeslice.bindWorkspace', { applicationId, name, folder });
  await eventually(
    () =>
      ts.status.bindings.all().find((b) => b.folder.uri.toString() === folder.toString())?.binding.id === applicationId
        ? true
        : undefined,
    `${name} bound`,
  );
  await eventually(async () => {
    await ts.status.poller.refreshNow();
    return ts.status.poller.snapshot({ id: applicationId, region: 'demo' })?.app;
  }, `${name}'s record`);
  return applicationId;
}

/** The demo workspace's sample code of `app` (samples/demo-workspace/<app>/…), as the extension ships it. */
export function demoSample(app: string, ...path: string[]): vscode.Uri {
  const root = vscode.extensions.getExtension('timeslice.timeslice')!.extensionPath;
  return vscode.Uri.joinPath(vscode.Uri.file(root), 'samples', 'demo-workspace', app, ...path);
}

/** Copies the sample's `dir` of `app` into `folder`, at the same path (what the demo's stacks name). */
export async function copyDemoSample(app: string, folder: vscode.Uri, dir = 'app'): Promise<void> {
  await vscode.workspace.fs.copy(demoSample(app, dir), vscode.Uri.joinPath(folder, dir), { overwrite: true });
}

/** Undoes a demo suite's set-up: closes the editors, unbinds `folder`, deletes what it wrote there, stops the demo. */
export async function leaveDemoWorkspace(folder: vscode.Uri, written: readonly string[] = ['app']): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder);
  for (const path of written) {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, path), { recursive: true });
  }
  await vscode.commands.executeCommand('timeslice.stopDemo');
}

/**
 * Resolves once every event the workbench had sent the extension host before now has been handled,
 * and the connection rebuild the last of them started has settled: no sleep. A command the workbench
 * runs is a round trip on the same channel as those events (a setting or a secret changed), so its
 * reply comes after them; the connection manager then says when its last rebuild has decided.
 */
export async function settled(ts: TimesliceTestApi): Promise<void> {
  await vscode.commands.executeCommand('setContext', 'timeslice.test.barrier', Date.now());
  await ts.connections.whenSettled();
}

/**
 * Replaces `vscode.window[name]` for the length of `run` (the suite shares the extension's `vscode`
 * object: its bundle lies in the extension's folder), so a command's quick pick, input box or error
 * message answers without a user. Restored even when `run` throws.
 */
export async function withWindowStub<K extends 'showQuickPick' | 'showInputBox' | 'showErrorMessage', T>(
  name: K,
  stub: (...args: unknown[]) => unknown,
  run: () => Promise<T>,
): Promise<T> {
  const window = vscode.window as unknown as Record<K, unknown>;
  const original = window[name];
  window[name] = stub;
  try {
    return await run();
  } finally {
    window[name] = original;
  }
}

/**
 * Answers every input box a command creates (the steps of Set API Key…): `answer` sees the box as the
 * command set it up and returns the text a user types before Enter.
 */
export async function withInputBoxes<T>(answer: (box: vscode.InputBox) => string, run: () => Promise<T>): Promise<T> {
  const window = vscode.window as unknown as { createInputBox: () => vscode.InputBox };
  const original = window.createInputBox;
  window.createInputBox = () => {
    const accepted = new vscode.EventEmitter<void>();
    const hidden = new vscode.EventEmitter<void>();
    const changed = new vscode.EventEmitter<string>();
    const box = {
      value: '',
      title: undefined,
      prompt: undefined,
      placeholder: undefined,
      password: false,
      ignoreFocusOut: false,
      validationMessage: undefined,
      busy: false,
      enabled: true,
      step: undefined,
      totalSteps: undefined,
      buttons: [],
      onDidAccept: accepted.event,
      onDidHide: hidden.event,
      onDidChangeValue: changed.event,
      onDidTriggerButton: new vscode.EventEmitter<never>().event,
      show: () =>
        void Promise.resolve().then(() => {
          box.value = answer(box as unknown as vscode.InputBox);
          changed.fire(box.value);
          accepted.fire();
        }),
      hide: () => hidden.fire(),
      dispose: () => undefined,
    };
    return box as unknown as vscode.InputBox;
  };
  try {
    return await run();
  } finally {
    window.createInputBox = original;
  }
}

/** A metric-data request as the simulator saw it, whichever backend sent it. */
export interface MetricDataRequest {
  names: string[];
  /** One slice for the whole range (REST `summarize=true`; NRQL without TIMESERIES). */
  summarize: boolean;
}

/** NRQL string literals in `text`, unquoted (the backend writes them with nrqlString). */
function nrqlStrings(text: string): string[] {
  return (text.match(/'(?:[^'\\]|\\.)*'/g) ?? []).map((q) => q.slice(1, -1).replace(/\\(.)/g, '$1'));
}

/** The NRQL queries of a recorded NerdGraph request (its `Nrql!` variables). */
function nrqlQueries(requestBody: string | undefined): string[] {
  const variables = (JSON.parse(requestBody ?? '{}') as { variables?: Record<string, unknown> }).variables ?? {};
  return Object.entries(variables)
    .filter(([name, v]) => /^q\d*$/.test(name) && typeof v === 'string')
    .map(([, v]) => v as string);
}

/**
 * The metric-data requests recorded: REST's `/metrics/data` calls, or NerdGraph's NRQL over
 * timeslices by name (`FACET metricTimesliceName`). On NerdGraph, the tree's key-transaction
 * summaries have the same shape as a summarize; a TIMESERIES is always a panel's.
 */
export function metricDataRequests(sim: Simulator): MetricDataRequest[] {
  const out: MetricDataRequest[] = [];
  for (const r of sim.requests) {
    if (r.endpoint === 'metricData') {
      out.push({ names: r.query.getAll('names[]'), summarize: r.query.get('summarize') === 'true' });
    } else if (r.endpoint === 'graphql.nrql') {
      for (const q of nrqlQueries(r.requestBody)) {
        const list = /metricTimesliceName IN \(((?:'(?:[^'\\]|\\.)*'(?:, )?)*)\) FACET metricTimesliceName /.exec(q);
        if (list) {
          out.push({ names: nrqlStrings(list[1]), summarize: !/ TIMESERIES /.test(q) });
        }
      }
    }
  }
  return out;
}

/** The name filters of the metric-name lists recorded (REST `name=`; NRQL `uniques(metricTimesliceName)` with `LIKE '%x%'`). */
export function metricNameFilters(sim: Simulator): Array<string | undefined> {
  const out: Array<string | undefined> = [];
  for (const r of sim.requests) {
    if (r.endpoint === 'metricNames') {
      out.push(r.query.get('name') ?? undefined);
    } else if (r.endpoint === 'graphql.nrql') {
      for (const q of nrqlQueries(r.requestBody).filter((x) => x.includes('uniques(metricTimesliceName'))) {
        const like = /metricTimesliceName LIKE ('(?:[^'\\]|\\.)*')/.exec(q);
        out.push(like ? nrqlStrings(like[1])[0].replace(/^%|%$/g, '') : undefined);
      }
    }
  }
  return out;
}

/** Whether the harness can blur the window (test/integration/run.js can; desktop VS Code's runner cannot). */
export function canSetWindowFocus(): boolean {
  return process.env.TIMESLICE_INTEGRATION_FOCUS !== undefined;
}

/**
 * Focuses or blurs the workbench's window as a switch to another application would: run.js tells the
 * page (through a file it polls), and this waits until the extension host hears of it.
 */
export async function setWindowFocus(focused: boolean): Promise<void> {
  const file = process.env.TIMESLICE_INTEGRATION_FOCUS;
  if (!file) {
    throw new Error('This harness cannot change the window focus (see canSetWindowFocus)');
  }
  // Written whole, then renamed: run.js never reads half a request.
  await fs.writeFile(`${file}.tmp`, JSON.stringify({ focused }));
  await fs.rename(`${file}.tmp`, file);
  const before = vscode.window.state.focused;
  try {
    await eventually(() => (vscode.window.state.focused === focused ? true : undefined), 'the window focus');
  } catch {
    throw new Error(
      `The window did not become ${focused ? 'focused' : 'unfocused'} (it was ${before ? 'focused' : 'unfocused'}; the harness ${existsSync(file) ? 'never took the request' : 'took the request'})`,
    );
  }
}

/** Whether the harness can answer the workbench's own dialogs (test/integration/run.js can). */
export function canAnswerDialog(): boolean {
  return process.env.TIMESLICE_INTEGRATION_DIALOG !== undefined;
}

/**
 * Asks the harness to click `button` in the next workbench dialog (run.js drives the page); the
 * returned function waits until it did and gives the dialog's text.
 */
export async function answerDialog(button: string): Promise<() => Promise<string>> {
  const file = process.env.TIMESLICE_INTEGRATION_DIALOG;
  if (!file) {
    throw new Error('This harness cannot answer dialogs (see canAnswerDialog)');
  }
  await fs.rm(`${file}.seen`, { force: true });
  await fs.writeFile(`${file}.tmp`, JSON.stringify({ button }));
  await fs.rename(`${file}.tmp`, file);
  return () =>
    eventually(async () => {
      try {
        return (JSON.parse(await fs.readFile(`${file}.seen`, 'utf8')) as { text: string }).text;
      } catch {
        return undefined;
      }
    }, 'the dialog answered');
}
