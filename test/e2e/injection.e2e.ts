/**
 * Injection in the real workbench: a cloned repository's settings bind an application whose `name` is
 * a command link. Timeslice must refuse the binding with a notification that says why, show no link
 * anywhere in its notifications, and not show the name in the status bar.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Dataset } from '../../src/simulator/dataset';
import { screenshot, startDemoWorkbench, type Workbench } from './support/workbench';

const HOSTILE = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D) $(zap)';
const web = new Dataset({ seed: 42, apps: 12 }).apps.find((a) => a.name === 'storefront-web')!;

describe('hostile workspace settings in the real workbench', () => {
  let wb: Workbench;

  before(async () => {
    wb = await startDemoWorkbench();
  });

  after(async () => {
    await wb?.close();
  });

  it('refuses a binding named with link syntax: a plain notification, no link, nothing bound', async () => {
    await wb.statusBar.waitForItem('Bind application');
    // Region "us" while the demo is connected: before the fix, clicking the item showed the name in a
    // warning, where VS Code turned it into a link that runs the command.
    fs.mkdirSync(path.join(wb.workspaceFolder, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(wb.workspaceFolder, '.vscode', 'settings.json'), JSON.stringify({
      'timeslice.boundApplication': { id: web.id, region: 'us', name: HOSTILE },
    }, null, 2));
    const toast = await wb.notifications.waitFor(/not a plain application name/, 30_000);
    await screenshot(wb.page, 'injection-binding-refused');
    assert.equal(await toast.locator('.notification-list-item-message a').count(), 0, 'the refusal notification has a link');
    // The binding is ignored: the item still offers to bind, and clicking it opens the picker, not a warning.
    await wb.statusBar.click('Bind application');
    await wb.page.locator('.quick-input-widget').waitFor({ state: 'visible', timeout: 15_000 });
    await wb.page.keyboard.press('Escape');
    const links = wb.page.locator('.notifications-toasts .notification-list-item-message a');
    assert.equal(await links.count(), 0, `links in notifications: ${(await links.allInnerTexts()).join(' | ')}`);
    assert.ok(!(await wb.notifications.messages()).some((m) => m.includes('command:')), 'a notification shows the hostile name');
    assert.equal(await wb.page.locator('.statusbar-item .codicon-zap').count(), 0, 'the status bar renders the name\'s icon');
  });
});
