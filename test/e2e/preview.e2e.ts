/**
 * Preview dashboards in the real workbench (src/panels/panelManager.ts): a row's single click opens a
 * preview tab that the next single click reuses; a double click or Enter keeps it; with
 * `workbench.editor.enablePreview` off every click opens its own tab; after a reload the kept panel is
 * back and the preview is not.
 */
import * as assert from 'node:assert/strict';

import type { Frame, Page } from 'playwright-core';

import { panelFrame } from './support/panels';
import { screenshot, startDemoWorkbench, type Workbench } from './support/workbench';

const APPS = ['storefront-web', 'billing-api', 'inventory-service'];

/** The chart tabs' titles once they are exactly `expected` (any order): waits for that state. */
async function chartTabs(page: Page, expected: string[], timeoutMs = 30_000): Promise<string[]> {
  const wanted = [...expected].sort();
  await page
    .waitForFunction(
      (want) => {
        type Tab = { getAttribute(name: string): string | null };
        const d = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Tab> } }).document;
        const titles = Array.from(d.querySelectorAll('.tabs-container .tab'))
          .map((t) => t.getAttribute('aria-label') ?? '')
          .filter((t) => t.startsWith('Dashboard: '))
          .sort();
        return JSON.stringify(titles) === JSON.stringify(want);
      },
      wanted,
      { timeout: timeoutMs },
    )
    .catch(async (e: unknown) => {
      const tabs = page.locator('.tabs-container .tab');
      const now = await Promise.all((await tabs.all()).map((t) => t.getAttribute('aria-label')));
      throw new Error(`the tabs are ${JSON.stringify(now)}, not ${JSON.stringify(wanted)} (${String(e)})`);
    });
  return wanted;
}

/** How many chart canvases the page has, and how many were there at the last call (it marks them all). */
async function markCanvases(frame: Frame): Promise<{ canvases: number; marked: number }> {
  return frame.evaluate(() => {
    type Canvas = { dataset: Record<string, string | undefined> };
    const d = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Canvas> } }).document;
    const canvases = Array.from(d.querySelectorAll('.content canvas'));
    const marked = canvases.filter((c) => c.dataset.previewMark === '1').length;
    canvases.forEach((c) => (c.dataset.previewMark = '1'));
    return { canvases: canvases.length, marked };
  });
}

async function click(wb: Workbench, app: string): Promise<void> {
  await wb.sidebar.row(app).locator('.label-name').click();
}

describe('preview dashboards', () => {
  describe('with previews on (the default)', () => {
    let wb: Workbench;

    before(async () => {
      wb = await startDemoWorkbench();
    });

    after(async () => {
      await wb?.close();
    });

    it('three single clicks on three applications leave one preview tab showing the third', async () => {
      const frames = [];
      for (const app of APPS) {
        await click(wb, app);
        const frame = await panelFrame(wb.page, 'Application', app);
        frames.push(frame);
        await chartTabs(wb.page, [`Dashboard: ${app} (Preview)`]);
        // Every chart of the last application updated in place: its canvases carry the mark set before the click.
        assert.deepEqual(await markCanvases(frame), { canvases: 4, marked: app === APPS[0] ? 0 : 4 });
      }
      // The same page each time: only its data and controls changed (no new webview, no reload).
      assert.equal(new Set(frames).size, 1, 'a click made a new webview page');
      await screenshot(wb.page, 'preview-third');
    });

    it('a double click keeps the dashboard; the next single click opens a new preview beside it', async () => {
      await wb.sidebar.row(APPS[0]).locator('.label-name').dblclick();
      await panelFrame(wb.page, 'Application', APPS[0]);
      await chartTabs(wb.page, [`Dashboard: ${APPS[0]}`]);
      await click(wb, APPS[1]);
      await panelFrame(wb.page, 'Application', APPS[1]);
      await chartTabs(wb.page, [`Dashboard: ${APPS[0]}`, `Dashboard: ${APPS[1]} (Preview)`]);
      await screenshot(wb.page, 'preview-kept-and-preview');
    });

    it('after a reload the kept dashboard is back and the preview is not', async () => {
      // VS Code's own reload: it saves the open editors before the page goes (a bare page reload may not).
      await wb.quickInput.openCommandPalette();
      await wb.quickInput.choose('>Developer: Reload Window', 'Developer: Reload Window');
      await wb.page.waitForEvent('load', { timeout: 60_000 });
      await wb.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await wb.page
        .locator('.tab', { hasText: `Dashboard: ${APPS[0]}` })
        .first()
        .click({ timeout: 60_000 });
      await panelFrame(wb.page, 'Application', APPS[0], 60_000);
      await chartTabs(wb.page, [`Dashboard: ${APPS[0]}`]);
      await screenshot(wb.page, 'preview-after-reload');
    });

    it('the tree keeps the focus after a single click, and Enter keeps the previewed dashboard', async () => {
      await click(wb, APPS[2]);
      await panelFrame(wb.page, 'Application', APPS[2]);
      await chartTabs(wb.page, [`Dashboard: ${APPS[0]}`, `Dashboard: ${APPS[2]} (Preview)`]);
      await wb.page.keyboard.press('Enter');
      await chartTabs(wb.page, [`Dashboard: ${APPS[0]}`, `Dashboard: ${APPS[2]}`]);
      await screenshot(wb.page, 'preview-kept-by-enter');
    });
  });

  describe('with workbench.editor.enablePreview off', () => {
    let wb: Workbench;

    before(async () => {
      wb = await startDemoWorkbench({ settings: { 'workbench.editor.enablePreview': false } });
    });

    after(async () => {
      await wb?.close();
    });

    it('three single clicks open three tabs', async () => {
      for (const app of APPS) {
        await click(wb, app);
        await panelFrame(wb.page, 'Application', app);
      }
      await chartTabs(
        wb.page,
        APPS.map((app) => `Dashboard: ${app}`),
      );
      await screenshot(wb.page, 'preview-off-three-tabs');
    });
  });
});
