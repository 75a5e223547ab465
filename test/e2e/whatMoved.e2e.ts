/**
 * What Moved at a Deployment in the real workbench: a folder holding the demo's storefront-web with its git
 * history (a commit per deployment of the demo's story, docs/impact.md) and bound to it, the story on (the
 * harness's `story`) with the data clock as the suite sets it. The deployment row's action and the palette
 * open the page at 545143b, whose top mover is Controller/orders/show with OrdersController#show changed in
 * it (whose link opens its line); the status bar says the latest deployment, 0922c08, made things worse,
 * and its tooltip's link opens What Moved there. The README's pictures of the page are taken in both themes.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { FrameLocator, Page } from 'playwright-core';

import { writeDemoRepositories } from '../../src/demo/demoRepositories';
import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { Sidebar } from './support/pageObjects/sidebar';
import { exactly } from './support/text';
import { publishScreenshot, screenshot, startDemoWorkbench, type Theme, type Workbench } from './support/workbench';

const APP = 'storefront-web';
const app = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name === APP)!;
const COMMAND = 'Timeslice: What Moved at a Deployment…';
/** The status bar's Apdex with the latest deployment's verdict beside it (statusModel.ts). */
const VERDICT_ITEM = /^\s*0\.\d\d\s+Worse\s*$/;

/**
 * The demo's storefront-web as a git repository of the story's commits; its own settings (part of the history)
 * bind it to the application, so the working tree stays clean.
 */
function writeStoryFolder(folder: string): void {
  const sample = path.join(__dirname, '..', '..', 'samples', 'demo-workspace', APP);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-story-'));
  try {
    fs.cpSync(sample, path.join(scratch, APP), { recursive: true });
    writeDemoRepositories(scratch);
    fs.cpSync(path.join(scratch, APP), folder, { recursive: true });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const settings = JSON.parse(fs.readFileSync(path.join(folder, '.vscode', 'settings.json'), 'utf8')) as {
    'timeslice.boundApplication': { id: number };
  };
  assert.equal(settings['timeslice.boundApplication'].id, app.id, "the sample's binding is the demo's application");
}

/** A demo workbench on the story's folder, ready once the status bar shows the latest deployment's verdict. */
async function storyWorkbench(
  options: { theme?: Theme; names?: 'test' | 'demo'; storyUntil?: string } = {},
): Promise<Workbench> {
  const { storyUntil, ...rest } = options;
  const wb = await startDemoWorkbench({
    ...rest,
    harness: { demoStory: true, ...(storyUntil ? { demoStoryUntil: storyUntil } : {}) },
    prepare: writeStoryFolder,
  });
  await wb.statusBar.waitForItem(VERDICT_ITEM, 60_000);
  return wb;
}

/**
 * The What Moved page titled `title`, once its rows are drawn: the visible webview's inner frame (a webview
 * is two frames deep; a panel behind another tab keeps no visible frame).
 */
async function impactPage(page: Page, title: string): Promise<FrameLocator> {
  const tab = page.locator('.tabs-container .tab.active', { hasText: exactly(title) });
  await tab.waitFor({ state: 'visible', timeout: 60_000 });
  const frame = page.frameLocator('iframe.webview >> visible=true').frameLocator('iframe#active-frame');
  await frame.locator('main.impact tbody tr').first().waitFor({ state: 'attached', timeout: 60_000 });
  return frame;
}

/** The page's rows, top to bottom: name, status, and the code in the range. */
async function rowsOf(frame: FrameLocator): Promise<Array<{ name: string; status: string; code: string }>> {
  const rows = frame.locator('main.impact tbody tr');
  const out: Array<{ name: string; status: string; code: string }> = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    out.push({
      name: (await row.locator('th.name').innerText()).trim(),
      status: (await row.locator('.badge').innerText()).trim(),
      code: ((await row.locator('td.code').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
    });
  }
  return out;
}

/** Expands storefront-web's Deployments and answers the row of `revision`. */
async function deploymentRow(wb: Workbench, revision: string) {
  await wb.sidebar.expand(APP);
  await wb.sidebar.expand('Deployments');
  const row = wb.sidebar.row(revision);
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  return row;
}

/** Asserts what the page at 545143b shows: Controller/orders/show first, worse, its method changed in 545143b. */
async function assert545143b(frame: FrameLocator): Promise<void> {
  const rows = await rowsOf(frame);
  assert.equal(rows[0]?.name, 'Controller/orders/show', rows.map((r) => r.name).join(' | '));
  assert.match(rows[0].status, /^worse$/i);
  assert.match(rows[0].code, /OrdersController#show at app\/controllers\/orders_controller\.rb:\d+, in 545143b /);
  assert.match(await frame.locator('section.verdict h2').innerText(), /^worse$/i);
}

describe("What Moved at a deployment in the real workbench, on the demo's story", () => {
  let wb: Workbench;

  before(async () => {
    wb = await storyWorkbench();
  });

  after(async () => {
    await wb?.close();
  });

  it("the deployment row's inline action opens the page: Controller/orders/show worse, OrdersController#show changed in 545143b", async () => {
    const row = await deploymentRow(wb, '545143b');
    await row.hover();
    const action = row.locator(`.actions .action-label[aria-label="What Moved at a Deployment…"]`);
    await action.waitFor({ state: 'visible', timeout: 10_000 });
    await action.click();
    const frame = await impactPage(wb.page, `What moved: ${APP} 545143b`);
    await assert545143b(frame);
    await screenshot(wb.page, 'what-moved-row-action');
    assert.deepEqual(wb.pageErrors, []);
  });

  it("the status bar says the latest deployment's verdict, Worse, and its tooltip's link opens What Moved at 0922c08", async () => {
    const item = await wb.statusBar.waitForItem(VERDICT_ITEM);
    const label = (await wb.statusBar.ariaLabel(VERDICT_ITEM)) ?? '';
    assert.match(label, /, Worse since 0922c08/, label);
    await item.hover();
    const tip = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Since 0922c08: Worse' }).first();
    await tip.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await tip.innerText(), /Controller\/orders\/create: errors /);
    await screenshot(wb.page, 'what-moved-status-tooltip');
    await tip.locator('a', { hasText: exactly('What Moved at 0922c08') }).click();
    const frame = await impactPage(wb.page, `What moved: ${APP} 0922c08`);
    const rows = await rowsOf(frame);
    assert.equal(rows[0]?.name, 'Controller/orders/create', rows.map((r) => r.name).join(' | '));
    assert.match(rows[0].status, /^worse$/i);
    // Its change is in the job orders/create queues, not in its own method (docs/impact.md, the demo's story).
    assert.doesNotMatch(rows[0].code, /OrdersController#create/);
    assert.match(await frame.locator('section.code').innerText(), /app\/jobs\/invoice_reminder_job\.rb/);
    await screenshot(wb.page, 'what-moved-from-status');
    assert.deepEqual(wb.pageErrors, []);
  });

  it('by keyboard: the palette command, the bound application and the deployment picked, opens the page at 545143b', async () => {
    await wb.quickInput.runCommand('View: Close All Editors');
    await wb.page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 15_000 });
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose(`>${COMMAND}`, COMMAND);
    await wb.quickInput.choose(APP, APP, { title: 'What moved at a deployment of which application?' });
    await wb.quickInput.choose('545143b', '545143b', { title: `Which deployment of "${APP}"?` });
    const frame = await impactPage(wb.page, `What moved: ${APP} 545143b`);
    await assert545143b(frame);
    await screenshot(wb.page, 'what-moved-palette');
    assert.deepEqual(wb.pageErrors, []);
  });

  it("the changed method's link, by keyboard, opens OrdersController#show at its line", async () => {
    const frame = await impactPage(wb.page, `What moved: ${APP} 545143b`);
    const link = frame
      .locator('main.impact tbody tr')
      .first()
      .locator('td.code a', { hasText: 'OrdersController#show' });
    const [, line] = /orders_controller\.rb:(\d+)/.exec(await link.innerText()) ?? [];
    assert.ok(line, 'the link names the line');
    await link.focus();
    await link.press('Enter');
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: exactly('orders_controller.rb') })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await wb.statusBar.waitForItem(new RegExp(`^\\s*Ln ${line}, Col 1\\s*$`), 30_000);
    assert.deepEqual(wb.pageErrors, []);
  });

  it('an edit of OrdersController#show: the Change Impact view names it with Controller/orders/show, and Copy as Markdown copies it', async () => {
    const file = path.join(wb.workspaceFolder, 'app', 'controllers', 'orders_controller.rb');
    const source = fs.readFileSync(file, 'utf8');
    assert.match(source, / {2}def show\n/);
    fs.writeFileSync(file, source.replace('  def show\n', '  def show\n    @shown_at = Time.current\n'));
    const view = new Sidebar(wb.page, 'Timeslice', 'Change Impact');
    const header = wb.page.locator('.part.sidebar .pane-header[aria-label^="Change Impact"]');
    if ((await header.getAttribute('aria-expanded')) !== 'true') {
      await header.click();
    }
    // The git extension notices the save, the view loads again (debounced): the method, its transaction under it.
    await view.row('OrdersController.show').waitFor({ state: 'visible', timeout: 60_000 });
    await view.row('Controller/orders/show').waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(wb.page, 'change-impact-after-edit');
    const origin = new URL(wb.page.url()).origin;
    await wb.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await header.hover();
    await header.locator('.action-label[aria-label="Copy Change Impact as Markdown"]').click();
    await wb.notifications.waitFor('Copied what the change will touch as Markdown.');
    const copied = await wb.page.evaluate<string>('navigator.clipboard.readText()');
    assert.match(copied, /^\*\*Timeslice\*\* \(Working tree against HEAD, [^)]*\): touches code serving /);
    assert.match(
      copied,
      /\| OrdersController\\\.show \(app\/controllers\/orders\\_controller\\\.rb:\d+\) \| Controller\/orders\/show \|/,
    );
    assert.deepEqual(wb.pageErrors, []);
  });
});

describe('the latest deployment changed the method it slowed: its lens and hover in the real workbench', () => {
  let wb: Workbench;

  before(async () => {
    // The story stops at 545143b, which is then the latest: it changed OrdersController#show and slowed its transaction.
    wb = await storyWorkbench({ storyUntil: '545143b' });
  });

  after(async () => {
    await wb?.close();
  });

  it('"since 545143b · changed in 545143b" above def show; its hover says both windows and links to What Moved', async () => {
    await wb.page.keyboard.press('Control+P');
    await wb.quickInput.choose('orders_controller.rb', 'orders_controller.rb');
    const since = wb.page.locator('.codelens-decoration a', { hasText: /since 545143b · changed in 545143b/ }).first();
    await since.waitFor({ state: 'visible', timeout: 60_000 });
    assert.match(await since.innerText(), /^\+\d+ ms avg since 545143b · changed in 545143b$/);
    await screenshot(wb.page, 'since-lens');
    await wb.page
      .locator('.view-line', { hasText: /def\s+show/ })
      .locator('span', { hasText: 'show' })
      .last()
      .hover();
    const hover = wb.page.locator('.monaco-hover', { hasText: 'What Moved at 545143b' }).first();
    await hover.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await hover.innerText(), /Controller\/orders\/show: \d+ ms → \d+ ms avg, errors /);
    await screenshot(wb.page, 'since-hover');
    await hover.locator('a', { hasText: exactly('What Moved at 545143b') }).click();
    const frame = await impactPage(wb.page, `What moved: ${APP} 545143b`);
    await assert545143b(frame);
    assert.deepEqual(wb.pageErrors, []);
  });
});

for (const { theme, slug } of [
  { theme: 'Default Dark Modern' as Theme, slug: 'dark' },
  { theme: 'Default Light Modern' as Theme, slug: 'light' },
]) {
  describe(`pictures for the README: What Moved at a deployment (${theme})`, () => {
    let wb: Workbench;

    after(async () => {
      await wb?.close();
    });

    it('the page at 545143b: the regression first, with the method it changed', async () => {
      wb = await storyWorkbench({ theme, names: 'demo' });
      const row = await deploymentRow(wb, '545143b');
      await row.hover();
      await row.locator(`.actions .action-label[aria-label="What Moved at a Deployment…"]`).click();
      const frame = await impactPage(wb.page, `What moved: ${APP} 545143b`);
      await assert545143b(frame);
      // The pointer off the tree, so the picture shows no hover.
      await wb.page.mouse.move(900, 860);
      await publishScreenshot(wb.page, `media/screenshots/${slug}-what-moved.png`);
    });
  });
}
