/**
 * The palette commands end to end, by keyboard only: Show Application Summary…, Query Metric…,
 * Run API Request… and Copy as curl, against the demo simulator.
 */
import * as assert from 'node:assert/strict';

import type { Frame, Page } from 'playwright-core';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { screenshot, startDemoWorkbench, type Theme, type Workbench } from './support/workbench';

/** The demo's data set (same seed), so the names and IDs the picks show are known here. */
const demo = new Dataset(DEMO_TEST_DATA_SET);
const APP = demo.apps.find((a) => a.name === 'storefront-web')!;

type HookCharts = Array<{ id: string; series: Array<{ label: string; points: Array<[number, number | null]> }> }>;

/** The frame of a drawn chart panel whose h1 is `title` and that has a chart with id `chartId`. */
async function chartFrame(
  page: Page,
  title: string,
  chartId: string,
  timeoutMs = 30_000,
): Promise<{ frame: Frame; charts: HookCharts }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      const charts = (await frame
        .evaluate((t) => {
          const w = globalThis as unknown as {
            __timeslice?: { ready: boolean; charts(): unknown };
            document: { querySelector(s: string): { textContent: string | null } | null };
          };
          return w.__timeslice?.ready === true && w.document.querySelector('h1')?.textContent === t
            ? w.__timeslice.charts()
            : undefined;
        }, title)
        .catch(() => undefined)) as HookCharts | undefined;
      if (charts?.some((c) => c.id === chartId)) {
        return { frame, charts };
      }
    }
    if (Date.now() > end) {
      throw new Error(`no panel "${title}" with a chart "${chartId}"`);
    }
    await page.waitForTimeout(250);
  }
}

async function runFromPalette(wb: Workbench, command: string): Promise<void> {
  await wb.quickInput.openCommandPalette();
  await wb.quickInput.choose(`>${command}`, command);
}

/** The visible text of the active editor (Monaco renders spaces as non-breaking ones). */
async function editorText(wb: Workbench): Promise<string> {
  return (await wb.page.locator('.editor-group-container.active .monaco-editor .view-lines').innerText()).replace(
    /\u00a0/g,
    ' ',
  );
}

for (const { theme, slug, all } of [
  { theme: 'Default Dark Modern' as Theme, slug: 'dark', all: true },
  { theme: 'Default Light Modern' as Theme, slug: 'light', all: false },
]) {
  describe(`palette commands (${theme})`, () => {
    let wb: Workbench;

    before(async () => {
      wb = await startDemoWorkbench({ theme });
    });

    after(async () => {
      await wb?.close();
    });

    it('Show Application Summary: health and numbers per application, then Open Dashboard', async () => {
      await runFromPalette(wb, 'Timeslice: Show Application Summary…');
      const row = wb.quickInput.items
        .filter({ has: wb.page.locator('.label-name', { hasText: /^\s*storefront-web\s*$/ }) })
        .first();
      await wb.page.locator('.quick-input-title', { hasText: 'Application summary' }).waitFor();
      await row.waitFor();
      assert.match(
        await row.locator('.label-description').innerText(),
        /^Apdex \d\.\d\d · [\d.]+ m?s · [\d.]+k? rpm · \d+\.\d\d % errors$/,
      );
      assert.equal((await row.locator('.codicon').count()) > 0, true, 'the health icon');
      await screenshot(wb.page, `palette-${slug}-summary-pick`);
      await wb.quickInput.choose('storefront-web', 'storefront-web', { title: 'Application summary' });
      await wb.page.locator('.quick-input-title', { hasText: 'storefront-web' }).waitFor();
      await screenshot(wb.page, `palette-${slug}-summary-actions`);
      await wb.quickInput.choose('Open Dashboard', 'Open Dashboard', { title: 'storefront-web' });
      const { charts } = await chartFrame(wb.page, 'storefront-web', 'throughput');
      assert.ok(charts.length >= 4);
      if (all) {
        await runFromPalette(wb, 'Timeslice: Show Application Summary…');
        await wb.quickInput.choose('billing-api', 'billing-api', { title: 'Application summary' });
        await wb.quickInput.choose('Copy ID', 'Copy ID', { title: 'billing-api' });
        const id = demo.apps.find((a) => a.name === 'billing-api')!.id;
        await wb.page.locator('.part.statusbar', { hasText: `Copied the ID of billing-api (${id})` }).waitFor();
      }
    });

    it('Run API Request: the applications list as XML in a read-only tab, then Copy as curl', async () => {
      await runFromPalette(wb, 'Timeslice: Run API Request…');
      await wb.quickInput.choose('List applications', 'List applications', { title: 'API endpoint' });
      await wb.quickInput.choose('Continue', 'Continue', { title: 'Filters' });
      await wb.quickInput.choose('XML', 'XML', { title: 'Response format' });
      const tab = wb.page.locator('.tab', { hasText: 'GET \u2215v2\u2215applications.xml (200)' });
      await tab.waitFor({ timeout: 30_000 });
      const text = await editorText(wb);
      assert.match(text, /^<\?xml/);
      assert.ok(text.includes(APP.name));
      // The tab is read-only: typing changes nothing.
      await wb.page.locator('.editor-group-container.active .monaco-editor .view-lines').click();
      await wb.page.keyboard.type('typed');
      assert.equal(await editorText(wb), text);
      const copy = wb.page.locator(
        '.editor-group-container.active .editor-actions .action-label[aria-label*="Copy as curl"]',
      );
      await copy.waitFor();
      await screenshot(wb.page, `palette-${slug}-raw-xml`);
      await runFromPalette(wb, 'Timeslice: Copy as curl');
      await wb.notifications.waitFor(/Copied the curl command/);
      await screenshot(wb.page, `palette-${slug}-curl-copied`);
      await wb.notifications.dismissAll();
    });

    if (!all) {
      return;
    }

    it('Query Metric: scope (with Back), metric names as you type, values and range open the explorer', async () => {
      await runFromPalette(wb, 'Timeslice: Query Metric…');
      await wb.quickInput.choose('billing-api', 'billing-api', { title: 'Application' });
      // Back (Ctrl+Alt+- on Linux) returns to the application step.
      await wb.page.locator('.quick-input-title', { hasText: 'Scope' }).waitFor();
      await wb.page.locator('.quick-input-widget .codicon-quick-input-back').waitFor();
      await screenshot(wb.page, `palette-${slug}-query-scope`);
      await wb.page.keyboard.press('Control+Alt+Minus');
      await wb.quickInput.choose('storefront-web', 'storefront-web', { title: 'Application' });
      await wb.quickInput.choose('storefront-web', 'storefront-web', { title: 'Scope' });
      await wb.page.locator('.quick-input-title', { hasText: 'Metric name' }).waitFor();
      // The names come from the service's name filter: typed text narrows what the pick lists.
      await wb.quickInput.type('Metric name', 'Datastore/');
      await wb.quickInput.waitForFocused('Datastore/all');
      // The list redraws once the debounced answer arrives: wait for it to hold only matching names.
      // The first label of a row is its name (a detail line, even a hidden one, has its own); read in
      // one go, as the list recycles its rows while it redraws.
      await wb.page.waitForFunction(
        `(() => {
          const rows = document.querySelectorAll('.quick-input-widget .quick-input-list .monaco-list-row');
          const names = [...rows].map((r) => r.querySelector('.label-name')?.textContent?.trim() ?? '');
          return names.length > 0 && names.every((n) => n.includes('Datastore/'));
        })()`,
        undefined,
        { timeout: 15_000 },
      );
      await screenshot(wb.page, `palette-${slug}-query-names`);
      await wb.quickInput.choose('HttpDispatcher', 'HttpDispatcher');
      // Enter with nothing checked takes the highlighted value.
      await wb.page.locator('.quick-input-title', { hasText: 'Values of HttpDispatcher' }).waitFor();
      await wb.quickInput.type('Values of HttpDispatcher', 'call_count');
      await wb.quickInput.waitForFocused('call_count');
      await screenshot(wb.page, `palette-${slug}-query-values`);
      await wb.quickInput.enter();
      await wb.quickInput.choose('Last 3 hours', 'Last 3 hours', { title: 'Time range' });
      const { charts } = await chartFrame(wb.page, 'storefront-web', 'value:call_count');
      const chart = charts.find((c) => c.id === 'value:call_count')!;
      assert.deepEqual(
        chart.series.map((s) => s.label),
        ['HttpDispatcher'],
      );
      assert.ok(chart.series[0].points.length > 0);
      await screenshot(wb.page, `palette-${slug}-query-explorer`);
    });

    it('Run API Request: metric data with values, range, period and series, as JSON, in one quick input that never hides between steps', async () => {
      await runFromPalette(wb, 'Timeslice: Run API Request…');
      await wb.page.locator('.quick-input-title', { hasText: 'API endpoint' }).waitFor();
      // Counts each time the quick input hides from now on (VS Code hides it with display: none): a
      // widget that hides between steps gives the keyboard back to whatever editor takes it meanwhile.
      await wb.page.evaluate(`(() => {
        const widget = document.querySelector('.quick-input-widget');
        window.__quickInputHides = 0;
        new MutationObserver(() => {
          if (widget.style.display === 'none') window.__quickInputHides++;
        }).observe(widget, { attributes: true, attributeFilter: ['style'] });
      })()`);
      await wb.quickInput.choose('Get metric data', 'Get metric data', { title: 'API endpoint' });
      await wb.quickInput.choose('storefront-web', 'storefront-web', { title: 'Application' });
      await wb.quickInput.choose('storefront-web', 'storefront-web', { title: 'Scope' });
      await wb.page.locator('.quick-input-title', { hasText: 'Metric name' }).waitFor();
      await wb.quickInput.choose('HttpDispatcher', 'HttpDispatcher');
      await wb.quickInput.choose('call_count', 'call_count', { title: 'Values of HttpDispatcher' });
      await wb.quickInput.choose('Last hour', 'Last hour', { title: 'Time range' });
      await wb.page.locator('.quick-input-title', { hasText: 'Period' }).waitFor();
      await screenshot(wb.page, `palette-${slug}-raw-period`);
      await wb.quickInput.choose('5 min', '5 min', { title: 'Period' });
      await wb.quickInput.choose('Series', 'Series', { title: 'Summarize' });
      await wb.page.locator('.quick-input-title', { hasText: 'Response format' }).waitFor();
      assert.equal(await wb.page.evaluate('window.__quickInputHides'), 0, 'the quick input hid between steps');
      await wb.quickInput.choose('JSON', 'JSON', { title: 'Response format' });
      await wb.page
        .locator('.tab', { hasText: `GET \u2215v2\u2215applications\u2215${APP.id}\u2215metrics\u2215data.json (200)` })
        .waitFor({ timeout: 30_000 });
      const text = await editorText(wb);
      assert.match(text, /^\{"metric_data":\{"from":/);
      assert.ok(text.includes('"name":"HttpDispatcher"'));
      assert.ok(text.includes('"call_count":'));
      assert.ok(!text.includes('"average_call_time":'), 'only the value asked for');
      await screenshot(wb.page, `palette-${slug}-raw-metric-data`);
      // The editor title offers the pretty-print toggle on a JSON response; the palette runs it too.
      await wb.page
        .locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Toggle Pretty Print"]')
        .waitFor();
      await runFromPalette(wb, 'Timeslice: Toggle Pretty Print');
      await wb.page
        .locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: '"metric_data": {' })
        .waitFor();
      assert.match(await editorText(wb), /^\{\n {2}"metric_data": \{\n {4}"from": /);
      await screenshot(wb.page, `palette-${slug}-raw-metric-data-pretty`);
    });

    it('Query Metric: Escape at the first pick stops without a panel or a message', async () => {
      const tabs = await wb.page.locator('.tab').count();
      await runFromPalette(wb, 'Timeslice: Query Metric…');
      await wb.page.locator('.quick-input-title', { hasText: 'Application' }).waitFor();
      await wb.quickInput.escape();
      await wb.quickInput.waitForClosed();
      assert.equal(await wb.page.locator('.tab').count(), tabs);
      assert.deepEqual(await wb.notifications.messages(), []);
    });
  });
}
