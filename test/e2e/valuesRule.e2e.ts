/**
 * Against the demo simulator in its strictest reading of the `values[]` rule (the default, as the
 * service's documentation shows it): the 4.8 breakdown shows every component each application
 * reports, with the values worked out here from the simulator's own series, read from the panel's
 * summarized table; the explorer charts EndUser/Apdex `score` next to EndUser `call_count`.
 */
import * as assert from 'node:assert/strict';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import type { SimApp } from '../../src/simulator/dataset';
import { metricCatalog } from '../../src/simulator/metricCatalog';
import { sliceValues } from '../../src/simulator/series';
import { chartsOf, openFromPalette, searchExplorer } from './support/panels';
import { exactly } from './support/text';
import { screenshot, startDemoWorkbench, type Workbench } from './support/workbench';

const demo = new Dataset(DEMO_TEST_DATA_SET);

/**
 * Each component's ms per web request over [fromMinute, toMinute), from the simulator's summarized
 * values: its average_response_time × call_count ÷ HttpDispatcher call_count (docs/service.md#response-time-breakdown).
 */
function expectedComponents(app: SimApp, fromMinute: number, toMinute: number): Record<string, number> {
  const defs = metricCatalog(app);
  const values = sliceValues(demo.seed, { kind: 'application', app }, defs, fromMinute, toMinute);
  const of = (name: string) => values[defs.findIndex((d) => d.name === name)];
  const web = of('HttpDispatcher');
  const per = (name: string) =>
    of(name) ? (of(name).average_response_time * of(name).call_count) / web.call_count : undefined;
  const out: Record<string, number | undefined> = {
    'Database (ActiveRecord)': per('ActiveRecord/all'),
    Database: per('Database/allWeb'),
    Datastore: app.profile.datastoreTypes.length
      ? app.profile.datastoreTypes.reduce((a, t) => a + per(`Datastore/${t}/allWeb`)!, 0)
      : undefined,
    Memcache: per('Memcache/allWeb'),
    'Web external': per('External/allWeb'),
    'Request queuing': per('WebFrontend/QueueTime'),
  };
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, number] => e[1] !== undefined));
}

describe('the 4.8 breakdown and the explorer against the strict values[] rule', () => {
  let wb: Workbench;

  before(async () => {
    wb = await startDemoWorkbench();
  });

  after(async () => {
    await wb?.close();
  });

  for (const name of ['billing-api', 'storefront-web', 'Zahlungsdienst – Köln ☕', 'catalog-service']) {
    it(`${name}: the summarized table shows each reported component with the simulator's value`, async () => {
      const app = demo.apps.find((a) => a.name === name)!;
      const frame = await openFromPalette(
        wb,
        'Timeslice: Open Response-Time Breakdown…',
        name,
        'Response-time breakdown',
      );
      await frame.locator('vscode-button', { hasText: 'Table' }).click();
      const table = frame.locator('table.summary-table');
      await table.waitFor({ timeout: 10_000 });
      // The range the panel asked for: its series run over whole minutes from `from` to `to`.
      const charts = await chartsOf(frame);
      const times = charts[0].series[0].points.map(([t]) => t);
      const [fromMinute, toMinute] = [times[0] / 60_000, times[times.length - 1] / 60_000 + 1];
      const rows = await table.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = (
            tr as unknown as { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> }
          ).querySelectorAll('th, td');
          return Array.from(cells).map((c) => c.textContent ?? '');
        }),
      );
      const shown = new Map(rows.map(([label, ms]) => [label, Number(ms.replace(/,/g, ''))]));
      const expected = expectedComponents(app, fromMinute, toMinute);
      assert.ok(Object.keys(expected).length >= 3, `${name} reports database, external and more`);
      for (const [label, ms] of Object.entries(expected)) {
        assert.ok(shown.has(label), `${label} row in ${JSON.stringify(rows)}`);
        assert.ok(
          Math.abs(shown.get(label)! - ms) < 0.02,
          `${label}: shown ${shown.get(label)}, simulator ${ms.toFixed(3)}`,
        );
        assert.ok(ms > 0);
      }
      assert.ok(shown.get('Application code')! > 0);
      // "% of total": one decimal on every row (6.0 beside 58.5), "—" where there is no share.
      const shares = rows.map((r) => r[2]).filter((s) => s !== '—');
      assert.ok(shares.length >= 3, JSON.stringify(rows));
      assert.ok(
        shares.every((s) => /^\d{1,3}\.\d$/.test(s)),
        `shares ${shares.join(' | ')}`,
      );
      await screenshot(wb.page, `valuesRule-breakdown-${app.id}`);
    });
  }

  it('the explorer charts EndUser/Apdex score next to EndUser call_count', async () => {
    const frame = await openFromPalette(wb, 'Timeslice: Open Metric Explorer…', 'storefront-web', 'Metric explorer');
    await searchExplorer(wb.page, frame, 'EndUser');
    for (const metric of ['EndUser', 'EndUser/Apdex']) {
      await frame
        .locator('.explorer-groups fieldset:first-child vscode-checkbox')
        .filter({ hasText: exactly(metric) })
        .click();
    }
    for (const value of ['call_count', 'score']) {
      await frame
        .locator('.explorer-groups fieldset:nth-child(3) vscode-checkbox')
        .filter({ hasText: exactly(value) })
        .click();
    }
    await frame.locator('vscode-button', { hasText: 'Chart Selected' }).click();
    await frame.waitForFunction(
      () => (globalThis as unknown as { __timeslice: { charts(): unknown[] } }).__timeslice.charts().length === 2,
      undefined,
      { timeout: 15_000 },
    );
    const charts = await chartsOf(frame);
    const byId = new Map(charts.map((c) => [c.id, c]));
    assert.deepEqual(
      byId.get('value:call_count')!.series.map((s) => s.label),
      ['EndUser'],
    );
    assert.deepEqual(
      byId.get('value:score')!.series.map((s) => s.label),
      ['EndUser/Apdex'],
    );
    const app = demo.apps.find((a) => a.name === 'storefront-web')!;
    const defs = metricCatalog(app).filter((d) => d.name === 'EndUser/Apdex');
    const score = byId.get('value:score')!.series[0].points;
    assert.equal(score.length, 30);
    for (const [t, v] of score) {
      const minute = t / 60_000;
      assert.equal(
        v,
        sliceValues(demo.seed, { kind: 'application', app }, defs, minute, minute + 1)[0].score,
        `score at ${new Date(t).toISOString()}`,
      );
    }
    const body = await frame.locator('body').innerText();
    assert.match(body, /EndUser\/Apdex returned no `call_count`\./);
    assert.match(body, /EndUser returned no `score`\./);
    await screenshot(wb.page, 'valuesRule-explorer-enduser');
  });
});
