import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Frame } from 'playwright-core';

import { shortTransactionName } from '../../src/format/transactions';
import { Dataset } from '../../src/simulator/dataset';
import { safeText } from '../../src/util/safeText';
import { simTransactionNames } from '../support/simTransactions';
import { openFromPalette, panelFrame } from './support/panels';
import { screenshot, startDemoWorkbench, type Workbench } from './support/workbench';

/** The transactions table's body: each row's name and its numbers as shown, and which column is sorted how. */
async function tableState(
  frame: Frame,
): Promise<{ rows: Array<[string, number[]]>; sorted: string[]; focused?: string }> {
  return frame.evaluate(() => {
    // No DOM types in this project's test config: the little of the DOM used here, typed by hand.
    interface El {
      textContent: string | null;
      getAttribute(n: string): string | null;
      querySelector(s: string): El | null;
      querySelectorAll(s: string): Iterable<El>;
      dataset: Record<string, string | undefined>;
    }
    const d = (globalThis as unknown as { document: El & { activeElement: El | null } }).document;
    const table = d.querySelector('table.sortable-table')!;
    return {
      rows: [...table.querySelectorAll('tbody tr')].map((tr): [string, number[]] => [
        tr.querySelector('th')?.textContent ?? '',
        [...tr.querySelectorAll('td.num')].map((td) => parseFloat((td.textContent ?? '').replace(/,/g, ''))),
      ]),
      sorted: [...table.querySelectorAll('thead th')].map((th) => th.getAttribute('aria-sort') ?? ''),
      focused: d.activeElement?.dataset.column,
    };
  });
}

function assertSorted(rows: Array<[string, number[]]>, column: number, direction: 'ascending' | 'descending'): void {
  const values = rows.map(([, v]) => v[column]).filter((v) => !Number.isNaN(v));
  for (let i = 1; i < values.length; i++) {
    const ok = direction === 'descending' ? values[i - 1] >= values[i] : values[i - 1] <= values[i];
    assert.ok(ok, `column ${column} ${direction}: ${values.join(', ')}`);
  }
  // Rows without a value in the column go last.
  const firstEmpty = rows.findIndex(([, v]) => Number.isNaN(v[column]));
  assert.ok(firstEmpty === -1 || rows.slice(firstEmpty).every(([, v]) => Number.isNaN(v[column])));
}

describe('transactions: the tree group, the transaction panel and the sortable table', () => {
  let wb: Workbench;
  const demo = new Dataset({ seed: 42, apps: 12 });
  const app = demo.apps.find((a) => a.name === 'storefront-web')!;
  const label = (name: string) => safeText(shortTransactionName(name));

  before(async () => {
    wb = await startDemoWorkbench();
  });

  after(async () => {
    await wb?.close();
  });

  it('the Transactions group lists the transactions with "ms · rpm · % err"', async () => {
    // The activity bar's hover, left by opening the view, lies over the rows until the mouse leaves.
    await wb.page.mouse.move(700, 450);
    await wb.sidebar.expand('storefront-web');
    await wb.sidebar.expand('Transactions');
    const first = label(app.profile.transactions[0].name);
    await wb.sidebar.row(first).waitFor({ timeout: 30_000 });
    const labels = await wb.sidebar.rowLabels();
    for (const t of app.profile.transactions.slice(0, 3)) {
      assert.ok(labels.includes(label(t.name)), `${label(t.name)} in ${labels.join(', ')}`);
    }
    const description = await wb.sidebar.row(first).locator('.label-description').innerText();
    assert.match(description, /^\d+ (ms|s) · [\d.]+k? rpm · <?[\d.]+ % err$/);
    await screenshot(wb.page, 'transactions-1-tree');
  });

  it('a click on a row opens its transaction panel with its four charts', async () => {
    const name = app.profile.transactions[0].name;
    await wb.sidebar.row(label(name)).locator('.label-name').click();
    const frame = await panelFrame(wb.page, 'Transaction', shortTransactionName(name));
    const ids = await frame.evaluate(() =>
      (globalThis as unknown as { __timeslice: { charts(): Array<{ id: string }> } }).__timeslice
        .charts()
        .map((c) => c.id),
    );
    assert.deepEqual(ids, ['responseTime', 'throughput', 'errorRate', 'apdex']);
    await screenshot(wb.page, 'transactions-2-panel');
  });

  it('the Transactions table sorts by each column from the keyboard, with aria-sort on the sorted header', async () => {
    const frame = await openFromPalette(wb, 'Timeslice: Open Transactions Table…', 'storefront-web', 'Transactions');
    let state = await tableState(frame);
    assert.equal(state.rows.length, simTransactionNames(app).length);
    assertSorted(state.rows, 0, 'descending');
    // The last header is the rows' actions (Open, Go to Code), which sorts nothing.
    assert.deepEqual(state.sorted, ['', 'descending', 'none', 'none', 'none', 'none', '']);
    await screenshot(wb.page, 'transactions-3-table-time');
    // Slowest average, throughput, error rate, Apdex, time consumed: each by Enter on its header's button
    // (another column starts largest first).
    for (const column of [1, 2, 3, 4, 0]) {
      const button = frame.locator(`button.sort-button[data-column="${column}"]`);
      await button.focus();
      await button.press('Enter');
      const direction = 'descending';
      state = await tableState(frame);
      assert.equal(state.sorted[column + 1], direction, `column ${column}`);
      assert.equal(state.focused, String(column), 'focus stays on the pressed header');
      assertSorted(state.rows, column, direction);
    }
    // Space sorts too, and a second press flips the order.
    await frame.locator('button.sort-button[data-column="1"]').press('Space');
    await frame.locator('button.sort-button[data-column="1"]').press('Space');
    state = await tableState(frame);
    assert.equal(state.sorted[2], 'ascending');
    assertSorted(state.rows, 1, 'ascending');
    await screenshot(wb.page, 'transactions-4-table-sorted');

    // Export CSV: VS Code's save dialog (the simple one, a quick input) offers storefront-web.csv in the
    // workspace; the file has the row header, every column and one line per row.
    await frame.locator('vscode-button', { hasText: 'Export CSV' }).click();
    // (The dialog fills in its path after it shows.)
    await wb.quickInput.input.waitFor({ state: 'visible', timeout: 15_000 });
    for (let tries = 0; !(await wb.quickInput.input.inputValue()).endsWith('storefront-web.csv'); tries++) {
      assert.ok(tries < 100, `the save dialog offers storefront-web.csv: ${await wb.quickInput.input.inputValue()}`);
      await wb.page.waitForTimeout(100);
    }
    await wb.quickInput.input.press('Enter');
    await frame.locator('text=/Saved CSV to .*storefront-web\\.csv/').waitFor({ timeout: 15_000 });
    const csv = fs.readFileSync(path.join(wb.workspaceFolder, 'storefront-web.csv'), 'utf8').trimEnd().split('\n');
    assert.equal(csv[0], 'Transaction,Time consumed (s),Average (ms),Throughput (rpm),Error rate (%),Apdex');
    assert.equal(csv.length, state.rows.length + 1);
    await screenshot(wb.page, 'transactions-5-table-exported');
  });
});
