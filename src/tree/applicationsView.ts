/**
 * Owns the "Applications" TreeView: its description (the connection, the filter, the page being
 * loaded), message (the age of the data shown after a failed refresh, or the demo's note), its
 * progress bar while the list loads, and the view's two scheduled jobs: the
 * refresh every `refreshIntervalSeconds` and the age redraw while data is stale (both run by the
 * session's scheduler, only while the view is visible and the window focused), plus the early retry
 * after a passing failure.
 */
import * as vscode from 'vscode';

import type { ConnectionManager } from '../session/connectionManager';
import { APPLICATIONS_VIEW_ID, CONTEXT } from '../constants';
import type { Staleness } from '../session/lastGood';
import { describeStaleness } from '../session/lastGood';
import type { ScheduledJob } from '../session/scheduler';
import { Disposable } from '../util/lifecycle';
import type { ApplicationsTreeProvider } from './applicationsTreeProvider';
import type { MonitorNode } from './nodes';

/** While the tree shows old data, its age and retry countdown are redrawn this often. */
const STALE_REDRAW_MS = 5_000;

export class ApplicationsView extends Disposable {
  readonly view: vscode.TreeView<MonitorNode>;
  /** "Loading applications… page N" while the list loads; ends the view's progress bar when undefined. */
  private loading: { text: string; done: () => void } | undefined;
  /** Walkthrough openings under way (aroundWalkthrough). */
  private walkthroughOpening = 0;
  private readonly refreshJob: ScheduledJob = {
    name: 'applications view refresh',
    active: () => this.view.visible,
    run: () => this.provider.refresh(),
  };

  constructor(
    private readonly provider: ApplicationsTreeProvider,
    private readonly connections: ConnectionManager,
  ) {
    super();
    this.view = this._register(
      vscode.window.createTreeView(APPLICATIONS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true }),
    );
    provider.progressMessage = (message) => this.onLoading(message);
    this._register(connections.registerJob(this.refreshJob));
    this._register(
      connections.registerJob({
        name: 'applications view stale-data age',
        everyMs: STALE_REDRAW_MS,
        active: () => this.view.visible && this.provider.staleness !== undefined,
        run: () => this.updateMessage(),
      }),
    );
    this._register(
      this.view.onDidChangeVisibility(() => {
        connections.scheduleChanged();
        this.updateVisibleContext();
      }),
    );
    this.updateVisibleContext();
    this._register(provider.onDidChangeStaleness((s) => this.onStaleness(s)));
    this._register(
      connections.onDidChangeSession(() => {
        this.updateTitle();
        this.updateMessage();
      }),
    );
    this.updateTitle();
  }

  private updateVisibleContext(): void {
    // False while a walkthrough may be opening: see aroundWalkthrough.
    void vscode.commands.executeCommand(
      'setContext',
      CONTEXT.applicationsVisible,
      this.walkthroughOpening === 0 && this.view.visible,
    );
  }

  /**
   * Runs `open` (which may show the walkthrough) with `timeslice.applicationsVisible` false, and sets
   * it again after. VS Code 1.100 builds its walkthrough service when a walkthrough is first shown,
   * and records an `onContext:` key that is already true then as seen without completing the step
   * ever after; a key that turns true later completes it. So the key turns true once the walkthrough
   * is open, and "See your applications" ticks while the view is visible, whichever came first.
   */
  async aroundWalkthrough<T>(open: () => Thenable<T>): Promise<T> {
    this.walkthroughOpening++;
    try {
      // Not awaited: it reaches the workbench before `open`'s own requests (one channel, in order), and
      // `open` must start at once (commands wait for the walkthrough it starts).
      void vscode.commands.executeCommand('setContext', CONTEXT.applicationsVisible, false);
      return await open();
    } finally {
      this.walkthroughOpening--;
      this.updateVisibleContext();
    }
  }

  setFilter(value: string): void {
    this.provider.setFilter(value);
    this.updateTitle();
    void vscode.commands.executeCommand('setContext', CONTEXT.filterActive, value.trim() !== '');
  }

  /**
   * The stale-data note, if any; otherwise, in the demo, that the data is simulated and through which
   * backend (a view alone in its container, as this one is by default, shows no description, so this
   * says it). Loading never changes it: a message that comes and goes moves the rows under the pointer,
   * and a click that lands as they move is lost.
   */
  private updateMessage(): void {
    const stale = this.provider.staleness;
    const conn = this.connections.current;
    this.view.message =
      (stale ? describeStaleness(stale, Date.now()) : undefined) ??
      (conn?.demo
        ? vscode.l10n.t('{0} demo: a simulated account. Stop Demo returns to your own key.', conn.backendLabel)
        : undefined);
  }

  /** Loading shows as the view's progress bar, and the page in the description (neither moves a row). */
  private onLoading(text: string | undefined): void {
    if (text === undefined) {
      this.loading?.done();
      this.loading = undefined;
    } else if (this.loading) {
      this.loading.text = text;
    } else {
      const loading = { text, done: () => undefined as void };
      this.loading = loading;
      void vscode.window.withProgress(
        { location: { viewId: APPLICATIONS_VIEW_ID } },
        () => new Promise<void>((resolve) => (loading.done = resolve)),
      );
    }
    this.updateTitle();
  }

  /** Retries when the failure says it may work again (early, on the scheduler), and starts or stops the age redraw. */
  private onStaleness(stale: Staleness | undefined): void {
    this.updateMessage();
    if (stale) {
      this.connections.retryAt(this.refreshJob, stale.retryAt);
    }
    this.connections.scheduleChanged();
  }

  /**
   * The title stays "Applications" (a long region name would truncate it in a default-width
   * sidebar); the connection (where, and the backend's label) goes in the description, beside the filter.
   */
  private updateTitle(): void {
    const conn = this.connections.current;
    this.view.title = vscode.l10n.t('Applications');
    const where = conn?.demo ? 'demo' : conn?.label;
    const filter = this.provider.filter.trim();
    this.view.description =
      [where, conn?.backendLabel, filter ? `filter: "${filter}"` : undefined, this.loading?.text]
        .filter(Boolean)
        .join(' · ') || undefined;
  }
}
