import * as assert from 'node:assert/strict';

import type { Frame } from 'playwright-core';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { RecordBuilder } from '../../src/simulator/records';
import { metricCatalog } from '../../src/simulator/metricCatalog';
import { sliceValues } from '../../src/simulator/series';
import { bindByPalette } from './support/binding';
import { chartsOf, openFromPalette, openPanelByRow } from './support/panels';
import { screenshot, startDemoWorkbench, type Workbench } from './support/workbench';
import { APDEX_ITEM } from './support/apdexItem';

/** The demo's data set (the extension's demo has the same seed): what every view must show. */
const demo = new Dataset(DEMO_TEST_DATA_SET);
const web = demo.apps.find((a) => a.name === 'storefront-web')!;

/** storefront-web's Apdex as the demo reports it in this minute and the one before (the item may be a minute old). */
function expectedApdex(): string[] {
  return [Date.now(), Date.now() - 60_000].map((t) => {
    const summary = new RecordBuilder(demo, () => new Date(t)).application(web).application_summary as {
      apdex_score: number;
    };
    return summary.apdex_score.toFixed(2);
  });
}

/** A drawn panel as a user sees it: a canvas per chart, and no error, neither the panel's nor a chart's. */
async function assertDrawn(frame: Frame, charts: number): Promise<void> {
  assert.ok((await frame.locator('canvas').count()) >= charts, `a canvas for each of the ${charts} charts`);
  assert.ok(await frame.locator('canvas').first().isVisible());
  assert.equal(await frame.locator('.status-error').count(), 0, 'no error banner');
  assert.equal(await frame.locator('.chart-error').count(), 0, 'no chart error');
}

/** The demo with `timeslice.demo.backend` = nerdGraph: every view, through the successor API, as a user sees it. */
describe('the demo on NerdGraph', () => {
  let wb: Workbench;

  before(async () => {
    wb = await startDemoWorkbench({ settings: { 'timeslice.demo.backend': 'nerdGraph' } });
  });

  after(async () => {
    await wb?.close();
  });

  it("lists the applications under a message that says NerdGraph, draws the dashboard and the 4.8 breakdown, and shows the bound application's Apdex", async () => {
    // The tree: every application of the demo (all fit in the window), under the view's message
    // naming the backend (the view is alone in its container, so VS Code hides its description).
    await wb.sidebar.waitForRows(demo.apps.length);
    assert.deepEqual((await wb.sidebar.rowLabels()).sort(), demo.apps.map((a) => a.name).sort());
    const message = wb.sidebar.view.locator('.message', { hasText: 'NerdGraph demo: a simulated account' });
    await message.waitFor({ state: 'visible', timeout: 15_000 });
    // Hosts and instances come from the entity's agent instances: the groups expand to them. (The
    // activity bar's hover, left by opening the view, lies over the rows until the mouse leaves.)
    await wb.page.mouse.move(700, 450);
    await wb.page.locator('.monaco-hover, .workbench-hover').first().waitFor({ state: 'hidden', timeout: 10_000 });
    await wb.sidebar.expand('storefront-web');
    await wb.sidebar.expand('Hosts');
    await wb.sidebar.expand('Instances');
    const labels = await wb.sidebar.rowLabels();
    for (const host of web.hostIds.map((id) => demo.hosts.get(id)!)) {
      assert.ok(labels.includes(host.name), `host ${host.name}`);
      for (const instance of host.instanceIds.map((id) => demo.instances.get(id)!)) {
        assert.ok(labels.includes(`${host.name}:${instance.port}`), `instance ${host.name}:${instance.port}`);
      }
    }
    await screenshot(wb.page, 'nerdgraph-tree');

    // The dashboard: four charts drawn, the throughput exactly the demo's calls per minute.
    const dashboard = await openPanelByRow(wb, 'storefront-web', 'Application');
    const charts = await chartsOf(dashboard);
    assert.deepEqual(
      charts.map((c) => c.id),
      ['responseTime', 'throughput', 'errorRate', 'apdex'],
    );
    await assertDrawn(dashboard, 4);
    const throughput = charts.find((c) => c.id === 'throughput')!.series[0].points;
    assert.equal(throughput.length, 30);
    const defs = metricCatalog(web).filter((d) => d.name === 'HttpDispatcher');
    for (const [t, v] of throughput) {
      const minute = t / 60_000;
      assert.equal(
        v,
        sliceValues(demo.seed, { kind: 'application', app: web }, defs, minute, minute + 1)[0].requests_per_minute,
        `requests per minute at ${new Date(t).toISOString()}`,
      );
    }
    await screenshot(wb.page, 'nerdgraph-dashboard');

    // The 4.8 breakdown: more than one component stacked, not only the application's own code.
    const breakdown = await openFromPalette(
      wb,
      'Timeslice: Open Response-Time Breakdown…',
      'storefront-web',
      'Response-time breakdown',
    );
    const [stacked] = await chartsOf(breakdown);
    const components = stacked.series.map((s) => s.label);
    assert.ok(
      components.length > 1 && components.includes('Application code') && components.includes('Datastore'),
      components.join(', '),
    );
    await assertDrawn(breakdown, 2);
    await screenshot(wb.page, 'nerdgraph-breakdown');

    // The status bar: the bound application's Apdex, its tooltip naming NerdGraph.
    await bindByPalette(wb, 'storefront-web');
    const item = await wb.statusBar.waitForItem(APDEX_ITEM, 30_000);
    const text = (await item.innerText()).trim().split(/\s+/)[0]; // the score; the latest deployment's verdict may follow
    assert.ok(
      expectedApdex().includes(text),
      `status bar shows ${text}, the demo says ${expectedApdex().join(' or ')}`,
    );
    assert.match(
      (await wb.statusBar.ariaLabel(APDEX_ITEM)) ?? '',
      new RegExp(`^Apdex ${text.replace('.', '\\.')} for storefront-web, Healthy`),
    );
    await item.hover();
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Response time' }).first();
    await hover.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await hover.innerText(), /Data from (just now|\d+ s ago) through NerdGraph\./);
    await screenshot(wb.page, 'nerdgraph-status');
  });
});
