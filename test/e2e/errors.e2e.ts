import * as assert from 'node:assert/strict';
import * as path from 'node:path';

import { Dataset } from '../../src/simulator/dataset';
import { sampleWorkbench } from './support/binding';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { openErrorsGroup, stackFrames } from './support/errorPanel';
import { panelFrame } from './support/panels';
import { publishScreenshot, screenshot, type Theme, type Workbench } from './support/workbench';

const web = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name === 'storefront-web')!;
const SMALL = { width: 1100, height: 700 };

describe('errors: the tree group and the error panel (real workbench)', () => {
  let wb: Workbench;

  before(async () => {
    wb = await sampleWorkbench(web);
  });

  after(async () => {
    await wb?.close();
  });

  it('lists "Errors (N)" under the application, each class with its count and transaction', async () => {
    const { group, first } = await openErrorsGroup(wb, web.name);
    const n = Number(/\((\d+)\)/.exec(group)![1]);
    assert.ok(n > 0, group);
    const row = wb.sidebar.row(first);
    const description = await row.locator('.label-description').innerText();
    assert.match(description, /^(?:new · )?×\d+ · \S/, description);
    // Classes, transactions and messages are plain text in the tree: nothing from the service becomes an image.
    assert.equal(await wb.sidebar.view.locator('.monaco-list-row img').count(), 0);
    await screenshot(wb.page, 'errors-1-tree');
  });

  it("a click opens the class's error panel; its stack's in-app frame opens its line, library frames folded and dimmed", async () => {
    const { first } = await openErrorsGroup(wb, web.name);
    await wb.sidebar.row(first).locator('.label-name').click();
    const frame = await panelFrame(wb.page, 'Error class', first);
    await frame.locator('.stack').waitFor({ timeout: 30_000 });
    const frames = await stackFrames(frame);
    const links = frames.filter((f) => f.link);
    assert.ok(links.length >= 1, `an in-app frame opens its line: ${JSON.stringify(frames)}`);
    assert.ok(
      frames.some((f) => f.library && !f.link),
      'library frames are listed, as text',
    );
    // Folded: the library frames' disclosure starts closed, so they do not show until opened.
    assert.equal(await frame.locator('.stack details[open]').count(), 0);
    assert.equal(await frame.locator('.error-area img, .error-area a').count(), 0, 'no markup from the service');
    assert.match(await frame.locator('body').innerText(), /Errors per minute by class/);
    await screenshot(wb.page, 'errors-2-panel');

    await frame.locator('.stack details summary').first().press('Enter');
    assert.equal(await frame.locator('.stack details[open]').count(), 1, 'Enter opens the library frames');
    await screenshot(wb.page, 'errors-3-library-frames');

    // The first in-app frame, by keyboard: its file opens at its line.
    const [, file, line] = /^(.*):(\d+)$/.exec(links[0].where)!;
    await frame.locator('button.frame-link').first().focus();
    await frame.locator('button.frame-link').first().press('Enter');
    await wb.page.locator('.tabs-container .tab.active', { hasText: path.basename(file) }).waitFor({ timeout: 15_000 });
    await wb.statusBar.waitForItem(new RegExp(`^\\s*Ln ${line}, Col \\d+\\s*$`));
    await screenshot(wb.page, 'errors-4-frame-opened');
  });

  it("the transaction panel lists its error classes; a class's button opens its error panel", async () => {
    await wb.quickInput.runCommand('View: Close All Editors');
    const { first } = await openErrorsGroup(wb, web.name);
    // The row's transaction (its description: "×N · Controller/…"), opened from the Transactions group.
    const description = await wb.sidebar.row(first).locator('.label-description').innerText();
    const transaction = description.replace(/^(?:new · )?×\d+ · /, '').trim();
    await wb.sidebar.expand('Transactions');
    await wb.sidebar.row(transaction).locator('.label-name').click();
    const panel = await panelFrame(wb.page, 'Transaction', transaction);
    const button = panel.locator('table.error-classes button.row-action', { hasText: first });
    await button.waitFor({ timeout: 30_000 });
    await screenshot(wb.page, 'errors-5-transaction-classes');
    await button.press('Enter');
    await panelFrame(wb.page, 'Error class', first);
    await screenshot(wb.page, 'errors-6-from-transaction');
  });
});

for (const { theme, slug } of [
  { theme: 'Default Dark Modern' as Theme, slug: 'dark' },
  { theme: 'Default Light Modern' as Theme, slug: 'light' },
]) {
  describe(`pictures for the README: the error panel (${theme})`, () => {
    let wb: Workbench;

    after(async () => {
      await wb?.close();
    });

    it('the Errors group and the error panel with its stack', async () => {
      wb = await sampleWorkbench(web, { theme, names: 'demo', viewport: SMALL });
      const { first } = await openErrorsGroup(wb, web.name);
      await wb.sidebar.row(first).locator('.label-name').click();
      const frame = await panelFrame(wb.page, 'Error class', first);
      await frame.locator('.stack').waitFor({ timeout: 30_000 });
      // The stack in view: it is the point of the picture.
      await frame.locator('.error-stack').scrollIntoViewIfNeeded();
      await publishScreenshot(wb.page, `media/screenshots/${slug}-error-panel.png`);
    });
  });
}
