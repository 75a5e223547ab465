import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as vscode from 'vscode';

import { writeDemoRepositories } from '../../../src/demo/demoRepositories';
import type { ImpactViewModel } from '../../../src/impact/impactView';
import { IMPACT_VIEW_TYPE } from '../../../src/panels/impactPanel';
import { deploymentsBetween } from '../../../src/simulator/deployments';
import type { TimesliceTestApi } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';
import type { Backend } from '../../../src/api/backendChoice';
import { BACKENDS, backendLabel, eventually, startDemo, timeslice } from './helpers';

const DAY = 86_400_000;

/** A tool's answer (tools.test.ts has the same; a test file imported here would run its suites twice). */
async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/**
 * The demo with its story (up to `until`, a revision prefix, when given) and the demo's storefront-web with
 * its history (a commit per story deployment) as the bound folder.
 */
async function startStory(ts: TimesliceTestApi, backend: Backend, until?: string): Promise<vscode.WorkspaceFolder> {
  await vscode.commands.executeCommand('timeslice.stopDemo');
  ts.demo.story = true;
  ts.demo.storyUntil = until;
  await startDemo(ts, backend);
  const appId = ts.demo.simulator!.datasets.us.apps.find((a) => a.name === 'storefront-web')!.id;
  const folder = vscode.workspace.workspaceFolders![0];
  const sample = join(
    vscode.extensions.getExtension('timeslice.timeslice')!.extensionPath,
    'samples',
    'demo-workspace',
  );
  const scratch = mkdtempSync(join(tmpdir(), 'timeslice-story-'));
  cpSync(join(sample, 'storefront-web'), join(scratch, 'storefront-web'), { recursive: true });
  writeDemoRepositories(scratch);
  cpSync(join(scratch, 'storefront-web'), folder.uri.fsPath, {
    recursive: true,
    filter: (source) => !source.split(/[\\/]/).includes('.vscode'),
  });
  rmSync(scratch, { recursive: true, force: true });
  await vscode.commands.executeCommand('timeslice.bindWorkspace', {
    applicationId: appId,
    name: 'storefront-web',
    folder: folder.uri,
  });
  return folder;
}

async function endStory(ts: TimesliceTestApi, folder: vscode.WorkspaceFolder | undefined): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  if (folder) {
    await vscode.commands.executeCommand('timeslice.unbindWorkspace', folder.uri);
    for (const name of ['app', 'config', '.git']) {
      rmSync(join(folder.uri.fsPath, name), { recursive: true, force: true });
    }
  }
  await vscode.commands.executeCommand('timeslice.stopDemo');
  ts.demo.story = false;
  ts.demo.storyUntil = undefined;
}

for (const backend of BACKENDS) {
  describe(`what moved at a deployment, on ${backendLabel(backend)}`, function () {
    this.timeout(90_000);
    let ts: TimesliceTestApi;

    before(async () => {
      ts = await timeslice();
      await startDemo(ts, backend);
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('timeslice.stopDemo');
    });

    /** A tree row of a bad deployment (the simulator's ×1.5 server time) after a clean one, 2 h or more ago. */
    async function badDeploymentNode(): Promise<MonitorNode> {
      const sim = ts.demo.simulator!;
      const now = Date.now();
      for (const root of await ts.tree.getChildren()) {
        if (root.kind !== 'application' || !root.app.reporting) {
          continue;
        }
        const app = sim.datasets.us.apps.find((a) => a.id === root.app.id);
        const model = app ? deploymentsBetween(sim.datasets.us, app, now - 8 * DAY, now) : [];
        const bad = model.find(
          (d, i) =>
            d.bad &&
            !d.failing &&
            model[i + 1] &&
            !model[i + 1].bad &&
            !model[i + 1].failing &&
            now - d.at > 2 * 3_600_000,
        );
        if (!bad) {
          continue;
        }
        const group = (await ts.tree.getChildren(root)).find((n) => n.kind === 'deploymentsGroup');
        const node =
          group &&
          (await ts.tree.getChildren(group)).find((n) => n.kind === 'deployment' && n.deployment.time === bad.at);
        if (node) {
          return node;
        }
      }
      throw new Error('no bad deployment in the tree');
    }

    it("the deployment row's action opens the panel: the simulator's slowdown ranks first, the verdict is worse", async () => {
      const node = await badDeploymentNode();
      const model = await vscode.commands.executeCommand<ImpactViewModel>('timeslice.showDeploymentImpact', node);
      assert.ok(model, 'a model drawn');
      assert.equal(model.verdict?.verdict, 'worse', model.verdict?.message);
      const top = model.rows[0];
      assert.equal(top.status, 'worse');
      assert.match(top.changes[1], /^Average \+/);
      assert.ok(
        top.evidence.some((line) => /^Time consumed moved \(worse\)/.test(line)),
        top.evidence.join(' | '),
      );
      assert.deepEqual(model.verdict?.restsOn[0], top.name);
      // The panel's tab, titled by the model (its webview runs no script: the page is static).
      await eventually(() => {
        const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
        const tab = tabs.find((t) => t.label === model.title);
        return tab?.input instanceof vscode.TabInputWebview && tab.input.viewType.includes(IMPACT_VIEW_TYPE)
          ? tab
          : undefined;
      }, "the panel's tab");
      const item = ts.tree.getTreeItem(node);
      assert.match(String(item.contextValue), /^deployment/);
    });
  });
}

for (const backend of BACKENDS) {
  describe(`what moved at the demo story's 545143b: the code of its range, on ${backendLabel(backend)}`, function () {
    this.timeout(120_000);
    let ts: TimesliceTestApi;
    let folder: vscode.WorkspaceFolder;

    before(async () => {
      ts = await timeslice();
      folder = await startStory(ts, backend);
    });

    after(() => endStory(ts, folder));

    it('ranks Controller/orders/show first with OrdersController#show changed in 545143b', async () => {
      const node = await eventually(async () => {
        for (const root of await ts.tree.getChildren()) {
          if (root.kind !== 'application' || root.app.name !== 'storefront-web') continue;
          const group = (await ts.tree.getChildren(root)).find((n) => n.kind === 'deploymentsGroup');
          const rows = group ? await ts.tree.getChildren(group) : [];
          const found = rows.find((n) => n.kind === 'deployment' && n.deployment.revision.startsWith('545143b'));
          if (found) return found;
        }
        return undefined;
      }, "the 545143b deployment's row");
      const model = await vscode.commands.executeCommand<ImpactViewModel>('timeslice.showDeploymentImpact', node);
      assert.ok(model, 'a model drawn');
      const top = model.rows[0];
      assert.equal(top.name, 'Controller/orders/show');
      assert.equal(top.status, 'worse');
      const code = (top.code ?? []).map((c) => c.text).join(' | ');
      assert.match(code, /OrdersController#show at app\/controllers\/orders_controller\.rb:\d+, in 545143b /, code);
      assert.match(model.code?.notes.join(' ') ?? '', /from 77b26b0 to 545143b/);
      // Its line links to the method in the bound folder (the page's one command link).
      const link = top.code?.find((c) => /OrdersController#show/.test(c.text))?.link;
      assert.equal(link?.path, 'app/controllers/orders_controller.rb');
      assert.ok(Number.isInteger(link?.line), JSON.stringify(link));
      await vscode.commands.executeCommand('timeslice.openChangedMethod', link);
      const editor = vscode.window.activeTextEditor!;
      assert.ok(editor?.document.uri.path.endsWith('/app/controllers/orders_controller.rb'), editor?.document.uri.path);
      assert.equal(editor.selection.active.line, link.line);
      // The line is the method's in the repository's HEAD (the story's last commit, the working tree), read from
      // git: an editor document of the same file left by an earlier suite may not have caught up with the disk yet.
      const atHead = execFileSync('git', ['show', 'HEAD:app/controllers/orders_controller.rb'], {
        cwd: folder.uri.fsPath,
        encoding: 'utf8',
      });
      assert.match(atHead.split('\n')[link.line], /def show/);
      // A moved transaction whose method the range did not touch is not attributed.
      for (const row of model.rows.slice(1).filter((r) => r.status === 'worse' || r.status === 'better')) {
        assert.doesNotMatch((row.code ?? []).map((c) => c.text).join(' '), /OrdersController#show/, row.name);
      }
    });

    /** The story's deployment row whose revision starts with `revision`. */
    function storyRow(revision: string) {
      return eventually(async () => {
        for (const root of await ts.tree.getChildren()) {
          if (root.kind !== 'application' || root.app.name !== 'storefront-web') continue;
          const group = (await ts.tree.getChildren(root)).find((n) => n.kind === 'deploymentsGroup');
          const rows = group ? await ts.tree.getChildren(group) : [];
          const found = rows.find((n) => n.kind === 'deployment' && n.deployment.revision.startsWith(revision));
          if (found) return found;
        }
        return undefined;
      }, `the ${revision} deployment's row`);
    }

    it('timeslice_deployment_impact answers the same: the top mover, its method and the commit of its lines', async () => {
      const text = await invoke('timeslice_deployment_impact', { application: 'storefront-web', revision: '545143b' });
      const body = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as {
        verdict: { verdict: string };
        transactions: Array<{ name: string; status: string; code?: Array<Record<string, unknown>> | string }>;
        code: { compared: boolean; from: string; to: string };
      };
      assert.equal(body.verdict.verdict, 'worse', text);
      assert.equal(body.transactions[0].name, 'Controller/orders/show');
      const code = body.transactions[0].code;
      assert.ok(Array.isArray(code), text);
      assert.equal(code[0].method, 'OrdersController.show');
      assert.deepEqual(
        (code[0].commits as Array<{ sha: string }>).map((c) => c.sha),
        ['545143b'],
      );
      assert.equal(code[0].commitsAreTheFiles, undefined, "the method's own commits (git log -L), not its file's");
      assert.deepEqual(
        [body.code.compared, body.code.from.slice(0, 7), body.code.to.slice(0, 7)],
        [true, '77b26b0', '545143b'],
      );
    });

    it('a range from a version: the page says to pick the two commits, and Pick the Two Commits… reads their code', async () => {
      const node = await storyRow('999a733');
      const model = await vscode.commands.executeCommand<ImpactViewModel>('timeslice.showDeploymentImpact', node);
      const notes = model.code?.notes.join(' ') ?? '';
      assert.match(notes, /v3\.2\.0 is not a commit or tag/, notes);
      assert.match(notes, /use Pick the Two Commits… in the title bar/, notes);
      const sha = (rev: string) =>
        execFileSync('git', ['rev-parse', `${rev}^{commit}`], { cwd: folder.uri.fsPath })
          .toString()
          .trim();
      const picked = await vscode.commands.executeCommand<ImpactViewModel>('timeslice.pickImpactCommits', {
        from: sha('999a733'),
        to: sha('77b26b0'),
      });
      assert.ok(picked, 'a model drawn');
      assert.match(picked.code?.notes[0] ?? '', /from 999a733 to 77b26b0, the two commits picked/);
      assert.deepEqual(
        picked.rows.map((r) => r.name),
        model.rows.map((r) => r.name),
        "the numbers stay the deployment's",
      );
    });
    /** The latest deployment, 0922c08: worse in the status bar and on its row; orders/create's own method is not blamed. */
    async function checkLatestDeployment(): Promise<void> {
      const appId = ts.demo.simulator!.datasets.us.apps.find((a) => a.name === 'storefront-web')!.id;
      const doc = await vscode.workspace.openTextDocument(
        vscode.Uri.joinPath(folder.uri, 'app', 'controllers', 'orders_controller.rb'),
      );
      await vscode.window.showTextDocument(doc);
      const latest = await eventually(async () => {
        await ts.status.poller.refreshNow();
        await ts.status.latestImpact.settled();
        const l = ts.status.latestImpact.get(appId);
        return l?.code ? l : undefined;
      }, "the latest deployment's verdict and code");
      assert.match(latest.deployment.revision, /^0922c08/);
      assert.ok(latest.final, 'three hours after it the window is full');
      assert.equal(latest.impact.kind === 'impact' && latest.impact.verdict.verdict, 'worse');
      assert.equal(
        latest.impact.kind === 'impact' && latest.impact.verdict.restsOn[0].name,
        'Controller/orders/create',
      );
      // The change is in a file orders/create calls (the job), not in its own method: no changed method serves it.
      const code = latest.code?.kind === 'code' ? latest.code.code : undefined;
      assert.deepEqual(code?.moved.find((m) => m.name === 'Controller/orders/create')?.methods, []);
      assert.ok(code?.elsewhere.some((f) => f.path === 'app/jobs/invoice_reminder_job.rb'));
      const view = await eventually(
        () => (/\$\(rocket\) Worse$/.test(ts.status.statusBar.view?.text ?? '') ? ts.status.statusBar.view : undefined),
        "the status bar's verdict",
      );
      assert.match(view.tooltip, /Controller\/orders\/create: errors /);
      assert.match(view.tooltip, /\(command:timeslice\.showDeploymentImpact\?/);
      const row = await eventually(async () => {
        for (const root of await ts.tree.getChildren()) {
          if (root.kind !== 'application' || root.app.id !== appId) continue;
          const group = (await ts.tree.getChildren(root)).find((n) => n.kind === 'deploymentsGroup');
          const rows = group ? await ts.tree.getChildren(group) : [];
          return rows.find((n) => n.kind === 'deployment' && n.deployment.id === latest.deployment.id);
        }
        return undefined;
      }, "the latest deployment's row");
      assert.match(String(ts.tree.getTreeItem(row).description), / · Worse$/);
      const tooltip = ts.tree.getTreeItem(row).tooltip;
      assert.match(typeof tooltip === 'string' ? tooltip : '', /Verdict: Worse/);
      // The lens: OrdersController#create keeps its numbers and gets no "since" line (its method did not change).
      const lenses =
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri)) ?? [];
      assert.ok(
        lenses.every((l) => !/ since /.test(l.command?.title ?? '')),
        lenses.map((l) => l.command?.title).join(' | '),
      );
      // The status bar's link opens What Moved at that deployment.
      const model = await vscode.commands.executeCommand<ImpactViewModel>('timeslice.showDeploymentImpact', {
        applicationId: appId,
        deploymentId: latest.deployment.id,
      });
      assert.equal(model?.verdict?.verdict, 'worse');
      assert.match(model?.heading ?? '', /0922c08/);
    }
    it(`the latest deployment 0922c08: worse in the status bar and on its row, no lens blames orders/create's method`, async () => {
      await checkLatestDeployment();
    });
  });
}

for (const backend of BACKENDS) {
  describe(`the latest deployment changed its regression's method: the lens and hover there, on ${backendLabel(backend)}`, function () {
    this.timeout(120_000);
    let ts: TimesliceTestApi;
    let folder: vscode.WorkspaceFolder | undefined;

    before(async () => {
      ts = await timeslice();
      // The story stops at 545143b: it is the latest, and it changed OrdersController#show, whose transaction it slowed.
      folder = await startStory(ts, backend, '545143b');
    });

    after(() => endStory(ts, folder));

    it('OrdersController#show: "+… avg since 545143b · changed in 545143b" above it, the same with both windows in its hover', async () => {
      const appId = ts.demo.simulator!.datasets.us.apps.find((a) => a.name === 'storefront-web')!.id;
      const doc = await vscode.workspace.openTextDocument(
        vscode.Uri.joinPath(folder!.uri, 'app', 'controllers', 'orders_controller.rb'),
      );
      await vscode.window.showTextDocument(doc);
      const showLine = doc
        .getText()
        .split('\n')
        .findIndex((l) => /^\s*def show\b/.test(l));
      const lens = await eventually(async () => {
        await ts.status.poller.refreshNow();
        await ts.status.latestImpact.settled();
        if (!ts.status.latestImpact.get(appId)?.code) return undefined;
        const lenses =
          (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri)) ?? [];
        return lenses.find((l) => / since 545143b/.test(l.command?.title ?? ''));
      }, 'the since-lens');
      assert.match(lens.command!.title, /^\+\d+ ms avg since 545143b · changed in 545143b$/);
      assert.equal(lens.range.start.line, showLine);
      assert.equal(lens.command!.command, 'timeslice.showDeploymentImpact');
      /** The hovers' text over `line`, as VS Code gathers them from every provider. */
      const hoverAt = async (line: number) =>
        (
          (await vscode.commands.executeCommand<vscode.Hover[]>(
            'vscode.executeHoverProvider',
            doc.uri,
            new vscode.Position(line, 4),
          )) ?? []
        )
          .flatMap((h) => h.contents)
          .map((c) => (typeof c === 'string' ? c : c.value))
          .join('\n');
      const text = await hoverAt(showLine);
      assert.match(text, /since 545143b · changed in 545143b/);
      assert.match(text, /Controller\/orders\/show: \d+ ms → \d+ ms avg, errors /);
      assert.match(text, /\(command:timeslice\.showDeploymentImpact\?/);
      // No since-line on a method 545143b did not change.
      const createLine = doc
        .getText()
        .split('\n')
        .findIndex((l) => /^\s*def create\b/.test(l));
      assert.doesNotMatch(await hoverAt(createLine), / since 545143b/);
    });
  });
}
