/**
 * Draws one small chart off-screen while the extension fetches the panel's first data, so the first
 * real chart runs code that is already compiled. A new page compiles every Chart.js function at its
 * first call: about a quarter of a dense panel's first draw went to that (V8.CompileCode in a
 * Chromium trace), and the page spends the service's round trip idle anyway.
 */
import { Chart } from 'chart.js';

import type { ChartSpec } from '../../src/panels/protocol';
import type { TimeZoneMode } from '../shared/format';
import { h } from '../shared/dom';
import { buildConfig } from './chartConfig';
import type { ChartTheme } from './theme';

/** Small, but more points than pixels, so the decimation plugin's path is warmed too. */
const WIDTH_PX = 160;
const POINTS = 240;

function warmUpSpec(from: number, to: number): ChartSpec {
  const step = (to - from) / (POINTS - 1);
  const points = (phase: number): Array<[number, number | null]> =>
    Array.from({ length: POINTS }, (_, i) => [from + i * step, i === 7 ? null : 50 + 40 * Math.sin(i / 9 + phase)]);
  return {
    id: 'warm-up',
    title: '',
    unit: 'ms',
    series: [
      { label: 'a', color: '--vscode-charts-blue', points: points(0) },
      { label: 'b', color: '--vscode-charts-orange', points: points(1), compare: true },
    ],
  };
}

/** Draws and destroys the warm-up chart; nothing of it stays in the page. */
export function warmUpCharts(theme: ChartTheme, tz: TimeZoneMode): void {
  const to = Date.now();
  const from = to - 24 * 3600_000;
  const canvas = h('canvas', { 'aria-hidden': 'true' });
  // Laid out (Chart.js sizes to its container) but off-screen; see .chart-warm-up in panel.css.
  const holder = h('div', { class: 'chart-warm-up', 'aria-hidden': 'true' }, canvas);
  document.body.append(holder);
  try {
    const chart = new Chart(canvas, buildConfig(warmUpSpec(from, to), { from, to }, tz, theme, WIDTH_PX, new Set()));
    chart.destroy();
  } finally {
    holder.remove();
  }
}
