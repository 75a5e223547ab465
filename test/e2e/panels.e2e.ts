import * as assert from 'node:assert/strict';

import type { Frame } from 'playwright-core';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { metricCatalog } from '../../src/simulator/metricCatalog';
import { sliceValues } from '../../src/simulator/series';
import {
  chartsOf,
  type HookCharts,
  openFromPalette,
  openPanelByRow,
  panelFrame,
  searchExplorer,
} from './support/panels';
import { exactly } from './support/text';
import { screenshot, startDemoWorkbench, type Theme, type Workbench } from './support/workbench';

/** A CSS colour (#rgb, #rrggbb[aa] or rgb[a](…)) in CIE L*a*b* (D65), to measure how far apart two colours look. */
function cieLab(css: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(css)?.[1];
  const rgb = hex
    ? hex.length < 6
      ? [...hex.slice(0, 3)].map((c) => parseInt(c + c, 16))
      : [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
    : (/rgba?\(([^)]+)\)/
        .exec(css)?.[1]
        .split(/[ ,/]+/)
        .slice(0, 3)
        .map(Number) ?? []);
  assert.equal(rgb.length, 3, `an unreadable colour: "${css}"`);
  const [r, g, b] = rgb.map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [x, y, z] = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map(f);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/**
 * Every part's colour as the panel's theme resolves it, far enough from every other part's (CIE76
 * ΔE ≥ 30; VS Code's chart yellow and orange, once Database and Memcache, are 10–23 apart).
 */
async function assertDistinctColours(frame: Frame, chart: HookCharts[number]): Promise<void> {
  const resolved = await frame.evaluate(
    (vars) => {
      const g = globalThis as unknown as {
        document: { documentElement: unknown };
        getComputedStyle(e: unknown): { getPropertyValue(n: string): string };
      };
      return vars.map((v) => g.getComputedStyle(g.document.documentElement).getPropertyValue(v).trim());
    },
    chart.series.map((s) => s.color),
  );
  const labs = resolved.map((c, i) => [chart.series[i].label, c, cieLab(c)] as const);
  for (let i = 0; i < labs.length; i++) {
    for (let j = i + 1; j < labs.length; j++) {
      const d = Math.hypot(...labs[i][2].map((v, k) => v - labs[j][2][k]));
      assert.ok(
        d >= 30,
        `${labs[i][0]} (${labs[i][1]}) and ${labs[j][0]} (${labs[j][1]}) are only ΔE ${d.toFixed(1)} apart`,
      );
    }
  }
}

/** The demo's data set: the same seed as the extension's demo, so the expected values can be computed here. */
const demo = new Dataset(DEMO_TEST_DATA_SET);

for (const { theme, slug } of [
  { theme: 'Default Dark Modern' as Theme, slug: 'dark' },
  { theme: 'Default Light Modern' as Theme, slug: 'light' },
]) {
  describe(`chart panels (${theme})`, () => {
    let wb: Workbench;
    const app = demo.apps.find((a) => a.name === 'storefront-web')!;

    before(async () => {
      wb = await startDemoWorkbench({ theme });
    });

    after(async () => {
      await wb?.close();
    });

    it("dashboard: every chart point equals the simulator's value", async () => {
      const frame = await openPanelByRow(wb, 'storefront-web', 'Application');
      assert.equal(await frame.locator('h1').innerText(), 'storefront-web');
      const charts = await chartsOf(frame);
      assert.deepEqual(
        charts.map((c) => c.id),
        ['responseTime', 'throughput', 'errorRate', 'apdex'],
      );
      const defs = metricCatalog(app).filter((d) => d.name === 'HttpDispatcher' || d.name === 'Apdex');
      const throughput = charts.find((c) => c.id === 'throughput')!.series[0].points;
      const apdex = charts.find((c) => c.id === 'apdex')!.series[0].points;
      assert.equal(throughput.length, 30);
      for (const [points, index, value] of [
        [throughput, 0, 'requests_per_minute'],
        [apdex, 1, 'score'],
      ] as const) {
        for (const [t, v] of points) {
          const minute = t / 60_000;
          const expected = sliceValues(demo.seed, { kind: 'application', app }, defs, minute, minute + 1)[
            defs[0].name === 'Apdex' ? 1 - index : index
          ][value];
          assert.equal(v, expected, `${value} at ${new Date(t).toISOString()}`);
        }
      }
      await screenshot(wb.page, `panel-${slug}-dashboard`);
    });

    it('breakdown: a stacked chart of the 4.8 components with their formulas', async () => {
      const frame = await openFromPalette(
        wb,
        'Timeslice: Open Response-Time Breakdown…',
        'storefront-web',
        'Response-time breakdown',
      );
      const charts = await chartsOf(frame);
      assert.deepEqual(
        charts[0].series.map((s) => s.label).sort(),
        ['Application code', 'Datastore', 'Memcache', 'Request queuing', 'Web external']
          .filter((l) => l !== 'Memcache' || app.profile.hasMemcache)
          .sort(),
      );
      // On the chart, in words: why the stack can stand above the response-time line beside it.
      const note = frame
        .locator('.chart-box', { has: frame.locator('h2.chart-title', { hasText: 'Response-time breakdown' }) })
        .locator('.chart-note');
      assert.match(await note.innerText(), /add up to total time \(WebTransactionTotalTime\), not response time/);
      await assertDistinctColours(frame, charts[0]);
      // legacy-admin (Ruby, ActiveRecord) stacks its database time beside Memcache.
      const legacy = await openFromPalette(
        wb,
        'Timeslice: Open Response-Time Breakdown…',
        'legacy-admin',
        'Response-time breakdown',
      );
      const legacyStack = (await chartsOf(legacy))[0];
      assert.ok(
        ['Database (ActiveRecord)', 'Memcache'].every((l) => legacyStack.series.some((s) => s.label === l)),
        legacyStack.series.map((s) => s.label).join(', '),
      );
      await assertDistinctColours(legacy, legacyStack);
      await screenshot(wb.page, `panel-${slug}-breakdown`);
    });

    it('explorer: search metric names as you type, pick one and chart it', async () => {
      const frame = await openFromPalette(wb, 'Timeslice: Open Metric Explorer…', 'storefront-web', 'Metric explorer');
      await searchExplorer(wb.page, frame, 'Datastore/');
      const metric = 'Datastore/allWeb';
      await frame
        .locator('.explorer-groups fieldset:first-child vscode-checkbox')
        .filter({ hasText: exactly(metric) })
        .click();
      await frame
        .locator('.explorer-groups fieldset:nth-child(3) vscode-checkbox')
        .filter({ hasText: exactly('average_response_time') })
        .click();
      await frame.locator('vscode-button', { hasText: 'Chart Selected' }).click();
      await frame.waitForFunction(
        () => (globalThis as unknown as { __timeslice: { charts(): unknown[] } }).__timeslice.charts().length > 0,
        undefined,
        { timeout: 15_000 },
      );
      const [chart] = await chartsOf(frame);
      assert.equal(chart.series[0].label, metric);
      const defs = metricCatalog(app).filter((d) => d.name === metric);
      assert.equal(chart.series[0].points.length, 30);
      for (const [t, v] of chart.series[0].points) {
        const minute = t / 60_000;
        assert.equal(
          v,
          sliceValues(demo.seed, { kind: 'application', app }, defs, minute, minute + 1)[0].average_response_time,
          `at ${new Date(t).toISOString()}`,
        );
      }
      await screenshot(wb.page, `panel-${slug}-explorer`);
    });

    it('host, instance and key-transaction panels open from their rows', async () => {
      await wb.sidebar.expand('storefront-web');
      await wb.sidebar.expand('Hosts');
      const hostName = demo.hosts.get(app.hostIds[0])!.name;
      let frame = await openPanelByRow(wb, hostName, 'Host');
      const cpu = (await chartsOf(frame)).find((c) => c.id === 'cpu')!.series[0].points;
      const cpuDefs = metricCatalog(app).filter((d) => d.name === 'CPU/User Time');
      const host = demo.hosts.get(app.hostIds[0])!;
      assert.equal(cpu.length, 30);
      for (const [t, v] of cpu) {
        const minute = t / 60_000;
        assert.equal(
          v,
          sliceValues(demo.seed, { kind: 'host', app, host }, cpuDefs, minute, minute + 1)[0].percent,
          `CPU at ${new Date(t).toISOString()}`,
        );
      }
      await screenshot(wb.page, `panel-${slug}-host`);
      await wb.sidebar.expand('Instances');
      const instance = demo.instances.get(app.instanceIds[0])!;
      const instanceLabel = `${demo.hosts.get(instance.hostId)!.name}:${instance.port}`;
      frame = await openPanelByRow(wb, instanceLabel, 'Instance');
      assert.ok((await chartsOf(frame)).some((c) => c.id === 'memory'));
      await screenshot(wb.page, `panel-${slug}-instance`);
      await wb.sidebar.expand('Key transactions');
      const kt = demo.keyTransactions.find((k) => k.appId === app.id)!;
      frame = await openPanelByRow(wb, kt.name, 'Key transaction');
      assert.match(await frame.locator('body').innerText(), /rolling 10-minute average/);
      assert.equal((await chartsOf(frame))[0].series[0].label, kt.transactionName);
      await screenshot(wb.page, `panel-${slug}-keyTransaction`);
    });

    it('an application named with HTML characters renders as text', async () => {
      const name = '<img src=x onerror=alert(1)> & "q"';
      const frame = await openPanelByRow(wb, name, 'Application');
      assert.equal(await frame.locator('h1').innerText(), name);
      assert.equal(await frame.locator('img').count(), 0);
      await screenshot(wb.page, `panel-${slug}-html-name`);
    });
  });
}

describe('chart panel state after a window reload', () => {
  let wb: Workbench;

  before(async () => {
    wb = await startDemoWorkbench();
  });

  after(async () => {
    await wb?.close();
  });

  it('comes back with its entity and table view', async () => {
    let frame = await openPanelByRow(wb, 'billing-api', 'Application');
    await frame.locator('vscode-button', { hasText: 'Table' }).click();
    await frame.locator('table caption').first().waitFor({ timeout: 10_000 });
    // VS Code's own reload: it saves the open editors before the page goes (a bare page reload may not).
    await wb.quickInput.openCommandPalette();
    await wb.quickInput.choose('>Developer: Reload Window', 'Developer: Reload Window');
    await wb.page.waitForEvent('load', { timeout: 60_000 });
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await wb.page.locator('.tab', { hasText: 'Dashboard: billing-api' }).first().click({ timeout: 60_000 });
    frame = await panelFrame(wb.page, 'Application', 'billing-api', 60_000);
    assert.equal(await frame.locator('h1').innerText(), 'billing-api');
    await frame.locator('table caption').first().waitFor({ timeout: 10_000 });
    await screenshot(wb.page, 'panel-restored-table');
  });
});
