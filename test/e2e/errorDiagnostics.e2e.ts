/**
 * Production errors in the real workbench: with the demo's billing-api sample in a folder bound to it,
 * the Problems panel lists its error classes as `Timeslice` warnings at the controllers' lines, and a
 * hover on the squiggle says the class, the count over 30 minutes and its share of the transaction's calls.
 * The README's pictures of the Problems panel are taken apart, with the demo's names, in both themes.
 */
import * as assert from 'node:assert/strict';

import { Dataset } from '../../src/simulator/dataset';
import { sampleWorkbench } from './support/binding';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { publishScreenshot, screenshot, type Theme, type Workbench } from './support/workbench';

const app = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name === 'billing-api')!;
/** The class's own share of its transaction's calls (errorDiagnosticModel.ts). */
const PROBLEM = / — \d+ in the last 30 min \((< )?\d+(\.\d+)? % of the calls to \w+\/\S/;

/** The Problems panel in focus, once it lists the production errors. */
async function problemRows(wb: Workbench) {
  await wb.quickInput.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
  const rows = wb.page.locator('.markers-panel .monaco-list-row', { hasText: /in the last 30 min/ });
  await rows.first().waitFor({ timeout: 60_000 });
  return rows;
}

describe('production errors in the Problems panel (real workbench)', () => {
  let wb: Workbench;

  before(async () => {
    wb = await sampleWorkbench(app);
  });

  after(async () => {
    await wb?.close();
  });

  it("lists the bound application's error classes at the lines that threw them, and a hover on the squiggle says them", async () => {
    const rows = await problemRows(wb);
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.ok(texts.length >= 2, texts.join(' | '));
    for (const text of texts) {
      assert.match(text, PROBLEM);
    }

    // The first problem opens its controller at the line; a hover on its squiggle shows the message.
    await rows.first().dblclick();
    const squiggle = wb.page.locator('.monaco-editor .squiggly-warning').first();
    await squiggle.waitFor({ timeout: 15_000 });
    // The squiggle lies under the text layer: the mouse goes to its place, as a user's would. The lenses first:
    // drawn after the place is read, they push the line down from under the mouse.
    await wb.page.locator('.codelens-decoration a').first().waitFor({ timeout: 30_000 });
    const box = await squiggle.boundingBox();
    assert.ok(box, 'the squiggle is drawn');
    await wb.page.mouse.move(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
    const hover = wb.page.locator('.monaco-hover', { hasText: /in the last 30 min/ });
    await hover.first().waitFor({ timeout: 15_000 });
    assert.match((await hover.first().innerText()).replace(/\s+/g, ' '), PROBLEM);
    await screenshot(wb.page, 'errors-hover');
  });
});

for (const { theme, slug } of [
  { theme: 'Default Dark Modern' as Theme, slug: 'dark' },
  { theme: 'Default Light Modern' as Theme, slug: 'light' },
]) {
  describe(`pictures for the README: production errors in the Problems panel (${theme})`, () => {
    let wb: Workbench;

    after(async () => {
      await wb?.close();
    });

    it('the Problems panel lists the errors at their lines', async () => {
      wb = await sampleWorkbench(app, { theme, names: 'demo' });
      await problemRows(wb);
      await publishScreenshot(wb.page, `media/screenshots/${slug}-problems-errors.png`);
    });
  });
}
