import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import type { ChartPanel } from '../../../src/panels/chartPanel';
import { deploymentsBetween } from '../../../src/simulator/deployments';
import { AI_ISSUES_PAGE_SIZE } from '../../../src/simulator/nerdgraph/aiIssues';
import { entityGuid } from '../../../src/simulator/nerdgraph/entities';
import type { TimesliceTestApi } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';
import { BACKENDS, backendLabel, eventually, labelText, startDemo, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

const DAY = 86_400_000;

for (const backend of BACKENDS) {
  describe(`deployments against the demo simulator, on ${backendLabel(backend)}`, function () {
    this.timeout(60_000);
    let ts: TimesliceTestApi;

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
    });

    after(async () => {
      await vscode.workspace
        .getConfiguration('git')
        .update('openRepositoryInParentFolders', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    async function storefront() {
      const roots = await ts.tree.getChildren();
      const node = roots.find((n) => n.kind === 'application' && n.app.name === 'storefront-web');
      assert.ok(node?.kind === 'application', 'no storefront-web in the tree');
      return node;
    }

    async function deploymentNodes(): Promise<MonitorNode[]> {
      const groups = await ts.tree.getChildren(await storefront());
      const group = groups.find((n) => n.kind === 'deploymentsGroup');
      assert.ok(group, 'a Deployments group');
      return ts.tree.getChildren(group);
    }

    async function dashboard(): Promise<ChartPanel> {
      return eventually(
        () => {
          const panel = [...ts.panels.open.values()].find((p) => p.state.entity.kind === 'application');
          const status = panel && panelStatus(panel);
          return status?.data && status.backend === backend ? panel : undefined;
        },
        'the dashboard with data',
        30_000,
      );
    }

    it("lists the simulator's deployments of the last 7 days in the tree, newest first", async () => {
      const sim = ts.demo.simulator!;
      const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
      const nodes = await deploymentNodes();
      const now = Date.now();
      const model = deploymentsBetween(sim.datasets.us, app, now - 7 * DAY + 60_000, now);
      const shown = nodes.flatMap((n) => (n.kind === 'deployment' ? [n.deployment] : []));
      assert.ok(model.length >= 7);
      assert.deepEqual(
        shown.slice(0, model.length).map((d) => [d.revision, d.time]),
        model.map((d) => [d.revision, d.at]),
      );
      const item = ts.tree.getTreeItem(nodes[0]);
      assert.equal(item.label, model[0].revision.slice(0, 7));
      assert.equal(typeof item.tooltip, 'string', 'a plain-text tooltip');
    });

    it('a click on a deployment opens the dashboard around it (3 h after, 3 h before overlaid), with its marker and the change', async () => {
      const nodes = await deploymentNodes();
      const node = nodes.find((n) => n.kind === 'deployment' && Date.now() - n.deployment.time > 3 * 3_600_000)!;
      assert.ok(node.kind === 'deployment');
      const item = ts.tree.getTreeItem(node);
      await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
      const panel = await dashboard();
      const data = panelStatus(panel).data!;
      // The panel's own "around a deployment" range (aroundDeployment.ts): the 3 h after it, the 3 h before overlaid.
      assert.equal(panel.state.range.around, node.deployment.time);
      assert.equal(data.range.requested.from.getTime(), node.deployment.time);
      assert.equal(data.range.requested.to.getTime(), node.deployment.time + 3 * 3_600_000);
      assert.equal(data.range.compare?.from.getTime(), node.deployment.time - 3 * 3_600_000);
      assert.ok(
        data.charts.some((c) => c.series.some((s) => s.compare)),
        'the window before, overlaid',
      );
      assert.match(data.summaryNote ?? '', /^(Response time|Throughput|Error rate|Apdex) [^·]* since /);
      assert.ok(
        data.aroundChoices?.some((m) => m.time === node.deployment.time),
        'offered in the range controls',
      );
      assert.ok(
        data.deployments?.some((m) => m.time === node.deployment.time && m.revision === node.deployment.revision),
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it("the dashboard of an application with open alerts marks when each started, at the simulator's times", async () => {
      const sim = ts.demo.simulator!;
      const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
      const roots = await ts.tree.getChildren();
      const node = roots.find((n) => n.kind === 'application' && n.app.id === red.id)!;
      const opened = await ts.connections.current!.api.listOpenAlerts([red.id]);
      await vscode.commands.executeCommand('timeslice.openEntity', node);
      const panel = await eventually(
        () => {
          const p = [...ts.panels.open.values()].find(
            (x) => x.state.entity.kind === 'application' && x.state.entity.applicationId === red.id,
          );
          const status = p && panelStatus(p);
          return status?.data && status.backend === backend ? p : undefined;
        },
        'the dashboard with data',
        30_000,
      );
      const data = panelStatus(panel).data!;
      assert.ok(opened.length >= 2, 'the simulator opens two alerts on a red application');
      // The demo's alerts open relative to its clock at each answer: the same times within the test's span.
      const want = opened.map((a) => a.openedAt).sort((a, b) => b - a);
      assert.equal(data.alerts?.length, want.length);
      data.alerts.forEach((a, i) => assert.ok(Math.abs(a.time - want[i]) < 60_000, `${a.time} vs ${want[i]}`));
      assert.ok(data.alerts?.every((a) => a.priority === 'critical'));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('Record Deployment… reaches the simulator, after a modal confirmation naming application and account', async () => {
      const sim = ts.demo.simulator!;
      const revision = `${backend === 'restV2' ? 'c0ffee' : 'beef00'}${Date.now().toString(16)}`.slice(0, 14);
      const window = vscode.window as unknown as Record<string, unknown>;
      const originals = { input: window.showInputBox, warning: window.showWarningMessage };
      const inputs = [revision, 'Recorded by the integration test'];
      sim.clearRequests();
      let confirmation = '';
      let modal = false;
      window.showInputBox = () => Promise.resolve(inputs.shift());
      window.showWarningMessage = (message: string, options: { modal?: boolean }, ...items: string[]) => {
        confirmation = message;
        modal = options.modal === true;
        return Promise.resolve(items[0]);
      };
      try {
        await vscode.commands.executeCommand('timeslice.recordDeployment', await storefront());
      } finally {
        window.showInputBox = originals.input;
        window.showWarningMessage = originals.warning;
      }
      assert.ok(modal);
      assert.match(confirmation, /storefront-web/);
      assert.match(confirmation, /Demo/);
      // The demo's simulator runs in its own bundle: what it recorded is read from its request log.
      const writes = sim.requests.filter(
        (r) =>
          (r.method === 'POST' && r.path.endsWith('/deployments.json')) ||
          (r.requestBody ?? '').includes('changeTrackingCreateEvent'),
      );
      assert.equal(writes.length, 1);
      assert.ok(writes[0].status === 200 || writes[0].status === 201, `status ${writes[0].status}`);
      assert.ok((writes[0].requestBody ?? '').includes(revision) || backend === 'restV2');
      const nodes = await deploymentNodes();
      assert.ok(nodes.some((n) => n.kind === 'deployment' && n.deployment.revision === revision));
    });
    it('Show Changes Since This Deployment is offered only for a commit of the workspace, and opens it against HEAD', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-git-'));
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir })
          .toString()
          .trim();
      git('init', '-q');
      fs.writeFileSync(path.join(dir, 'a.txt'), 'one\n');
      git('add', '.');
      git('commit', '-qm', 'first');
      const first = git('rev-parse', 'HEAD');
      fs.writeFileSync(path.join(dir, 'a.txt'), 'two\n');
      git('commit', '-qam', 'second');
      // Through the git extension's API, waiting for it to report the repository: the command
      // `git.openRepository` returns before the repository is open, and may run before git is active.
      type Repo = { rootUri: vscode.Uri };
      type GitApi = {
        state?: 'uninitialized' | 'initialized';
        repositories: Repo[];
        openRepository?(root: vscode.Uri): Promise<Repo | null>;
      };
      type Git = { enabled?: boolean; getAPI(v: 1): GitApi };
      const gitExtension = vscode.extensions.getExtension<Git>('vscode.git');
      const exports = await Promise.resolve(gitExtension?.activate());
      assert.ok(exports && exports.enabled !== false, 'the built-in git extension is there and enabled');
      const api = exports.getAPI(1);
      const root = fs.realpathSync(dir);
      const isOurs = (r: Repo) => r.rootUri.fsPath === root;
      // Activation returns before git is found and the model is ready; until then nothing opens.
      await eventually(() => (api.state === undefined || api.state === 'initialized' ? true : undefined), 'git ready');
      // The repository lies outside the workspace's folders: the git extension's model ignores such a
      // "parent folder" repository unless git.openRepositoryInParentFolders is "always" (its default
      // "prompt" only offers it), even through the API's openRepository. Restored in `after`.
      await vscode.workspace
        .getConfiguration('git')
        .update('openRepositoryInParentFolders', 'always', vscode.ConfigurationTarget.Global);
      await api.openRepository?.(vscode.Uri.file(root));
      await eventually(() => (api.repositories.some(isOurs) ? true : undefined), 'git to open the repository');
      const sim = ts.demo.simulator!;
      sim.clearRequests();
      const window = vscode.window as unknown as Record<string, unknown>;
      const originals = { input: window.showInputBox, warning: window.showWarningMessage };
      const inputs = [first, ''];
      window.showInputBox = () => Promise.resolve(inputs.shift());
      window.showWarningMessage = (_m: string, _o: unknown, ...items: string[]) => Promise.resolve(items[0]);
      try {
        await vscode.commands.executeCommand('timeslice.recordDeployment', await storefront());
      } finally {
        window.showInputBox = originals.input;
        window.showWarningMessage = originals.warning;
      }
      if (backend === 'nerdGraph') {
        // NerdGraph: the recommended mutation, with the revision's full commit found in the workspace.
        const write = sim.requests.find((r) => (r.requestBody ?? '').includes('changeTrackingCreateEvent'));
        const sent = (JSON.parse(write?.requestBody ?? '{}') as { variables?: { event?: unknown } }).variables?.event;
        assert.deepEqual((sent as { categoryAndTypeData?: unknown })?.categoryAndTypeData, {
          kind: { category: 'Deployment', type: 'Basic' },
          categoryFields: { deployment: { version: first, commit: first } },
        });
      }
      const node = await eventually(async () => {
        ts.tree.refresh();
        const found = (await deploymentNodes()).find((n) => n.kind === 'deployment' && n.deployment.revision === first);
        return found && ts.tree.getTreeItem(found).contextValue === 'deploymentWithCommit' ? found : undefined;
      }, 'the recorded deployment as a workspace commit');
      const others = (await deploymentNodes()).filter(
        (n) => n.kind === 'deployment' && n.deployment.revision !== first,
      );
      assert.ok(others.every((n) => ts.tree.getTreeItem(n).contextValue === 'deployment'));
      await vscode.commands.executeCommand('timeslice.showChangesSinceDeployment', node);
      const tab = await eventually(() => vscode.window.tabGroups.activeTabGroup.activeTab?.label, 'the changes tab');
      assert.match(tab, new RegExp(first.slice(0, 7)));
    });

    if (backend === 'nerdGraph') {
      it('a deployment a pipeline recorded with changeTrackingCreateEvent shows in the tree and on the dashboard, also where REST and deploymentSearch do not list it', async () => {
        const sim = ts.demo.simulator!;
        const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
        const guid = entityGuid(sim.accounts.us[0].id, 'APM', 'APPLICATION', app.id);
        const version = `pipeline-${Date.now().toString(36)}`;
        sim.setChangeEventsInDeploymentLists(false);
        try {
          // As a CI job would send it: straight to NerdGraph with the key, not through Timeslice.
          const reply = await sim.nerdGraph.answer(
            'us',
            sim.keys.us,
            JSON.stringify({
              query:
                'mutation($e: ChangeTrackingCreateEventInput!) { changeTrackingCreateEvent(changeTrackingEvent: $e) { changeTrackingEvent { changeTrackingId } } }',
              variables: {
                e: {
                  categoryAndTypeData: {
                    kind: { category: 'deployment', type: 'basic' },
                    categoryFields: { deployment: { version, commit: 'a'.repeat(40) } },
                  },
                  entitySearch: { query: `id = '${guid}'` },
                  user: 'github-actions',
                  // Inside the dashboard's range, which ends at a whole minute.
                  timestamp: Date.now() - 5 * 60_000,
                },
              },
            }),
          );
          assert.equal(reply.status, 200, reply.body);
          ts.connections.current!.deployments.invalidate(app.id);
          const node = await eventually(async () => {
            ts.tree.refresh();
            return (await deploymentNodes()).find((n) => n.kind === 'deployment' && n.deployment.revision === version);
          }, "the pipeline's deployment in the tree");
          assert.ok(node.kind === 'deployment' && node.deployment.commit === 'a'.repeat(40));
          await vscode.commands.executeCommand('workbench.action.closeAllEditors');
          await vscode.commands.executeCommand('timeslice.openEntity', await storefront());
          const data = panelStatus(await dashboard()).data!;
          assert.ok(
            data.deployments?.some((m) => m.revision === version),
            'its marker on the chart',
          );
        } finally {
          sim.setChangeEventsInDeploymentLists(true);
          await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        }
      });
    }

    it('a deployments refresh that fails keeps the last list in the tree, under its age and the failure', async () => {
      const sim = ts.demo.simulator!;
      ts.tree.refresh();
      const good = (await deploymentNodes()).filter((n) => n.kind === 'deployment');
      assert.ok(good.length > 0);
      ts.connections.current!.deployments.invalidate();
      // A sign-in page instead of an answer: a failure the client does not retry.
      sim.injectFault({
        endpoint: backend === 'restV2' ? 'deployments.list' : 'graphql.changeEvents',
        kind: 'wrongContentType',
      });
      try {
        ts.tree.refresh();
        const [first, ...rest] = await deploymentNodes();
        assert.match(labelText(ts.tree.getTreeItem(first)), /^From (just now|\d+ min ago); refresh failed: /);
        assert.equal(ts.tree.getTreeItem(first).command?.command, 'timeslice.refresh');
        assert.deepEqual(
          rest.map((n) => n.id),
          good.map((n) => n.id),
        );
      } finally {
        sim.clearFaults();
        ts.tree.refresh();
      }
    });

    it('two dashboards of one application: closing one mid-load leaves the other its deployment markers', async () => {
      const sim = ts.demo.simulator!;
      const node = await storefront();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      ts.connections.current!.deployments.invalidate();
      // The deployments request is held back, so the first dashboard closes while both wait for it.
      const endpoint = backend === 'restV2' ? 'deployments.list' : 'graphql.changeEvents';
      const before = sim.faultsUsed(endpoint);
      sim.injectFault({ endpoint, kind: 'delay', delayMs: 2_000, times: 1 });
      try {
        await vscode.commands.executeCommand('timeslice.openEntity', node);
        await vscode.commands.executeCommand('timeslice.openBreakdown', node);
        await eventually(() => (sim.faultsUsed(endpoint) > before ? true : undefined), 'the held-back request');
        const first = [...ts.panels.open.values()].find((p) => p.state.entity.kind === 'application')!;
        assert.equal(panelStatus(first).data, undefined, 'closed while loading');
        first.dispose();
        const breakdown = await eventually(
          () => {
            const p = [...ts.panels.open.values()].find((x) => x.state.entity.kind === 'breakdown');
            return p && panelStatus(p).data ? p : undefined;
          },
          'the breakdown with data',
          30_000,
        );
        // A cancelled request leaves no markers at all (undefined); the shared one answers the range's
        // (the simulator's, with any deployment an earlier test recorded).
        const data = panelStatus(breakdown).data!;
        const { from, to } = data.range.requested;
        const model = await ts.connections.current!.api.listDeployments(node.app.id, { from, to });
        assert.deepEqual(
          data.deployments?.map((m) => m.revision),
          model.map((d) => d.revision),
        );
      } finally {
        sim.clearFaults();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    });

    it('an open-alerts request that fails (503) shows an error row with Retry in the group, not an empty group', async () => {
      const sim = ts.demo.simulator!;
      const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
      const endpoint = backend === 'restV2' ? 'alertsViolations.list' : 'graphql.aiIssues';
      sim.injectFault({ endpoint, kind: 'unavailable', retryAfterSeconds: 0 });
      try {
        ts.tree.refresh();
        const app = (await ts.tree.getChildren()).find((n) => n.kind === 'application' && n.app.id === red.id)!;
        const group = (await ts.tree.getChildren(app)).find((n) => n.kind === 'openAlertsGroup')!;
        assert.equal(ts.tree.getTreeItem(group).label, 'Open alerts (unknown)');
        const rows = (await ts.tree.getChildren(group)).map((n) => ts.tree.getTreeItem(n));
        assert.ok(rows.length > 0, 'never an empty group');
        assert.ok(rows.some((r) => r.command?.command === 'timeslice.refresh' && r.label === 'Retry'));
      } finally {
        sim.clearFaults();
        ts.tree.refresh();
      }
    });

    it('counts the open alerts over more than one page', async () => {
      const sim = ts.demo.simulator!;
      const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
      sim.setAiIssuesPageSize(1);
      try {
        ts.tree.refresh();
        sim.clearRequests();
        const app = (await ts.tree.getChildren()).find((n) => n.kind === 'application' && n.app.id === red.id)!;
        const group = (await ts.tree.getChildren(app)).find((n) => n.kind === 'openAlertsGroup')!;
        assert.equal(ts.tree.getTreeItem(group).label, 'Open alerts (2)');
        if (backend === 'nerdGraph') {
          const pages = sim.requests.filter((r) => r.endpoint === 'graphql.aiIssues').length;
          assert.ok(pages >= 2, `aiIssues pages asked: ${pages}`);
        }
      } finally {
        sim.setAiIssuesPageSize(AI_ISSUES_PAGE_SIZE);
        ts.tree.refresh();
      }
    });

    it('lists the open alerts of an application, one opened three days ago included, with no link to open in the demo', async () => {
      const sim = ts.demo.simulator!;
      const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
      const roots = await ts.tree.getChildren();
      const app = roots.find((n) => n.kind === 'application' && n.app.id === red.id)!;
      const group = (await ts.tree.getChildren(app)).find((n) => n.kind === 'openAlertsGroup')!;
      assert.equal(ts.tree.getTreeItem(group).label, 'Open alerts (2)');
      const alerts = await ts.tree.getChildren(group);
      assert.ok(alerts.some((n) => n.kind === 'openAlert' && Date.now() - n.alert.openedAt >= 3 * DAY - 60_000));
      for (const n of alerts) {
        const item = ts.tree.getTreeItem(n);
        assert.equal(item.command, undefined, 'the demo has no service domain: no link is opened');
        assert.equal(typeof item.tooltip, 'string');
      }
      // The tree's answer serves a panel's alert markers: the session's cache asks nothing more.
      sim.clearRequests();
      const cached = await ts.connections.current!.openAlerts.get(red.id);
      assert.equal(cached.length, 2);
      const alertRequests = sim.requests.filter(
        (r) => r.endpoint === 'alertsViolations.list' || r.endpoint === 'graphql.aiIssues',
      );
      assert.deepEqual(
        alertRequests.map((r) => r.path),
        [],
      );
    });
  });
}
