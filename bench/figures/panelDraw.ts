/**
 * Panel draw: 10 series × 3,000 points in one chart, from the data message to the frame after
 * drawing, in the panel (production bundle with its test hooks kept, the VS Code CSP, a new page per run) and in a page with
 * Chart.js alone drawing the same points on a canvas of the same size (bench/anchors/rawChart.ts),
 * with and without Chart.js's decimation plugin, interleaved in the same headless Chromium.
 *
 * The panel gets what the extension really posts: the full data thinned by `chartsForView` (the
 * function ChartPanel.postData calls) for the plot width the page reported in its 'ready' message,
 * and the time that takes in Node is added to the panel's. The anchor always gets the full data.
 *
 * The sequence is the real one: 'init', then the data once the service has answered. The page
 * spends that round trip drawing its warm-up chart (webview/panel/warmUp.ts), so the data is posted
 * after the warm-up has run, and the warm-up's own time is a figure. A fetch faster than that is the
 * third figure: the data posted with 'init', before any warm-up.
 */
import type { Browser, Page } from 'playwright-core';

import { chartsForView } from '../../src/panels/decimate';
import type { ChartSpec } from '../../src/panels/protocol';
import type { Figure } from '../lib/figure';
import { interleaved, median, timedFigure } from '../lib/figure';

// The dev harness is plain JS shared with bench/render.js and bench/screenshots.js.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const harness = require('../webview/harness') as {
  startServer(port: number, options: { bundle: string }): Promise<{ server: import('node:http').Server; origin: string }>;
  launch(): Promise<Browser>;
  openPanel(browser: Browser, origin: string, options: { decimation: boolean }): Promise<{ page: Page; errors: string[] }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { benchData } = require('../webview/sampleData') as { benchData: (o: { series: number; points: number; charts: number }) => { charts: ChartSpec[] } };

/** What the page code below reads (this file is type-checked without the DOM library). */
interface PageGlobals {
  __benchMessage: unknown;
  __posted: Array<{ type: string; plotWidth?: number }>;
  __timeslice?: { renders: number };
  performance: { getEntriesByName(name: string): Array<{ duration: number }> };
  __rawDraws: number;
  postMessage(message: unknown, target: string): void;
  addEventListener(type: 'message', listener: (e: { data?: { type?: string } }) => void): void;
  removeEventListener(type: 'message', listener: (e: { data?: { type?: string } }) => void): void;
  setTimeout(fn: () => void, ms: number): void;
  document: {
    querySelector(s: string): { getBoundingClientRect(): { width: number; height: number } };
    querySelectorAll(s: string): { length: number };
  };
}

const SERIES = 10;
const POINTS = 3000;
const INIT = { type: 'init', timeZone: 'utc', state: { entity: { kind: 'application', applicationId: 1, title: 'Bench' }, range: { preset: '7d', compare: 'none' }, view: 'chart' } };

/**
 * Stages `message` in the page (not timed), posts it (after `before`, untimed, if given), resolves
 * with ms from post to `mark`, once the page's draw counter (`window.__timeslice.renders` or
 * `window.__rawDraws`) has moved.
 */
async function postAndTime(page: Page, message: unknown, mark: string, counter: 'panel' | 'raw', before?: unknown): Promise<number> {
  await page.evaluate(([m, b]) => { Object.assign(globalThis as unknown as PageGlobals, { __benchMessage: m, __benchBefore: b }); }, [message, before] as const);
  return page.evaluate(([markName, which]) => new Promise<number>((resolve) => {
    const w = globalThis as unknown as PageGlobals & { __benchBefore?: unknown };
    // (The panel's test hook exists from 'init' on.)
    const count = () => (which === 'panel' ? w.__timeslice?.renders ?? 0 : w.__rawDraws);
    const before = count();
    const poll = () => {
      if (count() > before) {
        resolve(performance.measure('bench', 'bench:post', markName).duration);
      } else {
        w.setTimeout(poll, 2);
      }
    };
    const post = () => {
      performance.clearMarks();
      performance.mark('bench:post');
      w.postMessage(w.__benchMessage, '*');
      poll();
    };
    if (w.__benchBefore) {
      // Timed from the data on: a message queued after `before` is handled once its handler is done.
      const go = (e: { data?: { type?: string } }) => {
        if (e.data?.type === 'bench:go') {
          w.removeEventListener('message', go);
          post();
        }
      };
      w.addEventListener('message', go);
      w.postMessage(w.__benchBefore, '*');
      w.postMessage({ type: 'bench:go' }, '*');
    } else {
      post();
    }
  }), [mark, counter] as const);
}

/** Waits for the page's warm-up chart (test builds measure it) and returns its duration. */
async function warmUpDone(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (globalThis as unknown as PageGlobals).performance.getEntriesByName('timeslice:warm-up')[0]?.duration);
  return Number(await handle.jsonValue());
}

export async function panelDrawFigures(distDir: string, runs: number, warmup: number): Promise<{ figures: Figure[]; chromium: string; problems: string[] }> {
  const { server, origin } = await harness.startServer(0, { bundle: `${distDir}/webview/panel.js` });
  const browser = await harness.launch();
  const data = benchData({ series: SERIES, points: POINTS, charts: 1 });
  const problems = new Set<string>();
  const figures: Figure[] = [];
  const warmUpMs: number[] = [];
  try {
    for (const [decimation, afterWarmUp] of [[true, true], [false, true], [true, false]] as const) {
      let size = { width: 0, height: 0 };
      let sent = 0;
      const hostMs: number[] = [];
      const ours = async () => {
        const { page, errors } = await harness.openPanel(browser, origin, { decimation });
        const plotWidth = await page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.find((m) => m.type === 'ready')?.plotWidth);
        // The extension host's part: thinning for the reported width (the message copy itself is not
        // timed, for the anchor neither).
        const t0 = performance.now();
        const shaped = chartsForView(data.charts, 'chart', plotWidth);
        const host = performance.now() - t0;
        hostMs.push(host);
        sent = shaped.charts.reduce((n, c) => n + c.series.reduce((m, s) => m + s.points.length, 0), 0);
        const message = { ...data, charts: shaped.charts, ...(shaped.decimated ? { decimated: true } : {}) };
        let ms: number;
        if (afterWarmUp) {
          await page.evaluate((m) => (globalThis as unknown as PageGlobals).postMessage(m, '*'), INIT);
          warmUpMs.push(await warmUpDone(page));
          ms = host + await postAndTime(page, message, 'timeslice:data-drawn', 'panel');
        } else {
          // 'init' and the data in one go: the data is there before the frame the warm-up waits for.
          ms = host + await postAndTime(page, message, 'timeslice:data-drawn', 'panel', INIT);
          if (await page.evaluate(() => (globalThis as unknown as PageGlobals).performance.getEntriesByName('timeslice:warm-up').length > 0)) {
            problems.add('the warm-up ran although the data came with init');
          }
        }
        if (await page.evaluate(() => (globalThis as unknown as PageGlobals).document.querySelectorAll('canvas, .chart-warm-up').length) !== 1) {
          problems.add('the page holds more than its one chart: the warm-up left something behind');
        }
        size = await page.evaluate(() => {
          const r = (globalThis as unknown as PageGlobals).document.querySelector('.chart-canvas canvas').getBoundingClientRect();
          return { width: Math.round(r.width), height: Math.round(r.height) };
        });
        errors.forEach((e) => problems.add(e));
        await page.close();
        return ms;
      };
      const anchor = async () => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        page.on('pageerror', (e) => problems.add(`anchor: ${String(e)}`));
        await page.goto(`${origin}/raw`);
        const message = { type: 'raw', width: size.width, height: size.height, decimation, series: data.charts[0].series.map((s) => ({ label: s.label, points: s.points })) };
        const ms = await postAndTime(page, message, 'raw:drawn', 'raw');
        await page.close();
        return ms;
      };
      const samples = await interleaved(runs, ours, anchor, warmup);
      const hostMedian = median(hostMs);
      const name = `panel draw, ${SERIES} × ${POINTS.toLocaleString('en')} points, ${decimation ? 'decimation on' : 'decimation off'}${afterWarmUp ? '' : ', data before the warm-up'}`;
      figures.push(timedFigure(name, samples, 'Chart.js alone, same points & canvas', afterWarmUp ? { kind: 'ratio', max: 1.0 } : undefined,
        `canvas ${size.width}×${size.height} CSS px, new page per run; the extension posts ${sent.toLocaleString('en')} of ${(SERIES * POINTS).toLocaleString('en')} points`
        + ` (thinned in ${hostMedian.toFixed(1)} ms, included), the anchor gets all; "decimation" is Chart.js's plugin, in both pages; `
        + (afterWarmUp ? 'data posted after the page\'s warm-up (below), as when the service takes longer than it' : 'data posted with init, so no warm-up: a fetch faster than a frame')));
      if (afterWarmUp && !decimation) {
        figures.push({ name: '  the panel\'s warm-up chart, drawn while the first data loads', unit: 'ms', ours: median(warmUpMs), samples: { ours: [...warmUpMs] },
          note: 'webview/panel/warmUp.ts: one small chart drawn and destroyed off-screen after the Loading… frame, so the first real chart runs compiled code; main-thread time the page would otherwise spend idle' });
      }
    }
    return { figures, chromium: browser.version(), problems: [...problems] };
  } finally {
    await browser.close();
    server.close();
  }
}
