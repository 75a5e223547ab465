/**
 * The code index built by need, in the real workbench: a folder of 20,500 generated Ruby files around the
 * demo's storefront-web sample, bound to it. The harness's index gate (src/code/indexProbe.ts) lets the
 * index read 4 files and holds every read after them, and its status-bar item counts names listed, files
 * read and reads held. So a feature that reads the folder whole before it shows anything (the old
 * "parse everything first": the first lens and Go to Code waited for the parse of every file) is held at the
 * gate for good and its wait below times out, on any machine, however fast; nothing is timed.
 * What each feature reads is docs/performance.md's "code index by need".
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Dataset } from '../../src/simulator/dataset';
import { writeSample } from './support/binding';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { openErrorsGroup, stackFrames } from './support/errorPanel';
import { panelFrame } from './support/panels';
import { exactly } from './support/text';
import { screenshot, startDemoWorkbench, type Workbench } from './support/workbench';
import { APDEX_ITEM } from './support/apdexItem';

const web = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name === 'storefront-web')!;
const GATE = 4;
const MODELS = 20_000;
const CONTROLLERS = 500;

/** Deterministic: models in folders of 100, and namespaced controllers that serve no transaction of the app. */
function generate(folder: string): void {
  for (let i = 0; i < MODELS; i++) {
    const dir = path.join(folder, 'app', 'models', 'generated', `part_${String(Math.floor(i / 100)).padStart(3, '0')}`);
    if (i % 100 === 0) {
      fs.mkdirSync(dir, { recursive: true });
    }
    const n = String(i).padStart(5, '0');
    fs.writeFileSync(
      path.join(dir, `record_${n}.rb`),
      `class Record${n} < ApplicationRecord\n  def total\n    items.sum(:price)\n  end\n\n  def label\n    "record ${n}"\n  end\nend\n`,
    );
  }
  const admin = path.join(folder, 'app', 'controllers', 'admin');
  fs.mkdirSync(admin, { recursive: true });
  for (let i = 0; i < CONTROLLERS; i++) {
    const n = String(i).padStart(3, '0');
    fs.writeFileSync(
      path.join(admin, `report_${n}_controller.rb`),
      `module Admin\n  class Report${n}Controller < ApplicationController\n    def index\n    end\n\n    def show\n    end\n  end\nend\n`,
    );
  }
}

interface ProbeCounts {
  listed: number;
  read: number;
  held: number;
}

/** The index probe's item: `$(list-flat) names listed $(file) files read $(debug-pause) reads held`. */
async function probe(wb: Workbench): Promise<ProbeCounts> {
  const item = wb.statusBar.items.filter({ has: wb.page.locator('.codicon-debug-pause') }).first();
  await item.waitFor({ timeout: 15_000 });
  const text = await item.innerText();
  const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s*$/.exec(text);
  assert.ok(m, `the index probe's item: ${text}`);
  return { listed: Number(m[1]), read: Number(m[2]), held: Number(m[3]) };
}

describe('the code index by need, in a 20,500-file folder (real workbench)', () => {
  let wb: Workbench;

  before(async function () {
    this.timeout(180_000);
    wb = await startDemoWorkbench({
      harness: { indexGate: GATE },
      prepare: (folder) => {
        writeSample(folder, web);
        generate(folder);
      },
    });
    await wb.statusBar.waitForItem(APDEX_ITEM, 60_000);
  });

  after(async () => {
    await wb?.close();
  });

  it("an open controller's lenses appear with no file of the folder read, the pass over it held at the gate", async () => {
    await wb.page.keyboard.press('Control+P');
    await wb.quickInput.choose('orders_controller.rb', 'orders_controller.rb');
    // index, show and create: the whole set (the numbers may come in more than one refresh).
    await wb.page.waitForFunction("document.querySelectorAll('.codelens-decoration a').length >= 3", undefined, {
      timeout: 60_000,
    });
    const lenses = (await wb.page.locator('.codelens-decoration a').allInnerTexts()).map((t) => t.trim());
    assert.equal(lenses.length, 3, lenses.join(' | '));
    for (const lens of lenses) {
      assert.match(lens, / ms · .* rpm · .* % errors/);
    }
    // The lens parsed its own document: the index read nothing, so no pass over the folder has run or waits.
    const counts = await probe(wb);
    assert.equal(counts.read, 0, JSON.stringify(counts));
    assert.equal(counts.held, 0, JSON.stringify(counts));
    await screenshot(wb.page, 'index-by-need-1-lens');
  });

  it("Go to Code lands on the action's line, reading the one file its name points to", async () => {
    const name = 'Controller/products/show'; // `def show` on line 8 of app/controllers/products_controller.rb
    await wb.quickInput.runCommand('View: Close All Editors');
    await wb.page.mouse.move(700, 450); // off the activity bar, whose hover lies over the rows
    await wb.sidebar.expand(web.name);
    await wb.sidebar.expand('Transactions');
    const row = wb.sidebar.row(name);
    await row.waitFor({ timeout: 30_000 });
    await row.click({ button: 'right' });
    // By keyboard: a click the menu gets as it opens can be lost (it stays open); Enter runs the focused item.
    await wb.page
      .locator('.context-view .action-item', { hasText: exactly('Go to Code') })
      .first()
      .hover();
    await wb.page.locator('.context-view .action-item.focused', { hasText: exactly('Go to Code') }).waitFor();
    await wb.page.keyboard.press('Enter');
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: 'products_controller.rb' })
      .waitFor({ timeout: 60_000 });
    await wb.statusBar.waitForItem(/^\s*Ln 8, Col \d+\s*$/);
    // Names only for the whole folder (the listing), and one file read: the path the name gives.
    const counts = await probe(wb);
    assert.ok(counts.listed >= MODELS + CONTROLLERS, JSON.stringify(counts));
    assert.equal(counts.read, 1, JSON.stringify(counts));
    assert.equal(counts.held, 0, JSON.stringify(counts));
    await screenshot(wb.page, 'index-by-need-2-go-to-code');
  });

  it("an error's in-app frame opens its file at its line, reading no file", async () => {
    await wb.quickInput.runCommand('View: Close All Editors');
    const before = await probe(wb);
    // The Transactions group, left open above, would push the Errors group's rows out of view.
    await wb.sidebar.row('Transactions').locator('.monaco-tl-twistie').click();
    await wb.sidebar.rows
      .and(wb.page.locator('[aria-expanded="false"]'))
      .filter({ has: wb.page.locator('.label-name', { hasText: exactly('Transactions') }) })
      .waitFor();
    const { first } = await openErrorsGroup(wb, web.name);
    await wb.sidebar.row(first).locator('.label-name').click();
    const frame = await panelFrame(wb.page, 'Error class', first);
    await frame.locator('.stack').waitFor({ timeout: 30_000 });
    const links = (await stackFrames(frame)).filter((f) => f.link);
    assert.ok(links.length >= 1, 'an in-app frame opens its line');
    const [, file, line] = /^(.*):(\d+)$/.exec(links[0].where)!;
    await frame.locator('button.frame-link').first().focus();
    await frame.locator('button.frame-link').first().press('Enter');
    await wb.page.locator('.tabs-container .tab.active', { hasText: path.basename(file) }).waitFor({ timeout: 30_000 });
    await wb.statusBar.waitForItem(new RegExp(`^\\s*Ln ${line}, Col \\d+\\s*$`));
    // Frames map through the listing's names: not one more file read for them.
    const counts = await probe(wb);
    assert.equal(counts.read, before.read, JSON.stringify({ before, counts }));
    assert.equal(counts.held, 0, JSON.stringify(counts));
    await screenshot(wb.page, 'index-by-need-3-error-frame');
  });
});
