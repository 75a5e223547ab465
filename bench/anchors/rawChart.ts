/**
 * Anchor for the panel-draw figure: Chart.js alone, as its documentation sets up a large line chart
 * (animation off, parsing off, linear x axis, the decimation plugin with lttb), drawing every point
 * it is sent on a canvas of the same size as the panel's. Like the panel, it tells the bench's host
 * it is ready (`__benchHost`, a Playwright binding) and draws the data the host then posts; the mark
 * `raw:drawn` is set in the frame after drawing. Bundled by bench/run.ts into bench/.out/rawChart.js.
 */
import { Chart, Decimation, LinearScale, LineController, LineElement, PointElement } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, Decimation);

interface RawMessage {
  type: 'raw';
  width: number;
  height: number;
  decimation: boolean;
  series: Array<{ label: string; points: Array<[number, number | null]> }>;
}

let chart: Chart<'line', Array<{ x: number; y: number | null }>> | undefined;
const box = document.getElementById('box') as HTMLDivElement;
// Through the CSSOM: the page's CSP refuses style attributes in the markup, as the panel's does.
document.body.style.margin = '0';
box.style.position = 'relative';
const w = window as unknown as { __rawDraws: number };
w.__rawDraws = 0;

window.addEventListener('message', (e: MessageEvent<RawMessage>) => {
  const m = e.data;
  if (m?.type !== 'raw') {
    return;
  }
  performance.mark('raw:received');
  box.style.width = `${m.width}px`;
  box.style.height = `${m.height}px`;
  chart?.destroy();
  const canvas = document.createElement('canvas');
  box.replaceChildren(canvas);
  chart = new Chart(canvas, {
    type: 'line',
    data: {
      datasets: m.series.map((s) => ({
        label: s.label,
        data: s.points.map(([x, y]) => ({ x, y })),
        pointRadius: 0,
        borderWidth: 1,
        spanGaps: false,
      })),
    },
    options: {
      animation: false,
      parsing: false,
      responsive: true,
      maintainAspectRatio: false,
      normalized: true,
      scales: { x: { type: 'linear' } },
      // Decimating to one point per pixel any series with more, as the panel asks (Chart.js's
      // default threshold, four times the samples, would leave 3,000 points undecimated here).
      plugins: { decimation: { enabled: m.decimation, algorithm: 'lttb', samples: m.width, threshold: m.width } },
    },
  });
  requestAnimationFrame(() => {
    performance.mark('raw:drawn');
    w.__rawDraws += 1;
  });
});
// As the panel says 'ready': the page is loaded, the host may post the data.
performance.mark('bench:ready');
(window as unknown as { __benchHost?: (m: { type: 'ready' }) => void }).__benchHost?.({ type: 'ready' });
