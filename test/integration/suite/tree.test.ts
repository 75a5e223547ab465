import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { Backend } from '../../../src/api/backendChoice';
import { hostIdFor } from '../../../src/api/nerdgraph/entities';
import type { RecordedRequest } from '../../../src/simulator/requestLog';
import type { TimesliceTestApi } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';
import { BACKENDS, backendLabel, labelText, labels, setSettings, startDemo, timeslice, tooltipText } from './helpers';

/** What the simulator records for the same steps on each backend. */
const EXPECTED: Readonly<
  Record<
    Backend,
    {
      /** The requests of listing the applications, counting every application's key transactions and open alerts. */
      rootAndCounts: string[];
      /** The name filter, as the request carried it. */
      nameFilter: (r: RecordedRequest) => string | undefined;
      /** A host's id as the tree has it (NerdGraph knows hosts only by name: hostIdFor). */
      hostId: (host: { id: number; name: string }) => number;
    }
  >
> = {
  restV2: {
    // Then each application's error classes: NerdGraph, with the same key (its account was looked up earlier).
    rootAndCounts: [
      'applications.list',
      'keyTransactions.list',
      'alertsViolations.list',
      'graphql.nrql',
      'graphql.nrql',
    ],
    nameFilter: (r) => r.query.get('filter[name]') ?? undefined,
    hostId: (host) => host.id,
  },
  nerdGraph: {
    // Applications, then the key transactions: their search, their details, their summaries (NRQL).
    // Then the open alerts of every listed application, in one aiIssues query; each application's error classes.
    rootAndCounts: [
      'graphql.entitySearch',
      'graphql.entitySearch',
      'graphql.entity',
      'graphql.nrql',
      'graphql.aiIssues',
      'graphql.nrql',
      'graphql.nrql',
    ],
    nameFilter: (r) =>
      /name LIKE '%(.*)%'/.exec(
        String((JSON.parse(r.requestBody ?? '{}') as { variables?: { q?: string } }).variables?.q),
      )?.[1],
    hostId: (host) => hostIdFor(host.name),
  },
};

for (const backend of BACKENDS) {
  describe(`tree against the demo simulator, on ${backendLabel(backend)}`, function () {
    this.timeout(60_000);
    let ts: TimesliceTestApi;
    const expected = EXPECTED[backend];

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
    });

    after(async () => {
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    it('lists every application of the simulator, with health and numbers, and names the backend', async () => {
      const sim = ts.demo.simulator!;
      const roots = await ts.tree.getChildren();
      const expectedNames = sim.datasets.us.apps.map((a) => a.name).sort((a, b) => a.localeCompare(b));
      assert.deepEqual(labels(ts, roots), expectedNames);
      const storefront = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web')!;
      const item = ts.tree.getTreeItem(storefront);
      assert.match(String(item.description), /^Apdex \d\.\d\d · \d+ (ms|s) · [\d.]+k? rpm$/);
      const silent = roots.find((n) => n.kind === 'application' && !n.app.reporting)!;
      assert.equal(ts.tree.getTreeItem(silent).description, 'not reporting');
      assert.equal(String(ts.applicationsView.view.description), `demo · ${backendLabel(backend)}`);
      // Said in the message too: VS Code shows no description for a view alone in its container.
      assert.equal(
        ts.applicationsView.view.message,
        `${backendLabel(backend)} demo: a simulated account. Stop Demo returns to your own key.`,
      );
    });

    it('expands an application to hosts, instances and key transactions matching the simulator', async () => {
      const sim = ts.demo.simulator!;
      const dataset = sim.datasets.us;
      const roots = await ts.tree.getChildren();
      const appNode = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web')!;
      const simApp = dataset.apps.find((a) => a.name === 'storefront-web')!;
      const groups = await ts.tree.getChildren(appNode);
      assert.deepEqual(labels(ts, groups).slice(0, 4), ['Hosts', 'Instances', 'Key transactions', 'Transactions']);
      assert.match(labels(ts, groups)[4], /^Errors \(\d+\)$/);
      assert.equal(labels(ts, groups)[5], 'Deployments');
      assert.match(labels(ts, groups)[6], /^Open alerts \(\d+\)$/);
      const [hostsGroup, instancesGroup, ktGroup] = groups;
      const hosts = await ts.tree.getChildren(hostsGroup);
      const simHosts = simApp.hostIds.map((id) => dataset.hosts.get(id)!);
      assert.deepEqual(
        hosts.map((h: MonitorNode) => (h.kind === 'host' ? h.host.id : -1)).sort(),
        simHosts.map(expected.hostId).sort(),
      );
      assert.deepEqual(labels(ts, hosts).sort(), simHosts.map((h) => h.name).sort());
      const instances = await ts.tree.getChildren(instancesGroup);
      assert.deepEqual(
        instances.map((i: MonitorNode) => (i.kind === 'instance' ? i.instance.id : -1)).sort(),
        [...simApp.instanceIds].sort(),
      );
      const kts = await ts.tree.getChildren(ktGroup);
      const expectedKts = dataset.keyTransactions
        .filter((k) => k.appId === simApp.id)
        .map((k) => k.name)
        .sort();
      assert.ok(expectedKts.length > 0);
      assert.deepEqual(labels(ts, kts).sort(), expectedKts);
      // Each group says how many it holds and can be expanded (a count of 0 would hide its twistie).
      // (Transactions, Errors, Deployments and Open alerts say theirs, or nothing, when expanded.)
      const groupItems = groups.slice(0, 3).map((g) => ts.tree.getTreeItem(g));
      assert.deepEqual(
        groupItems.map((g) => g.description),
        [simApp.hostIds.length, simApp.instanceIds.length, expectedKts.length].map(String),
      );
      assert.ok(groupItems.every((g) => g.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed));
    });

    it('says only what the backend knows: last report, host and instance health, and which ids Copy ID may copy', async () => {
      const roots = await ts.tree.getChildren();
      const appNode = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web')!;
      const appTip = tooltipText(ts.tree.getTreeItem(appNode));
      assert.doesNotMatch(appTip, /never/i, 'no "never" for an application that reports');
      // REST gives last_reported_at; NerdGraph has nothing like it (docs/service.md#applications): no line rather than a wrong one.
      assert.equal(/Last reported/.test(appTip), backend === 'restV2', appTip);
      const [hostsGroup, instancesGroup] = await ts.tree.getChildren(appNode);
      const hostItem = ts.tree.getTreeItem((await ts.tree.getChildren(hostsGroup))[0]);
      const instanceItem = ts.tree.getTreeItem((await ts.tree.getChildren(instancesGroup))[0]);
      for (const item of [hostItem, instanceItem]) {
        const tip = tooltipText(item);
        assert.doesNotMatch(tip, /no alert policy/, `the application has a policy: ${tip}`);
        assert.equal(/Not available through NerdGraph/.test(tip), backend === 'nerdGraph', tip);
        assert.equal((item.iconPath as vscode.ThemeIcon).id === 'question', false, 'no "?" icon');
        // NerdGraph has no host ids: the one the tree uses is made from the name, so it is neither shown nor copied.
        assert.equal(/Host ID/.test(tip), backend === 'restV2', tip);
      }
      assert.equal(hostItem.contextValue, backend === 'restV2' ? 'host' : 'hostWithoutId');
      const copyIdWhen = (
        vscode.extensions.getExtension('timeslice.timeslice')!.packageJSON as {
          contributes: { menus: Record<string, Array<{ command: string; when: string }>> };
        }
      ).contributes.menus['view/item/context'].find((m) => m.command === 'timeslice.copyId')!.when;
      const viewItem = /viewItem =~ \/(.*)\/$/.exec(copyIdWhen)![1];
      assert.equal(
        new RegExp(viewItem).test(hostItem.contextValue),
        backend === 'restV2',
        `Copy ID (${copyIdWhen}) on ${hostItem.contextValue}`,
      );
    });

    it("fetches a group's children only when it is expanded; key transactions are counted from one account-wide list", async () => {
      const sim = ts.demo.simulator!;
      ts.tree.refresh();
      sim.clearRequests();
      const roots = await ts.tree.getChildren();
      const groups = await ts.tree.getChildren(roots[0]);
      await ts.tree.getChildren(roots[1]);
      // No hosts or instances lists: only the account's key transactions, once for every application's count,
      // and each expanded application's error classes (one NRQL request each, asked beside its open alerts).
      // Each expanded application's error classes also ask its deployments (for the classes new since the
      // latest) and, when there are such classes, one look-back NRQL; those go out concurrently, so the list is
      // compared without them, and the error-class queries are counted apart.
      const perApplication = new Set(['deployments.list', 'graphql.changeEvents', 'graphql.nrql', 'graphql.accounts']);
      const endpoints = sim.requests.map((r) => r.endpoint ?? '');
      const core = (list: readonly string[]) => list.filter((e) => !perApplication.has(e)).sort();
      assert.deepEqual(core(endpoints), core(expected.rootAndCounts), endpoints.join(', '));
      const nrql = (list: readonly string[]) => list.filter((e) => e === 'graphql.nrql').length;
      assert.ok(nrql(endpoints) >= nrql(expected.rootAndCounts), endpoints.join(', '));
      assert.ok(
        !sim.requests.some((r) => r.requestBody?.includes('applicationInstances')),
        'no agent instances asked for',
      );
      const app = roots[0].kind === 'application' ? roots[0].app : undefined;
      const count = sim.datasets.us.keyTransactions.filter((k) => k.appId === app?.id).length;
      assert.equal(ts.tree.getTreeItem(groups[2]).description, String(count));
    });

    it('filters applications on the server and says so when none match', async () => {
      const sim = ts.demo.simulator!;
      sim.clearRequests();
      ts.tree.setFilter('gateway');
      const roots = await ts.tree.getChildren();
      assert.deepEqual(labels(ts, roots), ['search-gateway']);
      assert.equal(expected.nameFilter(sim.requests[0]), 'gateway');
      ts.tree.setFilter('no-such-app');
      const none = await ts.tree.getChildren();
      assert.match(labelText(ts.tree.getTreeItem(none[0])), /No application name contains "no-such-app"/);
      ts.tree.setFilter('');
    });

    it('shows an HTML-special application name as the plain text it is', async () => {
      const roots = await ts.tree.getChildren();
      const node = roots.find((n) => n.kind === 'application' && n.app.name.startsWith('<img'))!;
      const item = ts.tree.getTreeItem(node);
      assert.equal(item.label, '<img src=x onerror=alert(1)> & "q"');
      const tooltip = item.tooltip as vscode.MarkdownString;
      assert.ok(!tooltip.value.includes('<img'), tooltip.value);
      assert.ok(tooltip.value.includes('&lt;img'));
      assert.ok(!tooltip.supportHtml);
    });
  });
}

describe('settings stay when the region switches', function () {
  this.timeout(30_000);
  it("keeps both regions' keys and the custom base URL", async () => {
    const ts = await timeslice();
    await ts.keys.set('us', 'NRAK-USKEYFORTESTING00000000001');
    await ts.keys.set('eu', 'NRAK-EUKEYFORTESTING00000000002');
    await setSettings({ region: 'eu', customBaseUrl: 'https://proxy.example.test' });
    await setSettings({ region: 'us' });
    assert.equal(await ts.keys.has('us'), true);
    assert.equal(await ts.keys.has('eu'), true);
    assert.equal(vscode.workspace.getConfiguration('timeslice').get('customBaseUrl'), 'https://proxy.example.test');
    await ts.keys.delete('us');
    await ts.keys.delete('eu');
    await setSettings({ region: undefined, customBaseUrl: undefined });
  });
});
