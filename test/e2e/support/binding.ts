/** Binding the workspace to an application, as a user does it or as the demo's sample workspace is. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { startDemoWorkbench, type Workbench } from './workbench';
import { APDEX_ITEM } from './apdexItem';

const BIND_COMMAND = 'Timeslice: Bind Workspace to Application…';

/** By keyboard: palette → bind command → pick the application. */
export async function bindByPalette(wb: Workbench, app: string): Promise<void> {
  await wb.quickInput.openCommandPalette();
  await wb.quickInput.choose(`>${BIND_COMMAND}`, BIND_COMMAND);
  await wb.quickInput.choose(app, app, { title: 'Bind Workspace to Application' });
  await wb.quickInput.waitForClosed();
}

/**
 * A demo workbench (`options` as startDemoWorkbench takes them) whose folder holds `app`'s sample code
 * (samples/demo-workspace/<name>/app) and whose settings bind it to `app`, as the demo's sample workspace
 * is: ready once the status bar shows the application's Apdex.
 */
export async function sampleWorkbench(
  app: { id: number; name: string },
  options: Parameters<typeof startDemoWorkbench>[0] = {},
): Promise<Workbench> {
  const wb = await startDemoWorkbench(options);
  writeSample(wb.workspaceFolder, app);
  await wb.statusBar.waitForItem(APDEX_ITEM, 30_000);
  return wb;
}

/** `app`'s sample code (samples/demo-workspace/<name>/app) in `folder`, and the folder's settings binding it to `app`. */
export function writeSample(folder: string, app: { id: number; name: string }): void {
  const sample = path.join(__dirname, '..', '..', '..', 'samples', 'demo-workspace', app.name);
  fs.cpSync(path.join(sample, 'app'), path.join(folder, 'app'), { recursive: true });
  fs.mkdirSync(path.join(folder, '.vscode'), { recursive: true });
  fs.writeFileSync(
    path.join(folder, '.vscode', 'settings.json'),
    JSON.stringify({ 'timeslice.boundApplication': { id: app.id, region: 'demo', name: app.name } }),
  );
}
