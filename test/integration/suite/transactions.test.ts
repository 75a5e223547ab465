import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TransactionStats } from '../../../src/api/transactionStats';
import { describeTransaction, shortTransactionName } from '../../../src/format/transactions';
import type { TimesliceTestApi } from '../../../src/testApi';
import { safeText } from '../../../src/util/safeText';
import type { MonitorNode } from '../../../src/tree/nodes';
import { TREE_TRANSACTIONS_MINUTES } from '../../../src/tree/treeWindows';
import { simTransactionNames } from '../../support/simTransactions';
import { panelStatus } from './panelStatus';
import { BACKENDS, backendLabel, eventually, labels, startDemo, timeslice, tooltipText } from './helpers';

/** What each backend's transactions were, for the agreement check after both ran. */
const seen = new Map<string, TransactionStats[]>();

for (const backend of BACKENDS) {
  describe(`transactions on ${backendLabel(backend)}`, function () {
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

    async function transactionsGroup(name = 'storefront-web'): Promise<MonitorNode> {
      const roots = await ts.tree.getChildren();
      const app = roots.find((n) => n.kind === 'application' && n.app.name === name)!;
      const group = (await ts.tree.getChildren(app)).find((n) => n.kind === 'transactions');
      assert.ok(group, 'a Transactions group under the application');
      return group;
    }

    /** The tree's rows and the simulator's numbers over the same window (asked again if a minute turned). */
    async function rowsAndStats(group: MonitorNode): Promise<[MonitorNode[], TransactionStats[]]> {
      for (;;) {
        const to = Math.floor(Date.now() / 60_000) * 60_000;
        ts.tree.refresh(group);
        const rows = await ts.tree.getChildren(group);
        const app = group.kind === 'transactions' ? group.parent.app : undefined;
        const stats = await ts.connections.current!.api.getTransactionStats({
          applicationId: app!.id,
          language: app!.language,
          from: to - TREE_TRANSACTIONS_MINUTES * 60_000,
          to,
        });
        if (Math.floor(Date.now() / 60_000) * 60_000 === to) {
          return [rows, stats];
        }
      }
    }

    it("lists the application's transactions, web first by time consumed, with the simulator's numbers", async () => {
      const sim = ts.demo.simulator!;
      const group = await transactionsGroup();
      const [rows, stats] = await rowsAndStats(group);
      const simApp = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
      assert.deepEqual(stats.map((s) => s.name).sort(), simTransactionNames(simApp).sort());
      assert.deepEqual(
        labels(ts, rows),
        stats.map((s) => safeText(shortTransactionName(s.name))),
      );
      for (const [i, row] of rows.entries()) {
        const item = ts.tree.getTreeItem(row);
        assert.equal(item.description, describeTransaction(stats[i]));
        const web = stats[i].kind === 'web';
        assert.match(String(item.description), /^\d+ (ms|s) · [\d.]+k? rpm( · (<?[\d.]+) % err)?$/);
        const tip = tooltipText(item);
        assert.match(tip, web ? /Apdex: \d\\?\.\d\d/ : /Apdex: none recorded/); // Markdown-escaped
        assert.match(tip, web ? /Share of the app's web time: / : /Share of the app's background time: /);
        assert.equal(item.command?.command, 'timeslice.openTransaction');
      }
      seen.set(backend, stats);
    });

    it('one summarized request per refresh (names cached): NerdGraph one NRQL, REST one metric-data request', async () => {
      const sim = ts.demo.simulator!;
      const group = await transactionsGroup();
      await ts.tree.getChildren(group); // the names listing, cached by the session
      sim.clearRequests();
      ts.tree.refresh(group);
      await ts.tree.getChildren(group);
      assert.deepEqual(
        sim.requests.map((r) => r.endpoint),
        [backend === 'nerdGraph' ? 'graphql.nrql' : 'metricData'],
      );
    });

    it('names are text: the hostile transaction shows as written, never as markup', async () => {
      const roots = await ts.tree.getChildren();
      for (const app of roots.filter((n) => n.kind === 'application' && n.app.reporting).slice(0, 3)) {
        const group = (await ts.tree.getChildren(app)).find((n) => n.kind === 'transactions')!;
        for (const row of await ts.tree.getChildren(group)) {
          const tip = tooltipText(ts.tree.getTreeItem(row));
          assert.doesNotMatch(tip, /<img/);
        }
      }
    });

    it('a row opens the transaction panel; the command takes { applicationId, name }', async () => {
      const group = await transactionsGroup();
      const [row] = await ts.tree.getChildren(group);
      const item = ts.tree.getTreeItem(row);
      await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
      const panel = await eventually(
        () => {
          const p = [...ts.panels.open.values()].find((x) => x.state.entity.kind === 'transaction');
          const status = p && panelStatus(p);
          assert.equal(status?.error, undefined);
          return status?.data && status.backend === backend ? status.data : undefined;
        },
        'the transaction panel',
        30_000,
      );
      assert.deepEqual(
        panel.charts.map((c) => c.id),
        ['responseTime', 'throughput', 'errorRate', 'apdex'],
      );
      // The CodeLens's form: only the two ids; the panel already open is revealed, not opened twice.
      const name = row.kind === 'transaction' ? row.stats.name : '';
      const applicationId = row.kind === 'transaction' ? row.parent.parent.app.id : 0;
      await vscode.commands.executeCommand('timeslice.openTransaction', { applicationId, name });
      assert.equal([...ts.panels.open.values()].filter((x) => x.state.entity.kind === 'transaction').length, 1);
    });

    it("the application's Transactions table: one row per transaction", async () => {
      const group = await transactionsGroup();
      const app = group.kind === 'transactions' ? group.parent : undefined;
      await vscode.commands.executeCommand('timeslice.openTransactionsTable', app);
      const data = await eventually(
        () => {
          const p = [...ts.panels.open.values()].find((x) => x.state.entity.kind === 'transactions');
          const status = p && panelStatus(p);
          assert.equal(status?.error, undefined);
          return status?.data && status.backend === backend ? status.data : undefined;
        },
        'the transactions table',
        30_000,
      );
      const simApp = ts.demo.simulator!.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
      assert.deepEqual(data.table!.rows.map((r) => r.metric).sort(), simTransactionNames(simApp).sort());
    });
  });
}

describe('transactions: REST v2 and NerdGraph agree', () => {
  it('the same transactions', () => {
    const [rest, ng] = [seen.get('restV2'), seen.get('nerdGraph')];
    // Recorded by each backend's suite above: without both, this compares nothing and must say so.
    assert.ok(rest && ng, 'both backends recorded their transactions (run the whole file)');
    assert.deepEqual(ng.map((s) => s.name).sort(), rest.map((s) => s.name).sort());
    // The numbers: test/unit/transactionStats.test.ts, over one fixed clock (these runs fall in different minutes).
  });
});
