/**
 * The "Applications" tree: applications at the root (all pages, progress shown in the view), then
 * Hosts / Instances / Key transactions groups fetched only when expanded, cached until refreshed.
 * Errors and empty states are nodes with an action, never popups and never an empty tree. When a
 * refresh fails for a passing reason, the last data stays, under a warning that gives its age.
 */
import * as vscode from 'vscode';

import { RECENT_DEPLOYMENT_DAYS, RECENT_DEPLOYMENTS_MS } from '../api/deployments';
import { isApiError } from '../api/apiError';
import { wrongRegionAdvice } from '../api/regions';
import type { KeyTransaction } from '../api/types';
import { hostAndInstanceCounts } from '../api/types';
import { APPLICATIONS_VIEW_ID, COMMAND } from '../constants';
import type { ConnectionManager, ConnectionState } from '../session/connectionManager';
import type { ConnectionSession } from '../session/connectionSession';
import type { Logger } from '../log';
import { Disposable, MutableDisposable } from '../util/lifecycle';
import type { Staleness } from '../session/lastGood';
import { describeStaleness, LastGoodData } from '../session/lastGood';
import { errorActionCommand } from '../session/errorActions';
import { errorPolicy } from '../session/errorPolicy';
import { formatAge } from '../format/presentation';
import type { MonitorNode } from './nodes';
import { loadTransactionNodes } from './transactionLoad';
import { TransactionsGroupNode } from './transactionNodes';
import { DeploymentNode, DeploymentsGroupNode } from './deploymentNodes';
import { workspaceCommit } from './gitCommits';
import { OpenAlertNode, OpenAlertsGroupNode } from './alertNodes';
import type { OpenAlert } from '../api/openAlerts';
import { ApplicationNode } from './applicationNode';
import type { TreeErrorSource } from './errorLoad';
import type { LatestImpact } from '../impact/latestImpact';
import { errorClassNodes, errorsGroup } from './errorLoad';
import { GroupNode, HostNode, InstanceNode, KeyTransactionNode, MessageNode, SHOW_LOG_COMMAND } from './nodes';

export class ApplicationsTreeProvider extends Disposable implements vscode.TreeDataProvider<MonitorNode> {
  private readonly changed = this._register(new vscode.EventEmitter<MonitorNode | MonitorNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly childCache = new Map<string, Promise<MonitorNode[]>>();
  private keyTransactions: Promise<KeyTransaction[]> | undefined;
  /** The listed applications' open alerts: one request per refresh for all of them. */
  private openAlerts: Promise<OpenAlert[]> | undefined;
  private listedAppIds: number[] = [];
  private filterValue = '';
  private readonly stalenessChanged = this._register(new vscode.EventEmitter<Staleness | undefined>());
  readonly onDidChangeStaleness = this.stalenessChanged.event;
  /** Without a session there is nothing to remember (state nodes are not data). */
  private readonly noSession = new LastGoodData<MonitorNode[]>();
  private readonly stalenessSubscription = this._register(new MutableDisposable());
  /** Set by the composition root: the latest deployment's impact per application, for its row. */
  latestImpactOf: ((applicationId: number) => LatestImpact | undefined) | undefined;
  /** Set by the view owner, so the provider can show loading progress in the view. */
  progressMessage: ((message: string | undefined) => void) | undefined;

  /** `errors`: error classes per application (the Errors group); without it the group is left out. */
  constructor(
    private readonly connections: ConnectionManager,
    private readonly log: Logger,
    private readonly errors?: TreeErrorSource,
  ) {
    super();
    this._register(
      connections.onDidChangeSession(() => {
        // Another account, region or key: the new session's last good data starts empty.
        this.stalenessSubscription.value = this.lastGood.onDidChangeStaleness((s) => this.stalenessChanged.fire(s));
        this.stalenessChanged.fire(this.lastGood.staleness);
        // The view asks for its children as soon as it is told: not from an unfocused window.
        connections.focus.run('tree', () => this.refresh());
      }),
    );
  }

  /** Draws the deployment rows already loaded again (a latest deployment's verdict changed): no request, no other row. */
  async redrawDeployments(): Promise<void> {
    const loaded = await Promise.allSettled(this.childCache.values());
    const rows = loaded.flatMap((c) =>
      c.status === 'fulfilled' ? c.value.filter((n) => n.kind === 'deployment') : [],
    );
    if (rows.length > 0) this.changed.fire(rows);
  }

  private get lastGood(): LastGoodData<MonitorNode[]> {
    return this.connections.current?.lastGood<MonitorNode[]>('tree') ?? this.noSession;
  }

  get staleness(): Staleness | undefined {
    return this.lastGood.staleness;
  }

  get filter(): string {
    return this.filterValue;
  }

  setFilter(value: string): void {
    this.filterValue = value.trim();
    this.lastGood.clear();
    this.refresh();
  }

  /** Drops cached children of `node` (or everything) and redraws. */
  refresh(node?: MonitorNode): void {
    if (!node) {
      this.childCache.clear();
      this.keyTransactions = undefined;
      this.openAlerts = undefined;
    } else {
      for (const key of [...this.childCache.keys()]) {
        if (key === node.id || key.startsWith(`${node.id}/`)) {
          this.childCache.delete(key);
        }
      }
      if (node.kind === 'group' && node.group === 'keyTransactions') {
        this.keyTransactions = undefined;
      }
    }
    this.changed.fire(node);
  }

  getTreeItem(node: MonitorNode): vscode.TreeItem {
    return node.toTreeItem();
  }

  getParent(node: MonitorNode): MonitorNode | undefined {
    return 'parent' in node ? node.parent : undefined;
  }

  getChildren(node?: MonitorNode): Promise<MonitorNode[]> {
    const key = node?.id ?? '';
    let children = this.childCache.get(key);
    if (!children) {
      const session = this.connections.current;
      const lastGood = this.lastGood;
      children = lastGood
        .load(key, () => this.loadChildren(node), session !== undefined)
        .then(({ value, stale }) => {
          if (session !== this.connections.current) {
            return []; // A late answer of a replaced session: the view has asked the new one already.
          }
          if (stale) {
            this.childCache.delete(key); // Old data is not cached: the next expand or retry asks again.
            this.log.warn(
              `showing earlier data for ${key || 'the applications'}: ${lastGood.staleness?.error.message ?? ''}`,
            );
            return key === '' ? [this.staleNode(), ...value] : value;
          }
          return value;
        })
        .catch((e: unknown) => {
          if (session !== this.connections.current) {
            return []; // The replaced session's requests end cancelled: nothing to show of them.
          }
          this.childCache.delete(key); // Errors are not cached: the next expand or retry asks again.
          return this.errorNodes(key, e);
        });
      this.childCache.set(key, children);
    }
    return children;
  }

  private async loadChildren(node?: MonitorNode): Promise<MonitorNode[]> {
    const state = this.connections.state;
    if (state.kind !== 'ready') {
      return this.stateNodes(state);
    }
    const conn = state.connection;
    if (!node) {
      return this.loadApplications(conn);
    }
    switch (node.kind) {
      case 'application': {
        // The record lists no key transactions: count them in the account's list (one request, shared).
        // Without it the group still shows, only without its count.
        const keyTransactions = await this.accountKeyTransactions(conn).then(
          (all) => all.filter((k) => k.applicationId === node.app.id).length,
          () => undefined,
        );
        const counts = hostAndInstanceCounts(node.app);
        const [alerts, errors] = await Promise.all([
          this.accountOpenAlerts(conn).then(
            (all) =>
              new OpenAlertsGroupNode(
                node,
                all.filter((a) => a.applicationId === node.app.id).sort((a, b) => b.openedAt - a.openedAt),
              ),
            (e: unknown) => new OpenAlertsGroupNode(node, undefined, e ?? new Error('failed')),
          ),
          this.errors && errorsGroup(this.errors, node),
        ]);
        return [
          new GroupNode(node, 'hosts', counts.hosts),
          new GroupNode(node, 'instances', counts.instances),
          new GroupNode(node, 'keyTransactions', keyTransactions),
          new TransactionsGroupNode(node),
          ...(errors ? [errors] : []),
          new DeploymentsGroupNode(node),
          alerts,
        ];
      }
      case 'group':
        return this.loadGroup(conn, node);
      case 'transactions':
        return loadTransactionNodes(conn, node);
      case 'deploymentsGroup':
        return this.loadDeployments(conn, node);
      case 'errorsGroup':
        return errorClassNodes(node, (id, e) => this.errorNodes(id, e));
      case 'openAlertsGroup':
        return node.failure !== undefined
          ? this.errorNodes(node.id, node.failure)
          : (node.alerts ?? []).map((a) => new OpenAlertNode(node, a, Date.now(), conn.region));
      default:
        return [];
    }
  }

  private async loadApplications(conn: ConnectionSession): Promise<MonitorNode[]> {
    const apps = await vscode.window.withProgress({ location: { viewId: APPLICATIONS_VIEW_ID } }, () =>
      conn.api
        .listApplications(this.filterValue ? { name: this.filterValue } : {}, {
          onProgress: (p) => this.progressMessage?.(vscode.l10n.t('Loading applications… page {0}', p.pagesDone + 1)),
        })
        .finally(() => this.progressMessage?.(undefined)),
    );
    if (apps.length === 0) {
      return [
        this.filterValue
          ? new MessageNode('empty', vscode.l10n.t('No application name contains "{0}".', this.filterValue), 'info', {
              command: COMMAND.clearFilter,
              title: vscode.l10n.t('Clear Filter'),
            })
          : new MessageNode('empty', vscode.l10n.t('This account has no applications yet.'), 'info'),
      ];
    }
    this.listedAppIds = apps.map((a) => a.id);
    const prefix = conn.demo ? 'demo/' : '';
    return apps.sort((a, b) => a.name.localeCompare(b.name)).map((a) => new ApplicationNode(a, prefix));
  }

  private async loadGroup(conn: ConnectionSession, group: GroupNode): Promise<MonitorNode[]> {
    const app = group.parent.app;
    let nodes: MonitorNode[];
    switch (group.group) {
      case 'hosts':
        nodes = (await conn.api.listHosts(app.id)).map((h) => new HostNode(group, h));
        break;
      case 'instances':
        nodes = (await conn.api.listInstances(app.id)).map((i) => new InstanceNode(group, i));
        break;
      case 'keyTransactions': {
        const all = await this.accountKeyTransactions(conn);
        nodes = all.filter((k) => k.applicationId === app.id).map((k) => new KeyTransactionNode(group, k));
        break;
      }
    }
    return nodes.length > 0
      ? nodes
      : [
          new MessageNode(
            `${group.id}/empty`,
            group.group === 'keyTransactions'
              ? vscode.l10n.t('No key transactions')
              : vscode.l10n.t('None reported in the last hour'),
            'info',
          ),
        ];
  }

  /** Newest first, from the session's cache (one request per application per refresh interval). */
  private async loadDeployments(conn: ConnectionSession, group: DeploymentsGroupNode): Promise<MonitorNode[]> {
    const now = Date.now();
    const range = { from: new Date(now - RECENT_DEPLOYMENTS_MS), to: new Date(now) };
    const answer = await conn.deployments.answer(group.parent.app.id, range);
    const nodes: MonitorNode[] = answer.value.map((d) => new DeploymentNode(group, d, now, this.latestImpactOf));
    // Which revisions are commits of the workspace (the newest few): only those offer Show Changes.
    await Promise.all(
      nodes.slice(0, 20).map(async (n) => {
        if (n.kind === 'deployment') {
          n.commit = await workspaceCommit(n.deployment.commit ?? n.deployment.revision);
        }
      }),
    );
    if (answer.refreshError) {
      // The last good list, said as such: its age, why the refresh failed, and Retry.
      const text = vscode.l10n.t(
        'From {0}; refresh failed: {1}',
        formatAge(now - answer.fetchedAt),
        answer.refreshError.message,
      );
      nodes.unshift(
        new MessageNode(`${group.id}/stale`, text, 'warning', {
          command: COMMAND.refresh,
          title: vscode.l10n.t('Retry'),
        }),
      );
    }
    if (answer.value.length > 0) {
      return nodes;
    }
    // None this week: the last one however old (one request), so "none" is never said of an app deployed earlier.
    const last = await conn.deployments.latest(group.parent.app.id);
    const none = new MessageNode(
      `${group.id}/empty`,
      last
        ? vscode.l10n.t('None in the last {0} days; the last one:', RECENT_DEPLOYMENT_DAYS)
        : vscode.l10n.t('No deployments in the last {0} days, nor before', RECENT_DEPLOYMENT_DAYS),
      'info',
    );
    return [...nodes, none, ...(last ? [new DeploymentNode(group, last, now, this.latestImpactOf)] : [])];
  }

  /**
   * Open alerts of every listed application: one request per refresh, shared (a failure does not stick).
   * The answer goes to the session's cache too, so a panel of a listed application that is not bound
   * draws its alert markers without a request of its own.
   */
  private accountOpenAlerts(conn: ConnectionSession): Promise<OpenAlert[]> {
    if (!this.openAlerts) {
      const ids = this.listedAppIds;
      this.openAlerts = conn.api.listOpenAlerts(ids).then((alerts) => {
        conn.openAlerts.record(ids, alerts);
        return alerts;
      });
    }
    return this.openAlerts.catch((e: unknown) => {
      this.openAlerts = undefined;
      throw e;
    });
  }

  /** The list is account-wide: fetched once per refresh and shared between applications. */
  private accountKeyTransactions(conn: ConnectionSession): Promise<KeyTransaction[]> {
    this.keyTransactions ??= conn.api.listKeyTransactions();
    return this.keyTransactions.catch((e: unknown) => {
      this.keyTransactions = undefined; // A failure must not stick: the next expansion asks again.
      throw e;
    });
  }

  private stateNodes(state: Exclude<ConnectionState, { kind: 'ready' }>): MonitorNode[] {
    if (state.kind === 'noKey') {
      return []; // The welcome view (viewsWelcome) explains what to do.
    }
    return [
      new MessageNode(
        'config-error',
        state.message,
        'error',
        state.setKey
          ? { command: COMMAND.setApiKey, title: vscode.l10n.t('Set API Key…'), arguments: ['custom'] }
          : {
              command: 'workbench.action.openSettings',
              title: vscode.l10n.t('Open Settings'),
              arguments: [state.setting ?? 'timeslice'],
            },
      ),
      new MessageNode('config-error/log', vscode.l10n.t('Show Log'), 'output', SHOW_LOG_COMMAND),
    ];
  }

  /** The warning at the top of a tree that shows old data, with its age, the reason and Retry. */
  private staleNode(): MonitorNode {
    const s = this.lastGood.staleness;
    const text = s ? describeStaleness(s, Date.now()) : vscode.l10n.t('Showing earlier data');
    return new MessageNode(
      'stale',
      text,
      'warning',
      { command: COMMAND.refresh, title: vscode.l10n.t('Retry') },
      vscode.l10n.t('{0}\n\n{1}\n\nClick to retry now.', text, s?.error.message ?? ''),
    );
  }

  /** The error, then one node per action the error policy offers (the fix first, Show Log last). */
  private errorNodes(parentId: string, e: unknown): MonitorNode[] {
    this.log.error(e instanceof Error ? e : String(e));
    const region = this.connections.state.kind === 'ready' ? this.connections.state.connection.region : undefined;
    const message = !isApiError(e)
      ? vscode.l10n.t('Unexpected error: {0}', e instanceof Error ? e.message : String(e))
      : e.kind === 'wrongRegion' && region
        ? vscode.l10n.t(
            '{0} The service answered "Account is not valid in this region" (403).',
            wrongRegionAdvice(region),
          )
        : e.message;
    const policy = errorPolicy(e).actions;
    const actions = (policy.length > 0 ? policy : ['showLog' as const]).map((a) => ({
      name: a,
      command: errorActionCommand(a),
    }));
    const first = actions[0].command;
    const id = `${parentId}/error`;
    return [
      new MessageNode(id, message, 'error', first, `${message}\n\n${first.hint}`),
      ...actions.map(
        (a) => new MessageNode(`${id}/${a.name}`, a.command.title.replace('…', ''), a.command.icon, a.command),
      ),
    ];
  }
}
