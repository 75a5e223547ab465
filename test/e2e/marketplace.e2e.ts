/**
 * What a user sees before the first click: the walkthrough (opened once, with its steps) and
 * the pictures the README and the walkthrough ship, taken from the product itself in the demo as a
 * user sees it (plausible names). Run with TIMESLICE_UPDATE_SCREENSHOTS=1 to refresh the committed
 * pictures in media/; without it the pictures go to .vscode-test/screenshots only, and the test
 * checks that every picture the README and the manifest name is committed.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Dataset } from '../../src/simulator/dataset';
import { sampleWorkbench } from './support/binding';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { openFromPalette, searchExplorer } from './support/panels';
import {
  publishScreenshot,
  screenshot,
  startDemoWorkbench,
  startWorkbench,
  type Theme,
  type Workbench,
} from './support/workbench';
import { APDEX_ITEM } from './support/apdexItem';
import { waitForFocus } from './support/focus';

const ROOT = path.join(__dirname, '..', '..');
const WALKTHROUGH_TITLE = 'Get started with Timeslice';
const SMALL = { width: 1100, height: 700 };

/** Selects the walkthrough editor's page, whichever way VS Code 1.100 renders its header. */
function walkthroughPage(wb: Workbench) {
  return wb.page.locator('.gettingStartedContainer').filter({ hasText: WALKTHROUGH_TITLE }).first();
}

describe('the walkthrough', () => {
  let wb: Workbench | undefined;

  afterEach(async () => {
    await wb?.close();
    wb = undefined;
  });

  it('opens by itself on the first start, with its steps, and not again after a reload', async () => {
    wb = await startWorkbench({ harness: { demoNames: 'test' }, viewport: SMALL });
    // The view is what activates the extension on a first start.
    await wb.sidebar.open();
    const page = walkthroughPage(wb);
    await page.waitFor({ state: 'visible', timeout: 30_000 });
    const text = await page.innerText();
    for (const step of [
      'Production numbers at your code: set an API key, or try the demo',
      'See your applications',
      'See the numbers above the code',
      'See what changed',
      'See what is firing',
      'See production errors at the line',
      'Open a dashboard',
      'Bind this workspace for the status bar',
      'Ask from the command palette',
      "Ask the editor's agent",
    ]) {
      assert.ok(text.includes(step), `step "${step}" in ${text.slice(0, 400)}`);
    }
    // The view opened first and is visible: "See your applications" is ticked (onView alone left it unticked).
    await page
      .locator('.getting-started-step [data-done-step-id$="#applications"][aria-checked="true"]')
      .waitFor({ state: 'attached', timeout: 15_000 });
    await screenshot(wb.page, 'walkthrough-dark');
    // VS Code focuses the walkthrough's step once its page is built: a palette opened before that would close.
    await waitForFocus(wb.page, '.gettingStartedContainer', true);
    // Close it and reload: it was shown once and stays closed.
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>View: Close All Editors', 'View: Close All Editors');
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>Developer: Reload Window', 'Developer: Reload Window');
    await wb.page.waitForEvent('load', { timeout: 60_000 });
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await wb.sidebar.open();
    await wb.sidebar.welcomeButton('Set API Key').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await walkthroughPage(wb).count(), 0, 'the walkthrough did not open again');
    // …and it opens when asked.
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>Timeslice: Open Walkthrough', 'Timeslice: Open Walkthrough');
    await walkthroughPage(wb).waitFor({ state: 'visible', timeout: 30_000 });
  });

  it('never takes the keyboard: Set API Key, typed key by key while it opens, keeps every character', async () => {
    wb = await startWorkbench({ harness: { demoNames: 'test' }, viewport: SMALL });
    await wb.sidebar.open();
    // As fast as a user: the button shows before activation has finished and the walkthrough opened.
    await wb.sidebar.clickWelcomeButton('Set API Key');
    await wb.quickInput.widget
      .locator('.quick-input-title', { hasText: 'Set API Key: region' })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.keyboard.type('EU', { delay: 60 });
    await wb.quickInput.waitForFocused('EU');
    await wb.page.keyboard.press('Enter');
    await wb.quickInput.widget
      .locator('.quick-input-title', { hasText: 'Set API Key: EU' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    const key = 'NRAK-TYPEDKEYBYKEY0123456789ABC';
    await wb.page.keyboard.type(key, { delay: 60 });
    assert.equal(await wb.quickInput.input.inputValue(), key, 'every character reached the key box');
    // The walkthrough did open meanwhile (so the race was there to lose), and the box still has the keyboard.
    await walkthroughPage(wb).waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(wb.page, 'walkthrough-typed-key');
    await wb.page.keyboard.press('Enter');
    await wb.quickInput.waitForClosed();
  });

  it("reaches the user in a brand-new profile: after VS Code's own first-run walkthrough, not over it", async () => {
    // A brand-new profile's start-up editor: VS Code's own walkthrough holds the Welcome editor.
    wb = await startWorkbench({
      harness: { demoNames: 'test' },
      settings: { 'workbench.startupEditor': 'welcomePage' },
      viewport: SMALL,
    });
    const theirs = wb.page.locator('.gettingStartedContainer').first();
    await theirs.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.sidebar.open();
    await wb.sidebar.welcomeButton('Set API Key').waitFor({ state: 'visible', timeout: 30_000 });
    // The user closes VS Code's walkthrough (the commands wait for the view's first start to settle).
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>View: Close All Editors', 'View: Close All Editors');
    await walkthroughPage(wb).waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(wb.page, 'walkthrough-fresh-profile');
  });
});

for (const { theme, slug } of [
  { theme: 'Default Dark Modern' as Theme, slug: 'dark' },
  { theme: 'Default Light Modern' as Theme, slug: 'light' },
]) {
  describe(`pictures for the README and the walkthrough (${theme})`, () => {
    let wb: Workbench;

    after(async () => {
      await wb?.close();
    });

    it('the demo as a user sees it: tree, dashboard, breakdown, explorer, status bar, raw request', async () => {
      wb = await startDemoWorkbench({ theme, names: 'demo', viewport: SMALL });
      const labels = await wb.sidebar.rowLabels();
      assert.ok(!labels.some((l) => /[<>]/.test(l)), `no markup-like names in the demo: ${labels.join(', ')}`);
      // A row's tooltip (the pointer rests where the view was opened) would cover the twistie.
      await wb.page.mouse.move(900, 600);
      await wb.page.keyboard.press('Escape');
      await wb.sidebar.expand('storefront-web');
      await publishScreenshot(wb.page, `media/screenshots/${slug}-tree.png`);
      await publishScreenshot(wb.page, `media/walkthrough/applications-${slug}.png`);

      await openFromPalette(wb, 'Timeslice: Open Application Dashboard…', 'storefront-web', 'Application');
      await publishScreenshot(wb.page, `media/screenshots/${slug}-dashboard.png`);
      await publishScreenshot(wb.page, `media/walkthrough/dashboard-${slug}.png`);

      await openFromPalette(
        wb,
        'Timeslice: Open Response-Time Breakdown…',
        'storefront-web',
        'Response-time breakdown',
      );
      await publishScreenshot(wb.page, `media/screenshots/${slug}-breakdown.png`);

      const explorer = await openFromPalette(
        wb,
        'Timeslice: Open Metric Explorer…',
        'storefront-web',
        'Metric explorer',
      );
      await searchExplorer(wb.page, explorer, 'External/');
      await explorer
        .locator('.explorer-groups fieldset:first-child vscode-checkbox', { hasText: 'External/allWeb' })
        .first()
        .click({ timeout: 15_000 });
      await explorer
        .locator('.explorer-groups fieldset:nth-child(3) vscode-checkbox', { hasText: 'average_response_time' })
        .first()
        .click();
      await explorer.locator('vscode-button', { hasText: 'Chart Selected' }).click();
      await explorer.waitForFunction(
        () => (globalThis as unknown as { __timeslice: { charts(): unknown[] } }).__timeslice.charts().length > 0,
        undefined,
        { timeout: 15_000 },
      );
      await publishScreenshot(wb.page, `media/screenshots/${slug}-explorer.png`);
      await publishScreenshot(wb.page, `media/walkthrough/palette-${slug}.png`);

      await wb.quickInput.openCommandPalette();
      await wb.quickInput.choose(
        '>Timeslice: Bind Workspace to Application…',
        'Timeslice: Bind Workspace to Application…',
      );
      await wb.quickInput.choose('storefront-web', 'storefront-web', { title: 'Bind Workspace to Application' });
      const item = await wb.statusBar.waitForItem(APDEX_ITEM, 30_000);
      await item.hover();
      await wb.page
        .locator('.monaco-hover, .workbench-hover')
        .filter({ hasText: 'Response time' })
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 });
      await publishScreenshot(wb.page, `media/screenshots/${slug}-statusbar.png`);
      await publishScreenshot(wb.page, `media/walkthrough/bind-${slug}.png`);
      await wb.page.mouse.move(500, 300);

      await wb.quickInput.openCommandPalette();
      await wb.quickInput.choose('>Timeslice: Run API Request…', 'Timeslice: Run API Request…');
      await wb.quickInput.choose('List applications', 'List applications', { title: 'API endpoint' });
      await wb.quickInput.choose('Continue', 'Continue', { title: 'Filters' });
      await wb.quickInput.choose('JSON', 'JSON', { title: 'Response format' });
      await wb.page
        .locator('.tab', { hasText: 'GET \u2215v2\u2215applications.json (200)' })
        .waitFor({ timeout: 30_000 });
      await publishScreenshot(wb.page, `media/screenshots/${slug}-raw-request.png`);
    });

    it('code-level numbers: the Transactions group, the Transactions table, lenses above a controller', async () => {
      await wb?.close();
      // storefront-web's sample controller in a folder bound to it, as the demo's sample workspace has it.
      const web = new Dataset({ ...DEMO_TEST_DATA_SET, names: 'demo' }).apps.find((a) => a.name === 'storefront-web')!;
      wb = await sampleWorkbench(web, { theme, names: 'demo', viewport: SMALL });

      await wb.page.mouse.move(900, 600);
      await wb.page.keyboard.press('Escape');
      await wb.sidebar.expand(web.name);
      await wb.sidebar.expand('Transactions', { timeoutMs: 30_000 });
      // Wide enough for each row's "ms · rpm · % err", and scrolled to the application's groups.
      const side = (await wb.page.locator('.part.sidebar').boundingBox())!;
      const edge = side.x + side.width;
      await wb.page.mouse.move(edge, 400);
      await wb.page.mouse.down();
      await wb.page.mouse.move(edge + 240, 400, { steps: 8 });
      await wb.page.mouse.up();
      await wb.page.mouse.move(side.x + 150, 400);
      await wb.page.mouse.wheel(0, 400);
      await wb.sidebar.row('Transactions').waitFor({ state: 'visible' });
      await wb.page.mouse.move(900, 650);
      await publishScreenshot(wb.page, `media/screenshots/${slug}-transactions-tree.png`);

      // The table and the code without the side bar: every column in view.
      await wb.quickInput.runCommand('View: Toggle Primary Side Bar Visibility');
      await openFromPalette(wb, 'Timeslice: Open Transactions Table…', web.name, 'Transactions');
      await publishScreenshot(wb.page, `media/screenshots/${slug}-transactions-table.png`);

      // Closed by its tab (the webview would take a click meant for the editor area, and the side bar is hidden).
      await wb.page
        .locator('.tabs-container .tab', { hasText: `Transactions: ${web.name}` })
        .locator('.codicon-close')
        .click();
      await wb.page.keyboard.press('Control+P');
      await wb.quickInput.choose('orders_controller.rb', 'orders_controller.rb');
      await wb.page.locator('.codelens-decoration a').first().waitFor({ state: 'visible', timeout: 30_000 });
      await wb.page.mouse.move(900, 650);
      await publishScreenshot(wb.page, `media/screenshots/${slug}-codelens.png`);
    });
  });
}

describe('the pictures the README and the walkthrough name', () => {
  it('are committed PNGs, in light and dark', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const manifest = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    const named = new Set(
      [
        ...readme.matchAll(/\]\((media\/[^)\s]+\.png)\)/g),
        ...manifest.matchAll(/"(media\/walkthrough\/[^"]+\.png)"/g),
      ].map((m) => m[1]),
    );
    assert.ok(
      [...named].filter((n) => n.startsWith('media/screenshots/')).length >= 18,
      `README shows nine pictures in two themes (${[...named].join(', ')})`,
    );
    for (const name of named) {
      const file = path.join(ROOT, name);
      assert.ok(fs.existsSync(file), `${name} is committed`);
      assert.equal(fs.readFileSync(file).subarray(1, 4).toString('latin1'), 'PNG', name);
      if (/-(dark|light)(-|\.)|\/(dark|light)-/.test(name)) {
        const twin = name.replace(/dark/g, '\u0000').replace(/light/g, 'dark').replaceAll('\u0000', 'light');
        assert.ok(fs.existsSync(path.join(ROOT, twin)), `${name} has its other-theme twin ${twin}`);
      }
    }
  });
});
