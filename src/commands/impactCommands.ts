/**
 * What Moved at a Deployment…: from a deployment row of the tree, or picked (the bound application offered
 * first, then one of its deployments of the last RECENT_DEPLOYMENT_DAYS), a panel that ranks the
 * application's transactions across the deployment with their evidence and the verdict (docs/impact.md#the-view).
 */
import * as vscode from 'vscode';

import type { Deployment } from '../api/deployments';
import { RECENT_DEPLOYMENT_DAYS, RECENT_DEPLOYMENTS_MS, shortRevision } from '../api/deployments';
import { formatAge } from '../format/presentation';
import type { DeploymentCodeAnswer } from '../impact/deploymentCode';
import type { DeploymentImpact, ImpactApplication } from '../impact/impactLoader';
import { loadDeploymentImpact } from '../impact/impactLoader';
import type { ImpactViewModel } from '../impact/impactView';
import type { LatestDeploymentRef } from '../impact/latestImpactText';
import { impactViewModel } from '../impact/impactView';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { DeploymentImpactArgs } from '../panels/panelDeployments';
import type { Services } from '../services';
import type { ConnectionSession } from '../session/connectionSession';
import type { DeploymentCodeQuery } from '../tree/deploymentCodeLoad';
import { loadDeploymentCode } from '../tree/deploymentCodeLoad';
import type { FolderCommit } from '../tree/gitCommits';
import { folderGit } from '../tree/gitCommits';
import type { MonitorNode } from '../tree/nodes';
import { safeText } from '../util/safeText';

const DAY = 86_400_000;

/** The bound application first (when it is of this connection), or any application picked. */
async function chooseApplication(services: Services, conn: ConnectionSession): Promise<ImpactApplication | undefined> {
  const title = vscode.l10n.t('What moved at a deployment of which application?');
  const bound = services.bindings.active()?.binding;
  if (bound && bound.region === services.connectionRegion()) {
    const other = vscode.l10n.t('Another application…');
    const boundLabel = safeText(bound.name ?? String(bound.id), 120);
    const choice = await vscode.window.showQuickPick(
      [
        { label: boundLabel, description: vscode.l10n.t('bound to this workspace'), bound: true },
        { label: other, bound: false },
      ],
      { title },
    );
    if (!choice) {
      return undefined;
    }
    if (choice.bound) {
      const app = await conn.api.getApplication(bound.id, { signal: conn.signal });
      return { id: app.id, name: app.name, language: app.language };
    }
  }
  const app = await pickApplication(conn, title);
  return app && { id: app.id, name: app.name, language: app.language };
}

async function chooseDeployment(
  conn: ConnectionSession,
  app: ImpactApplication,
  now: number,
): Promise<Deployment | undefined> {
  const list = await conn.deployments.get(app.id, { from: new Date(now - RECENT_DEPLOYMENTS_MS), to: new Date(now) });
  if (list.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('"{0}" has no deployments in the last {1} days.', safeText(app.name), RECENT_DEPLOYMENT_DAYS),
    );
    return undefined;
  }
  const choice = await vscode.window.showQuickPick(
    list.map((d) => ({
      label: safeText(shortRevision(d.revision), 40),
      description: d.user ? `${formatAge(now - d.time)} · ${safeText(d.user, 60)}` : formatAge(now - d.time),
      detail: d.description ? safeText(d.description) : undefined,
      d,
    })),
    { title: vscode.l10n.t('Which deployment of "{0}"?', safeText(app.name)), matchOnDescription: true },
  );
  return choice?.d;
}

/** The code query of a loaded impact: its moved rows, the previous deployment's revision and this one's. */
function codeQuery(impact: Extract<DeploymentImpact, { kind: 'impact' }>): DeploymentCodeQuery {
  const a = impact.application;
  return {
    applicationId: a.id,
    agentLanguage: a.language,
    previous: impact.previous,
    current: impact.deployment,
    moved: impact.rows.flatMap((r) =>
      r.status === 'worse' || r.status === 'better' ? [{ name: r.name, status: r.status }] : [],
    ),
  };
}

function readCode(services: Services, query: DeploymentCodeQuery, signal: AbortSignal): Promise<DeploymentCodeAnswer> {
  return loadDeploymentCode(services, query, signal).catch((error: unknown) => ({
    kind: 'none' as const,
    messages: [vscode.l10n.t('The code of the range could not be read: {0}', safeText(String(error), 200))],
  }));
}

function isImpactArgs(
  arg: MonitorNode | LatestDeploymentRef | DeploymentImpactArgs | undefined,
): arg is DeploymentImpactArgs {
  return arg !== undefined && !('kind' in arg) && 'deployment' in arg && typeof arg.applicationId === 'number';
}

/** Opens the panel of `app`'s `deployment`; answers the model drawn (undefined when cancelled). */
export function showDeploymentImpact(services: Services) {
  return async (
    node?: MonitorNode | LatestDeploymentRef | DeploymentImpactArgs,
  ): Promise<ImpactViewModel | undefined> => {
    const conn = requireConnection(services.connections.current);
    if (!conn) {
      return undefined;
    }
    const now = Date.now();
    let app: ImpactApplication | undefined;
    let deployment: Deployment | undefined;
    // A status-bar link or a lens names the latest deployment the store holds (JSON: no node).
    const latest = node && 'deploymentId' in node ? services.latestImpact.resolve(node) : undefined;
    if (latest) {
      [app, deployment] = [latest.application, latest.deployment];
    } else if (isImpactArgs(node)) {
      const a = await conn.api.getApplication(node.applicationId, { signal: conn.signal });
      app = { id: a.id, name: a.name, language: a.language };
      deployment = node.deployment;
    } else if (node && 'kind' in node && node.kind === 'deployment') {
      const a = node.parent.parent.app;
      app = { id: a.id, name: a.name, language: a.language };
      deployment = node.deployment;
    } else {
      app = await chooseApplication(services, conn);
      deployment = app && (await chooseDeployment(conn, app, now));
    }
    if (!app || !deployment) {
      return undefined;
    }
    const [a, d] = [app, deployment];
    const title = vscode.l10n.t('What moved: {0} {1}', safeText(a.name, 120), safeText(shortRevision(d.revision), 40));
    const key = `${conn.label}/${a.id}/${d.id}`;
    return services.impactPanels.show(key, title, async () =>
      vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Comparing the windows before and after {0}…', safeText(shortRevision(d.revision), 40)),
        },
        async () => {
          // The neighbours clip the windows: the cached list of the tree, reaching a day before an older deployment.
          const from = Math.min(now - RECENT_DEPLOYMENTS_MS, d.time - DAY);
          const deployments = await conn.deployments.get(a.id, { from: new Date(from), to: new Date(now) });
          const impact = await loadDeploymentImpact(
            conn.api,
            { application: a, deployment: d, deployments, now },
            { signal: conn.signal, metricNames: conn.metricNames },
          );
          if (impact.kind !== 'impact') return impactViewModel(impact);
          const query = codeQuery(impact);
          const code = await readCode(services, query, conn.signal);
          const candidates = code.kind === 'none' && code.pick ? code.pick : { from: [], to: [] };
          services.impactPanels.remember(key, { title, impact, code: query, candidates });
          return impactViewModel(impact, code);
        },
      ),
    );
  };
}

/** The folder's commits offered by Pick the Two Commits…, newest first. */
export const MAX_PICKED_COMMITS = 200;

const FULL_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

type CommitItem = vscode.QuickPickItem & { sha?: string };

function commitItems(commits: readonly FolderCommit[], candidates: readonly string[]): CommitItem[] {
  const item = (c: FolderCommit): CommitItem => ({
    label: `${c.short} ${safeText(c.subject, 120)}`,
    description: `(${safeText(c.age, 40)})`,
    sha: c.sha,
  });
  const first = candidates.map((sha) => {
    const known = commits.find((c) => c.sha === sha);
    return known ? item(known) : { label: sha.slice(0, 12), sha };
  });
  const rest = commits.filter((c) => !candidates.includes(c.sha)).map(item);
  if (first.length === 0) return rest;
  return [
    { label: vscode.l10n.t('Commits the revision names'), kind: vscode.QuickPickItemKind.Separator },
    ...first,
    { label: vscode.l10n.t("The folder's commits"), kind: vscode.QuickPickItemKind.Separator },
    ...rest,
  ];
}

/**
 * Pick the Two Commits… (the What Moved panel's title bar): the bound folder's commits, "from" then "to",
 * and the panel's code read again for that range; its numbers stay the deployment's. `given` (full SHAs)
 * skips the picks.
 */
export function pickImpactCommits(services: Services) {
  return async (given?: { from?: unknown; to?: unknown }): Promise<ImpactViewModel | undefined> => {
    const conn = requireConnection(services.connections.current);
    const active = services.impactPanels.active();
    const state = active?.state;
    if (!conn || !active || !state) {
      if (conn) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Open What Moved at a Deployment… first: the two commits are picked for its view.'),
        );
      }
      return undefined;
    }
    const folder = services.bindings.all().find((b) => b.binding.id === state.code.applicationId)?.folder;
    const git = folder && (await folderGit(folder.uri));
    if (!git) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No git repository in a workspace folder bound to this application: no commits to pick.'),
      );
      return undefined;
    }
    let from = typeof given?.from === 'string' && FULL_SHA.test(given.from) ? given.from : undefined;
    let to = typeof given?.to === 'string' && FULL_SHA.test(given.to) ? given.to : undefined;
    if (!from || !to) {
      const commits = await git.recent(MAX_PICKED_COMMITS);
      const pick = async (title: string, candidates: readonly string[]) =>
        (await vscode.window.showQuickPick(commitItems(commits, candidates), { title, matchOnDescription: true }))?.sha;
      const previous = state.impact.previous?.revision;
      from = await pick(
        previous
          ? vscode.l10n.t('Compare from which commit? (the previous deployment: {0})', safeText(previous, 60))
          : vscode.l10n.t('Compare from which commit?'),
        state.candidates.from,
      );
      to =
        from &&
        (await pick(
          vscode.l10n.t('…to which commit? (this deployment: {0})', safeText(state.impact.deployment.revision, 60)),
          state.candidates.to,
        ));
      if (!from || !to) return undefined;
    }
    const range = { from, to };
    return services.impactPanels.show(active.key, state.title, async () => {
      const query = { ...state.code, picked: range };
      const code = await readCode(services, query, conn.signal);
      services.impactPanels.remember(active.key, state);
      return impactViewModel(state.impact, code);
    });
  };
}
