/**
 * The "Deployments" group of an application in the tree: the deployments of the last
 * RECENT_DEPLOYMENT_DAYS (said beside its label), newest first with their age, or else the last one however
 * old; a click opens the dashboard around one. Every
 * text of a deployment is foreign text: labels and tooltips are plain strings through `safeText`
 * (no markdown, no bidi or invisible characters).
 */
import * as vscode from 'vscode';

import type { Deployment } from '../api/deployments';
import { RECENT_DEPLOYMENT_DAYS, shortRevision } from '../api/deployments';
import { COMMAND, ROW_CLICK } from '../constants';
import { formatAge } from '../format/presentation';
import type { LatestImpact } from '../impact/latestImpact';
import { latestImpactRow } from '../impact/latestImpactText';
import { safeText } from '../util/safeText';
import type { WorkspaceCommit } from './gitCommits';
import type { ApplicationNode } from './applicationNode';

export class DeploymentsGroupNode {
  readonly kind = 'deploymentsGroup';
  constructor(readonly parent: ApplicationNode) {}

  get id(): string {
    return `${this.parent.id}/deployments`;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Deployments'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('rocket');
    item.contextValue = 'deploymentsGroup';
    item.description = vscode.l10n.t('last {0} days', RECENT_DEPLOYMENT_DAYS);
    item.tooltip = vscode.l10n.t(
      'Deployments of the last {0} days, newest first; without one, the last deployment however old',
      RECENT_DEPLOYMENT_DAYS,
    );
    return item;
  }
}

export class DeploymentNode {
  readonly kind = 'deployment';
  /** The workspace's commit of this revision, when it is one (Show Changes Since This Deployment). */
  commit: WorkspaceCommit | undefined;
  constructor(
    readonly parent: DeploymentsGroupNode,
    readonly deployment: Deployment,
    private readonly now: number,
    /** The latest deployment's impact per application, read at each draw: only that row shows a verdict. */
    private readonly latestOf?: (applicationId: number) => LatestImpact | undefined,
  ) {}

  get id(): string {
    return `${this.parent.id}/${this.deployment.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const d = this.deployment;
    const short = safeText(shortRevision(d.revision), 40);
    const item = new vscode.TreeItem(short, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const age = formatAge(this.now - d.time);
    const latest = this.latestOf?.(this.parent.parent.app.id);
    const verdict = latest?.deployment.id === d.id ? latestImpactRow(latest) : undefined;
    item.description = [
      age,
      ...(d.user ? [safeText(d.user, 60)] : []),
      ...(verdict?.description ? [verdict.description] : []),
    ].join(' · ');
    item.iconPath = new vscode.ThemeIcon('git-commit');
    item.contextValue = this.commit ? 'deploymentWithCommit' : 'deployment';
    item.command = {
      command: COMMAND.openEntity,
      title: vscode.l10n.t('Open Dashboard Around This Deployment'),
      arguments: [this, ROW_CLICK],
    };
    // A plain string: VS Code shows it as text, never as markdown.
    item.tooltip = [
      vscode.l10n.t('Revision: {0}', safeText(d.revision, 127)),
      vscode.l10n.t('Time: {0} ({1})', new Date(d.time).toISOString(), age),
      ...(d.user ? [vscode.l10n.t('User: {0}', safeText(d.user, 60))] : []),
      ...(d.description ? [vscode.l10n.t('Description: {0}', safeText(d.description))] : []),
      ...(d.changelog ? [vscode.l10n.t('Changelog: {0}', safeText(d.changelog))] : []),
      ...(verdict?.tooltip ?? []),
    ].join('\n');
    return item;
  }
}
