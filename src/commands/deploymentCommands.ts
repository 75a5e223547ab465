// Record Deployment… and the dashboard around a deployment; the demo writes only to its simulator.
import * as vscode from 'vscode';

import type { Deployment } from '../api/deployments';
import { MAX_REVISION_LENGTH, shortRevision } from '../api/deployments';
import { deploymentConfirmation } from './deploymentConfirmation';
import { pickApplication, requireConnection } from '../palette/pickers';
import { rangeAround } from '../panels/aroundDeployment';
import type { PanelEntity } from '../panels/protocol';
import type { Services } from '../services';
import { headCommit, showChangesSince, workspaceCommit } from '../tree/gitCommits';
import type { MonitorNode } from '../tree/nodes';
import { safeText } from '../util/safeText';

/** The same range as the panel's own choice (aroundDeployment.ts); `preview`: a tree row's click. */
export function showAroundDeployment(
  services: Services,
  app: { id: number; name: string },
  d: Deployment,
  preview = false,
): void {
  const entity: PanelEntity = { kind: 'application', applicationId: app.id, title: app.name };
  services.panels.show(entity, { range: rangeAround(d.time, Date.now()) }, { preview });
}

export function recordDeployment(services: Services) {
  return async (node?: MonitorNode): Promise<void> => {
    const conn = requireConnection(services.connections.current);
    if (!conn) {
      return;
    }
    const app =
      node?.kind === 'application'
        ? node.app
        : node?.kind === 'deploymentsGroup'
          ? node.parent.app
          : await pickApplication(conn, vscode.l10n.t('Record a deployment of which application?'));
    if (!app) {
      return;
    }
    const revision = await vscode.window.showInputBox({
      title: vscode.l10n.t('Record Deployment: revision'),
      prompt: vscode.l10n.t('The revision deployed (the commit SHA of HEAD when the workspace has one)'),
      value: await headCommit(),
      validateInput: (v) =>
        v.trim() === ''
          ? vscode.l10n.t('A revision is required.')
          : v.trim().length > MAX_REVISION_LENGTH
            ? vscode.l10n.t('At most {0} characters.', MAX_REVISION_LENGTH)
            : undefined,
    });
    if (revision === undefined) {
      return;
    }
    const description = await vscode.window.showInputBox({
      title: vscode.l10n.t('Record Deployment: description (optional)'),
      prompt: vscode.l10n.t('What this deployment changes'),
    });
    if (description === undefined) {
      return;
    }
    const record = vscode.l10n.t('Record');
    const answer = await vscode.window.showWarningMessage(
      deploymentConfirmation({
        revision,
        applicationName: app.name,
        connectionLabel: conn.label,
        accountId: conn.spec.accountId,
        backendLabel: conn.backendLabel,
      }),
      { modal: true, detail: vscode.l10n.t('Every chart of the application will show this marker.') },
      record,
    );
    if (answer !== record) {
      return;
    }
    const commit = (await workspaceCommit(revision.trim()))?.hash;
    const stored = await conn.api.recordDeployment(
      app.id,
      { revision: revision.trim(), description: description.trim() || undefined, commit },
      { signal: conn.signal },
    );
    conn.deployments.invalidate(app.id);
    services.tree.refresh();
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Deployment {0} recorded on "{1}".',
        safeText(stored.revision, MAX_REVISION_LENGTH),
        safeText(app.name),
      ),
    );
  };
}

/** Show Changes Since This Deployment: the deployment's commit against HEAD (only offered when it is a workspace commit). */
export function showChangesSinceDeployment() {
  return async (node?: MonitorNode): Promise<void> => {
    if (node?.kind !== 'deployment' || !node.commit) {
      return;
    }
    const short = safeText(shortRevision(node.commit.hash), 40);
    await showChangesSince(node.commit, vscode.l10n.t('Changes since deployment {0}', short));
  };
}
