/**
 * `npm run bench`: builds the production bundles it measures, runs every figure beside its anchor
 * (interleaved, same run, same machine), prints one table and writes bench/results.json.
 * `npm run bench -- --quick`: one run of each, for `npm test`; checks only that every figure is
 * produced and that the request counts hold, writing its counts where $TIMESLICE_TEST_STATS says.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { activationFigures } from './figures/activation';
import { bundleFigures } from './figures/bundles';
import { clickToChartFigures } from './figures/clickToChart';
import { clientFigures } from './figures/client';
import { codeCacheFigures, writeCodeCacheResults } from './figures/codeCacheWorkbench';
import { codeIndexFigures, FILES_PER_APP } from './figures/codeIndex';
import {
  ERROR_DIAGNOSTICS_TIME,
  ERROR_KEY_BUDGET,
  ERROR_REQUESTS_FIRST,
  ERROR_REQUESTS_NEXT,
  errorDiagnosticsFigures,
} from './figures/errorDiagnostics';
import { heapFigures } from './figures/heap';
import { IMPACT_GIT_CALLS, IMPACT_IN_HAND, IMPACT_REQUESTS_NG, impactFigures } from './figures/impact';
import { HOSTILE_LANGUAGES, hostileFigureName, hostileParseFigures } from './figures/hostileParse';
import { PANEL_DRAW, PANEL_DRAW_SAME_POINTS, panelDrawFigures } from './figures/panelDraw';
import { changeFigures } from './figures/changes';
import { requestFigures } from './figures/requests';
import { scaleFigures } from './figures/scale';
import { toolFigures } from './figures/tools';
import { workbenchActivationFigures } from './figures/workbenchActivation';
import type { Figure } from './lib/figure';
import { markdownTable, quickChecks, textTable, writeResults } from './lib/report';

const ROOT = path.join(__dirname, '..');
const OUT = path.join('bench', '.out');
const DIST = path.join(OUT, 'dist');
/**
 * The production build with the test hooks kept: the panel draw is timed by its marks and draw counter,
 * and the workbench windows start quiet (the harness's `quiet` switch: no walkthrough), which only a build
 * with the hooks reads. It differs from the shipped bundle by those hooks alone (under 1 % of main.js).
 */
const DIST_HOOKED = path.join(OUT, 'dist-hooked');
const quick = process.argv.includes('--quick');
/** `--only panel` (or any step label's first word): run just those steps, to iterate on one figure; no checks. */
const only = process.argv.includes('--only')
  ? (process.argv[process.argv.indexOf('--only') + 1]?.split(',') ?? [])
  : undefined;

function build(): void {
  for (const [outdir, extra] of [
    [DIST, []],
    [DIST_HOOKED, ['--test-hooks']],
  ] as const) {
    const prod = spawnSync(process.execPath, ['esbuild.js', '--production', ...extra, '--outdir', outdir], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (prod.status !== 0) {
      throw new Error(`the production build ${extra.join(' ')} failed`);
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('esbuild') as typeof import('esbuild')).buildSync({
    absWorkingDir: ROOT,
    entryPoints: ['bench/anchors/rawChart.ts'],
    outfile: path.join(OUT, 'rawChart.js'),
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'error',
  });
}

/** Every figure a run must produce (quick mode checks each one is there). */
const EXPECTED = [
  'activation, later start (our code cache): require + activate(), stub vscode',
  'activation, first start of a build (no code cache yet)',
  'timers scheduled while unfocused, no view visible',
  'requests while unfocused, no view visible',
  'extension bundle (loaded at activation), minified',
  'webview bundle, minified',
  PANEL_DRAW,
  PANEL_DRAW_SAME_POINTS,
  'metric-data requests to open: dashboard',
  'metric-data requests to open: breakdown',
  'requests per refresh, 10 bound apps',
  'unchanged tree refresh: bodies parsed',
  'key budget per minute: tree open + 10 bound apps, defaults',
  'tool timeslice_applications: requests, first call',
  '  tool timeslice_applications: answer size',
  '5,000 applications into the tree (scale mode)',
  '  progress reports while listing them',
  'heap growth after 100 panel open/close cycles (after GC)',
  ...HOSTILE_LANGUAGES.map(hostileFigureName),
  ERROR_DIAGNOSTICS_TIME,
  ERROR_REQUESTS_FIRST,
  ERROR_REQUESTS_NEXT,
  ERROR_KEY_BUDGET,
  IMPACT_IN_HAND,
  IMPACT_GIT_CALLS,
  IMPACT_REQUESTS_NG,
];

async function main(): Promise<void> {
  const started = new Date();
  process.chdir(ROOT);
  build();
  const figures: Figure[] = [];
  const step = async (label: string, fn: () => Promise<Figure[]> | Figure[]) => {
    if (only && !only.some((o) => label.startsWith(o))) {
      return;
    }
    const t0 = performance.now();
    figures.push(...(await fn()));
    console.error(`[bench] ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const problems: string[] = [];
  await step('activation', () => {
    const r = activationFigures(DIST, quick ? 3 : 15);
    problems.push(...r.problems);
    return r.figures;
  });
  if (!quick) {
    // A code-server window per run: too slow for npm test.
    await step('activation in the workbench', async () => {
      const r = await workbenchActivationFigures(ROOT, DIST_HOOKED, 7);
      problems.push(...r.problems);
      return r.figures;
    });
  }
  if (!quick) {
    // code-server in demo mode: a new window per click, a dashboard opened from the tree in each.
    await step('click to chart in the workbench', async () => {
      const r = await clickToChartFigures(ROOT, DIST_HOOKED);
      problems.push(...r.problems);
      return r.figures;
    });
    // Two code-servers, 2 × 16 windows (several minutes). Its samples are also added to their own file,
    // bench/results-codecache.json, even under --only (the step is only ever run on purpose).
    await step('code cache in the workbench', async () => {
      const r = await codeCacheFigures(ROOT, DIST_HOOKED, 15);
      problems.push(...r.problems);
      if (r.samples) {
        writeCodeCacheResults(path.join(ROOT, 'bench', 'results-codecache.json'), r.samples);
      }
      return r.figures;
    });
  }
  await step('bundles', () => bundleFigures(DIST));
  await step('client', async () => (await clientFigures(quick ? 3 : 15)).figures);
  let chromium: string | undefined;
  await step('panel draw', async () => {
    const r = await panelDrawFigures(DIST_HOOKED, quick ? 1 : 7, quick ? 0 : 1);
    chromium = r.chromium;
    problems.push(...r.problems);
    return r.figures;
  });
  await step('requests', () => requestFigures());
  await step('changes', () => changeFigures());
  await step('tools for the agent', () => toolFigures());
  await step('5,000 applications', () => scaleFigures(quick ? 1 : 3, quick ? 0 : 1));
  await step('heap', () => heapFigures(100));
  // Quick: a tenth of the workspace (100,000 files take a minute to write on a busy machine).
  await step('code index and lenses', () =>
    codeIndexFigures(quick ? 1 : 5, quick ? FILES_PER_APP / 10 : FILES_PER_APP),
  );
  await step('hostile sources', () => hostileParseFigures(quick ? 1 : 5));
  await step('error diagnostics', () => errorDiagnosticsFigures(quick ? 1 : 7));
  await step('impact at scale', () => impactFigures(quick ? 1 : 7, quick));

  console.log(
    `\nTimeslice benchmarks${quick ? ' (quick: one run each, times not checked)' : ''}: medians of interleaved runs; Node ${process.version}, Chromium ${chromium ?? '?'}, ${started.toISOString()}`,
  );
  console.log(textTable(figures, quick));
  for (const f of figures.filter((x) => x.note)) {
    console.log(`  ${f.name.trim()}: ${f.note}`);
  }
  for (const p of problems) {
    console.log(`  ! ${p}`);
  }
  if (only) {
    return;
  }
  writeResults(
    path.join(ROOT, quick ? path.join(OUT, 'results-quick.json') : path.join('bench', 'results.json')),
    { quick, chromium, started },
    figures,
  );
  if (!quick) {
    fs.writeFileSync(path.join(ROOT, OUT, 'table.md'), `${markdownTable(figures)}\n`);
  }
  const checks = quickChecks(figures, EXPECTED);
  if (problems.length > 0) {
    checks.failed++;
    checks.failures.push(`bench: ${problems.length} problem(s) while measuring: ${problems[0]}`);
  }
  if (process.env.TIMESLICE_TEST_STATS) {
    fs.writeFileSync(process.env.TIMESLICE_TEST_STATS, JSON.stringify(checks));
  }
  for (const f of checks.failures) {
    console.log(`  ✘ ${f}`);
  }
  console.log(`bench checks: ${checks.passed} passed, ${checks.failed} failed`);
  process.exitCode = checks.failed > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
