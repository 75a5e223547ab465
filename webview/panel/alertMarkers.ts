/**
 * Open-alert markers in the webview: when each open alert of the application started, drawn
 * on every time chart beside the deployment markers but in another style: a solid line in the theme's
 * red (critical) or orange (any other priority) with a small triangle at the foot of the plot, where a
 * deployment has a dashed line with its revision at the top. Hovering near one shows its priority,
 * title, time and condition in a box drawn on the canvas. Titles and conditions are foreign text: drawn
 * with `fillText`, never as HTML.
 */
import type { Chart, ChartType, Plugin } from 'chart.js';

import type { AlertMarker } from '../../src/panels/alertMarker';
import type { TimeZoneMode } from '../shared/format';
import { alertMarkerLines } from '../shared/markerData';
import { markerHoverHooks, markerOptions } from './deploymentMarkers';
import type { ChartTheme } from './theme';
import { seriesColor } from './theme';

export interface AlertMarkerOptions {
  markers: AlertMarker[];
  tz: TimeZoneMode;
  theme: ChartTheme;
}

declare module 'chart.js' {
  // The type parameter must repeat Chart.js's own declaration; the markers do not depend on it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    /** When the application's open alerts started (one plugin for every chart). */
    alertMarkers?: AlertMarkerOptions;
  }
}

/** The triangle at the foot of the line: half its width and its height. */
const PIN_PX = 5;

const options = (chart: Chart) => markerOptions<AlertMarkerOptions>(chart, 'alertMarkers');

export const alertMarkersPlugin: Plugin<'line'> = {
  id: 'alertMarkers',
  ...markerHoverHooks(options, alertMarkerLines),
  afterDatasetsDraw(chart) {
    const o = options(chart);
    if (!o) {
      return;
    }
    const { ctx, chartArea: area } = chart;
    const scale = chart.scales.x;
    // Read at each draw, so a theme change needs nothing else.
    const red = seriesColor('--vscode-charts-red');
    const orange = seriesColor('--vscode-charts-orange');
    ctx.save();
    for (const m of o.markers) {
      const x = scale.getPixelForValue(m.time);
      if (x < area.left || x > area.right) {
        continue;
      }
      const color = m.priority === 'critical' ? red : orange;
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.setLineDash([]);
      ctx.lineWidth = o.theme.highContrast ? 3 : 2;
      ctx.beginPath();
      ctx.moveTo(x, area.top);
      ctx.lineTo(x, area.bottom);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x, area.bottom - 2 * PIN_PX);
      ctx.lineTo(x - PIN_PX, area.bottom);
      ctx.lineTo(x + PIN_PX, area.bottom);
      ctx.closePath();
      ctx.fill();
    }
    ctx.restore();
  },
};
