/**
 * Owns the "Applications" TreeView: its description (the connection and the filter), message (loading,
 * or the age of the data shown after a failed refresh), the retry after such a failure, and the
 * auto-refresh timer, which pauses while the window is unfocused.
 */
import * as vscode from 'vscode';

import type { Config } from '../config';
import type { ConnectionManager } from '../connection';
import { APPLICATIONS_VIEW_ID, CONTEXT } from '../constants';
import { Disposable, MutableDisposable, toDisposable } from '../util/lifecycle';
import type { Staleness } from './lastGood';
import { describeStaleness } from './lastGood';
import type { MonitorTreeProvider } from './monitorTreeProvider';
import type { MonitorNode } from './nodes';

export class ApplicationsView extends Disposable {
  readonly view: vscode.TreeView<MonitorNode>;
  private readonly timer = this._register(new MutableDisposable());
  /** A refresh came due while the window was unfocused: do it on focus. */
  private missedTick = false;
  private loadingMessage: string | undefined;
  /** While the data is stale: the retry timeout and the ticker that keeps the age current. */
  private readonly staleTimers = this._register(new MutableDisposable());

  constructor(private readonly provider: MonitorTreeProvider, private readonly connections: ConnectionManager, private readonly config: Config) {
    super();
    this.view = this._register(vscode.window.createTreeView(APPLICATIONS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true }));
    provider.progressMessage = (message) => {
      this.loadingMessage = message;
      this.updateMessage();
    };
    this._register(provider.onDidChangeStaleness((s) => this.onStaleness(s)));
    this._register(connections.onDidChange(() => {
      this.updateTitle();
      this.updateMessage();
    }));
    this._register(config.onDidChange((e) => {
      if (e.affectsConfiguration('timeslice.refreshIntervalSeconds')) {
        this.startTimer();
      }
    }));
    this._register(vscode.window.onDidChangeWindowState((state) => {
      if (state.focused && this.missedTick) {
        this.missedTick = false;
        this.provider.refresh();
      }
    }));
    this.updateTitle();
    this.startTimer();
  }

  setFilter(value: string): void {
    this.provider.setFilter(value);
    this.updateTitle();
    void vscode.commands.executeCommand('setContext', CONTEXT.filterActive, value.trim() !== '');
  }

  /**
   * The loading progress wins; otherwise the stale-data note, if any; otherwise, in the demo, that
   * the data is simulated (a view alone in its container shows no description, so this says it).
   */
  private updateMessage(): void {
    const stale = this.provider.staleness;
    this.view.message = this.loadingMessage ?? (stale ? describeStaleness(stale, Date.now()) : undefined)
      ?? (this.connections.current?.demo ? 'Demo: a simulated account. Stop Demo returns to your own key.' : undefined);
  }

  /** Retries when the failure says it may work again, and keeps the message's age and countdown current. */
  private onStaleness(stale: Staleness | undefined): void {
    this.updateMessage();
    if (!stale) {
      this.staleTimers.value = undefined;
      return;
    }
    const retry = setTimeout(() => {
      if (this.view.visible) {
        this.provider.refresh();
      }
    }, Math.max(0, stale.retryAt - Date.now()));
    const tick = setInterval(() => this.updateMessage(), 5_000);
    this.staleTimers.value = toDisposable(() => {
      clearTimeout(retry);
      clearInterval(tick);
    });
  }

  /**
   * The title stays "Applications" (a long region name would truncate it in a default-width
   * sidebar); the connection goes in the description, beside the filter.
   */
  private updateTitle(): void {
    const conn = this.connections.current;
    this.view.title = 'Applications';
    const where = conn?.demo ? 'demo' : conn?.label;
    const filter = this.provider.filter.trim();
    this.view.description = [where, filter ? `filter: "${filter}"` : undefined].filter(Boolean).join(' · ') || undefined;
  }

  private startTimer(): void {
    const ms = this.config.refreshIntervalSeconds * 1000;
    const handle = setInterval(() => {
      if (!this.view.visible || this.connections.current === undefined) {
        return;
      }
      if (!vscode.window.state.focused) {
        this.missedTick = true; // Paused while unfocused: no polling in the background.
        return;
      }
      this.provider.refresh();
    }, ms);
    this.timer.value = toDisposable(() => clearInterval(handle));
  }
}
