/** Binding the workspace to an application, as a user does it. */
import type { Workbench } from './workbench';

const BIND_COMMAND = 'Timeslice: Bind Workspace to Application…';

/** By keyboard: palette → bind command → pick the application. */
export async function bindByPalette(wb: Workbench, app: string): Promise<void> {
  await wb.quickInput.openCommandPalette();
  await wb.quickInput.choose(`>${BIND_COMMAND}`, BIND_COMMAND);
  await wb.quickInput.choose(app, app, { title: 'Bind Workspace to Application' });
  await wb.quickInput.waitForClosed();
}
