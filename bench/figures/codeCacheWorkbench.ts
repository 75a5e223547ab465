/**
 * What the V8 code cache (src/startup/loader.ts, codeCache.ts) saves in the real workbench, as VS
 * Code measures activation ("Developer: Show Running Extensions": code loading + activate() call).
 *
 * Two code-servers run side by side on the same production build, each with its own user-data dir:
 * - with the cache: the shipped manifest (`main`: dist/extension.js, the loader). One window first,
 *   not kept, writes the cache to global storage; every kept window reads it (the usual start);
 * - without it: the same folder with `main` set to dist/main.js, so VS Code requires the bundle
 *   itself: what the extension would be with the loader and the cache removed.
 * Windows alternate (with, without, with …), a new window (a new extension host) each, so that drift
 * on a shared machine hits both alike. Git Base's time in the same windows is kept as a yardstick of
 * the windows' own noise. Full mode only: about half a minute a window.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { harnessValue, TEST_HARNESS_ENV } from '../../src/testHarness';
import { codeServer } from '../../test/e2e/support/codeServer';
import type { Figure } from '../lib/figure';
import { median } from '../lib/figure';
import { activatingWorkspace, activationTimes, extensionFolder } from './workbenchActivation';

export const CODE_CACHE_FIGURE = "activation in the workbench with the code cache (VS Code's own time)";

export interface CodeCacheSamples {
  withCache: number[];
  withoutCache: number[];
  /** Git Base in the same windows, as a yardstick of the windows' noise. */
  gitBaseWith: number[];
  gitBaseWithout: number[];
  /** The not-kept first window of the cached server (it had no cache yet and wrote it). */
  firstWindowWithCache?: number;
}

export async function codeCacheFigures(
  root: string,
  distDir: string,
  runs: number,
): Promise<{ figures: Figure[]; problems: string[]; samples?: CodeCacheSamples }> {
  if (!fs.existsSync(codeServer.codeServerBin())) {
    return {
      figures: [],
      problems: [
        `${CODE_CACHE_FIGURE}: not measured, code-server is not installed (bash scripts/vscode/installCodeServer.sh)`,
      ],
    };
  }
  const { tmp, workspace } = activatingWorkspace('ts-bench-cache-');
  const env = { [TEST_HARNESS_ENV]: harnessValue({ quiet: true }), TMPDIR: path.join(tmp, 'tmp') };
  const cached = await codeServer.startCodeServer({
    extensionDirs: [{ path: extensionFolder(root, distDir, tmp, { name: 'with-loader' }), id: 'timeslice.timeslice' }],
    workspaceFolder: workspace,
    env,
  });
  const plain = await codeServer.startCodeServer({
    extensionDirs: [
      {
        path: extensionFolder(root, distDir, tmp, { name: 'without-loader', main: './dist/main.js' }),
        id: 'timeslice.timeslice',
      },
    ],
    workspaceFolder: workspace,
    env,
  });
  const browser = await codeServer.launchBrowser();
  const samples: CodeCacheSamples = { withCache: [], withoutCache: [], gitBaseWith: [], gitBaseWithout: [] };
  const problems: string[] = [];
  const window = async (url: string): Promise<Map<string, number>> => {
    const page = await codeServer.openWorkbench(browser, url, workspace);
    try {
      return await activationTimes(page);
    } finally {
      await page.context().close();
    }
  };
  try {
    // Not kept: the cached server's first window writes the cache; the other's evens the start.
    samples.firstWindowWithCache = (await window(cached.url)).get('Timeslice');
    await window(plain.url);
    const cacheDir = path.join(cached.userDataDir, 'User', 'globalStorage', 'timeslice.timeslice', 'code-cache');
    if (!fs.existsSync(cacheDir) || fs.readdirSync(cacheDir).length === 0) {
      problems.push(`${CODE_CACHE_FIGURE}: the first window wrote no code cache in ${cacheDir}`);
    }
    for (let run = 0; run < runs; run++) {
      const a = await window(cached.url);
      samples.withCache.push(a.get('Timeslice')!);
      samples.gitBaseWith.push(a.get('Git Base')!);
      const b = await window(plain.url);
      samples.withoutCache.push(b.get('Timeslice')!);
      samples.gitBaseWithout.push(b.get('Git Base')!);
      console.error(
        `[bench] code cache, window pair ${run + 1}/${runs}: with ${samples.withCache[run]} ms, without ${samples.withoutCache[run]} ms`,
      );
    }
  } finally {
    await browser.close();
    await cached.stop();
    await plain.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const spread = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)} ms`;
  return {
    figures: [
      {
        name: CODE_CACHE_FIGURE,
        unit: 'ms',
        ours: median(samples.withCache),
        anchor: median(samples.withoutCache),
        anchorName: 'the same bundle without loader or cache (main: dist/main.js)',
        samples: { ours: samples.withCache, anchor: samples.withoutCache },
        note:
          `VS Code 1.100.3 (code-server), Running Extensions' code loading + activate() call, ${runs} windows each way, alternating; ` +
          `with the cache ${spread(samples.withCache)}, without ${spread(samples.withoutCache)}; Git Base in the same windows: median ${median(samples.gitBaseWith)} ms / ${median(samples.gitBaseWithout)} ms ` +
          `(${spread([...samples.gitBaseWith, ...samples.gitBaseWithout])}); the first cached window (no cache yet, not kept) ${samples.firstWindowWithCache} ms`,
      },
    ],
    problems,
    samples,
  };
}

interface CodeCacheRun {
  date: string;
  loadAverage: number[];
  medians: { withCache: number; withoutCache: number; gitBaseWith: number; gitBaseWithout: number };
  samples: CodeCacheSamples;
}

/**
 * Adds this run to `file` (bench/results-codecache.json), keeping the earlier runs, and the medians
 * of all runs' samples pooled.
 */
export function writeCodeCacheResults(file: string, samples: CodeCacheSamples): void {
  const medians = (s: CodeCacheSamples) => ({
    withCache: median(s.withCache),
    withoutCache: median(s.withoutCache),
    gitBaseWith: median(s.gitBaseWith),
    gitBaseWithout: median(s.gitBaseWithout),
  });
  let runs: CodeCacheRun[] = [];
  if (fs.existsSync(file)) {
    const old = JSON.parse(fs.readFileSync(file, 'utf8')) as { runs?: CodeCacheRun[] } & Partial<CodeCacheRun>;
    runs =
      old.runs ??
      (old.samples && old.date
        ? [{ date: old.date, loadAverage: old.loadAverage ?? [], medians: medians(old.samples), samples: old.samples }]
        : []);
  }
  runs.push({ date: new Date().toISOString(), loadAverage: os.loadavg(), medians: medians(samples), samples });
  const pooled: CodeCacheSamples = {
    withCache: runs.flatMap((r) => r.samples.withCache),
    withoutCache: runs.flatMap((r) => r.samples.withoutCache),
    gitBaseWith: runs.flatMap((r) => r.samples.gitBaseWith),
    gitBaseWithout: runs.flatMap((r) => r.samples.gitBaseWithout),
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        what:
          'VS Code 1.100.3 (code-server) Running Extensions activation time (code loading + activate() call) of Timeslice in ms, a new window each, alternating: ' +
          'with the loader and its V8 code cache (cache written by a first window, not kept) and without (package.json main: dist/main.js); Git Base in the same windows as a yardstick of the noise',
        node: process.version,
        cpus: os.cpus().length,
        pooled: { windowsEachWay: pooled.withCache.length, medians: medians(pooled) },
        runs,
      },
      null,
      2,
    )}\n`,
  );
}
