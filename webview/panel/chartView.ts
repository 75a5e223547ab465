/**
 * The chart view: one box per ChartSpec with its title, its own error or not-found message, the
 * canvas and an HTML legend (buttons that show/hide a series, the series' description as their
 * tooltip). A failed chart only fills its own box.
 */
import * as l10n from '@vscode/l10n';

import { Chart } from 'chart.js';

import type { ChartSpec } from '../../src/panels/protocol';
import { h, uniqueId } from '../shared/dom';
import type { TimeZoneMode } from '../shared/format';
import type { ViewData } from '../shared/seriesData';
import type { LineChart } from './chartConfig';
import { applyTheme, buildConfig, decimationOptions } from './chartConfig';
import { chartMessages } from './chartMessages';
import { readChartTheme } from './theme';

interface Box {
  spec: ChartSpec;
  canvasHolder?: HTMLElement;
  chart?: LineChart;
}

export class ChartView {
  readonly element = h('div', { class: 'charts' });
  private boxes: Box[] = [];
  /** Series hidden through the legend, by chart id, kept across refreshes. */
  private readonly hidden = new Map<string, Set<string>>();

  /** Draws every chart; they are on the canvas when this returns (animation is off). */
  render(data: ViewData, tz: TimeZoneMode): void {
    this.destroyCharts();
    this.boxes = data.charts.map((spec) => ({ spec }));
    this.element.replaceChildren(...this.boxes.map((box) => this.renderBox(box)));
    const theme = readChartTheme();
    // Read every width before creating any chart: each creation resizes a canvas, and reading
    // a width after that forces another layout.
    const widths = this.boxes.map((box) => box.canvasHolder?.clientWidth ?? 0);
    this.boxes.forEach((box, i) => {
      const canvas = box.canvasHolder?.querySelector('canvas');
      if (!canvas) {
        return;
      }
      const config = buildConfig(box.spec, data.range, tz, theme, widths[i], this.hiddenFor(box.spec.id));
      config.options = {
        ...config.options,
        onResize: (chart, size) => {
          // Keep about one point per pixel as the panel is resized (the plugin's options are static).
          const decimation = chart.config.options?.plugins?.decimation;
          if (decimation) {
            Object.assign(decimation, decimationOptions(box.spec, size.width));
          }
        },
      };
      box.chart = new Chart(canvas, config);
    });
  }

  /** Re-reads the theme's colours into every chart (no refetch, no new data). */
  applyTheme(): void {
    const theme = readChartTheme();
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

  private destroyCharts(): void {
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
      'aria-label': spec.series.length === 1
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
      const swatch = h('span', { class: `legend-swatch${series.compare ? ' legend-swatch-compare' : ''}`, 'aria-hidden': 'true' });
      // A CSS variable, not a colour: the swatch follows theme changes by itself. (Set through
      // the CSSOM, which the panel's CSP allows; a style attribute would be blocked.)
      swatch.style.setProperty('--series-color', `var(${series.color})`);
      const button = h('button', {
        type: 'button',
        class: 'legend-item',
        'aria-pressed': String(!hidden.has(series.label)),
        title: series.description ? l10n.t('{0}\n(click to show or hide)', series.description) : l10n.t('Click to show or hide'),
      }, swatch, h('span', { class: 'legend-label' }, series.label));
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
