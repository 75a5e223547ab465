// A tree row's single click opens a preview, as the explorer does; VS Code has no preview flag for webview
// panels (https://github.com/microsoft/vscode/issues/110245), so this is ours.
import * as vscode from 'vscode';

import type { Config } from '../config';
import type { ConnectionManager } from '../session/connectionManager';
import type { Logger } from '../log';
import { Disposable } from '../util/lifecycle';
import { CHART_VIEW_TYPE, ChartPanel } from './chartPanel';
import { type PageWrite, panelOptions } from './panelPageWriter';
import type { PanelErrorSource } from './errorSource';
import type { PanelData } from './panelLoad';
import type { PanelEntity, PanelState } from './protocol';
import { explorerScope } from './explorerScope';
import { preloadPanelPage } from './panelPage';
import { isPanelState } from './protocol';

export function panelKey(e: PanelEntity): string {
  switch (e.kind) {
    case 'host':
      return `host:${e.applicationId}:${e.hostId}`;
    case 'instance':
      return `instance:${e.applicationId}:${e.instanceId}`;
    case 'keyTransaction':
      return `keyTransaction:${e.applicationId}:${e.keyTransactionId}`;
    case 'transaction':
      return `transaction:${e.applicationId}:${e.transactionName}`;
    case 'error':
      return `error:${e.applicationId}:${JSON.stringify([e.transactionName, e.errorClass])}`;
    case 'explorer': {
      if (e.nrql) {
        return `explorer:nrql:${e.nrql.accountId}:${e.nrql.query}`; // One panel per query.
      }
      const scope = explorerScope(e);
      return `explorer:${e.applicationId}:${scope.kind === 'host' ? `host:${scope.hostId}` : scope.kind === 'instance' ? `instance:${scope.instanceId}` : ''}`;
    }
    default:
      return `${e.kind}:${e.applicationId}`;
  }
}

export class PanelManager extends Disposable implements vscode.WebviewPanelSerializer<unknown> {
  private readonly panels = new Map<string, ChartPanel>();
  /** The open panels: only the test build keeps this (esbuild.js), for the integration tests. */
  declare readonly open?: ReadonlyMap<string, ChartPanel>;
  private previewPanel: ChartPanel | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly connections: ConnectionManager,
    private readonly config: Config,
    private readonly log: Logger,
    private readonly errors?: PanelErrorSource,
  ) {
    super();
    if (__TIMESLICE_TEST__) {
      this.open = this.panels;
    }
    this._register(vscode.window.registerWebviewPanelSerializer(CHART_VIEW_TYPE, this));
    this._register(
      config.onDidChange((e) => {
        if (e.affectsConfiguration('timeslice.timeZone')) {
          for (const panel of this.panels.values()) {
            panel.timeZoneChanged(); // Redrawn in the new zone from the data it has: no request.
          }
        }
      }),
    );
  }

  /** Reads the chart page's files now, without blocking, for the next first panel (docs/performance.md). */
  readPageAhead(): void {
    void preloadPanelPage(this.extensionUri.fsPath);
  }

  /** `loaded`: data its opener already has; `beside`: the active editor keeps the focus. */
  show(
    entity: PanelEntity,
    initial?: Partial<PanelState>,
    opened: { loaded?: PanelData; beside?: boolean; preview?: boolean } = {},
  ): ChartPanel {
    const key = panelKey(entity);
    const existing = this.panels.get(key);
    const { loaded, beside = false } = opened;
    const preview = opened.preview === true && this.config.editorPreview;
    if (existing) {
      existing.keep(); // Opened again: a preview is kept (VS Code's double click on a previewed file).
      if (loaded) {
        existing.showLoaded(loaded);
      } else if (initial?.explorer || initial?.range) {
        existing.applySelection(initial);
      }
      existing.reveal(beside);
      return existing;
    }
    const reused = preview ? this.previewPanel : undefined;
    if (reused?.isPreview) {
      this.panels.delete(panelKey(reused.state.entity));
      this.panels.set(key, reused);
      reused.showInstead({ entity, range: { preset: '30m', compare: 'none' }, view: 'chart', ...initial });
      reused.reveal(true);
      return reused;
    }
    // A preview leaves the focus in the tree, as the explorer's single click does: the arrows and Enter still work there.
    const column = beside
      ? { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }
      : { viewColumn: vscode.ViewColumn.Active, preserveFocus: preview };
    const panel = vscode.window.createWebviewPanel(
      CHART_VIEW_TYPE,
      entity.title,
      column,
      panelOptions(this.extensionUri),
    );
    const chart = this.track(
      panel,
      { entity, range: { preset: '30m', compare: 'none' }, view: 'chart', ...initial, ...(preview ? { preview } : {}) },
      'nextTask',
    );
    if (preview) {
      this.previewPanel = chart;
    }
    if (loaded) {
      chart.showLoaded(loaded);
    } else {
      // Ask the service now: the round trip overlaps the webview's start ('ready' shows the answer).
      void chart.load();
    }
    return chart;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- VS Code's serializer contract returns a promise; `async` keeps a throw in track() a rejection, as VS Code expects.
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    // The state comes from the webview: untrusted until checked. An unusable one closes the panel.
    if (!isPanelState(state) || this.panels.has(panelKey(state.entity))) {
      this.log.warn('closed a restored chart panel whose state was not usable');
      panel.dispose();
      return;
    }
    if (state.preview) {
      // A preview is a glance, not a choice: only kept panels come back.
      panel.dispose();
      return;
    }
    this.track(panel, state);
  }

  private track(panel: vscode.WebviewPanel, state: PanelState, writePage: PageWrite = 'now'): ChartPanel {
    const deps = {
      extensionUri: this.extensionUri,
      connections: this.connections,
      log: this.log,
      timeZone: () => this.config.timeZone,
      errors: this.errors,
    };
    const chart = new ChartPanel(panel, state, deps, writePage);
    this.panels.set(panelKey(state.entity), chart);
    chart.onDidDispose(() => {
      // Its key now: a preview's entity changes with each click.
      const key = panelKey(chart.state.entity);
      if (this.panels.get(key) === chart) {
        this.panels.delete(key);
      }
      if (this.previewPanel === chart) {
        this.previewPanel = undefined;
      }
    });
    return chart;
  }

  override dispose(): void {
    for (const p of [...this.panels.values()]) {
      p.dispose();
    }
    super.dispose();
  }
}
