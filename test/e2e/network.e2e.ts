/**
 * UI test: when a refresh fails after a good load, the chart panel keeps its charts under a banner
 * that gives the data's age and a Retry button, and the tree keeps its rows under a warning row.
 * The simulator runs in this process (as a custom region), so the test can inject faults into it.
 */
import * as assert from 'node:assert/strict';

import type { Frame, Page } from 'playwright-core';

import { Simulator } from '../../src/simulator/server';
import { screenshot, startWorkbench, type Workbench } from './support/workbench';

type HookCharts = Array<{ id: string; series: Array<{ label: string; points: Array<[number, number | null]> }> }>;

/** The webview frame whose drawn panel has the heading `title`. */
async function drawnPanel(page: Page, title: string, timeoutMs: number): Promise<Frame | undefined> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    for (const frame of page.frames()) {
      const drawn = await frame
        .evaluate((t) => {
          const w = globalThis as unknown as {
            __timeslice?: { ready: boolean };
            document: { querySelector(s: string): { textContent: string | null } | null };
          };
          return w.__timeslice?.ready === true && w.document.querySelector('h1')?.textContent === t;
        }, title)
        .catch(() => false);
      if (drawn) {
        return frame;
      }
    }
    await page.waitForTimeout(250);
  }
  return undefined;
}

/** Opens an application's dashboard from its row; a click lost to a tree redraw is followed by Enter. */
async function openDashboard(wb: Workbench, name: string): Promise<Frame> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await wb.sidebar.row(name).locator('.label-name').click();
    if (attempt > 0) {
      await wb.page.keyboard.press('Enter');
    }
    const frame = await drawnPanel(wb.page, name, 15_000);
    if (frame) {
      return frame;
    }
  }
  throw new Error(`the dashboard of ${name} did not draw`);
}

async function chartsOf(frame: Frame): Promise<HookCharts> {
  return frame.evaluate(() =>
    (globalThis as unknown as { __timeslice: { charts(): HookCharts } }).__timeslice.charts(),
  );
}

describe('when a refresh fails, the charts and the tree keep their data', () => {
  let wb: Workbench;
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ seed: 21, apps: 4 });
    wb = await startWorkbench({
      settings: {
        'timeslice.region': 'custom',
        'timeslice.customBaseUrl': sim.baseUrls.us,
        'timeslice.caCertificatePath': sim.certPath,
      },
    });
    await wb.sidebar.open();
    await wb.quickInput.runCommand('Timeslice: Set API Key…');
    await wb.quickInput.pick('Custom base URL');
    await wb.quickInput.widget
      .locator('.quick-input-title', { hasText: 'Custom base URL' })
      .waitFor({ timeout: 10_000 });
    await wb.quickInput.enter(); // The base URL is prefilled from the setting.
    await wb.quickInput.widget.locator('.quick-input-box input[type="password"]').waitFor({ timeout: 10_000 });
    await wb.quickInput.type('Set API Key: Custom base URL', sim.keys.us);
    await wb.quickInput.enter();
    await wb.sidebar.waitForRows(sim.datasets.us.apps.length);
  });

  after(async () => {
    await wb?.close();
    await sim?.stop();
  });

  it("a panel whose reload fails keeps its charts under a banner with the data's age and Retry", async () => {
    const name = [...sim.datasets.us.apps].sort((a, b) => a.name.localeCompare(b.name))[0].name;
    const frame = await openDashboard(wb, name);
    const before = await chartsOf(frame);
    assert.ok(before.length > 0);
    sim.injectFault({ endpoint: 'metricData', kind: 'serverError' });
    // Another range makes the panel load again, and that load fails.
    await frame.locator('select.select').first().selectOption({ index: 1 });
    const banner = frame.locator('.status-error.status-stale');
    await banner.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await banner.innerText(), /Showing data from just now — .*server error \(500\)[\s\S]*Retry/);
    assert.deepEqual(await chartsOf(frame), before, 'the charts are still there');
    assert.ok((await frame.locator('.content.stale canvas').count()) > 0, 'drawn, dimmed');
    await screenshot(wb.page, 'network-panel-stale');
    sim.clearFaults();
    await banner.locator('vscode-button', { hasText: 'Retry' }).click();
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await frame.locator('.content:not(.stale) canvas').first().waitFor({ timeout: 30_000 });
  });

  it('a tree whose refresh is rate limited keeps its rows under a warning row with the age', async () => {
    await wb.page.keyboard.press('Escape');
    sim.injectFault({ endpoint: 'applications.list', kind: 'rateLimited', retryAfterSeconds: 1 });
    await wb.quickInput.runCommand('Timeslice: Refresh');
    await wb.page
      .locator('.part.sidebar .monaco-list-row', { hasText: /^Showing data from just now — rate limited/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const labels = await wb.sidebar.rowLabels();
    for (const app of sim.datasets.us.apps) {
      assert.ok(labels.includes(app.name), `${app.name} still listed`);
    }
    // The view's message (above the rows) says the same and counts down to the retry.
    await wb.page
      .locator('.part.sidebar .message:not(.hide)', {
        hasText: /^Showing data from just now — rate limited, retrying in \d+ s$/,
      })
      .waitFor({ timeout: 15_000 });
    await screenshot(wb.page, 'network-tree-stale');
    sim.clearFaults();
  });
});
