/**
 * One chart panel in the browser, for every panel kind: owns the PanelState (saved with setState
 * on every change so the panel comes back after a reload), turns messages from the extension into
 * views, and user choices into messages.
 */
import * as l10n from '@vscode/l10n';

import type { ExplorerSelection, PanelState, RangeSelection, ToWebview } from '../../src/panels/protocol';
import { h } from '../shared/dom';
import { defineComponents } from '../shared/elements';
import { readMetricNames } from '../shared/explorerModel';
import type { TimeZoneMode } from '../shared/format';
import type { Messaging } from '../shared/messaging';
import type { ViewData } from '../shared/seriesData';
import { readData } from '../shared/seriesData';
import { ChartView } from './chartView';
import { ControlsView } from './controls';
import { ExplorerView } from './explorer';
import { StatusView } from './status';
import { HeaderView, renderSummary } from './summary';
import { chartTables, summaryTable } from './tables';
import { DEFAULT_TABLE_SORT, sortableTable } from './sortableTable';
import type { TableSort } from '../shared/tableSort';
import { nrqlQueryView } from './nrqlQuery';
import { renderErrorPart } from './errorView';
import { installTestHook } from './testHook';
import { readChartTheme, watchTheme } from './theme';
import { warmUpCharts } from './warmUp';

// Performance marks (read by the bench; test builds only) are literals where they are set: a module-level
// constant would stay in the production bundle, which keeps this lazily evaluated module's statements (main.ts).

/** A page that never goes idle still warms up after this long. */
const WARM_UP_LATEST_MS = 1000;
/** How long the plot width must hold still before the extension hears of it. */
const PLOT_WIDTH_DEBOUNCE_MS = 300;
/** Smaller changes of the plot width are not worth a message. */
const PLOT_WIDTH_STEP_PX = 16;

/** Before any chart exists, the page's width is the widest a plot can be (sent with 'ready'). */
export function initialPlotWidth(root: HTMLElement): number {
  return Math.round(root.clientWidth || document.documentElement.clientWidth);
}

/** Runs `callback` in the next frame, or after a while if the panel is hidden and frames stop. */
function afterNextFrame(callback: () => void): void {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      callback();
    }
  };
  requestAnimationFrame(once);
  setTimeout(once, 250);
}

/** A change the user makes keeps a preview (src/panels/panelManager.ts): the state saved for a reload drops the flag. */
function withoutPreview(state: PanelState): PanelState {
  const { preview: _kept, ...rest } = state;
  return rest;
}

export class PanelApp {
  private state?: PanelState;
  /** The transactions table's order; kept across refreshes of the same panel. */
  private tableSort: TableSort = DEFAULT_TABLE_SORT;
  private tz: TimeZoneMode = 'local';
  private data?: ViewData;
  private drawn = false;
  private renders = 0;
  private warmedUp = false;
  private readonly header = new HeaderView();
  private readonly status = new StatusView(
    () => this.messaging.post({ type: 'retry' }),
    () => this.messaging.post({ type: 'fix' }),
  );
  private readonly controls = new ControlsView({
    changeRange: (range) => this.changeRange(range),
    setView: (view) => this.setView(view),
    exportData: (format) => this.messaging.post({ type: 'export', format }),
  });
  private explorer?: ExplorerView;
  private readonly explorerSlot = h('div', { class: 'explorer-area' });
  private readonly summary = h('section', { class: 'summary-area', 'aria-label': l10n.t('Summary') });
  private readonly summaryTable = h('div', { class: 'summary-table-area' });
  /** The error panel's stack, or the transaction panel's error classes. */
  private readonly errorArea = h('div', { class: 'error-area' });
  private readonly content = h('div', { class: 'content' });
  private readonly charts = new ChartView((message) => this.messaging.post(message));
  private readonly frame = h('div', { class: 'panel', hidden: true });
  /** The plot width last told to the extension, which thins the points it sends to fit it. */
  private sentPlotWidth = 0;
  private plotWidthTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly messaging: Messaging,
  ) {}

  /** Shows the panel for the first 'init' message (posted after main.ts said 'ready'). */
  start(first: Extract<ToWebview, { type: 'init' }>): void {
    // The page's root is a live region; re-announcing every redrawn chart and table would drown a
    // screen reader, so status text has its own live regions (status.ts) instead.
    this.root.removeAttribute('aria-live');
    this.frame.append(
      this.header.element,
      this.controls.element,
      this.explorerSlot,
      this.summary,
      this.summaryTable,
      this.errorArea,
      this.content,
    );
    this.root.replaceChildren(this.status.element, this.frame);
    this.messaging.onMessage((message) => this.onMessage(message));
    watchTheme(() => this.charts.applyTheme());
    if (__TIMESLICE_TEST__) {
      installTestHook({ charts: () => this.data?.charts ?? [], ready: () => this.drawn, renders: () => this.renders });
    }
    // main.ts said 'ready' with the page's width (the widest a plot can be); the charts' own follow.
    this.sentPlotWidth = initialPlotWidth(this.root);
    new ResizeObserver(() => this.plotWidthChanged()).observe(this.content);
    this.onMessage(first);
    // The components come after the first chart (showData), or in the first idle moment before any data:
    // their script must not run between the first data and its frame.
    requestIdleCallback(() => this.data || defineComponents(), { timeout: WARM_UP_LATEST_MS });
  }

  /** Debounced: tells the extension the widest plot's width once it holds still. */
  private plotWidthChanged(): void {
    clearTimeout(this.plotWidthTimer);
    this.plotWidthTimer = setTimeout(() => {
      const width = Math.round(this.charts.plotWidth() ?? this.content.clientWidth);
      if (width > 0 && Math.abs(width - this.sentPlotWidth) >= PLOT_WIDTH_STEP_PX) {
        this.sentPlotWidth = width;
        this.messaging.post({ type: 'plotWidth', width });
      }
    }, PLOT_WIDTH_DEBOUNCE_MS);
  }

  private onMessage(message: ToWebview): void {
    switch (message.type) {
      case 'init':
        this.init(message.state, message.timeZone);
        break;
      case 'loading':
        this.drawn = false;
        this.status.showLoading();
        this.content.classList.add('stale');
        this.content.setAttribute('aria-busy', 'true');
        break;
      case 'data':
        if (__TIMESLICE_TEST__) {
          performance.mark('timeslice:data-received');
        }
        this.showData(readData(message));
        break;
      case 'clear':
        // Another connection session (account, region or key): nothing of the old data stays up.
        this.data = undefined;
        this.drawn = false;
        this.content.classList.remove('switching');
        this.charts.destroy();
        this.summary.replaceChildren();
        this.summaryTable.replaceChildren();
        this.errorArea.replaceChildren();
        this.content.replaceChildren();
        break;
      case 'error':
        defineComponents(); // (its Retry and Fix buttons)
        // Charts already drawn stay up (dimmed) under the banner: old data beats a blank panel.
        this.status.showError(
          message.message,
          message.retryable,
          this.data ? message.staleNote : undefined,
          message.fix,
        );
        this.content.classList.toggle('stale', this.data !== undefined);
        this.content.removeAttribute('aria-busy');
        break;
      case 'metricNames':
        this.explorer?.setNames(message.query, readMetricNames(message.names));
        break;
      case 'exported':
        this.status.showNotice(l10n.t('Saved {0} to {1}', message.format.toUpperCase(), message.path));
        break;
    }
  }

  private init(state: PanelState, timeZone: TimeZoneMode): void {
    this.tz = timeZone;
    if (this.state && JSON.stringify(this.state.entity) !== JSON.stringify(state.entity)) {
      // Another entity in the same page (a preview reused, src/panels/panelManager.ts): nothing of the last
      // one's data stays in view, but its charts stay built, hidden, for the next data to update in place.
      this.data = undefined;
      this.drawn = false;
      this.summary.replaceChildren();
      this.summaryTable.replaceChildren();
      this.content.classList.add('switching');
    }
    if (state.entity.kind === 'explorer' && state.entity.nrql) {
      // A typed NRQL query is charted as it is: the query is shown (as text), there are no metrics to pick.
      this.explorerSlot.replaceChildren(nrqlQueryView(state.entity.nrql));
    } else if (state.entity.kind === 'explorer' && !this.explorer) {
      // The explorer's form is made of the components: its fields have no value until they are defined.
      defineComponents();
      this.explorer = new ExplorerView({
        search: (query) => this.messaging.post({ type: 'searchMetricNames', query }),
        apply: (selection) => this.changeExplorer(selection),
      });
      this.explorerSlot.replaceChildren(this.explorer.element);
      this.explorer.start();
    }
    this.explorer?.setSelection(state.explorer);
    this.frame.hidden = false;
    this.update(state);
    if (!this.data) {
      this.status.showLoading();
      this.warmUpWhileLoading();
    } else {
      this.header.setData(state, this.data, timeZone);
      this.renderContent();
    }
  }

  /**
   * Once the Loading… state is on screen and the page is idle (a data message already queued is
   * handled first), and only if the first data has not come yet: the page would idle through the
   * service's round trip; compiling the chart code then shortens the first draw.
   */
  private warmUpWhileLoading(): void {
    if (this.warmedUp || this.state?.view !== 'chart') {
      return;
    }
    this.warmedUp = true;
    afterNextFrame(() =>
      requestIdleCallback(
        () => {
          if (!this.data) {
            const start = performance.now();
            warmUpCharts(readChartTheme(), this.tz);
            if (__TIMESLICE_TEST__) {
              performance.measure('timeslice:warm-up', { start, end: performance.now() });
            }
          }
        },
        { timeout: WARM_UP_LATEST_MS },
      ),
    );
  }

  /** Keeps the state, saves it for a reload and shows it in the controls. */
  private update(state: PanelState): void {
    this.state = state;
    this.messaging.setState(state);
    this.header.setState(state);
    this.controls.setState(state, this.tz);
  }

  private changeRange(range: RangeSelection): void {
    if (this.state) {
      this.update({ ...withoutPreview(this.state), range });
      this.messaging.post({ type: 'changeRange', range });
    }
  }

  private setView(view: PanelState['view']): void {
    if (this.state && this.state.view !== view) {
      this.update({ ...withoutPreview(this.state), view });
      this.messaging.post({ type: 'setView', view });
      this.renderContent();
    }
  }

  private changeExplorer(explorer: ExplorerSelection): void {
    if (this.state) {
      this.update({ ...withoutPreview(this.state), explorer });
      this.messaging.post({ type: 'changeExplorer', explorer });
    }
  }

  /** The summarized table; the transactions table sorts by its column buttons (focus stays on the one pressed). */
  private drawSummaryTable(data: ViewData): void {
    const table = data.table;
    if (!table || this.state?.entity.kind !== 'transactions') {
      this.summaryTable.replaceChildren(...(table ? [summaryTable(table)] : []));
      return;
    }
    const draw = (): void => {
      this.summaryTable.replaceChildren(
        sortableTable(
          table,
          this.tableSort,
          (sort) => {
            this.tableSort = sort;
            draw();
            this.summaryTable.querySelector<HTMLButtonElement>(`button[data-column="${sort.column}"]`)?.focus();
          },
          {
            open: (name) => this.messaging.post({ type: 'openTransaction', name }),
            goToCode: (name) => this.messaging.post({ type: 'goToCode', name }),
          },
        ),
      );
    };
    draw();
  }

  private showData(data: ViewData): void {
    this.data = data;
    this.drawn = false;
    this.status.clear();
    this.content.classList.remove('stale', 'switching');
    this.content.removeAttribute('aria-busy');
    this.controls.setData(data);
    if (this.state) {
      this.header.setData(this.state, data, this.tz);
    }
    renderSummary(this.summary, data.summary, data.summaryNote);
    this.drawSummaryTable(data);
    renderErrorPart(
      this.errorArea,
      data.errors,
      {
        openFrame: (index) => this.messaging.post({ type: 'openFrame', index }),
        showError: (errorClass) => this.messaging.post({ type: 'showError', errorClass }),
      },
      this.tz,
    );
    this.renderContent();
    if (__TIMESLICE_TEST__) {
      performance.mark('timeslice:data-rendered');
    }
    afterNextFrame(() => {
      // (A table waiting for every slice is not drawn yet.)
      if (this.data === data && !(this.state?.view === 'table' && data.decimated)) {
        this.drawn = true;
        this.renders += 1;
        if (__TIMESLICE_TEST__) {
          performance.mark('timeslice:data-drawn');
        }
      }
      defineComponents();
    });
  }

  private renderContent(): void {
    const data = this.data;
    if (!data || !this.state) {
      return;
    }
    if (this.state.view === 'chart') {
      if (this.charts.element.parentElement !== this.content) {
        this.content.replaceChildren(this.charts.element);
      }
      this.charts.render(data, this.tz);
    } else if (data.decimated) {
      // These points were thinned for the charts; the extension sends every slice for the table
      // (it was told by setView) and the next 'data' message draws it.
      this.drawn = false;
      this.charts.destroy();
      this.content.replaceChildren(h('p', { class: 'chart-message' }, l10n.t('Loading every slice for the table…')));
    } else {
      this.charts.destroy();
      this.content.replaceChildren(chartTables(data, this.tz, (message) => this.messaging.post(message)));
    }
  }
}
