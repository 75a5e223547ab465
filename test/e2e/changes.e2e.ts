/**
 * What changed and what is firing, in the real workbench against the demo: the open alerts'
 * severity beside the Apdex with a plain-text tooltip, the last deployment in the Apdex tooltip, the
 * "Open alerts (N)" group, the dashboard around a deployment with the change in its header and a
 * deployment marker hovered and clicked (What Moved opens); and the test data set's foreign text (a deployment's description, an alert's
 * condition and policy with a command link, HTML and bidi controls) shown as text, no element or link
 * made from it.
 */
import * as assert from 'node:assert/strict';

import type { Frame } from 'playwright-core';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { deploymentsBetween } from '../../src/simulator/deployments';
import { bindByPalette } from './support/binding';
import { chartsOf, openPanelByRow, redrawnAfter } from './support/panels';
import { screenshot, startDemoWorkbench, type Workbench } from './support/workbench';
import { APDEX_ITEM } from './support/apdexItem';

const RED_APP = 'search-gateway';
/** The test data set's application with foreign text in its names, deployments and alert. */
const HOSTILE_APP = new Dataset(DEMO_TEST_DATA_SET).apps.find((a) => a.name.includes('onerror'))?.name;

/** Elements a payload would make if it were rendered as markup rather than text. */
async function madeElements(frame: Frame): Promise<string[]> {
  return frame
    .locator('img, a[href], b')
    .evaluateAll((els) => els.map((e) => (e as unknown as { outerHTML: string }).outerHTML.slice(0, 120)));
}

describe('what changed and what is firing, in the real workbench', () => {
  let wb: Workbench;

  before(async () => {
    wb = await startDemoWorkbench();
  });

  after(async () => {
    await wb?.close();
  });

  it("shows the open alerts' severity beside the Apdex, with a plain-text tooltip, and the last deployment in the Apdex tooltip", async () => {
    await bindByPalette(wb, RED_APP);
    // The Apdex's verdict since the last deployment comes last and widens the item, moving the alerts beside it:
    // the pointer goes to an item only once the bar has it.
    const apdex = await wb.statusBar.waitForItem(/\s(Worse|Better|Unchanged|Not enough calls yet)\s*$/, 60_000);
    assert.match(await apdex.innerText(), APDEX_ITEM);
    // Found by its accessible label: other items may show a bare "2" too.
    const alerts = wb.statusBar.items
      .filter({ has: wb.page.locator('[aria-label="2 open alerts on search-gateway, critical"]') })
      .first();
    await alerts.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal((await alerts.innerText()).trim(), '2');
    assert.equal(await alerts.locator('.codicon-error').count(), 1, 'the critical icon');
    const background = await alerts.evaluate(
      (e) =>
        (globalThis as unknown as { getComputedStyle(x: unknown): { backgroundColor: string } }).getComputedStyle(e)
          .backgroundColor,
    );
    assert.ok(!/rgba\(0, 0, 0, 0\)|transparent/.test(background), `the error background: ${background}`);
    await alerts.hover();
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'open alerts on' }).first();
    await hover.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await hover.innerText(), /2 open alerts on search-gateway \(critical\)[\s\S]*Critical: /);
    await screenshot(wb.page, 'changes-status-alerts');
    await wb.page.mouse.move(700, 300);
    await apdex.hover();
    const tip = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Last deployment' }).first();
    await tip.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await tip.innerText(), /Last deployment: \S+/);
    await screenshot(wb.page, 'changes-status-deployment');
    await wb.page.mouse.move(700, 300);
  });

  it('lists the application\'s "Open alerts (2)" in the tree', async () => {
    await wb.sidebar.expand(RED_APP);
    await wb.sidebar.expand('Open alerts (2)');
    // safeText breaks "<" with an invisible U+200B, so no markup can be assembled from a title.
    const labels = (await wb.sidebar.rowLabels()).map((l) => l.replace(/\u200b/g, ''));
    assert.equal(labels.filter((l) => l.startsWith('search-gateway: Apdex < 0.7')).length, 2, labels.join(' | '));
    await screenshot(wb.page, 'changes-tree-open-alerts');
  });

  it('opens the dashboard around a deployment: the change in the header, a marker hovered shows its box', async () => {
    await wb.page.mouse.move(900, 600);
    const frame = await openPanelByRow(wb, RED_APP, 'Application');
    const around = frame.locator('select[aria-label="Around a deployment"]');
    await around.waitFor({ state: 'visible', timeout: 15_000 });
    // The newest deployment at least 3 h old, so both windows are whole.
    const options = await around
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value).filter((v) => v !== ''));
    const value = options.find((v) => Date.now() - Number(v) > 3 * 3_600_000) ?? options[0];
    const preset = frame.locator('select[aria-label="Time range"]');
    const compare = frame.locator('select[aria-label="Compare with"]');
    const presetBefore = await preset.inputValue();
    await redrawnAfter(frame, () => around.selectOption(value));
    const note = frame.locator('.summary-note');
    await note.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await note.innerText(), /^(Response time|Throughput|Error rate|Apdex) [^·]* since \S+ \(/);
    const canvas = frame.locator('canvas[data-deployment-x]').first();
    await canvas.waitFor({ timeout: 15_000 });
    const xs = ((await canvas.getAttribute('data-deployment-x')) ?? '').split(',').filter(Boolean).map(Number);
    assert.ok(xs.length > 0, 'a deployment marker is drawn');
    const box = (await canvas.boundingBox())!;
    const before = await canvas.evaluate((c) => (c as unknown as { toDataURL(): string }).toDataURL());
    await wb.page.mouse.move(box.x + xs[0], box.y + box.height / 2);
    await frame.waitForFunction(
      (b) =>
        (globalThis as unknown as { document: { querySelector(s: string): { toDataURL(): string } } }).document
          .querySelector('canvas[data-deployment-x]')
          .toDataURL() !== b,
      before,
      { timeout: 10_000 },
    );
    await screenshot(wb.page, 'changes-marker-hovered');
    await wb.page.mouse.move(900, 600);

    // "None" goes back to the range in use before the deployment was chosen; another overlay keeps
    // the window after the deployment (as a custom range).
    await redrawnAfter(frame, () => around.selectOption(''));
    assert.equal(await preset.inputValue(), presetBefore);
    await redrawnAfter(frame, () => around.selectOption(value));
    await redrawnAfter(frame, () => compare.selectOption('day'));
    assert.equal(await preset.inputValue(), 'custom');
    assert.equal(await around.inputValue(), '');
    const [first] = await chartsOf(frame);
    const firstPoint = first.series[0].points[0][0];
    assert.ok(Math.abs(firstPoint - Number(value)) <= 5 * 60_000, 'the window still starts at the deployment');
    assert.ok(
      first.series.some((x) => /1 day earlier/.test(x.label)),
      first.series.map((x) => x.label).join(', '),
    );
    assert.deepEqual(wb.pageErrors, []);
  });

  it('a click on a deployment marker opens What Moved at that deployment', async () => {
    await wb.page.mouse.move(900, 600);
    const frame = await openPanelByRow(wb, RED_APP, 'Application');
    const around = frame.locator('select[aria-label="Around a deployment"]');
    await around.waitFor({ state: 'visible', timeout: 15_000 });
    const value = await around
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value).find((v) => v !== ''));
    assert.ok(value, 'a deployment to go around');
    await redrawnAfter(frame, () => around.selectOption(value));
    const canvas = frame.locator('canvas[data-deployment-x]').first();
    await canvas.waitFor({ timeout: 15_000 });
    const xs = ((await canvas.getAttribute('data-deployment-x')) ?? '').split(',').filter(Boolean).map(Number);
    assert.ok(xs.length > 0, 'a deployment marker is drawn');
    const box = (await canvas.boundingBox())!;
    await wb.page.mouse.move(box.x + xs[0], box.y + box.height / 2);
    await wb.page.mouse.click(box.x + xs[0], box.y + box.height / 2);
    const tab = wb.page.locator('.tabs-container .tab', { hasText: 'What moved:' }).first();
    await tab.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match((await tab.innerText()).trim(), new RegExp(`^What moved: ${RED_APP} \\S+`));
    assert.deepEqual(wb.pageErrors, []);
  });

  it('around a failing deployment (errors tripled) the header names the error rate first', async () => {
    const demo = new Dataset(DEMO_TEST_DATA_SET);
    const apps = demo.apps.filter((a) => a.reporting && /^[\w-]+$/.test(a.name));
    // The red application first: its row is on screen after the tests above.
    apps.sort((a, b) => Number(b.name === RED_APP) - Number(a.name === RED_APP));
    for (const app of apps) {
      // Which offered deployment is failing is the data's to say: each time is looked up in the simulator's model.
      const failing = (t: number | undefined) =>
        t !== undefined && deploymentsBetween(demo, app, t, t).some((d) => d.failing);
      await wb.page.mouse.move(900, 600);
      const frame = await openPanelByRow(wb, app.name, 'Application');
      const around = frame.locator('select[aria-label="Around a deployment"]');
      await around.waitFor({ state: 'visible', timeout: 15_000 });
      const times = (
        await around
          .locator('option')
          .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value).filter((v) => v !== ''))
      ).map(Number);
      // Newest first: a failing one with 3 whole hours after it and a deployment before it that did not fail.
      const at = times.find(
        (t, i) => i >= 1 && times[i - 1] - t >= 3 * 3_600_000 && failing(t) && !failing(times[i + 1]),
      );
      if (at === undefined) {
        continue;
      }
      await redrawnAfter(frame, () => around.selectOption(String(at)));
      const note = frame.locator('.summary-note');
      await note.waitFor({ state: 'visible', timeout: 15_000 });
      assert.match(await note.innerText(), /^Error rate [\d.]+ % → [\d.]+ %[^·]* since \S+ \(/);
      await screenshot(wb.page, 'changes-failing-deployment');
      return;
    }
    assert.fail('no demo application has a failing deployment in its last 7 days');
  });

  it('shows the foreign text of deployments and alerts as text: no element or link made from it', async function () {
    if (!HOSTILE_APP) {
      this.skip();
    }
    await wb.page.mouse.move(900, 600);
    await wb.sidebar.expand(HOSTILE_APP);
    await wb.sidebar.expand('Open alerts (1)');
    const view = wb.sidebar.view;
    assert.equal(await view.locator('a[href], img, b').count(), 0, 'an element made from foreign text in the tree');
    const frame = await openPanelByRow(wb, HOSTILE_APP, 'Application');
    // A week holds several of its deployments.
    await redrawnAfter(frame, () => frame.locator('select[aria-label="Time range"]').selectOption('7d'));
    await frame.locator('vscode-button', { hasText: 'Table' }).click();
    await frame.locator('table.deployments-table').waitFor({ timeout: 15_000 });
    assert.deepEqual(await madeElements(frame), [], 'an element made from foreign text in the panel');
    const text = await frame.locator('table.deployments-table').innerText();
    assert.ok(text.includes('[Open terminal](command:workbench.action.terminal.new)'), 'the description as text');
    assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(text), 'no bidi control left');
    await screenshot(wb.page, 'changes-injection-table');
    assert.deepEqual(wb.pageErrors, []);
  });
});
