/**
 * What Moved at a Deployment…: from a deployment row of the tree, or picked (the bound application offered
 * first, then one of its deployments of the last RECENT_DEPLOYMENT_DAYS), a panel that ranks the
 * application's transactions across the deployment with their evidence and the verdict (docs/impact.md#the-view).
 */
import * as vscode from 'vscode';

import type { Deployment } from '../api/deployments';
import { RECENT_DEPLOYMENT_DAYS, RECENT_DEPLOYMENTS_MS, shortRevision } from '../api/deployments';
import { formatAge } from '../format/presentation';
import type { ImpactApplication } from '../impact/impactLoader';
import { loadDeploymentImpact } from '../impact/impactLoader';
import type { ImpactViewModel } from '../impact/impactView';
import { impactViewModel } from '../impact/impactView';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { DeploymentImpactArgs } from '../panels/panelDeployments';
import type { Services } from '../services';
import type { ConnectionSession } from '../session/connectionSession';
import { loadDeploymentCode } from '../tree/deploymentCodeLoad';
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

function isImpactArgs(arg: MonitorNode | DeploymentImpactArgs | undefined): arg is DeploymentImpactArgs {
  return arg !== undefined && !('kind' in arg) && typeof arg.applicationId === 'number';
}

/** Opens the panel of `app`'s `deployment`; answers the model drawn (undefined when cancelled). */
export function showDeploymentImpact(services: Services) {
  return async (node?: MonitorNode | DeploymentImpactArgs): Promise<ImpactViewModel | undefined> => {
    const conn = requireConnection(services.connections.current);
    if (!conn) {
      return undefined;
    }
    const now = Date.now();
    let app: ImpactApplication | undefined;
    let deployment: Deployment | undefined;
    if (isImpactArgs(node)) {
      const a = await conn.api.getApplication(node.applicationId, { signal: conn.signal });
      app = { id: a.id, name: a.name, language: a.language };
      deployment = node.deployment;
    } else if (node?.kind === 'deployment') {
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
    return services.impactPanels.show(`${conn.label}/${a.id}/${d.id}`, title, async () =>
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
          const moved = impact.rows.flatMap((r) =>
            r.status === 'worse' || r.status === 'better' ? [{ name: r.name, status: r.status }] : [],
          );
          const code = await loadDeploymentCode(
            services,
            {
              applicationId: a.id,
              agentLanguage: a.language,
              previous: impact.previous,
              current: d,
              moved,
            },
            conn.signal,
          ).catch((error: unknown) => ({
            kind: 'none' as const,
            messages: [vscode.l10n.t('The code of the range could not be read: {0}', safeText(String(error), 200))],
          }));
          return impactViewModel(impact, code);
        },
      ),
    );
  };
}
