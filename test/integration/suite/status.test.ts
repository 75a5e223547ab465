import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { Backend } from '../../../src/api/backendChoice';
import type { Fault } from '../../../src/simulator/faults';
import type { RecordedRequest } from '../../../src/simulator/requestLog';
import type { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import { BACKENDS, backendLabel, eventually, startDemo, timeslice } from './helpers';

/** How each backend lists the bound applications, and the fault that rate-limits that request. */
const POLL: Readonly<
  Record<
    Backend,
    {
      /** The one request that refreshes every bound application, checked against their ids. */
      check: (requests: readonly RecordedRequest[], ids: number[]) => void;
      rateLimited: Fault;
    }
  >
> = {
  restV2: {
    check: (requests, ids) => {
      const listed = requests.filter((r) => r.endpoint === 'applications.list' && r.query.has('filter[ids]'));
      assert.equal(listed.length, 1);
      assert.deepEqual(listed[0].query.get('filter[ids]')!.split(',').map(Number).sort(), [...ids].sort());
      assert.equal(requests.filter((r) => r.endpoint === 'applications.show').length, 0);
    },
    rateLimited: { endpoint: 'applications.list', kind: 'rateLimited', retryAfterSeconds: 1 },
  },
  nerdGraph: {
    // NerdGraph's entity search has no id filter: the account's applications, in one request, filtered here.
    check: (requests) => {
      assert.deepEqual(
        requests.map((r) => r.endpoint),
        ['graphql.entitySearch'],
      );
      assert.match(requests[0].requestBody ?? '', /domain = 'APM' AND type = 'APPLICATION' AND accountId = \d+/);
    },
    rateLimited: { endpoint: 'graphql.entitySearch', kind: 'rateLimited', retryAfterSeconds: 1 },
  },
};

/** The suite runs in a multi-root workspace of three folders (see run.js): each binds its own application. */
for (const backend of BACKENDS) {
  describe(`status bar and workspace binding against the demo simulator, on ${backendLabel(backend)}`, function () {
    this.timeout(90_000);
    let ts: TimesliceTestApi;
    let sim: Simulator;
    let folders: readonly vscode.WorkspaceFolder[];
    const appsByName = new Map<string, number>();
    // Health alerts are rate-limited per application for 10 minutes, across sessions: each backend's
    // run turns its own healthy application red. (legacy-admin's Apdex stays under 1, as the thresholds test needs.)
    const healthy = backend === 'restV2' ? 'storefront-web' : 'legacy-admin';
    const bound = [
      { folder: 0, app: healthy, health: 'green', background: undefined },
      { folder: 1, app: 'billing-api', health: 'orange', background: 'warning' },
      { folder: 2, app: 'search-gateway', health: 'red', background: 'error' },
    ] as const;

    /** Opens a file of folder `i`, which makes its binding the one the status bar shows. */
    async function focusFolder(i: number): Promise<void> {
      const uri = vscode.Uri.joinPath(folders[i].uri, 'notes.txt');
      await vscode.workspace.fs.writeFile(uri, Buffer.from(`folder ${i}\n`));
      await vscode.window.showTextDocument(uri, { preview: false });
    }

    async function settingsFile(i: number): Promise<string> {
      return Buffer.from(
        await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folders[i].uri, '.vscode', 'settings.json')),
      ).toString('utf8');
    }

    /** Refreshes until the item shows `app`'s current Apdex as the service reports it now (the minute may roll over between). */
    async function showsApdexOf(app: string) {
      const id = appsByName.get(app)!;
      return eventually(async () => {
        await ts.status.poller.refreshNow();
        const direct = await ts.connections.current!.api.getApplication(id);
        const view = ts.status.statusBar.view;
        // After the Apdex, the latest deployment's verdict when there is one (docs/impact.md#the-latest-deployment).
        const apdex = `$(pulse) ${direct.summary!.apdexScore.toFixed(2)}`;
        return (view?.text === apdex || view?.text.startsWith(`${apdex} $(rocket) `)) &&
          view.accessibilityLabel.includes(` for ${app},`)
          ? view
          : undefined;
      }, `the status bar showing the Apdex of ${app}`);
    }

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
      sim = ts.demo.simulator!;
      for (const a of sim.datasets.us.apps) {
        appsByName.set(a.name, a.id);
      }
      folders = vscode.workspace.workspaceFolders ?? [];
      assert.equal(folders.length, 3, 'run.js opens a workspace of three folders');
    });

    after(async () => {
      sim?.clearFaults();
      for (const folder of folders ?? []) {
        await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    it('offers to bind while no folder is bound', async () => {
      await eventually(
        () => (ts.status.statusBar.view?.text === '$(plug) Bind application' ? true : undefined),
        'the unbound item',
      );
      assert.equal(ts.status.statusBar.view!.action, 'bind');
    });

    it("binding writes the folder's .vscode/settings.json with the ID and region", async () => {
      for (const b of bound) {
        await vscode.commands.executeCommand('timeslice.bindWorkspace', {
          applicationId: appsByName.get(b.app),
          name: b.app,
          folder: folders[b.folder].uri,
        });
      }
      for (const b of bound) {
        const file = JSON.parse(await settingsFile(b.folder)) as Record<string, unknown>;
        assert.deepEqual(file['timeslice.boundApplication'], {
          id: appsByName.get(b.app),
          region: 'demo',
          name: b.app,
        });
        const inspected = vscode.workspace
          .getConfiguration('timeslice', folders[b.folder].uri)
          .inspect('boundApplication');
        assert.deepEqual(inspected?.workspaceFolderValue, { id: appsByName.get(b.app), region: 'demo', name: b.app });
      }
      assert.deepEqual(
        ts.status.bindings.all().map((fb) => fb.binding.id),
        bound.map((b) => appsByName.get(b.app)),
      );
    });

    it("shows the active folder's Apdex, coloured by health: green plain, orange warning, red error", async () => {
      for (const b of bound) {
        await focusFolder(b.folder);
        const view = await showsApdexOf(b.app);
        assert.equal(view.background, b.background, b.app);
        assert.match(
          view.tooltip,
          new RegExp(`\\| Health \\| ${{ green: 'Healthy', orange: 'Warning', red: 'Critical' }[b.health]} \\|`),
        );
        assert.match(view.tooltip, new RegExp(`Data from just now through ${backendLabel(backend)}\\.`));
        assert.match(view.tooltip, /2 other workspace folders are bound too/);
        assert.equal(view.action, 'openDashboard');
      }
    });

    it("shows the open alerts' severity beside the Apdex: nothing when none, warning, error for a critical one", async () => {
      const expected: Record<string, { text: string; background: string; count: number } | undefined> = {
        [healthy]: undefined,
        'billing-api': { text: '$(warning) 1', background: 'warning', count: 1 },
        'search-gateway': { text: '$(error) 2', background: 'error', count: 2 },
      };
      for (const b of bound) {
        await focusFolder(b.folder);
        await showsApdexOf(b.app);
        const view = ts.status.statusBar.alertsView;
        const want = expected[b.app];
        if (!want) {
          assert.equal(view, undefined, b.app);
          continue;
        }
        assert.equal(view?.text, want.text, b.app);
        assert.equal(view.background, want.background, b.app);
        assert.match(view.tooltip, new RegExp(`^${want.count} open alerts? on ${b.app} \\(`));
        assert.ok(!view.tooltip.includes('**'), 'plain text, not markdown');
      }
    });

    it('the Apdex tooltip names the last deployment and the response time change since it', async () => {
      await focusFolder(2);
      await showsApdexOf('search-gateway');
      await ts.status.statusBar.lastDeploymentSettled();
      const id = appsByName.get('search-gateway')!;
      const now = Date.now();
      const [newest] = await ts.connections.current!.api.listDeployments(id, {
        from: new Date(now - 7 * 86_400_000),
        to: new Date(now),
      });
      assert.ok(newest, 'the simulator deploys every day');
      const short = /^[0-9a-f]{8,40}$/i.test(newest.revision) ? newest.revision.slice(0, 7) : undefined;
      const tooltip = await eventually(
        () =>
          ts.status.statusBar.view?.tooltip.includes('Last deployment: ')
            ? ts.status.statusBar.view.tooltip
            : undefined,
        'the last deployment in the tooltip',
      );
      if (short) {
        assert.ok(tooltip.includes(`Last deployment: ${short}`), tooltip);
      }
      if (now - newest.time >= 15 * 60_000) {
        // escapeMarkdown's backslashes before "+", "-", "(" and ".": the text reads as the panel's header.
        assert.match(tooltip, /(Response time|Throughput|Error rate|Apdex) [^|\n]* since \S+ \\\(/, tooltip);
      }
    });

    it('colours by the Apdex thresholds when told to', async () => {
      await focusFolder(0);
      const config = vscode.workspace.getConfiguration('timeslice');
      try {
        await config.update('statusBar.colorMode', 'thresholds', vscode.ConfigurationTarget.Global);
        await config.update('statusBar.apdexWarning', 1, vscode.ConfigurationTarget.Global);
        await config.update('statusBar.apdexError', 0, vscode.ConfigurationTarget.Global);
        // The application is healthy, but any Apdex below 1 is now under the warning threshold.
        await eventually(
          () => (ts.status.statusBar.view?.background === 'warning' ? true : undefined),
          'the warning colour from the thresholds',
        );
      } finally {
        await config.update('statusBar.colorMode', undefined, vscode.ConfigurationTarget.Global);
        await config.update('statusBar.apdexWarning', undefined, vscode.ConfigurationTarget.Global);
        await config.update('statusBar.apdexError', undefined, vscode.ConfigurationTarget.Global);
      }
      await eventually(
        () => (ts.status.statusBar.view?.background === undefined ? true : undefined),
        'the health colour again',
      );
    });

    it('refreshes all three bound applications with exactly one applications request and one open-alerts request', async () => {
      await ts.status.poller.refreshNow();
      await ts.status.statusBar.lastDeploymentSettled(); // Asked at most every 5 minutes: not in the next refresh.
      sim.clearRequests();
      await ts.status.poller.refreshNow();
      await ts.status.statusBar.lastDeploymentSettled();
      const alertsEndpoint = backend === 'restV2' ? 'alertsViolations.list' : 'graphql.aiIssues';
      assert.equal(sim.requests.filter((r) => r.endpoint === alertsEndpoint).length, 1);
      POLL[backend].check(
        sim.requests.filter((r) => r.endpoint !== alertsEndpoint),
        bound.map((b) => appsByName.get(b.app)!),
      );
    });

    it('notifies exactly once when a bound application turns red, and not again within 10 minutes', async () => {
      const web = appsByName.get(healthy)!;
      await ts.status.poller.refreshNow(); // The poller has seen it green.
      const before = ts.status.alerts.shown.length;
      try {
        sim.setApplicationHealth('us', web, 'red');
        await ts.status.poller.refreshNow();
        const alerts = ts.status.alerts.shown.slice(before);
        assert.deepEqual(
          alerts.map((a) => [a.name, a.from, a.to]),
          [[healthy, 'green', 'red']],
        );
        await ts.status.poller.refreshNow();
        sim.setApplicationHealth('us', web, 'orange');
        await ts.status.poller.refreshNow();
        assert.equal(
          ts.status.alerts.shown.length,
          before + 1,
          'still red, then orange within the rate limit: no more alerts',
        );
      } finally {
        sim.setApplicationHealth('us', web, 'green');
        await ts.status.poller.refreshNow();
      }
      assert.equal(ts.status.alerts.shown.length, before + 1, 'recovery is not an alert');
    });

    it('keeps the last data with its age and marks the item when the service answers 429', async () => {
      await focusFolder(2);
      const view = await showsApdexOf('search-gateway');
      sim.injectFault(POLL[backend].rateLimited);
      try {
        await ts.status.poller.refreshNow();
        const after = ts.status.statusBar.view!;
        assert.equal(after.text, `${view.text} $(warning)`);
        assert.equal(after.background, 'error');
        assert.match(after.tooltip, new RegExp(`Data from just now through ${backendLabel(backend)}\\.`));
        assert.match(after.tooltip, /The last refresh failed \(just now\): .*(rate|429|many requests)/i);
        assert.match(after.tooltip, /\| Response time \|/);
      } finally {
        sim.clearFaults();
      }
      await ts.status.poller.refreshNow();
      assert.doesNotMatch(ts.status.statusBar.view!.text, /warning/);
    });

    it("a cloned repository's binding whose name is a command link is refused, with the reason, and never shown", async () => {
      const hostile = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D)';
      const id = appsByName.get('storefront-web')!;
      const config = vscode.workspace.getConfiguration('timeslice', folders[1].uri);
      try {
        // As a repository's .vscode/settings.json would have it, written behind the extension's back.
        await config.update(
          'boundApplication',
          { id, region: 'demo', name: hostile },
          vscode.ConfigurationTarget.WorkspaceFolder,
        );
        const refused = await eventually(
          () => ts.status.bindings.refused().find((r) => r.folder.uri.toString() === folders[1].uri.toString()),
          'the refused binding',
        );
        assert.match(refused.message, /not a plain application name/);
        assert.ok(
          !ts.status.bindings.all().some((fb) => fb.folder.uri.toString() === folders[1].uri.toString()),
          'the binding is ignored',
        );
        // The command path refuses it too (the wrapper shows the error; folder 2 keeps its binding).
        const before = vscode.workspace
          .getConfiguration('timeslice', folders[2].uri)
          .inspect('boundApplication')?.workspaceFolderValue;
        await vscode.commands.executeCommand('timeslice.bindWorkspace', {
          applicationId: id,
          name: hostile,
          folder: folders[2].uri,
        });
        assert.deepEqual(
          vscode.workspace.getConfiguration('timeslice', folders[2].uri).inspect('boundApplication')
            ?.workspaceFolderValue,
          before,
        );
        assert.ok(!(await settingsFile(2)).includes('command:'), 'the hostile name reached the settings file');
      } finally {
        await config.update('boundApplication', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
      }
    });

    it('unbinding removes the setting, and the item offers to bind again', async () => {
      for (const folder of folders) {
        await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
      }
      assert.equal(ts.status.bindings.all().length, 0);
      assert.doesNotMatch(await settingsFile(0), /boundApplication/);
      await eventually(
        () => (ts.status.statusBar.view?.text === '$(plug) Bind application' ? true : undefined),
        'the unbound item',
      );
    });
  });
}
