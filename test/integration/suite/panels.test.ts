import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { MetricQuery } from '../../../src/commands/queryMetric';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import { metricCatalog } from '../../../src/simulator/metricCatalog';
import { sliceValues } from '../../../src/simulator/series';
import type { TimesliceTestApi } from '../../../src/testApi';
import {
  BACKENDS,
  backendLabel,
  eventually,
  metricDataRequests,
  metricNameFilters,
  startDemo,
  timeslice,
} from './helpers';
import { panelStatus } from './panelStatus';

for (const backend of BACKENDS) {
  describe(`chart panels against the demo simulator, on ${backendLabel(backend)}`, function () {
    this.timeout(60_000);
    let ts: TimesliceTestApi;

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    /** The open panel of `kind` once it shows data loaded through this backend (no error). */
    async function loaded(kind: string): Promise<ChartPanel> {
      return eventually(
        () => {
          const panel = [...ts.panels.open.values()].find((p) => p.state.entity.kind === kind);
          const status = panel && panelStatus(panel);
          assert.equal(status?.error, undefined, `the ${kind} panel failed`);
          return status?.data && status.backend === backend ? panel : undefined;
        },
        `the ${kind} panel's data`,
        30_000,
      );
    }

    async function storefront() {
      const roots = await ts.tree.getChildren();
      const node = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web');
      assert.ok(node?.kind === 'application', 'no storefront-web in the tree');
      return node;
    }

    it('opens the dashboard from the tree node, which makes exactly one metric-data request', async () => {
      const sim = ts.demo.simulator!;
      const item = ts.tree.getTreeItem(await storefront());
      assert.equal(item.command?.command, 'timeslice.openEntity');
      sim.clearRequests();
      await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
      assert.equal(ts.panels.open.size, 1);
      const data = panelStatus(await loaded('application')).data!;
      assert.equal(data.metricDataRequests, 1);
      const requests = metricDataRequests(sim).filter((r) => !r.summarize);
      assert.equal(requests.length, 1, `one metric-data request, not ${requests.length}`);
      assert.deepEqual(requests[0].names.sort(), [
        'Apdex',
        'EndUser/Apdex',
        'Errors/all',
        'HttpDispatcher',
        'OtherTransaction/all',
      ]);
      assert.deepEqual(
        data.charts.map((c) => c.id),
        ['responseTime', 'throughput', 'errorRate', 'apdex'],
      );
      assert.ok(
        data.charts.every((c) => c.series[0].points.filter((p) => p[1] !== null).length >= 25),
        'every chart has its points',
      );
    });

    it('reveals the open panel instead of opening a second one for the same entity', async () => {
      const node = await storefront();
      await vscode.commands.executeCommand('timeslice.openEntity', node);
      assert.equal(ts.panels.open.size, 1);
      await vscode.commands.executeCommand('timeslice.openBreakdown', node);
      assert.equal(ts.panels.open.size, 2);
    });

    it('the breakdown lists datastore names through the cache, narrowed by name, and stacks more than application code', async () => {
      const sim = ts.demo.simulator!;
      const data = panelStatus(await loaded('breakdown')).data!;
      const filters = metricNameFilters(sim);
      assert.ok(filters.length > 0, "the breakdown's names request");
      assert.ok(
        filters.every((f) => f === 'Datastore/'),
        filters.join(', '),
      );
      const [stacked] = data.charts;
      const labels = stacked.series.map((s) => s.label);
      assert.ok(
        labels.includes('Application code') && labels.includes('Datastore') && labels.length > 2,
        labels.join(', '),
      );
      assert.ok(
        stacked.series.every((s) => s.points.some((p) => (p[1] ?? 0) > 0)),
        'every component has time in it',
      );
      assert.ok((data.table?.rows.length ?? 0) > labels.length - 1, 'the table of the whole range');
    });

    it("Query Metric opens the explorer, whose points are the simulator's values", async () => {
      const sim = ts.demo.simulator!;
      const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
      const query: MetricQuery = {
        scope: { kind: 'application', applicationId: app.id },
        title: app.name,
        metric: 'HttpDispatcher',
        values: ['call_count'],
        preset: '1h',
      };
      await vscode.commands.executeCommand('timeslice.queryMetric', query);
      const panel = await loaded('explorer');
      assert.deepEqual(panel.state.explorer, { metrics: ['HttpDispatcher'], values: ['call_count'] });
      const [chart] = panelStatus(panel).data!.charts;
      assert.equal(chart.series[0].label, 'HttpDispatcher');
      const points = chart.series[0].points;
      assert.ok(points.length >= 55, `${points.length} points for an hour`);
      const defs = metricCatalog(app).filter((d) => d.name === 'HttpDispatcher');
      for (const [t, v] of points) {
        const minute = t / 60_000;
        assert.equal(
          v,
          sliceValues(sim.datasets.us.seed, { kind: 'application', app }, defs, minute, minute + 1)[0].call_count,
          `call_count at ${new Date(t).toISOString()}`,
        );
      }
    });
  });
}
