/**
 * The chart view: one box per ChartSpec with its title, its own error or not-found message, the
 * canvas and an HTML legend (buttons that show/hide a series, the series' description as their
 * tooltip). A failed chart only fills its own box. Charts out of view are built when scrolled near
 * (IntersectionObserver), and a refresh of the same charts updates their data instead of rebuilding.
 */
import * as l10n from '@vscode/l10n';

import { Chart } from 'chart.js';

import type { ChartSpec, FromWebview } from '../../src/panels/protocol';
import { h, uniqueId } from '../shared/dom';
import type { TimeZoneMode } from '../shared/format';
import type { ViewData } from '../shared/seriesData';
import type { LineChart, LineConfig } from './chartConfig';
import { applyTheme, buildConfig, decimationOptions } from './chartConfig';
import { chartMessages } from './chartMessages';
import { alertMarkersPlugin } from './alertMarkers';
import { deploymentMarkersPlugin } from './deploymentMarkers';
import type { ChartTheme } from './theme';
import { readChartTheme } from './theme';

interface Box {
  spec: ChartSpec;
  canvasHolder?: HTMLElement;
  chart?: LineChart;
}

/** What decides a chart box's DOM (title, messages, legend): equal keys can update in place. */
function boxKey(spec: ChartSpec): string {
  return JSON.stringify([
    spec.id,
    spec.title,
    spec.unit,
    spec.stacked === true,
    spec.error ?? '',
    spec.notFound ?? [],
    spec.missingValues ?? [],
    spec.note ?? '',
    spec.series.map((s) => [s.label, s.color, s.compare === true, s.dotted === true, s.description ?? '']),
    spec.series.every((s) => s.points.length === 0),
  ]);
}

/** Off-screen charts are built when they come this close to the viewport. */
const LAZY_MARGIN_PX = 200;

export class ChartView {
  readonly element = h('div', { class: 'charts' });

  /** `open`: what a click on a deployment marker sends (What Moved at it). */
  constructor(private readonly open?: (message: FromWebview) => void) {}

  private boxes: Box[] = [];
  /** Series hidden through the legend, by chart id, kept across refreshes. */
  private readonly hidden = new Map<string, Set<string>>();
  /** What a chart built later (scrolled into view) is built from. */
  private current?: { data: ViewData; tz: TimeZoneMode; theme: ChartTheme };
  private observer?: IntersectionObserver;

  /**
   * Draws the charts in view (the others when they scroll near it); they are on the canvas when
   * this returns (animation is off). A refresh of the same charts updates their data in place.
   */
  render(data: ViewData, tz: TimeZoneMode): void {
    const theme = this.current?.theme ?? readChartTheme();
    this.current = { data, tz, theme };
    if (
      this.boxes.length > 0 &&
      this.boxes.length === data.charts.length &&
      this.element.isConnected &&
      data.charts.every((spec, i) => boxKey(spec) === boxKey(this.boxes[i].spec))
    ) {
      this.boxes.forEach((box, i) => {
        box.spec = data.charts[i];
        if (box.chart) {
          const config = this.configFor(box, box.chart.width);
          box.chart.data.datasets = config.data.datasets;
          box.chart.options = config.options ?? {};
          box.chart.update('none');
        }
      });
      return;
    }
    this.destroyCharts();
    this.boxes = data.charts.map((spec) => ({ spec }));
    this.element.replaceChildren(...this.boxes.map((box) => this.renderBox(box)));
    // Read every position and width before creating any chart: each creation resizes a canvas, and
    // reading layout after that forces another one.
    const viewport = window.innerHeight + LAZY_MARGIN_PX;
    const rects = this.boxes.map((box) => box.canvasHolder?.getBoundingClientRect());
    this.boxes.forEach((box, i) => {
      const rect = rects[i];
      if (!rect) {
        return;
      }
      if (rect.top < viewport && rect.bottom > -LAZY_MARGIN_PX) {
        this.create(box, rect.width);
      } else {
        this.lazyObserver().observe(box.canvasHolder!);
      }
    });
  }

  /** The widest plot drawn, in CSS pixels (undefined before any chart is drawn). */
  plotWidth(): number | undefined {
    const widths = this.boxes.filter((b) => b.chart).map((b) => b.chart!.width);
    return widths.length > 0 ? Math.max(...widths) : undefined;
  }

  /** Re-reads the theme's colours into every chart (no refetch, no new data). */
  applyTheme(): void {
    const theme = readChartTheme();
    if (this.current) {
      this.current.theme = theme;
    }
    for (const box of this.boxes) {
      if (box.chart) {
        applyTheme(box.chart, box.spec, theme);
      }
    }
  }

  destroy(): void {
    this.destroyCharts();
    this.boxes = [];
    this.element.replaceChildren();
  }

  private configFor(box: Box, width: number): LineConfig {
    const { data, tz, theme } = this.current!;
    const config = buildConfig(box.spec, data.range, tz, theme, width, this.hiddenFor(box.spec.id));
    // Deployments and open alerts are the application's: every chart draws the same markers
    // (deploymentMarkers.ts, alertMarkers.ts); the deployments' hover box is drawn last, on top.
    config.plugins = [alertMarkersPlugin, deploymentMarkersPlugin];
    config.options = {
      ...config.options,
      plugins: {
        ...config.options?.plugins,
        deploymentMarkers: { markers: data.deployments ?? [], tz, theme, open: this.open },
        alertMarkers: { markers: data.alerts ?? [], tz, theme },
      },
      onResize: (chart, size) => {
        // Keep about one point per pixel as the panel is resized (the plugin's options are static).
        const decimation = chart.config.options?.plugins?.decimation;
        if (decimation) {
          Object.assign(decimation, decimationOptions(box.spec, size.width));
        }
      },
    };
    return config;
  }

  private create(box: Box, width: number): void {
    const canvas = box.canvasHolder?.querySelector('canvas');
    if (canvas && !box.chart && this.current) {
      box.chart = new Chart(canvas, this.configFor(box, width));
    }
  }

  private lazyObserver(): IntersectionObserver {
    this.observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            this.observer?.unobserve(entry.target);
            const box = this.boxes.find((b) => b.canvasHolder === entry.target);
            if (box) {
              this.create(box, entry.boundingClientRect.width);
            }
          }
        }
      },
      { rootMargin: `${LAZY_MARGIN_PX}px 0px` },
    );
    return this.observer;
  }

  private destroyCharts(): void {
    this.observer?.disconnect();
    for (const box of this.boxes) {
      box.chart?.destroy();
      box.chart = undefined;
    }
  }

  private hiddenFor(id: string): Set<string> {
    let set = this.hidden.get(id);
    if (!set) {
      set = new Set();
      this.hidden.set(id, set);
    }
    return set;
  }

  private renderBox(box: Box): HTMLElement {
    const { spec } = box;
    const titleId = uniqueId('chart-title');
    // The unit titles the y axis; the table view's caption carries it instead.
    const heading = h('h2', { class: 'chart-title', id: titleId }, spec.title);
    const section = h('section', { class: 'chart-box', 'aria-labelledby': titleId }, heading, ...chartMessages(spec));
    if (spec.series.length === 0) {
      section.classList.add('chart-empty');
      return section;
    }
    const canvas = h('canvas', {
      role: 'img',
      'aria-label':
        spec.series.length === 1
          ? l10n.t('{0}: line chart of one series. The table view lists the values.', spec.title)
          : l10n.t('{0}: line chart of {1} series. The table view lists the values.', spec.title, spec.series.length),
    });
    box.canvasHolder = h('div', { class: 'chart-canvas' }, canvas);
    section.append(box.canvasHolder, this.renderLegend(box));
    return section;
  }

  private renderLegend(box: Box): HTMLElement {
    const hidden = this.hiddenFor(box.spec.id);
    const list = h('ul', { class: 'legend', 'aria-label': l10n.t('{0} series', box.spec.title) });
    box.spec.series.forEach((series, index) => {
      const swatch = h('span', {
        class: `legend-swatch${series.compare ? ' legend-swatch-compare' : ''}`,
        'aria-hidden': 'true',
      });
      // A CSS variable, not a colour: the swatch follows theme changes by itself. (Set through
      // the CSSOM, which the panel's CSP allows; a style attribute would be blocked.)
      swatch.style.setProperty('--series-color', `var(${series.color})`);
      const button = h(
        'button',
        {
          type: 'button',
          class: 'legend-item',
          'aria-pressed': String(!hidden.has(series.label)),
          title: series.description
            ? l10n.t('{0}\n(click to show or hide)', series.description)
            : l10n.t('Click to show or hide'),
        },
        swatch,
        h('span', { class: 'legend-label' }, series.label),
      );
      button.addEventListener('click', () => {
        const visible = hidden.has(series.label);
        if (visible) {
          hidden.delete(series.label);
        } else {
          hidden.add(series.label);
        }
        button.setAttribute('aria-pressed', String(visible));
        box.chart?.setDatasetVisibility(index, visible);
        box.chart?.update('none');
      });
      list.append(h('li', {}, button));
    });
    return list;
  }
}
