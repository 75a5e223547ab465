// Data is posted only to a page that is there or starting (VS Code holds messages for it), only while the
// panel is open, and only from the current session: a new session starts the panel over.
import * as vscode from 'vscode';

import { isApiError } from '../api/apiError';
import type { ConnectionManager } from '../session/connectionManager';
import type { Logger } from '../log';
import { errorActionCommand, runErrorAction } from '../session/errorActions';
import { errorPolicy } from '../session/errorPolicy';
import { Disposable, MutableDisposable, toDisposable } from '../util/lifecycle';
import { dataMessage } from './dataMessage';
import { pointBudget } from './decimate';
import type { PanelErrorSource } from './errorSource';
import { exportPanelData } from './exportData';
import { PAGE_WRITTEN_LINE } from './html';
import { PanelContent } from './panelContent';
import { type PageWrite, panelOptions, writePanelPage } from './panelPageWriter';
import { panelTitle } from './panelTitle';
import { loadPanelData } from './panelData';
import type { PanelData } from './panelLoad';
import type { FromWebview, PanelState, ToWebview } from './protocol';
import { metricNameSearch } from './metricNameSearch';
import { isFromWebview } from './protocol';
import { runPanelAction } from './panelActions';

export const CHART_VIEW_TYPE = 'timeslice.chart';

export interface ChartPanelDeps {
  extensionUri: vscode.Uri;
  connections: ConnectionManager;
  log: Logger;
  timeZone: () => 'local' | 'utc';
  errors?: PanelErrorSource;
}

export class ChartPanel extends Disposable {
  private readonly disposedEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.disposedEmitter.event;
  private ready = false;
  /** render()'s page was posted to before its 'ready' (VS Code holds that for it): its 'ready' asks for nothing. */
  private postedBeforeReady = false;
  private disposed = false;
  private readonly shown = new PanelContent();
  private plotWidth: number | undefined;
  private postedBudget: number | undefined;
  /** Data handed over before the webview was ready (a command's answer): shown on 'ready' instead of asked again. */
  private loadedByOpener = false;
  /** Asked as the panel opened, so the round trip overlaps the webview's start: 'ready' shows that answer. */
  private loadedEarly = false;
  private pendingStatus: ToWebview | undefined;
  private readonly inFlight = this._register(new MutableDisposable());
  /** A session rebuilt by another window must not make every hidden panel of an unfocused one ask the service. */
  private loadWhenSeen = false;
  /** Test build only (esbuild.js): the integration tests post a message through here as the page would. */
  declare readonly receiveForTest?: (raw: unknown) => Promise<void>;
  private titleName: string;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private stateValue: PanelState,
    private readonly deps: ChartPanelDeps,
    writePage: PageWrite = 'now',
  ) {
    super();
    panel.webview.options = panelOptions(deps.extensionUri);
    this.titleName = stateValue.entity.title;
    this.retitle();
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'timeslice.svg');
    this._register(panel.webview.onDidReceiveMessage((m: unknown) => void this.receive(m)));
    if (__TIMESLICE_TEST__) this.receiveForTest = (raw) => this.receive(raw);
    this._register(
      deps.connections.registerJob({
        name: `${stateValue.entity.kind} panel refresh`,
        active: () => this.ready && !this.disposed && this.panel.visible,
        run: () => this.load(),
      }),
    );
    this._register(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) {
          // Without retainContextWhenHidden the webview is gone: shown again, it starts over and says 'ready'.
          this.ready = false;
          this.postedBeforeReady = false;
        }
        deps.connections.scheduleChanged();
        this.loadIfSeen();
      }),
    );
    this._register(vscode.window.onDidChangeWindowState(() => this.loadIfSeen()));
    this._register(
      deps.connections.onDidChangeSession(() => {
        this.forgetData(); // Another account, region or key: nothing of the old session stays up.
        this.loadWhenSeen = true;
        this.loadIfSeen();
      }),
    );
    this._register(
      panel.onDidDispose(() => {
        this.disposed = true;
        this.disposedEmitter.fire();
        this.dispose();
      }),
    );
    if (writePage === 'now') {
      this.render();
    } else {
      this.renderAfterCreation();
    }
  }

  /** A task later, VS Code sends the panel's creation alone, ahead of the page (docs/performance.md, click to chart). */
  private renderAfterCreation(): void {
    const timer = setTimeout(() => {
      if (!this.disposed) {
        this.render();
        if (this.ready) {
          this.postHeld();
        }
      }
    }, 0);
    this._register(toDisposable(() => clearTimeout(timer)));
  }

  get state(): PanelState {
    return this.stateValue;
  }

  get content(): Pick<PanelContent, 'data' | 'dataAt' | 'session' | 'error'> {
    return this.shown;
  }

  // The NRQL command ran the query already: shown without asking the service again.
  showLoaded(data: PanelData): void {
    const conn = this.deps.connections.current;
    if (!conn) {
      return;
    }
    this.shown.show(data, conn);
    this.inFlight.value = undefined; // An older load must not replace the newer answer.
    this.titleName = data.title;
    this.retitle();
    if (this.ready) {
      this.postData(data);
      this.loadedEarly ||= this.postedBeforeReady;
    } else {
      this.loadedByOpener = true;
    }
  }

  reveal(preserveFocus = false): void {
    this.panel.reveal(undefined, preserveFocus);
  }

  get isPreview(): boolean {
    return this.stateValue.preview === true;
  }

  /** The preview becomes a panel of its own; the webview is told (it saves that for a reload) unless it made the change. */
  keep(tellWebview = true): void {
    if (this.stateValue.preview) {
      const { preview: _dropped, ...kept } = this.stateValue;
      this.stateValue = kept;
      this.retitle();
      if (tellWebview) {
        this.timeZoneChanged(); // (an 'init' with the state, which the webview saves and shows)
      }
    }
  }

  showInstead(state: PanelState): void {
    this.inFlight.value = undefined;
    this.shown.forget(); // (The webview drops the old entity's data when its 'init' names another.)
    this.loadedByOpener = false;
    this.stateValue = { ...state, preview: true };
    this.titleName = state.entity.title;
    this.retitle();
    this.timeZoneChanged();
    void this.load();
  }

  private retitle(): void {
    this.panel.title = panelTitle(this.stateValue.entity, this.titleName, this.isPreview);
  }

  applySelection(change: Partial<Pick<PanelState, 'explorer' | 'range'>>): void {
    this.stateValue = {
      ...this.stateValue,
      ...(change.explorer ? { explorer: change.explorer } : {}),
      ...(change.range ? { range: change.range } : {}),
    };
    this.post({ type: 'init', state: this.stateValue, timeZone: this.deps.timeZone() });
    void this.load();
  }

  timeZoneChanged(): void {
    this.post({ type: 'init', state: this.stateValue, timeZone: this.deps.timeZone() });
  }

  private render(): void {
    this.ready = false;
    const inline = writePanelPage(this.panel, this.deps.extensionUri);
    if (__TIMESLICE_TEST__) this.deps.log.info(PAGE_WRITTEN_LINE);
    // Shown, with its first script in it: posted to at once, not after a round trip of its 'ready'.
    // A hidden page gets nothing (VS Code delivers nothing to it) and says 'ready' when shown.
    if (inline && this.panel.visible) {
      this.ready = true;
      this.postedBeforeReady = true;
      this.post({ type: 'init', state: this.stateValue, timeZone: this.deps.timeZone(), l10n: vscode.l10n.bundle });
    }
  }

  /** What the page could not be posted yet: the data, else the last status. */
  private postHeld(): void {
    if (this.shown.data) {
      this.postData(this.shown.data);
    } else if (this.pendingStatus) {
      this.post(this.pendingStatus);
    }
    this.pendingStatus = undefined;
  }

  private post(message: ToWebview): void {
    if (!this.disposed && this.ready) {
      void this.panel.webview.postMessage(message);
    } else if (message.type === 'loading' || message.type === 'error') {
      this.pendingStatus = message;
    }
  }

  private async receive(raw: unknown): Promise<void> {
    if (!isFromWebview(raw)) {
      this.deps.log.warn(`ignored an invalid message from the ${this.stateValue.entity.kind} panel`);
      return;
    }
    const message: FromWebview = raw;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.postedBeforeReady) {
          this.postedBeforeReady = false;
          this.widen(message.plotWidth);
        } else {
          this.plotWidth = message.plotWidth ?? this.plotWidth;
          this.post({ type: 'init', state: this.stateValue, timeZone: this.deps.timeZone(), l10n: vscode.l10n.bundle });
          this.postHeld();
        }
        this.pendingStatus = undefined;
        this.deps.connections.scheduleChanged();
        if (this.loadedByOpener || this.loadedEarly) {
          // Just loaded by the opener, or by the panel as it opened (its answer posts when it comes).
          this.loadedByOpener = false;
          this.loadedEarly = false;
          return;
        }
        await this.load();
        return;
      case 'changeRange':
        this.keep(false); // A change of range or controls keeps a preview, as an edit keeps an editor's.
        this.stateValue = { ...this.stateValue, range: message.range };
        return this.load();
      case 'setView':
        this.keep(false);
        this.stateValue = { ...this.stateValue, view: message.view };
        // The table lists every slice: send them if the charts had fewer.
        if (message.view === 'table' && this.postedBudget !== undefined && this.shown.data) {
          this.postData(this.shown.data);
        }
        return;
      case 'plotWidth':
        return this.widen(message.width);
      case 'changeExplorer':
        this.keep(false);
        this.stateValue = { ...this.stateValue, explorer: message.explorer };
        return this.load();
      case 'retry':
        return this.load();
      case 'fix':
        return this.shown.error?.fix ? runErrorAction(this.shown.error.fix) : undefined;
      case 'searchMetricNames': {
        const answer = await metricNameSearch(this.deps.connections.current, this.stateValue.entity, message.query);
        return answer ? this.post(answer) : undefined;
      }
      case 'export': {
        const saved =
          this.shown.data && (await exportPanelData(this.shown.data, this.stateValue.entity, message.format));
        return saved ? this.post({ type: 'exported', format: message.format, path: saved }) : undefined;
      }
      case 'openTransaction':
      case 'goToCode':
      case 'openFrame':
      case 'showError':
      case 'showDeploymentImpact':
        return runPanelAction(message, this.stateValue.entity, this.shown.data, this.deps.log);
    }
  }

  /** A page's plot width: wider than the points sent can fill, they are sent again for it. */
  private widen(width: number | undefined): void {
    this.plotWidth = width ?? this.plotWidth;
    if (
      width !== undefined &&
      this.postedBudget !== undefined &&
      pointBudget(width) > this.postedBudget &&
      this.shown.data &&
      this.stateValue.view === 'chart'
    ) {
      this.postData(this.shown.data);
    }
  }

  private loadIfSeen(): void {
    if (this.loadWhenSeen && this.panel.visible && vscode.window.state.focused) {
      void this.load();
    }
  }

  async load(): Promise<void> {
    const conn = this.deps.connections.current;
    if (this.disposed || this.loadedByOpener) {
      return;
    }
    this.loadWhenSeen = false;
    this.loadedEarly ||= !this.ready || this.postedBeforeReady;
    if (!conn) {
      this.post({
        type: 'error',
        message: vscode.l10n.t('No connection: set an API key or start the demo, then retry.'),
        retryable: true,
      });
      return;
    }
    const abort = new AbortController();
    this.inFlight.value = toDisposable(() => abort.abort());
    this.post({ type: 'loading' });
    try {
      const data = await loadPanelData(
        {
          api: conn.api,
          metricNames: conn.metricNames,
          nrql: conn.nrql,
          deployments: conn.deployments,
          openAlerts: conn.openAlerts,
          errors: this.deps.errors,
          signal: abort.signal,
        },
        this.stateValue,
      );
      if (abort.signal.aborted || this.disposed || conn.disposed) {
        return;
      }
      this.deps.log.info(
        `${this.stateValue.entity.kind} panel loaded with ${data.metricDataRequests} metric-data ${data.metricDataRequests === 1 ? 'request' : 'requests'}`,
      );
      this.shown.show(data, conn);
      this.titleName = data.title;
      this.retitle();
      this.postData(data);
    } catch (e) {
      if (abort.signal.aborted || conn.disposed || (isApiError(e) && e.kind === 'cancelled')) {
        return;
      }
      this.deps.log.error(e instanceof Error ? e : String(e));
      const message = e instanceof Error ? e.message : String(e);
      const policy = errorPolicy(e);
      const fix = policy.actions.find((a) => a !== 'retry' && a !== 'showLog');
      const { staleNote } = this.shown.fail(message, conn, policy.keepLastData, fix);
      this.post({
        type: 'error',
        message,
        retryable: policy.actions.includes('retry'),
        staleNote,
        ...(fix ? { fix: errorActionCommand(fix).title } : {}),
      });
    }
  }

  private forgetData(): void {
    if (this.shown.data) {
      this.post({ type: 'clear' });
    }
    this.shown.forget();
  }

  /** Posts the data; for the chart view, thinned to the plot's width (exports and the table use every slice). */
  private postData(data: PanelData): void {
    const { message, budget } = dataMessage(data, this.stateValue.view, this.plotWidth, this.shown.dataAt);
    this.postedBudget = budget;
    this.post(message);
  }

  override dispose(): void {
    if (!this.disposed) {
      this.disposed = true;
      this.panel.dispose();
    }
    super.dispose();
  }
}
