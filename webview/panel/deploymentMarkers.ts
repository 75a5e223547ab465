/**
 * Deployment markers in the webview, read by markerData.ts: drawn on every time chart
 * by one Chart.js plugin (a dashed vertical line with the short revision; hovering near it shows user,
 * time, description and changelog in a box drawn on the canvas), and listed in the table view.
 * Every text of a marker is foreign text: it is drawn with `fillText` or set as a text node, never as HTML.
 */
import * as l10n from '@vscode/l10n';
import type { Chart, ChartType, Plugin } from 'chart.js';

import type { DeploymentMarker } from '../../src/panels/deploymentMarkers';
import type { FromWebview } from '../../src/panels/protocol';
import { deploymentImpactMessage } from '../shared/deploymentClick';
import { h } from '../shared/dom';
import { MarkerHover } from '../shared/markerHover';
import { wrapLines } from '../shared/wrapText';
import type { TimeZoneMode } from '../shared/format';
import { formatDateTime, timeZoneLabel } from '../shared/format';
import { captionedTable } from './captionedTable';
import type { ChartTheme } from './theme';

export interface MarkerOptions {
  markers: DeploymentMarker[];
  tz: TimeZoneMode;
  theme: ChartTheme;
  /** A click on a marker: What Moved at it (deploymentClick.ts). */
  open?: (message: FromWebview) => void;
}

declare module 'chart.js' {
  // The type parameter must repeat Chart.js's own declaration; the markers do not depend on it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    /** Deployment markers of the panel's application (one plugin for every chart). */
    deploymentMarkers?: MarkerOptions;
  }
}

const TOOLTIP_LINES = 8;
const TOOLTIP_WIDTH = 320;

/** The tooltip's lines for a marker: revision and user, time, description, changelog lines. */
export function markerLines(m: DeploymentMarker, tz: TimeZoneMode): string[] {
  const lines = [m.user ? l10n.t('Deployment {0} by {1}', m.short, m.user) : l10n.t('Deployment {0}', m.short)];
  lines.push(formatDateTime(m.time, tz));
  if (m.description) {
    lines.push(...m.description.split(/\r?\n/));
  }
  if (m.changelog) {
    lines.push(...m.changelog.split(/\r?\n/));
  }
  return lines.slice(0, TOOLTIP_LINES).map((l) => l.slice(0, 120));
}

/** What a marker plugin (deployments here, open alerts in alertMarkers.ts) reads from its chart's options. */
interface MarkerPluginOptions<M> {
  markers: M[];
  tz: TimeZoneMode;
  theme: ChartTheme;
}

/** The plugin's options when it has markers to draw. */
export function markerOptions<O extends MarkerPluginOptions<unknown>>(
  chart: Chart,
  plugin: 'deploymentMarkers' | 'alertMarkers',
): O | undefined {
  // The options as chartView.ts set them (the config's own), not Chart.js's resolved proxies of them.
  const o = chart.config.options?.plugins?.[plugin] as O | undefined;
  return o && Array.isArray(o.markers) && o.markers.length > 0 ? o : undefined;
}

/**
 * The hooks both marker plugins share: the pointer hovers a marker, and its box (`lines`) replaces the
 * chart's own tooltip while it does.
 */
export function markerHoverHooks<M extends { time: number }>(
  options: (chart: Chart) => MarkerPluginOptions<M> | undefined,
  lines: (marker: M, tz: TimeZoneMode) => string[],
  onEvent?: (chart: Chart, type: string, hovered: M | undefined) => void,
): Pick<Plugin<'line'>, 'afterEvent' | 'beforeTooltipDraw' | 'afterDraw'> {
  const hover = new MarkerHover<M>();
  return {
    afterEvent(chart, args) {
      const o = options(chart);
      if (o && hover.track(chart, o.markers, args.event, (t) => chart.scales.x.getPixelForValue(t))) {
        args.changed = true;
      }
      onEvent?.(chart, args.event.type, hover.of(chart));
    },
    beforeTooltipDraw: (chart) => hover.chartTooltip(chart),
    afterDraw(chart) {
      const o = options(chart);
      const hovered = hover.of(chart);
      if (o && hovered) {
        drawTooltip(chart, lines(hovered, o.tz), hovered.time, o.theme);
      }
    },
  };
}

const options = (chart: Chart) => markerOptions<MarkerOptions>(chart, 'deploymentMarkers');

/** A marker that opens What Moved shows the pointer's hand; a click on it sends the message. */
function onMarkerEvent(chart: Chart, type: string, hovered: DeploymentMarker | undefined): void {
  const open = options(chart)?.open;
  if (!open) {
    return;
  }
  chart.canvas.style.cursor = hovered?.id ? 'pointer' : '';
  const message = deploymentImpactMessage(type, hovered);
  if (message) {
    open(message);
  }
}

export const deploymentMarkersPlugin: Plugin<'line'> = {
  id: 'deploymentMarkers',
  ...markerHoverHooks(options, markerLines, onMarkerEvent),
  afterDatasetsDraw(chart) {
    const o = options(chart);
    if (!o) {
      return;
    }
    const { ctx, chartArea: area } = chart;
    const scale = chart.scales.x;
    const font = `${o.theme.fontSize}px ${o.theme.fontFamily}`;
    ctx.save();
    ctx.font = font;
    ctx.textBaseline = 'top';
    const drawn: number[] = [];
    for (const m of o.markers) {
      const x = scale.getPixelForValue(m.time);
      if (x < area.left || x > area.right) {
        continue;
      }
      drawn.push(Math.round(x));
      ctx.strokeStyle = o.theme.foreground;
      ctx.setLineDash([4, 3]);
      ctx.lineWidth = o.theme.highContrast ? 2 : 1;
      ctx.beginPath();
      ctx.moveTo(x, area.top);
      ctx.lineTo(x, area.bottom);
      ctx.stroke();
      ctx.fillStyle = o.theme.muted;
      ctx.fillText(m.short, Math.min(x + 3, area.right - ctx.measureText(m.short).width), area.top + 2);
    }
    ctx.restore();
    // UI tests hover a marker: where the lines are, in canvas pixels (test builds only).
    if (__TIMESLICE_TEST__) {
      chart.canvas.dataset.deploymentX = drawn.join(',');
    }
  },
};

/** A box of text lines beside the marker at `time` (the markers' tooltips: text drawn, never HTML). */
function drawTooltip(chart: Chart, text: readonly string[], time: number, theme: ChartTheme): void {
  const { ctx, chartArea: area } = chart;
  const x = chart.scales.x.getPixelForValue(time);
  ctx.save();
  ctx.font = `${theme.fontSize}px ${theme.fontFamily}`;
  ctx.textBaseline = 'top';
  const lineHeight = theme.fontSize + 4;
  const width = Math.min(TOOLTIP_WIDTH, area.right - area.left - 8);
  // Wrapped, not cut: an alert's title is read whole here (wrapText.ts).
  const lines = wrapLines(text, width - 12, (l) => ctx.measureText(l).width);
  const height = lines.length * lineHeight + 8;
  const left = x + width + 8 <= area.right ? x + 6 : Math.max(area.left, x - width - 6);
  const top = area.top + lineHeight;
  ctx.setLineDash([]);
  ctx.fillStyle = theme.tooltipBackground;
  ctx.strokeStyle = theme.tooltipBorder;
  ctx.lineWidth = 1;
  ctx.fillRect(left, top, width, height);
  ctx.strokeRect(left, top, width, height);
  ctx.fillStyle = theme.tooltipForeground;
  lines.forEach((line, i) => ctx.fillText(line, left + 6, top + 4 + i * lineHeight));
  ctx.restore();
}

/** The keyboard's way to What Moved: a button on each row whose marker the host named (`open` given). */
function impactButton(m: DeploymentMarker, open: (message: FromWebview) => void): HTMLElement {
  const label = l10n.t('What moved at {0}', m.short);
  const button = h(
    'button',
    { type: 'button', class: 'row-action', 'aria-label': label, title: label },
    l10n.t('What moved'),
  );
  button.addEventListener('click', () => m.id && open({ type: 'showDeploymentImpact', deploymentId: m.id }));
  return button;
}

/** The table view's Deployments table: every marker as text, newest first. */
export function deploymentsTable(
  markers: readonly DeploymentMarker[],
  tz: TimeZoneMode,
  open?: (message: FromWebview) => void,
): HTMLElement {
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, l10n.t('Time ({0})', timeZoneLabel(tz))),
    h('th', { scope: 'col' }, l10n.t('Revision')),
    h('th', { scope: 'col' }, l10n.t('User')),
    h('th', { scope: 'col' }, l10n.t('Description')),
    h('th', { scope: 'col' }, l10n.t('Changelog')),
  );
  const rows = markers.map((m) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, formatDateTime(m.time, tz)),
      h('td', {}, m.revision, open && m.id ? impactButton(m, open) : null),
      h('td', {}, m.user ?? ''),
      h('td', {}, m.description ?? ''),
      h('td', { class: 'pre' }, m.changelog ?? ''),
    ),
  );
  return captionedTable(l10n.t('Deployments'), 'deployments-table', head, h('tbody', {}, ...rows));
}
