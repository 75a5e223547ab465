/**
 * Production errors in the real workbench: with the demo's billing-api sample in a folder bound to it,
 * the Problems panel lists its error classes as `Timeslice` warnings at the controllers' lines, and a
 * hover on the squiggle says the class, the count over 30 minutes and the transaction's error rate.
 * The Problems panel's picture is the README's (media/screenshots/dark-problems-errors.png).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { publishScreenshot, screenshot, startDemoWorkbench, type Workbench } from './support/workbench';

const app = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name === 'billing-api')!;
const PROBLEM = / — \d+ in the last 30 min \(\d+(\.\d+)? % of (Controller|OtherTransaction)\//;

describe('production errors in the Problems panel (real workbench)', () => {
  let wb: Workbench;

  before(async () => {
    wb = await startDemoWorkbench();
    const sample = path.join(__dirname, '..', '..', 'samples', 'demo-workspace', app.name);
    fs.cpSync(path.join(sample, 'app'), path.join(wb.workspaceFolder, 'app'), { recursive: true });
    fs.mkdirSync(path.join(wb.workspaceFolder, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(wb.workspaceFolder, '.vscode', 'settings.json'),
      JSON.stringify({ 'timeslice.boundApplication': { id: app.id, region: 'demo', name: app.name } }),
    );
    await wb.statusBar.waitForItem(/^\s*0\.\d\d\s*$/, 30_000);
  });

  after(async () => {
    await wb?.close();
  });

  it("lists the bound application's error classes at the lines that threw them, and a hover on the squiggle says them", async () => {
    await wb.quickInput.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    const rows = wb.page.locator('.markers-panel .monaco-list-row', { hasText: /in the last 30 min/ });
    await rows.first().waitFor({ timeout: 60_000 });
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.ok(texts.length >= 2, texts.join(' | '));
    for (const text of texts) {
      assert.match(text, PROBLEM);
    }
    await publishScreenshot(wb.page, 'media/screenshots/dark-problems-errors.png');

    // The first problem opens its controller at the line; a hover on its squiggle shows the message.
    await rows.first().dblclick();
    const squiggle = wb.page.locator('.monaco-editor .squiggly-warning').first();
    await squiggle.waitFor({ timeout: 15_000 });
    // The squiggle lies under the text layer: the mouse goes to its place, as a user's would.
    const box = await squiggle.boundingBox();
    assert.ok(box, 'the squiggle is drawn');
    await wb.page.mouse.move(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
    const hover = wb.page.locator('.monaco-hover', { hasText: /in the last 30 min/ });
    await hover.first().waitFor({ timeout: 15_000 });
    assert.match((await hover.first().innerText()).replace(/\s+/g, ' '), PROBLEM);
    await screenshot(wb.page, 'errors-hover');
  });
});
