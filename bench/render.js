#!/usr/bin/env node
// Benchmark: how long the chart panel takes to draw 10 series × 3,000 points, from posting the
// 'data' message to the frame after the charts are drawn (the webview's 'timeslice:data-drawn'
// mark), with and without decimation. Builds first. Prints figures; asserts nothing.
// Options: --runs N (7), --series N (10), --points N (3000), --charts N (1: all series in one chart).
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { launch, openPanel, startServer } = require('./webview/harness');
const { benchData } = require('./webview/sampleData');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const RUNS = option('runs', 7);
const SERIES = option('series', 10);
const POINTS = option('points', 3000);
const CHARTS = option('charts', 1);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

/**
 * Posts the staged data message in the page and resolves with the times from posting to the
 * panel's marks: received (message delivered), rendered (charts built and drawn on their canvases)
 * and drawn (the next frame). The message is staged first so that copying it from Node is not timed.
 */
async function timeData(page, data) {
  await page.evaluate((message) => {
    window.__benchData = message;
  }, data);
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const before = window.__timeslice.renders;
        performance.clearMarks();
        performance.mark('bench:post');
        window.postMessage(window.__benchData, '*');
        const poll = () => {
          if (window.__timeslice.renders > before) {
            const since = (mark) => performance.measure(mark, 'bench:post', mark).duration;
            resolve({
              received: since('timeslice:data-received'),
              rendered: since('timeslice:data-rendered'),
              drawn: since('timeslice:data-drawn'),
            });
          } else {
            setTimeout(poll, 5);
          }
        };
        poll();
      }),
  );
}

async function measure(browser, origin, decimation) {
  const data = benchData({ series: SERIES, points: POINTS, charts: CHARTS });
  const init = {
    type: 'init',
    timeZone: 'utc',
    state: {
      entity: { kind: 'application', applicationId: 1, title: 'Bench' },
      range: { preset: '7d', compare: 'none' },
      view: 'chart',
    },
  };
  const cold = [];
  const warm = [];
  const problems = new Set();
  for (let run = 0; run < RUNS; run++) {
    const { page, errors } = await openPanel(browser, origin, { decimation });
    await page.evaluate((m) => window.postMessage(m, '*'), init);
    cold.push(await timeData(page, data));
    // The same panel again (a refresh): the code is warm, the old charts are replaced.
    warm.push(await timeData(page, data));
    const drawnPoints = await page.evaluate(() =>
      window.__timeslice.charts().reduce((n, c) => n + c.series.reduce((m, s) => m + s.points.length, 0), 0),
    );
    if (drawnPoints !== SERIES * POINTS) problems.add(`__timeslice reported ${drawnPoints} points`);
    for (const v of await page.evaluate(() => window.__cspViolations)) problems.add(`CSP: ${v}`);
    for (const e of errors) problems.add(e);
    await page.close();
  }
  return { cold, warm, problems };
}

async function main() {
  const root = path.join(__dirname, '..');
  const build = spawnSync('node', ['esbuild.js'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed.');
    process.exitCode = 1;
    return;
  }
  const { server, origin } = await startServer();
  const browser = await launch();
  try {
    console.log(
      `Chart panel render: ${SERIES} series × ${POINTS.toLocaleString('en')} points in ${CHARTS} chart(s), ${RUNS} runs, headless Chromium ${browser.version()} (1280×900, software rendering)`,
    );
    console.log('Time from posting the data message to the frame after the charts are drawn (target < 150 ms):');
    for (const decimation of [true, false]) {
      const { cold, warm, problems } = await measure(browser, origin, decimation);
      console.log(
        decimation
          ? '  with decimation (Chart.js decimation plugin, lttb, about one point per pixel):'
          : '  without decimation (plugin disabled, everything else the same):',
      );
      for (const [name, runs] of [
        ['first data (new panel)', cold],
        ['refresh (same panel) ', warm],
      ]) {
        const drawn = runs.map((r) => r.drawn);
        console.log(
          `    ${name}  median ${fmt(median(drawn))}, max ${fmt(Math.max(...drawn))}` +
            `   (median split: message delivered ${fmt(median(runs.map((r) => r.received)))}, charts drawn on canvas ${fmt(median(runs.map((r) => r.rendered)))})`,
        );
      }
      for (const p of problems) console.log(`    ! ${p}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
