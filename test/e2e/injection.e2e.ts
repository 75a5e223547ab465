/**
 * Injection in the real workbench: a cloned repository's settings bind an application whose `name` is
 * a command link. Timeslice must refuse the binding with a notification that says why, show no link
 * anywhere in its notifications, and not show the name in the status bar.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { Simulator } from '../../src/simulator/server';
import { panelFrame } from './support/panels';
import { screenshot, startDemoWorkbench, startWorkbench, type Workbench } from './support/workbench';

const HOSTILE = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D) $(zap)';
const web = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name === 'storefront-web')!;

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
    fs.writeFileSync(
      path.join(wb.workspaceFolder, '.vscode', 'settings.json'),
      JSON.stringify(
        {
          'timeslice.boundApplication': { id: web.id, region: 'us', name: HOSTILE },
        },
        null,
        2,
      ),
    );
    const toast = await wb.notifications.waitFor(/not a plain application name/, 30_000);
    await screenshot(wb.page, 'injection-binding-refused');
    assert.equal(
      await toast.locator('.notification-list-item-message a').count(),
      0,
      'the refusal notification has a link',
    );
    // The binding is ignored: the item still offers to bind, and clicking it opens the picker, not a warning.
    await wb.statusBar.click('Bind application');
    await wb.page.locator('.quick-input-widget').waitFor({ state: 'visible', timeout: 15_000 });
    await wb.page.keyboard.press('Escape');
    const links = wb.page.locator('.notifications-toasts .notification-list-item-message a');
    assert.equal(await links.count(), 0, `links in notifications: ${(await links.allInnerTexts()).join(' | ')}`);
    assert.ok(
      !(await wb.notifications.messages()).some((m) => m.includes('command:')),
      'a notification shows the hostile name',
    );
    assert.equal(
      await wb.page.locator('.statusbar-item .codicon-zap').count(),
      0,
      "the status bar renders the name's icon",
    );
  });
});

/** Names as a hostile or broken service could send them; the simulator runs in this process. */
const LINK_NAME = '[Run](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D) $(zap)';
const HTML_NAME = '<img src=x onerror=alert(1)> **b** $(flame)';
const strip = (s: string) => s.replace(/\u200b/g, '');

describe('hostile application names from the service in the real workbench', () => {
  let wb: Workbench;
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ seed: 23, apps: 3 });
    const apps = sim.datasets.us.apps;
    apps[0].name = LINK_NAME;
    apps[1].name = HTML_NAME;
    wb = await startWorkbench({
      settings: {
        'timeslice.region': 'custom',
        'timeslice.customBaseUrl': sim.baseUrls.us,
        'timeslice.caCertificatePath': sim.certPath,
      },
    });
    await wb.sidebar.open();
    await wb.quickInput.runCommand('Timeslice: Set API Key…');
    await wb.quickInput.pick('Custom base URL');
    await wb.quickInput.widget
      .locator('.quick-input-title', { hasText: 'Custom base URL' })
      .waitFor({ timeout: 10_000 });
    await wb.quickInput.enter();
    await wb.quickInput.widget.locator('.quick-input-box input[type="password"]').waitFor({ timeout: 10_000 });
    await wb.quickInput.type('Set API Key: Custom base URL', sim.keys.us);
    await wb.quickInput.enter();
    await wb.sidebar.waitForRows(apps.length);
  });

  after(async () => {
    await wb?.close();
    await sim?.stop();
  });

  it('the tree, the quick pick, its title and the status-bar message show the names literally: no icon, no link', async () => {
    const labels = await wb.sidebar.rowLabels();
    assert.ok(labels.includes(LINK_NAME) && labels.includes(HTML_NAME), `tree labels: ${labels.join(' | ')}`);
    await wb.quickInput.runCommand('Timeslice: Show Application Summary…');
    const items = wb.quickInput.items;
    await items.filter({ hasText: 'onerror' }).first().waitFor({ timeout: 15_000 });
    const texts = (await wb.quickInput.widget.locator('.monaco-list-row .label-name').allInnerTexts()).map(strip);
    assert.ok(
      texts.some((t) => t.includes(LINK_NAME)),
      `pick labels: ${texts.join(' | ')}`,
    );
    assert.ok(
      texts.some((t) => t.includes(HTML_NAME)),
      `pick labels: ${texts.join(' | ')}`,
    );
    const widget = wb.quickInput.widget;
    assert.equal(
      await widget.locator('.codicon-zap, .codicon-flame').count(),
      0,
      'a name rendered as an icon in the pick',
    );
    assert.equal(
      await widget.locator('a[href*="command:"], img').count(),
      0,
      'a name rendered as a link or an image in the pick',
    );
    await screenshot(wb.page, 'injection-pick');
    // Choose the application named with link syntax: the next pick has the name as its title.
    await wb.quickInput.input.fill('Run');
    await wb.page.keyboard.press('Enter');
    const title = widget.locator('.quick-input-title');
    await title.filter({ hasText: 'command:' }).waitFor({ timeout: 15_000 });
    assert.equal(strip(await title.innerText()), LINK_NAME);
    assert.equal(await widget.locator('.codicon-zap').count(), 0, "the title renders the name's icon");
    await wb.quickInput.choose('Copy ID', 'Copy ID');
    const message = await wb.statusBar.waitForItem(/Copied the ID of/);
    assert.equal(await message.locator('.codicon-zap').count(), 0, "the status-bar message renders the name's icon");
    assert.ok(strip(await message.innerText()).includes(LINK_NAME));
    await screenshot(wb.page, 'injection-status-message');
    assert.deepEqual(wb.pageErrors, []);
  });

  it('a panel and its table view show the names literally, with no element made from them and no CSP violation', async () => {
    const violations: string[] = [];
    wb.page.on('console', (m) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) {
        violations.push(m.text());
      }
    });
    await wb.page.mouse.move(900, 600);
    await wb.sidebar.row(HTML_NAME).locator('.label-name').click();
    const frame = await panelFrame(wb.page, 'Application', HTML_NAME);
    assert.equal(await frame.locator('h1').innerText(), HTML_NAME);
    await frame.locator('vscode-button', { hasText: 'Table' }).click();
    await frame.locator('table caption').first().waitFor({ timeout: 30_000 });
    const made = await frame
      .locator('img, a[href], b')
      .evaluateAll((els) => els.map((e) => (e as unknown as { outerHTML: string }).outerHTML.slice(0, 120)));
    assert.deepEqual(made, [], 'an element made from the name');
    assert.ok((await frame.locator('body').innerText()).includes(HTML_NAME), 'the name shows as text');
    await screenshot(wb.page, 'injection-panel-table');
    assert.deepEqual(violations, [], 'CSP violations in the page or its webviews');
    assert.deepEqual(wb.pageErrors, []);
  });
});
