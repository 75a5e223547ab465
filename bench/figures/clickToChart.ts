/**
 * Click to chart, in the real workbench: code-server (VS Code 1.100.3) in headless Chromium loads the
 * production build with its test hooks kept, in demo mode (the simulator in the extension host, over
 * HTTPS on loopback). With the Timeslice view open and its applications listed, a click on an
 * application's row opens its dashboard. Times run from the click (the row's `mousedown`, read in the
 * workbench page) to the frame after the charts are drawn (the panel's `timeslice:data-drawn` mark, read
 * in its webview frame), both as the browser's wall-clock time (`performance.timeOrigin + time`).
 *
 * Three figures, each beside the floor it cannot go under:
 * - The window's first dashboard, against VS Code's own start of a webview from a click: in a window of
 *   its own, a click on a test build's status-bar item (src/panels/emptyWebviewProbe.ts) opens an empty
 *   webview panel with the same options and the same first script (panelBoot.js, its `timeslice:boot`
 *   mark); the floor is the click to that script. Each run takes two new windows, one for each, so both
 *   are a window's first webview. Measured three times: each window in a new browser profile (the budget's
 *   figure, on an otherwise idle machine); all windows in one profile that has opened both panels before, as
 *   at a browser user's every reload; and each in a new profile again on a loaded machine (a busy process
 *   per core beside the bench, for the floor's windows as for ours).
 * - The preview reused: in the dashboard's window, a click on another application's row redraws the same
 *   page (panelManager.ts). Its floor is that dashboard's metric-data request, its round trip as the
 *   extension host measured it (the transport's log line `GET …/metrics/data.json… 200 N ms` in the
 *   Timeslice log: from sending the request to its whole body read).
 * A new webview later in a window is not measured: there, code-server takes about a second to finish
 * sending VS Code's empty webview document (`fake.html`: headers at once, body after ~975 ms, seen in
 * Chromium's network timing on 2026-11-25; why, not found), which the preview no longer pays. Full mode only.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';

import { PAGE_WRITTEN_LINE } from '../../src/panels/html';
import { harnessValue, TEST_HARNESS_ENV } from '../../src/testHarness';
import { codeServer } from '../../test/e2e/support/codeServer';
import { Sidebar } from '../../test/e2e/support/pageObjects/sidebar';
import { panelFrame } from '../../test/e2e/support/panels';
import { withCpuLoad } from '../lib/cpuLoad';
import type { Figure } from '../lib/figure';
import { median } from '../lib/figure';
import { extensionFolder } from './workbenchActivation';

export const CLICK_TO_CHART =
  'click to chart: application row → dashboard drawn, real workbench (demo), first dashboard of a window';
export const CLICK_TO_CHART_KEPT =
  'click to chart: application row → dashboard drawn, real workbench (demo), first dashboard of a window, browser profile kept';
export const CLICK_TO_CHART_LOADED =
  'click to chart: application row → dashboard drawn, real workbench (demo), first dashboard of a window, machine loaded';
export const CLICK_TO_PREVIEW =
  "click to chart: another application's row → the preview's charts redrawn, real workbench (demo)";

type BrowserProfile = 'fresh' | 'kept';
/** The profile, and how many busy processes run beside the pass (a loaded machine; 0: only the bench's own). */
interface Pass {
  profile: BrowserProfile;
  busyProcesses: number;
}

/** The demo's reporting applications with plain names (src/simulator/dataset.ts). */
const APPS = ['storefront-web', 'billing-api', 'inventory-service', 'search-gateway', 'reports-dotnet', 'legacy-admin'];
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'blink.user_timing',
  'loading',
  'toplevel',
];
/** VS Code's log line: local time to the millisecond, level, text. */
const LOG_LINE = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) \[info\] (.*)$/;
const DATA_LINE = /GET \/v2\/applications\/\d+\/metrics\/data\.json\S* 200 (\d+) ms/;

/** The page code below (this file is type-checked without the DOM library). */
interface PageGlobals {
  __clickAt?: number;
  performance: {
    timeOrigin: number;
    getEntriesByName(name: string): Array<{ startTime: number }>;
    getEntriesByType(type: 'navigation'): Array<{ responseStart: number }>;
    getEntriesByType(type: 'resource'): Array<{ name: string; startTime: number; responseEnd: number }>;
    getEntriesByType(type: 'paint'): Array<{ name: string; startTime: number }>;
  };
  addEventListener(type: 'mousedown', listener: (e: { timeStamp: number }) => void, capture: boolean): void;
}

/** Every file called `name` under `dir`, newest first. */
function logFiles(dir: string, name: string): string[] {
  const found: Array<{ file: string; mtime: number }> = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) {
        walk(p);
      } else if (entry.name === name) {
        found.push({ file: p, mtime: fs.statSync(p).mtimeMs });
      }
    }
  };
  if (fs.existsSync(dir)) {
    walk(dir);
  }
  return found.sort((a, b) => b.mtime - a.mtime).map((f) => f.file);
}

function findLog(dir: string, name: string): string | undefined {
  return logFiles(dir, name)[0];
}

/** The lines of the Timeslice log after the first `from` lines, once one of them matches (the log is flushed a little later). */
async function newDataLines(
  logsDir: string,
  from: number,
  timeoutMs = 15_000,
): Promise<{ lines: string[]; total: number }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const file = findLog(logsDir, 'Timeslice.log');
    const all = file ? fs.readFileSync(file, 'utf8').split('\n') : [];
    const lines = all.slice(from).filter((l) => DATA_LINE.test(l));
    if (lines.length > 0 || Date.now() > end) {
      return { lines, total: all.length };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * When an extension host wrote a webview page after `since` (a test build's log line, src/panels/html.ts), as
 * wall-clock time to the millisecond: each window has an extension host and a Timeslice log of its own, and a
 * closed window's may still be written to, so every log is read and the first line after the click is taken.
 */
async function pageWrittenAt(logsDir: string, since: number, timeoutMs = 15_000): Promise<number | undefined> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const times = logFiles(logsDir, 'Timeslice.log')
      .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
      .map((line) => LOG_LINE.exec(line))
      .filter((m) => m?.[2].endsWith(PAGE_WRITTEN_LINE))
      .map((m) => new Date(m![1]).getTime())
      // The line's time is cut to the millisecond.
      .filter((at) => at >= Math.floor(since));
    if (times.length > 0 || Date.now() > end) {
      return times.length > 0 ? Math.min(...times) : undefined;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stamps each mousedown's time on the page (`__clickAt`), as the browser stamped the event. */
async function stampClicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    w.addEventListener(
      'mousedown',
      (e) => {
        w.__clickAt = w.performance.timeOrigin + e.timeStamp;
      },
      true,
    );
  });
}

async function clickedAt(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).__clickAt);
}

const WINDOW = { colorScheme: 'dark', viewport: { width: 1400, height: 900 } } as const;

/** Workbench windows, each in a browser context of its own or all in `shared` (one profile). */
class Windows {
  constructor(
    private readonly browser: Browser,
    private readonly url: string,
    private readonly workspace: string,
    private readonly shared: BrowserContext | undefined,
  ) {}

  /** A new window with the Timeslice view open, its applications listed and settled, clicks stamped. */
  async open(): Promise<{ page: Page; sidebar: Sidebar }> {
    const page = await codeServer.openWorkbench(this.browser, this.url, this.workspace, {
      ...WINDOW,
      context: this.shared,
    });
    const sidebar = new Sidebar(page);
    await sidebar.open();
    await sidebar.waitForRows(5);
    await sidebar.row(APPS[0]).waitFor({ state: 'visible', timeout: 30_000 });
    await stampClicks(page);
    // Let the demo's first load and the tree settle: a click is measured, not a race with a redraw.
    await page.waitForTimeout(2000);
    return { page, sidebar };
  }

  async close(page: Page): Promise<void> {
    await (this.shared ? page.close() : page.context().close());
  }

  async end(): Promise<void> {
    await this.shared?.close();
  }
}

/** Windows whose webview took over STALL_MS to start (seen only in a kept profile, the floor's as ours). */
const STALL_MS = 5000;

function stalls(first: { ours: number[]; anchor: number[] }, profile: BrowserProfile): string {
  const floor = first.anchor.filter((ms) => ms > STALL_MS).length;
  const ours = first.ours.filter((ms) => ms > STALL_MS).length;
  return profile === 'kept' && floor + ours > 0
    ? `${floor} of the floor's windows and ${ours} of ours took over ${STALL_MS / 1000} s to start the webview (medians kept); `
    : '';
}

/** The frame's marks and stages, as wall-clock times; `drawn`: the last `timeslice:data-drawn` mark. */
async function frameTimes(frame: Frame) {
  return frame.evaluate(() => {
    const p = (globalThis as unknown as PageGlobals).performance;
    const at = (name: string) => {
      const mark = p.getEntriesByName(name).at(-1);
      return mark ? p.timeOrigin + mark.startTime : undefined;
    };
    // VS Code loads an empty document (its webview's fake.html) into the frame and writes the panel's HTML into it.
    const navigation = p.getEntriesByType('navigation')[0];
    const resource = (file: string) => p.getEntriesByType('resource').find((r) => r.name.includes(file));
    const bundle = resource('/panel.js');
    const firstPaint = p.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
    return {
      heldAt: at('timeslice:held'),
      loadAt: at('timeslice:load'),
      bundleFetchAt: bundle ? p.timeOrigin + bundle.startTime : undefined,
      bundleLoadedAt: bundle ? p.timeOrigin + bundle.responseEnd : undefined,
      bundleRanAt: at('timeslice:bundle'),
      modulesAt: at('timeslice:modules'),
      renderedAt: at('timeslice:data-rendered'),
      paintAt: firstPaint ? p.timeOrigin + firstPaint.startTime : undefined,
      drawnAt: at('timeslice:data-drawn'),
      receivedAt: at('timeslice:data-received'),
      bootAt: at('timeslice:boot'),
      pageAt: p.timeOrigin,
      documentAt: navigation ? p.timeOrigin + navigation.responseStart : undefined,
    };
  });
}

/** The test build's status-bar item that opens the empty webview (src/panels/emptyWebviewProbe.ts). */
async function clickEmptyWebviewItem(page: Page): Promise<void> {
  await page.locator('.part.statusbar .statusbar-item', { has: page.locator('.codicon-beaker') }).click();
}

/** The frame of the empty webview (its first script has run: the boot mark, and no panel bundle). */
async function emptyWebviewFrame(page: Page, timeoutMs = 30_000): Promise<Frame> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      const booted = await frame
        .evaluate(() => {
          const w = globalThis as unknown as PageGlobals & { timeslicePanelBoot?: unknown; __timeslice?: unknown };
          return w.timeslicePanelBoot !== undefined && w.__timeslice === undefined;
        })
        .catch(() => false);
      if (booted) {
        return frame;
      }
    }
    if (Date.now() > end) {
      throw new Error('the empty webview ran no script');
    }
    await page.waitForTimeout(100);
  }
}

export async function clickToChartFigures(
  root: string,
  distDir: string,
  runs = APPS.length,
): Promise<{ figures: Figure[]; problems: string[] }> {
  if (!fs.existsSync(codeServer.codeServerBin())) {
    return {
      figures: [],
      problems: [
        `${CLICK_TO_CHART}: not measured, code-server is not installed (bash scripts/vscode/installCodeServer.sh)`,
      ],
    };
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-click-'));
  const workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(workspace);
  fs.mkdirSync(path.join(tmp, 'tmp'));
  const server = await codeServer.startCodeServer({
    extensionDirs: [{ path: extensionFolder(root, distDir, tmp), id: 'timeslice.timeslice' }],
    workspaceFolder: workspace,
    env: {
      [TEST_HARNESS_ENV]: harnessValue({ quiet: true, demo: {}, emptyWebview: true }),
      TMPDIR: path.join(tmp, 'tmp'),
    },
  });
  const browser = await codeServer.launchBrowser();
  const logsDir = path.join(server.userDataDir, 'logs');
  try {
    const where: Where = { browser, url: server.url, workspace, logsDir, runs: Math.min(runs, APPS.length) };
    const fresh = await measurePass(where, { profile: 'fresh', busyProcesses: 0 });
    const kept = await measurePass(where, { profile: 'kept', busyProcesses: 0 });
    const busy = os.cpus().length;
    const loaded = await withCpuLoad(busy, () => measurePass(where, { profile: 'fresh', busyProcesses: busy }));
    return {
      figures: [...fresh.figures, ...kept.figures, ...loaded.figures],
      problems: [...fresh.problems, ...kept.problems, ...loaded.problems],
    };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

interface Where {
  browser: Browser;
  url: string;
  workspace: string;
  logsDir: string;
  runs: number;
}

/**
 * One pass of `runs` windows, each window in a new browser profile ('fresh': a browser's first visit, nothing
 * cached, VS Code's webview service worker not yet installed) or all in one profile ('kept', as a browser
 * user's profile stands at each reload and restart) that a first window, not measured, has opened both panels
 * in. The preview is measured in fresh windows on an idle machine only: a reused page does not depend on the profile.
 */
async function measurePass(where: Where, pass: Pass): Promise<{ figures: Figure[]; problems: string[] }> {
  const { browser, url, workspace, logsDir, runs } = where;
  const { profile, busyProcesses } = pass;
  const loaded = busyProcesses > 0;
  const name = loaded ? CLICK_TO_CHART_LOADED : profile === 'fresh' ? CLICK_TO_CHART : CLICK_TO_CHART_KEPT;
  const windows = new Windows(
    browser,
    url,
    workspace,
    profile === 'kept' ? await browser.newContext(WINDOW) : undefined,
  );
  if (profile === 'kept') {
    const { page, sidebar } = await windows.open();
    await clickEmptyWebviewItem(page);
    await emptyWebviewFrame(page);
    await sidebar
      .row(APPS[runs - 1])
      .locator('.label-name')
      .click();
    await panelFrame(page, 'Application', APPS[runs - 1], 30_000);
    await windows.close(page);
  }
  const first = { ours: [] as number[], anchor: [] as number[] };
  const reused = { ours: [] as number[], anchor: [] as number[] };
  const problems: string[] = [];
  /** Since the click: the extension wrote the panel's page, its page navigation start, its document, our first script, its data message's arrival. */
  const stages = {
    written: [] as number[],
    page: [] as number[],
    document: [] as number[],
    boot: [] as number[],
    received: [] as number[],
  };
  const emptyStages = { written: [] as number[], page: [] as number[], document: [] as number[] };
  const detail: Record<string, number[]> = {};
  /** Since the click on the second row: the preview's data message's arrival. */
  const reusedReceived: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const app = APPS[run];
      const next = APPS[(run + 1) % APPS.length];
      // TIMESLICE_BENCH_TRACE=FILE: Chromium traces of the idle pass's first clicks (every process: the webview's
      // frame too), ours in FILE and the floor's in FILE with `.floor` before its extension.
      const traceFile = run === 0 && profile === 'fresh' && !loaded ? process.env.TIMESLICE_BENCH_TRACE : undefined;
      // VS Code's own start of a webview from a click, in a window of its own (its first webview).
      {
        const { page } = await windows.open();
        const floorTrace = traceFile?.replace(/(\.\w+)?$/, '.floor$1');
        if (floorTrace) {
          await browser.startTracing(page, { path: floorTrace, screenshots: false, categories: TRACE_CATEGORIES });
        }
        await clickEmptyWebviewItem(page);
        try {
          const frame = await emptyWebviewFrame(page);
          if (floorTrace) {
            await browser.stopTracing();
          }
          const clickAt = await clickedAt(page);
          const { bootAt, pageAt, documentAt } = await frameTimes(frame);
          const writtenAt = clickAt === undefined ? undefined : await pageWrittenAt(logsDir, clickAt);
          if (clickAt === undefined || bootAt === undefined) {
            problems.push(`${name}: the empty webview: ${clickAt === undefined ? 'no click time' : 'no boot mark'}`);
          } else {
            first.anchor.push(bootAt - clickAt);
            console.error(
              `[bench] the empty webview ${run + 1}/${runs}: its first script at ${(bootAt - clickAt).toFixed(0)} ms`,
            );
            emptyStages.page.push(pageAt - clickAt);
            emptyStages.document.push((documentAt ?? NaN) - clickAt);
            if (writtenAt !== undefined) {
              emptyStages.written.push(writtenAt - clickAt);
            }
          }
        } catch (e) {
          if (floorTrace) {
            await browser.stopTracing().catch(() => undefined); // (Stopped already when the error came later.)
          }
          problems.push(`${name}: the empty webview did not start (${String(e)})`);
        }
        await windows.close(page);
      }
      const { page, sidebar } = await windows.open();
      let before = (await newDataLines(logsDir, 0, 0)).total;
      if (traceFile) {
        await browser.startTracing(page, { path: traceFile, screenshots: false, categories: TRACE_CATEGORIES });
      }
      await sidebar.row(app).locator('.label-name').click();
      let frame: Frame;
      try {
        frame = await panelFrame(page, 'Application', app, 30_000);
        if (traceFile) {
          await browser.stopTracing();
        }
      } catch (e) {
        problems.push(`${name}: the click on ${app} drew no dashboard (${String(e)})`);
        await windows.close(page);
        continue;
      }
      let clickAt = await clickedAt(page);
      const times = {
        ...(await frameTimes(frame)),
        writtenAt: clickAt === undefined ? undefined : await pageWrittenAt(logsDir, clickAt),
      };
      const { drawnAt, pageAt, documentAt, bootAt, receivedAt } = times;
      let { lines } = await newDataLines(logsDir, Math.max(0, before - 1));
      if (clickAt === undefined || drawnAt === undefined || lines.length === 0) {
        problems.push(
          `${name}: ${app}: ${clickAt === undefined ? 'no click time' : drawnAt === undefined ? 'no drawn mark' : 'no metric-data request in the log'}`,
        );
      } else {
        if (lines.length !== 1) {
          problems.push(`${name}: ${app}: ${lines.length} metric-data requests logged (expected 1)`);
        }
        first.ours.push(drawnAt - clickAt);
        if (times.writtenAt !== undefined) {
          stages.written.push(times.writtenAt - clickAt);
        }
        stages.page.push(pageAt - clickAt);
        stages.document.push((documentAt ?? NaN) - clickAt);
        stages.boot.push((bootAt ?? NaN) - clickAt);
        stages.received.push((receivedAt ?? NaN) - clickAt);
        for (const [stage, at] of Object.entries(times)) {
          (detail[stage] ??= []).push((at ?? NaN) - clickAt);
        }
        console.error(
          `[bench]   stages: ${Object.entries(times)
            .filter(([, at]) => at !== undefined)
            .sort((a, b) => a[1]! - b[1]!)
            .map(([stage, at]) => `${stage} ${(at! - clickAt!).toFixed(0)}`)
            .join(', ')}`,
        );
        console.error(
          `[bench] click to chart ${run + 1}/${runs} (${app}): ${(drawnAt - clickAt).toFixed(0)} ms (webview frame started at ${(pageAt - clickAt).toFixed(0)} ms, its document answered at ${((documentAt ?? NaN) - clickAt).toFixed(0)} ms, our first script at ${((bootAt ?? NaN) - clickAt).toFixed(0)} ms, data in at ${((receivedAt ?? NaN) - clickAt).toFixed(0)} ms); the empty webview's first script at ${first.anchor.at(-1)?.toFixed(0)} ms`,
        );
      }
      if (profile === 'kept' || loaded) {
        await windows.close(page);
        continue;
      }
      // The preview reused: another row's click, the same page redrawn with that application's data.
      before = (await newDataLines(logsDir, 0, 0)).total;
      await sidebar.row(next).locator('.label-name').click();
      try {
        const redrawn = await panelFrame(page, 'Application', next, 30_000);
        if (redrawn !== frame) {
          problems.push(`${CLICK_TO_PREVIEW}: ${next} opened a new webview, not the preview`);
        }
        clickAt = await clickedAt(page);
        const again = await frameTimes(redrawn);
        ({ lines } = await newDataLines(logsDir, Math.max(0, before - 1)));
        if (clickAt === undefined || again.drawnAt === undefined || lines.length !== 1) {
          problems.push(`${CLICK_TO_PREVIEW}: ${next}: no click time, drawn mark or single metric-data request`);
        } else {
          reused.ours.push(again.drawnAt - clickAt);
          reused.anchor.push(Number(DATA_LINE.exec(lines[0])![1]));
          reusedReceived.push((again.receivedAt ?? NaN) - clickAt);
          console.error(
            `[bench] click to the preview ${run + 1}/${runs} (${next}): ${(again.drawnAt - clickAt).toFixed(0)} ms (data in at ${reusedReceived.at(-1)?.toFixed(0)} ms), request ${reused.anchor.at(-1)} ms`,
          );
        }
      } catch (e) {
        problems.push(`${CLICK_TO_PREVIEW}: the click on ${next} redrew no dashboard (${String(e)})`);
      }
      await windows.close(page);
    }
  } finally {
    await windows.end();
  }
  const figures: Figure[] = [];
  const common = `VS Code 1.100.3 (code-server), production build with test hooks, demo mode (simulator over HTTPS loopback); from the row's mousedown to the frame after the charts are drawn`;
  if (first.ours.length > 0 && first.anchor.length > 0) {
    figures.push({
      name,
      unit: 'ms',
      ours: median(first.ours),
      anchor: median(first.anchor),
      anchorName: "floor: VS Code's own start of an empty webview panel from a click, to its first script",
      // The budget is the new profile's on an idle machine, as the figure was first set; a kept profile's windows can stall (below).
      ...(profile === 'fresh' && !loaded ? { budget: { kind: 'overAnchor', max: 150 } as const } : {}),
      overFloor: true,
      samples: first,
      note:
        `${stalls(first, profile)}${common}, ${first.ours.length} clicks, one per application, a new window each (its first webview), ${profile === 'fresh' ? 'each window in a new browser profile' : 'all in one browser profile, kept from a first window that opened both panels'}${loaded ? `, ${busyProcesses} busy processes (a loop each, normal priority) running throughout, beside the floor's windows as ours` : ''}; 1-minute load average ${os.loadavg()[0].toFixed(1)} at the pass's end; the floor in windows of their own: a click on a test-only status-bar item that opens a webview panel with the same options and first script (panelBoot.js) and nothing else, to that script's mark (${first.anchor.length} windows; the extension wrote its page at ${median(emptyStages.written).toFixed(0)} ms, its frame started at ${median(emptyStages.page).toFixed(0)} ms, its document answered at ${median(emptyStages.document).toFixed(0)} ms); ` +
        `medians after the row's click: the extension wrote the dashboard's page at ${median(stages.written).toFixed(0)} ms, its frame started at ${median(stages.page).toFixed(0)} ms, its document answered at ${median(stages.document).toFixed(0)} ms, our first script ran at ${median(stages.boot).toFixed(0)} ms, the panel had its data at ${median(stages.received).toFixed(0)} ms`,
    });
  }
  if (reused.ours.length > 0) {
    figures.push({
      name: CLICK_TO_PREVIEW,
      unit: 'ms',
      ours: median(reused.ours),
      anchor: median(reused.anchor),
      anchorName: "floor: the same dashboard's metric-data request, round trip in the extension host",
      budget: { kind: 'overAnchor', max: 150 },
      samples: reused,
      note: `${common}, ${reused.ours.length} clicks, each the second of its window (the preview holds the first's dashboard); median after the click: the panel had its data at ${median(reusedReceived).toFixed(0)} ms; the floor is the transport's own log line (whole-ms resolution)`,
    });
  }
  return { figures, problems };
}
