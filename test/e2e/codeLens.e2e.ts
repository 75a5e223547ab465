import * as assert from 'node:assert/strict';

import { Dataset } from '../../src/simulator/dataset';
import { sampleWorkbench } from './support/binding';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { openFromPalette, panelFrame } from './support/panels';
import { exactly } from './support/text';
import { screenshot, type Workbench } from './support/workbench';

const web = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name === 'storefront-web')!;
/** With the transaction's top error class when it has errors (`· ActiveRecord::RecordNotFound ×46`). */
const LENS = /^\d[\d.]* m?s · [\d.]+k? rpm · [\d.]+ % errors( · [^·]+ ×\d+)? · 30 min$/;

describe('numbers above the code (real workbench)', () => {
  let wb: Workbench;

  before(async () => {
    wb = await sampleWorkbench(web);
  });

  after(async () => {
    await wb?.close();
  });

  it('shows a lens above each action of the open controller, and a click opens its transaction panel', async () => {
    await wb.page.keyboard.press('Control+P');
    await wb.quickInput.choose('orders_controller.rb', 'orders_controller.rb');
    const lenses = wb.page.locator('.codelens-decoration a');
    // Every action with a transaction gets its lens: index, show and create (the test data set names its
    // fourth transaction 'Bestellung/Übersicht ✓', which no action serves, so `summary` has none). The
    // numbers can come in more than one refresh and the lenses redraw each time: wait for the whole set.
    await wb.page.waitForFunction("document.querySelectorAll('.codelens-decoration a').length >= 3", undefined, {
      timeout: 30_000,
    });
    const texts = (await lenses.allInnerTexts()).map((t) => t.trim());
    assert.equal(texts.length, 3, `lenses: ${texts.join(' | ')}`);
    for (const text of texts) {
      assert.match(text, LENS);
    }
    await screenshot(wb.page, 'codelens-controller');
    // The lens above `def show`: the one on the line just before it (positions read in one go, as the
    // editor may redraw its lenses between two reads).
    const index = await wb.page.evaluate(`(() => {
      const line = [...document.querySelectorAll('.view-line')].find((l) => /def\\s+show/.test(l.textContent));
      const top = line.getBoundingClientRect().top;
      let best = -1, gap = Infinity;
      [...document.querySelectorAll('.codelens-decoration a')].forEach((a, i) => {
        const g = top - a.getBoundingClientRect().top;
        if (g > 0 && g < gap) { gap = g; best = i; }
      });
      return best;
    })()`);
    assert.ok(typeof index === 'number' && index >= 0, 'a lens above def show');
    const target = lenses.nth(index);
    await target.click();
    const frame = await panelFrame(wb.page, 'Transaction', 'Controller/orders/show');
    assert.match(await frame.locator('body').innerText(), /Response time/);
    await screenshot(wb.page, 'codelens-panel');
  });

  it('from the Transactions table, Enter on a row opens its transaction panel, and Go to Code the file at its line', async () => {
    const name = 'Controller/orders/show';
    await wb.quickInput.runCommand('View: Close All Editors');
    const table = await openFromPalette(wb, 'Timeslice: Open Transactions Table…', web.name, 'Transactions');
    // By keyboard: Tab reaches the row (a focus ring shows it), Enter opens its transaction.
    const row = table.locator(`tr.action-row[data-name="${name}"]`);
    await row.focus();
    await screenshot(wb.page, 'codelens-table-row-focused');
    await row.press('Enter');
    const panel = await panelFrame(wb.page, 'Transaction', name);
    assert.match(await panel.locator('body').innerText(), /Response time/);
    await screenshot(wb.page, 'codelens-table-enter');

    // Back to the table, and its row's Go to Code: the controller at `def show` (line 6).
    await wb.page.locator('.tabs-container .tab', { hasText: `Transactions: ${web.name}` }).click();
    const again = await panelFrame(wb.page, 'Transactions', web.name);
    await again.locator(`tr.action-row[data-name="${name}"] button[data-action="goToCode"]`).press('Enter');
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: 'orders_controller.rb' })
      .waitFor({ timeout: 15_000 });
    await wb.statusBar.waitForItem(/^\s*Ln 6, Col \d+\s*$/);
    await screenshot(wb.page, 'codelens-table-go-to-code');
  });

  it("Go to Code from the tree row lands on the action's line, the file open in a preview tab or not, every time", async () => {
    const name = 'Controller/products/show'; // `def show` on line 8 of products_controller.rb
    const cursorAt = (line: number) => wb.statusBar.waitForItem(new RegExp(`^\\s*Ln ${line}, Col 1\\s*$`));
    const fileTab = wb.page.locator('.tabs-container .tab.active', { hasText: 'products_controller.rb' });
    await wb.page.mouse.move(700, 450); // off the activity bar, whose hover lies over the rows
    await wb.sidebar.expand(web.name);
    await wb.sidebar.expand('Transactions');
    const row = wb.sidebar.row(name);
    await row.waitFor({ timeout: 30_000 });
    const goToCode = async () => {
      await row.click({ button: 'right' });
      // By keyboard: a click the menu gets as it opens can be lost (it stays open); Enter runs the focused item.
      await wb.page
        .locator('.context-view .action-item', { hasText: exactly('Go to Code') })
        .first()
        .hover();
      await wb.page.locator('.context-view .action-item.focused', { hasText: exactly('Go to Code') }).waitFor();
      await wb.page.keyboard.press('Enter');
      await fileTab.waitFor({ timeout: 15_000 });
      await cursorAt(8);
    };
    for (let run = 0; run < 3; run++) {
      await wb.quickInput.runCommand('View: Close All Editors');
      await fileTab.waitFor({ state: 'detached' });
      await goToCode();
    }
    await screenshot(wb.page, 'codelens-tree-go-to-code');
    for (let run = 0; run < 3; run++) {
      // The file stays open in its preview tab, the cursor moved back to the top.
      // (A preview tab's label is in italics.)
      await wb.page
        .locator('.tabs-container .tab.active', { hasText: 'products_controller.rb', has: wb.page.locator('.italic') })
        .waitFor();
      await fileTab.click();
      await wb.page.keyboard.press('Control+Home');
      await cursorAt(1);
      await goToCode();
    }
    await screenshot(wb.page, 'codelens-tree-go-to-code-open');
  });
});
