/**
 * Panel draw: 10 series × 3,000 points (30,000) in one chart, from a fresh page for both sides,
 * interleaved in the same headless Chromium (a new page per run, same viewport), each side doing its
 * own best with the same data, which sits in Node (the host) from the start.
 *
 * The clock runs from the page's navigation start (its `performance.timeOrigin`: both pages begin
 * there) to the frame after the chart is drawn (a mark set in a requestAnimationFrame callback after
 * drawing: `timeslice:data-drawn` in the panel, `raw:drawn` in the anchor), read in the page.
 * Everything in between counts, for both:
 * - ours: the panel as VS Code would load it (production bundle with its test hooks kept, the VS Code
 *   CSP, the theme's variables) says 'ready' with its plot width; the host posts 'init' at once
 *   (as ChartPanel does) and the data thinned by `chartsForView` (what ChartPanel.postData calls) for
 *   that width. The thinning runs in Node while the page waits, so its time is inside the span (and
 *   given in the note). Whatever the page does on the way (building the panel, its warm-up chart if
 *   it runs before the data is there) is inside it too.
 * - the anchor: a page with Chart.js alone (bench/anchors/rawChart.ts: animation and parsing off, the
 *   decimation plugin on, lttb to one point a pixel) says it is ready; the host posts all 30,000
 *   points; it draws them on a canvas of the panel's size.
 * Both pages talk to the host the same way: a Playwright binding up (page → Node); down, the message
 * as JSON text through `page.evaluate`, parsed in the page and posted as a window message, as VS
 * Code carries a webview message. Each side's data crosses the same channel, its own size.
 *
 * A second figure keeps the same "ours" runs and gives the anchor the very points the host sent the
 * panel (thinned): the panel's own cost over Chart.js drawing the same points. No budget.
 */
import type { Browser, Page } from 'playwright-core';

import { chartsForView } from '../../src/panels/decimate';
import type { ChartSpec } from '../../src/panels/protocol';
import type { Figure } from '../lib/figure';
import { median } from '../lib/figure';

// The dev harness is plain JS shared with bench/render.js and bench/screenshots.js.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const harness = require('../webview/harness') as {
  startServer(
    port: number,
    options: { bundle: string },
  ): Promise<{ server: import('node:http').Server; origin: string }>;
  launch(): Promise<Browser>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { benchData } = require('../webview/sampleData') as {
  benchData: (o: { series: number; points: number; charts: number }) => { charts: ChartSpec[] };
};

/** What the page code below reads (this file is type-checked without the DOM library). */
interface PageGlobals {
  performance: { getEntriesByName(name: string): Array<{ startTime: number; duration: number }> };
  postMessage(message: unknown, target: string): void;
  document: {
    querySelector(s: string): { getBoundingClientRect(): { width: number; height: number } };
    querySelectorAll(s: string): { length: number };
  };
}

const SERIES = 10;
const POINTS = 3000;
const TOTAL = SERIES * POINTS;
const VIEWPORT = { width: 1280, height: 900 };
const INIT = {
  type: 'init',
  timeZone: 'utc',
  state: {
    entity: { kind: 'application', applicationId: 1, title: 'Bench' },
    range: { preset: '7d', compare: 'none' },
    view: 'chart',
  },
};

export const PANEL_DRAW = `panel draw from a fresh page, ${SERIES} × ${POINTS.toLocaleString('en')} points`;
export const PANEL_DRAW_SAME_POINTS = `  the same runs, the anchor fed the panel's thinned points`;

type Posted = { type?: string; plotWidth?: number };

/**
 * A new page at `url` whose 'ready' (through the binding) `onReady` answers; resolves with the
 * mark's time since the page's navigation start, once the mark exists.
 */
async function freshPage(
  browser: Browser,
  url: string,
  mark: string,
  receivedMark: string,
  onReady: (page: Page, message: Posted) => Promise<unknown>,
  problems: Set<string>,
  side: string,
): Promise<{ page: Page; ms: number; ready: number; received: number }> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('pageerror', (e) => problems.add(`${side}: ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') {
      problems.add(`${side}: console.${m.type()}: ${m.text()}`);
    }
  });
  let answered: Promise<unknown> | undefined;
  await page.exposeBinding('__benchHost', (_source, message: Posted) => {
    if (message?.type === 'ready' && !answered) {
      answered = onReady(page, message);
    }
  });
  await page.goto(url);
  const handle = await page.waitForFunction(
    (name) => (globalThis as unknown as PageGlobals).performance.getEntriesByName(name)[0]?.startTime,
    mark,
    { polling: 20, timeout: 60_000 },
  );
  const ms = Number(await handle.jsonValue());
  await answered;
  const at = (name: string) =>
    page.evaluate(
      (n) => (globalThis as unknown as PageGlobals).performance.getEntriesByName(n)[0]?.startTime ?? NaN,
      name,
    );
  return { page, ms, ready: await at('bench:ready'), received: await at(receivedMark) };
}

/**
 * Host → page as VS Code carries a webview message: serialised to JSON in the host, parsed on the
 * other side, then a window message (Playwright's own argument serialisation would cost per value,
 * which would weigh on the side sent more points for no reason of its own).
 */
const post = (page: Page, message: unknown) =>
  page.evaluate(
    (json) => (globalThis as unknown as PageGlobals & { JSON: typeof JSON }).postMessage(JSON.parse(json), '*'),
    JSON.stringify(message),
  );

export async function panelDrawFigures(
  distDir: string,
  runs: number,
  warmup: number,
): Promise<{ figures: Figure[]; chromium: string; problems: string[] }> {
  const { server, origin } = await harness.startServer(0, { bundle: `${distDir}/webview/panel.js` });
  const browser = await harness.launch();
  const data = benchData({ series: SERIES, points: POINTS, charts: 1 });
  const problems = new Set<string>();
  const samples = { ours: [] as number[], anchor: [] as number[], sameAnchor: [] as number[] };
  const hostMs: number[] = [];
  /** When the data message reached each page (ms since its navigation start). */
  const arrived = { ours: [] as number[], anchor: [] as number[] };
  /** When each page said it was ready (ms since its navigation start). */
  const saidReady = { ours: [] as number[], anchor: [] as number[] };
  let size = { width: 0, height: 0 };
  let sent = 0;
  let warmUps = 0;
  let thinned: Array<{ label: string; points: Array<[number, number | null]> }> = [];
  try {
    const ours = async (): Promise<number> => {
      const {
        page,
        ms,
        ready: readyAt,
        received,
      } = await freshPage(
        browser,
        `${origin}/?theme=dark`,
        'timeslice:data-drawn',
        'timeslice:data-received',
        async (p, ready) => {
          // As ChartPanel: 'init' at once, the data as soon as it is there (here: at once), thinned for
          // the width; posted without waiting for the first to be delivered, as webview messages are.
          const init = post(p, INIT);
          const t0 = performance.now();
          const shaped = chartsForView(data.charts, 'chart', ready.plotWidth);
          hostMs.push(performance.now() - t0);
          await Promise.all([
            init,
            post(p, { ...data, charts: shaped.charts, ...(shaped.decimated ? { decimated: true } : {}) }),
          ]);
          // (Bookkeeping for the note and the second anchor, once the data is on its way.)
          sent = shaped.charts.reduce((n, c) => n + c.series.reduce((m, s) => m + s.points.length, 0), 0);
          thinned = shaped.charts[0].series.map((s) => ({
            label: s.label,
            points: s.points.map((pt): [number, number | null] => [pt[0], pt[1]]),
          }));
        },
        problems,
        'panel',
      );
      if (
        await page.evaluate(
          () => (globalThis as unknown as PageGlobals).performance.getEntriesByName('timeslice:warm-up').length > 0,
        )
      ) {
        warmUps++;
      }
      if (
        (await page.evaluate(
          () => (globalThis as unknown as PageGlobals).document.querySelectorAll('canvas, .chart-warm-up').length,
        )) !== 1
      ) {
        problems.add('the page holds more than its one chart: the warm-up left something behind');
      }
      size = await page.evaluate(() => {
        const r = (globalThis as unknown as PageGlobals).document
          .querySelector('.chart-canvas canvas')
          .getBoundingClientRect();
        return { width: Math.round(r.width), height: Math.round(r.height) };
      });
      await page.close();
      arrived.ours.push(received);
      saidReady.ours.push(readyAt);
      return ms;
    };
    const anchor = async (series: typeof thinned): Promise<number> => {
      const message = { type: 'raw', width: size.width, height: size.height, decimation: true, series };
      const {
        page,
        ms,
        ready: readyAt,
        received,
      } = await freshPage(
        browser,
        `${origin}/raw`,
        'raw:drawn',
        'raw:received',
        (p) => post(p, message),
        problems,
        'anchor',
      );
      await page.close();
      if (series.length > 0 && series[0].points.length === POINTS) {
        arrived.anchor.push(received);
        saidReady.anchor.push(readyAt);
      }
      return ms;
    };
    const all = data.charts[0].series.map((s) => ({ label: s.label, points: s.points }));
    for (let i = 0; i < warmup + runs; i++) {
      const o = await ours();
      const a = await anchor(all);
      const s = await anchor(thinned);
      if (i >= warmup) {
        samples.ours.push(o);
        samples.anchor.push(a);
        samples.sameAnchor.push(s);
      }
    }
    const common =
      `new page per run (viewport ${VIEWPORT.width}×${VIEWPORT.height}, canvas ${size.width}×${size.height} CSS px), timed from navigation start to the frame after drawing; ` +
      `the panel is sent ${sent.toLocaleString('en')} points (thinned in the host in ${median(hostMs).toFixed(1)} ms, inside the span), its warm-up ran in ${warmUps} of ${warmup + runs} pages; ` +
      `medians, panel / anchor (all points): said ready at ${median(saidReady.ours).toFixed(0)} / ${median(saidReady.anchor).toFixed(0)} ms, had the data at ${median(arrived.ours).toFixed(0)} / ${median(arrived.anchor).toFixed(0)} ms`;
    return {
      figures: [
        {
          name: PANEL_DRAW,
          unit: 'ms',
          ours: median(samples.ours),
          anchor: median(samples.anchor),
          anchorName: `Chart.js alone + its decimation plugin, fed all ${TOTAL.toLocaleString('en')} points`,
          budget: { kind: 'ratio', max: 1.0 },
          samples: { ours: samples.ours, anchor: samples.anchor },
          note: `${common}; the anchor is sent all ${TOTAL.toLocaleString('en')}`,
        },
        {
          name: PANEL_DRAW_SAME_POINTS,
          unit: 'ms',
          ours: median(samples.ours),
          anchor: median(samples.sameAnchor),
          anchorName: `Chart.js alone + its decimation plugin, fed the ${sent.toLocaleString('en')} points the panel is sent`,
          samples: { ours: samples.ours, anchor: samples.sameAnchor },
          note: "the panel's own cost (its page, header, controls, theme) over Chart.js drawing exactly the points the panel draws; both from a fresh page",
        },
      ],
      chromium: browser.version(),
      problems: [...problems],
    };
  } finally {
    await browser.close();
    server.close();
  }
}
