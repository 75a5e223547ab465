/**
 * Chart.js configuration for one ChartSpec: line (or stacked area) over a time axis, theme colours,
 * decimation and a tooltip that shows every series at the hovered time.
 */
import {
  Chart,
  Decimation,
  Filler,
  Interaction,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartConfiguration, ChartDataset, InteractionItem, InteractionModeFunction, TooltipItem } from 'chart.js';
import { color, getRelativePosition } from 'chart.js/helpers';

import type { ChartSpec } from '../../src/panels/protocol';
import type { TimeZoneMode } from '../shared/format';
import { formatDateTime, formatTick, formatValue } from '../shared/format';
import type { DecimationOptions } from '../shared/seriesData';
import { decimationFor, lineWidth, stackedKeepIndices } from '../shared/seriesData';
import type { TickStep } from '../shared/timeTicks';
import { formatTickLabel, timeTicks } from '../shared/timeTicks';
import { valueScaleBounds, valueTickPrecision } from '../shared/valueAxis';
import type { ChartTheme } from './theme';
import { seriesColor } from './theme';

declare module 'chart.js' {
  interface InteractionModeMap {
    /** Each visible series' point nearest the pointer's time. */
    xNearest: InteractionModeFunction;
  }
}

// The x axis is a linear scale over epoch milliseconds: its ticks and labels are made in
// timeTicks.ts in the panel's time zone, so Chart.js's time scale and its date adapter (about 30 KB
// of the webview bundle) would only be carried, never used.
Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Filler, Decimation);

/**
 * Chart.js's 'index' mode pairs points by position in the data, which stops meaning "same time"
 * once the decimation plugin has picked different points per series; this finds each series' own
 * nearest point. Points are sorted by x (`normalized`), so it is a binary search per series.
 */
const xNearest: InteractionModeFunction = (chart, event) => {
  const { x } = getRelativePosition(event, chart);
  const area = chart.chartArea;
  if (x < area.left || x > area.right) {
    return [];
  }
  const items: InteractionItem[] = [];
  chart.data.datasets.forEach((_, datasetIndex) => {
    if (!chart.isDatasetVisible(datasetIndex)) {
      return;
    }
    const points = chart.getDatasetMeta(datasetIndex).data;
    let lo = 0;
    let hi = points.length - 1;
    if (hi < 0) {
      return;
    }
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (points[mid].x < x) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    const index = Math.abs(points[lo].x - x) <= Math.abs(points[hi].x - x) ? lo : hi;
    const element = points[index];
    if (!(element as unknown as { skip?: boolean }).skip) {
      items.push({ element, datasetIndex, index });
    }
  });
  return items;
};
Interaction.modes.xNearest = xNearest;

export interface XY {
  x: number;
  y: number | null;
}

export type LineChart = Chart<'line', XY[]>;
export type LineConfig = ChartConfiguration<'line', XY[]>;

/**
 * For the bench's comparison only (test builds): `globalThis.__timesliceDecimation = false` before
 * the bundle loads. A production bundle always decimates.
 */
export function decimationEnabled(): boolean {
  return !__TIMESLICE_TEST__ || (globalThis as { __timesliceDecimation?: unknown }).__timesliceDecimation !== false;
}

function withAlpha(value: string, alpha: number): string {
  const parsed = color(value);
  return parsed.valid ? parsed.alpha(alpha).rgbString() : value;
}

function toXY(points: ReadonlyArray<[number, number | null]>, keep: readonly number[] | undefined): XY[] {
  if (keep) {
    return keep.map((i) => ({ x: points[i][0], y: points[i][1] }));
  }
  const out: XY[] = new Array<XY>(points.length);
  for (let i = 0; i < points.length; i++) {
    out[i] = { x: points[i][0], y: points[i][1] };
  }
  return out;
}

export function buildDatasets(
  spec: ChartSpec,
  theme: ChartTheme,
  widthPx: number,
  hidden: ReadonlySet<string>,
): Array<ChartDataset<'line', XY[]>> {
  const keep =
    spec.stacked && decimationEnabled()
      ? stackedKeepIndices(
          spec.series.filter((s) => !s.compare).map((s) => s.points),
          decimationFor(widthPx).samples,
        )
      : undefined;
  return spec.series.map((s) => {
    const stroke = seriesColor(s.color);
    const layer = spec.stacked && !s.compare;
    return {
      label: s.label,
      data: toXY(s.points, layer ? keep : undefined),
      borderColor: stroke,
      backgroundColor: layer ? withAlpha(stroke, theme.highContrast ? 0.5 : 0.3) : stroke,
      borderWidth: lineWidth(s.points.length, widthPx, theme.highContrast, s.dotted === true),
      borderDash: s.compare ? [6, 4] : s.dotted ? [2, 3] : [],
      fill: layer ? 'stack' : false,
      // In a stacked chart the compare lines stack among themselves, unfilled.
      ...(spec.stacked ? { stack: s.compare ? 'compare' : 'current' } : {}),
      pointRadius: 0,
      pointHoverRadius: 3,
      pointHitRadius: 6,
      tension: 0,
      spanGaps: false,
      hidden: hidden.has(s.label),
    };
  });
}

/** The decimation plugin's options for a chart this wide (off for stacked charts: see stackedKeepIndices). */
export function decimationOptions(spec: ChartSpec, widthPx: number): DecimationOptions {
  return decimationFor(widthPx, decimationEnabled() && !spec.stacked);
}

export function buildConfig(
  spec: ChartSpec,
  range: { from: number; to: number },
  tz: TimeZoneMode,
  theme: ChartTheme,
  widthPx: number,
  hidden: ReadonlySet<string>,
): LineConfig {
  const font = { family: theme.fontFamily, size: theme.fontSize };
  let step: TickStep = { unit: 'minute', count: 1 };
  return {
    type: 'line',
    data: { datasets: buildDatasets(spec, theme, widthPx, hidden) },
    options: {
      // Data arrives as {x: epoch ms, y}, sorted with one point per time: no parsing, and the
      // decimation plugin works only without it.
      parsing: false,
      normalized: true,
      // Panels refresh every minute; redrawing from zero each time is noise, and costly for long series.
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'xNearest', intersect: false },
      scales: {
        x: {
          type: 'linear',
          min: range.from,
          max: range.to,
          // Round times in the panel's time zone instead of Chart.js's one-unit steps.
          afterBuildTicks: (scale) => {
            const built = timeTicks(range.from, range.to, scale.width, tz);
            step = built.step;
            scale.ticks = built.ticks.map((value) => ({ value }));
          },
          ticks: {
            color: theme.muted,
            font,
            maxRotation: 0,
            autoSkipPadding: 12,
            callback: (value) => formatTickLabel(Number(value), step, tz),
          },
          grid: { color: theme.grid, lineWidth: theme.highContrast ? 1 : 0.5 },
          border: { color: theme.grid, dash: theme.gridDash },
        },
        y: {
          stacked: spec.stacked === true,
          beginAtZero: true,
          ...valueScaleBounds(spec.unit),
          title: { display: spec.unit !== '', text: spec.unit, color: theme.muted, font },
          ticks: {
            color: theme.muted,
            font,
            maxTicksLimit: 6,
            ...valueTickPrecision(spec.unit),
            callback: (value) => formatTick(Number(value)),
          },
          grid: { color: theme.grid, lineWidth: theme.highContrast ? 1 : 0.5 },
          border: { color: theme.grid, dash: theme.gridDash },
        },
      },
      plugins: {
        decimation: decimationOptions(spec, widthPx),
        tooltip: {
          backgroundColor: theme.tooltipBackground,
          titleColor: theme.tooltipForeground,
          bodyColor: theme.tooltipForeground,
          borderColor: theme.tooltipBorder,
          borderWidth: 1,
          cornerRadius: 2,
          titleFont: { ...font, weight: 'bold' },
          bodyFont: font,
          boxPadding: 4,
          callbacks: {
            title: (items: Array<TooltipItem<'line'>>) =>
              items.length > 0 ? formatDateTime(items[0].parsed.x ?? 0, tz) : '',
            label: (item: TooltipItem<'line'>) =>
              `${item.dataset.label ?? ''}: ${formatValue(item.parsed.y)}${spec.unit ? ` ${spec.unit}` : ''}`,
            labelColor: (item: TooltipItem<'line'>) => {
              const c = item.dataset.borderColor as string; // the stroke colour set below: always a string
              return { borderColor: c, backgroundColor: c, borderWidth: 0 };
            },
          },
        },
      },
    },
  };
}

/** Re-applies theme colours to a live chart without touching its data. */
export function applyTheme(chart: LineChart, spec: ChartSpec, theme: ChartTheme): void {
  chart.data.datasets.forEach((dataset, i) => {
    const series = spec.series[i];
    if (!series) {
      return;
    }
    const stroke = seriesColor(series.color);
    const layer = spec.stacked && !series.compare;
    dataset.borderColor = stroke;
    dataset.backgroundColor = layer ? withAlpha(stroke, theme.highContrast ? 0.5 : 0.3) : stroke;
    dataset.borderWidth = lineWidth(dataset.data.length, chart.width, theme.highContrast, series.dotted === true);
  });
  const options = chart.options;
  const font = { family: theme.fontFamily, size: theme.fontSize };
  for (const axis of ['x', 'y'] as const) {
    const scale = options.scales?.[axis];
    if (!scale) {
      continue;
    }
    if (scale.ticks) {
      scale.ticks.color = theme.muted;
      scale.ticks.font = font;
    }
    if (scale.grid) {
      scale.grid.color = theme.grid;
      scale.grid.lineWidth = theme.highContrast ? 1 : 0.5;
    }
    if (scale.border) {
      scale.border.color = theme.grid;
      scale.border.dash = theme.gridDash;
    }
    if ('title' in scale && scale.title) {
      scale.title.color = theme.muted;
      scale.title.font = font;
    }
  }
  const tooltip = options.plugins?.tooltip;
  if (tooltip) {
    tooltip.backgroundColor = theme.tooltipBackground;
    tooltip.titleColor = theme.tooltipForeground;
    tooltip.bodyColor = theme.tooltipForeground;
    tooltip.borderColor = theme.tooltipBorder;
  }
  chart.update('none');
}
