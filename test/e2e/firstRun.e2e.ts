/**
 * The first run of the package a user installs (`npm run package`, installed with code-server's
 * `--install-extension`, no test switch): Try the Demo, Open the Demo's Code (a new window on a copy
 * of the sample workspace, the demo started there by itself), a controller with a lens of numbers; and
 * the walkthrough's steps for the numbers above the code, what changed and what is firing each open
 * what they describe. Also the pictures of those steps, in both themes (TIMESLICE_UPDATE_SCREENSHOTS=1
 * writes them to media/walkthrough/).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Page } from 'playwright-core';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { packageVsix } from './support/packagedVsix';
import { openPanelByRow } from './support/panels';
import { publishScreenshot, screenshot, startDemoWorkbench, startWorkbench, type Theme } from './support/workbench';
import type { Workbench } from './support/workbench';
import { APDEX_ITEM } from './support/apdexItem';
import { waitForFocus } from './support/focus';

const ROOT = path.join(__dirname, '..', '..');
const WALKTHROUGH_TITLE = 'Get started with Timeslice';
const SMALL = { width: 1100, height: 700 };
/** A lens with numbers: `84 ms · 1.2k rpm · 0.4 % errors · 30 min`. */
const NUMBERS_LENS = /\d ms · [\d.,k]+ rpm · [\d.]+ % errors · /;
/** The package stays under 2 MB, pictures and the sample workspace included. */
const MAX_VSIX_BYTES = 2_000_000;

function walkthroughPage(page: Page) {
  return page.locator('.gettingStartedContainer').filter({ hasText: WALKTHROUGH_TITLE }).first();
}

/** Opens the walkthrough step titled `title` and clicks its button `button`. */
async function runStepButton(page: Page, title: string, button: string): Promise<void> {
  const walkthrough = walkthroughPage(page);
  await walkthrough.waitFor({ state: 'visible', timeout: 30_000 });
  await walkthrough.locator('.getting-started-step', { hasText: title }).first().click();
  const link = walkthrough.locator('.getting-started-step.expanded .button-link, .getting-started-step.expanded a', {
    hasText: button,
  });
  await link.first().waitFor({ state: 'visible', timeout: 15_000 });
  await link.first().click();
}

describe('the packaged extension, installed as a user installs it', () => {
  let wb: Workbench | undefined;
  let vsix: string | undefined;

  after(async () => {
    await wb?.close();
    if (vsix) {
      fs.rmSync(path.dirname(vsix), { recursive: true, force: true });
    }
  });

  it("Try the Demo, Open the Demo's Code: a new window on the sample code, a controller with numbers above its actions", async function () {
    this.timeout(300_000);
    vsix = packageVsix();
    const size = fs.statSync(vsix).size;
    assert.ok(size < MAX_VSIX_BYTES, `the vsix is ${size} bytes`);
    // No test switch: the production build, as installed.
    wb = await startWorkbench({ vsix, env: { TIMESLICE_TEST_HARNESS: undefined }, viewport: SMALL });
    await wb.sidebar.open();
    await wb.sidebar.clickWelcomeButton('Try the Demo', 30_000);
    // A first demo asks which API it speaks, and the question outlasts the focus moving elsewhere (the
    // walkthrough that opened by itself takes it once its page is built, however late that comes).
    const question = wb.quickInput.widget.locator('.quick-input-title', { hasText: /^\s*Start Demo\s*$/ });
    await question.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.locator('.part.sidebar .composite.title').click();
    await waitForFocus(wb.page, '.quick-input-widget', false);
    assert.ok(await question.isVisible(), 'Start Demo still asks after the focus left it');
    await wb.quickInput.choose('REST API v2', 'REST API v2', { title: 'Start Demo', timeoutMs: 30_000 });
    await wb.sidebar.waitForRows(5);
    await screenshot(wb.page, 'firstrun-demo-started');

    const opened = wb.page.context().waitForEvent('page', { timeout: 60_000 });
    // A row's tooltip (the pointer rests on the tree) would take the click.
    await wb.page.mouse.move(700, 600);
    await wb.page.keyboard.press('Escape');
    await wb.page.locator('.part.sidebar .action-label[aria-label="Open the Demo\'s Code"]').first().click();
    const code = await opened;
    await code.waitForLoadState('domcontentloaded');
    assert.match(
      decodeURIComponent(code.url()),
      /workspace=.*\/globalStorage\/timeslice\.timeslice\/demo-code\/[^/]+\/demo\.code-workspace/,
    );
    await code.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
    // The copy opens its controller, and the demo runs in that window: numbers above the actions.
    await code.locator('.tabs-container .tab', { hasText: 'orders_controller.rb' }).waitFor({ timeout: 120_000 });
    const lens = code.locator('.codelens-decoration a', { hasText: NUMBERS_LENS }).first();
    await lens.waitFor({ state: 'visible', timeout: 60_000 });
    assert.match(await lens.innerText(), NUMBERS_LENS);
    await screenshot(code, 'firstrun-demo-code-lens');

    // Another controller opened by the user has its numbers too.
    await code.keyboard.press('Control+P');
    await code.locator('.quick-input-widget input').fill('storefront-web carts_controller.rb');
    await code
      .locator('.quick-input-list .monaco-list-row.focused', { hasText: 'carts_controller.rb' })
      .waitFor({ timeout: 15_000 });
    await code.keyboard.press('Enter');
    await code.locator('.tabs-container .tab.active', { hasText: 'carts_controller.rb' }).waitFor({ timeout: 30_000 });
    await code.locator('.codelens-decoration a', { hasText: NUMBERS_LENS }).first().waitFor({ timeout: 60_000 });
    await screenshot(code, 'firstrun-demo-code-second-file');
    await code.close();
  });

  it('the walkthrough: what changed opens a dashboard around a deployment, what is firing the open alerts', async function () {
    this.timeout(180_000);
    assert.ok(wb, 'the workbench of the test before');
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>Timeslice: Open Walkthrough', 'Timeslice: Open Walkthrough');
    const text = await walkthroughPage(wb.page).innerText({ timeout: 30_000 });
    for (const step of [
      'See the numbers above the code',
      'See what changed',
      'See what is firing',
      'See production errors at the line',
      "Ask the editor's agent",
    ]) {
      assert.ok(text.includes(step), `step "${step}"`);
    }

    await runStepButton(wb.page, 'See what changed', 'Show a Deployment on the Demo');
    // The production build has no test hooks: the panel is found by what it shows (a webview is two frames deep).
    const dashboard = wb.page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    await dashboard.locator('h1', { hasText: 'search-gateway' }).waitFor({ timeout: 60_000 });
    const note = dashboard.locator('.summary-note');
    await note.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await note.innerText(), / since \S+ \(/);
    assert.notEqual(await dashboard.locator('select[aria-label="Around a deployment"]').inputValue(), '');
    await screenshot(wb.page, 'firstrun-walkthrough-changes');

    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>Timeslice: Open Walkthrough', 'Timeslice: Open Walkthrough');
    await runStepButton(wb.page, 'See what is firing', 'Show Open Alerts on the Demo');
    const group = wb.sidebar.row('Open alerts (2)');
    await group.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await group.getAttribute('aria-expanded'), 'true');
    // The group's children load after it expands: wait for its first alert row, then check it.
    const alert = wb.sidebar.rows.locator('.label-name', { hasText: /^search-gateway: Apdex/ }).first();
    await alert.waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok(
      (await wb.sidebar.rowLabels()).some((l) => l.startsWith('search-gateway: Apdex')),
      'its alerts are listed',
    );
    await screenshot(wb.page, 'firstrun-walkthrough-alerts');

    // The numbers above the code: its button opens the demo's code in a new window.
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>Timeslice: Open Walkthrough', 'Timeslice: Open Walkthrough');
    const opened = wb.page.context().waitForEvent('page', { timeout: 60_000 });
    await runStepButton(wb.page, 'See the numbers above the code', "Open the Demo's Code");
    const code = await opened;
    assert.match(decodeURIComponent(code.url()), /\/demo-code\/[^/]+\/demo\.code-workspace/);
    await code.close();
  });
});

for (const { theme, slug } of [
  { theme: 'Default Dark Modern' as Theme, slug: 'dark' },
  { theme: 'Default Light Modern' as Theme, slug: 'light' },
]) {
  describe(`pictures for the walkthrough's lenses, changes and alerts (${theme})`, () => {
    let wb: Workbench | undefined;

    after(async () => {
      await wb?.close();
    });

    it('lenses above a controller, a dashboard around a deployment, the open alerts', async function () {
      this.timeout(240_000);
      wb = await startDemoWorkbench({ theme, names: 'demo', viewport: SMALL });
      const web = new Dataset({ ...DEMO_TEST_DATA_SET, names: 'demo' }).apps.find((a) => a.name === 'storefront-web')!;
      const sample = path.join(ROOT, 'samples', 'demo-workspace', 'storefront-web');
      fs.cpSync(sample, wb.workspaceFolder, { recursive: true });
      await wb.statusBar.waitForItem(APDEX_ITEM, 30_000);
      await wb.page.mouse.move(900, 600);
      await wb.page.keyboard.press('Escape');

      // What is firing: search-gateway's open alerts in the view, beside its Apdex.
      await wb.sidebar.expand('search-gateway');
      await wb.sidebar.expand('Open alerts (2)');
      await wb.page.mouse.move(900, 650);
      await publishScreenshot(wb.page, `media/walkthrough/alerts-${slug}.png`, { part: '.part.sidebar' });

      // What changed: the dashboard around search-gateway's last deployment.
      const frame = await openPanelByRow(wb, 'search-gateway', 'Application');
      const around = frame.locator('select[aria-label="Around a deployment"]');
      await around.waitFor({ state: 'visible', timeout: 15_000 });
      const values = await around
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value).filter((v) => v !== ''));
      await around.selectOption(values[0]);
      await frame.locator('.summary-note').waitFor({ state: 'visible', timeout: 15_000 });
      await frame.locator('canvas[data-deployment-x]').first().waitFor({ timeout: 15_000 });
      await wb.page.mouse.move(900, 650);
      await publishScreenshot(wb.page, `media/walkthrough/changes-${slug}.png`, { part: '.part.editor' });

      // The numbers above the code: storefront-web's orders controller in a folder bound to it.
      await wb.page
        .locator('.tabs-container .tab', { hasText: 'search-gateway' })
        .locator('.codicon-close')
        .first()
        .click();
      assert.equal(web.id, 1000013);
      await wb.page.keyboard.press('Control+P');
      await wb.quickInput.choose('orders_controller.rb', 'orders_controller.rb');
      await wb.page.locator('.codelens-decoration a', { hasText: NUMBERS_LENS }).first().waitFor({ timeout: 30_000 });
      await wb.page.mouse.move(900, 650);
      await publishScreenshot(wb.page, `media/walkthrough/lenses-${slug}.png`, { part: '.part.editor' });
    });
  });
}
