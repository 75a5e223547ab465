/**
 * When the bound applications are refreshed: every `timeslice.refreshIntervalSeconds` while the window
 * has focus (a tick missed while unfocused runs on focus, as the tree does), and at once when the
 * bindings or the connection change. Nothing is requested without a connection (the poller checks).
 */
import * as vscode from 'vscode';

import type { Config } from '../config';
import type { ConnectionManager } from '../connection';
import { Disposable, MutableDisposable, toDisposable } from '../util/lifecycle';
import type { BoundAppsPoller } from './boundAppsPoller';
import type { WorkspaceBindings } from './workspaceBinding';

export class BoundAppsScheduler extends Disposable {
  private readonly timer = this._register(new MutableDisposable());
  private missedTick = false;

  constructor(private readonly poller: BoundAppsPoller, bindings: WorkspaceBindings, connections: ConnectionManager, private readonly config: Config) {
    super();
    this._register(bindings.onDidChange(() => this.refresh()));
    this._register(connections.onDidChange(() => this.refresh()));
    this._register(config.onDidChange((e) => {
      if (e.affectsConfiguration('timeslice.refreshIntervalSeconds')) {
        this.start();
      }
    }));
    this._register(vscode.window.onDidChangeWindowState((state) => {
      if (state.focused && this.missedTick) {
        this.missedTick = false;
        this.refresh();
      }
    }));
    this.start();
    this.refresh();
  }

  private refresh(): void {
    void this.poller.refreshNow();
  }

  private start(): void {
    const handle = setInterval(() => {
      if (!vscode.window.state.focused) {
        this.missedTick = true; // Paused while unfocused: no polling in the background.
        return;
      }
      this.refresh();
    }, this.config.refreshIntervalSeconds * 1000);
    this.timer.value = toDisposable(() => clearInterval(handle));
  }
}
