/**
 * Production errors as diagnostics:
 * - the time to compute them for a 20,000-file workspace once its index is built: the frames' suffix
 *   lookup over the index's listing (SourceIndex.fileMap), then 10 applications × 5 stacks of 30 frames
 *   mapped and made into diagnostics. Beside it, building the same lookup alone. Budget 200 ms.
 * - requests against the simulator (the demo's data) for 10 bound applications at the defaults (REST v2
 *   views, error details through NerdGraph): a first refresh, and one ERROR_DIAGNOSTICS_INTERVAL_MS later
 *   (classes again, known stacks kept, the next classes' stacks looked up); then the key budget per minute with the tree, the bound applications'
 *   poll and an open dashboard beside them. Budget 1 % of the key's 1,000 requests a minute.
 */
import { createNrqlClient } from '../../src/api/backend';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { transactionWindow } from '../../src/api/transactionStats';
import type { SourceFiles } from '../../src/code/sourceIndex';
import { SourceIndex } from '../../src/code/sourceIndex';
import { applicationErrors, ERROR_DIAGNOSTICS_INTERVAL_MS } from '../../src/errors/applicationErrors';
import { ErrorDetails } from '../../src/errors/errorDetails';
import { diagnosticEntry } from '../../src/errors/errorDiagnosticModel';
import type { ErrorClassRow } from '../../src/errors/errorModel';
import { STACKS_PER_APPLICATION } from '../../src/errors/errorModel';
import { WorkspaceFileMap } from '../../src/errors/frameMapping';
import { parseStack } from '../../src/errors/stackParser';
import { errorDetailsClient, MAX_QUERIES_PER_REQUEST } from '../../src/errors/sessionErrorClient';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import { DEMO_DATA_SET } from '../../src/simulator/dataset';
import { Simulator } from '../../src/simulator/server';
import { BoundAppsPoller } from '../../src/status/boundAppsPoller';
import type { Figure } from '../lib/figure';
import { errorCachesFigure } from './errorCaches';
import { countFigure, interleaved, median } from '../lib/figure';

export const ERROR_DIAGNOSTICS_TIME = 'error diagnostics for a 20,000-file workspace, index built';
export const ERROR_REQUESTS_FIRST = 'error-diagnostics requests, first refresh, 10 bound apps';
export const ERROR_REQUESTS_NEXT = 'error-diagnostics requests per refresh after, 10 bound apps';
export const ERROR_KEY_BUDGET = 'key budget per minute: tree + 10 bound apps + panel + error diagnostics';

const FILES = 20_000;
const APPS = 10;
const KEY_LIMIT_PER_MINUTE = 1000; // as requests.ts
const DEFAULT_REFRESH_SECONDS = 60; // package.json: timeslice.refreshIntervalSeconds
const STACK_RENEWAL_MINUTES = 60; // errorDetails.ts: OCCURRENCES_MAX_AGE_MS

/** The same shape as the code index's workspace (codeIndex.ts): a Rails monorepo of 20,000 files. */
function workspacePaths(): string[] {
  const kinds = ['app/controllers', 'app/models', 'app/helpers', 'lib/tasks', 'spec/models'];
  return Array.from(
    { length: FILES },
    (_, i) =>
      `engine_${i % 40}/${kinds[i % kinds.length]}/area_${i % 25}/thing_${i}${i % 5 === 0 ? '_controller' : ''}.rb`,
  );
}

/** An index whose listing is done (what "index built" means for the frames' lookup). */
async function builtIndex(paths: readonly string[]): Promise<SourceIndex> {
  const files: SourceFiles = {
    list: () => Promise.resolve([...paths]),
    read: () => Promise.resolve('class Thing\nend\n'),
  };
  const index = new SourceIndex(files);
  await index.codeMap(['ruby'], new AbortController().signal);
  return index;
}

/** 50 Ruby stacks of 30 frames: gems around five frames of the workspace's files. */
function stacks(paths: readonly string[]) {
  return Array.from({ length: APPS * 5 }, (_, s) => {
    const lines: string[] = [];
    for (let f = 0; f < 30; f++) {
      lines.push(
        f % 6 === 1
          ? `/srv/app/${paths[(s * 397 + f * 61) % paths.length]}:${10 + f}:in 'action_${f}'`
          : `/usr/local/bundle/gems/actionpack-7.1.3/lib/action_controller/metal/m${f}.rb:${f + 1}:in 'call'`,
      );
    }
    return parseStack('ruby', lines.join('\n'));
  });
}

async function timeFigure(runs: number): Promise<Figure> {
  const paths = workspacePaths();
  const all = stacks(paths);
  const row: ErrorClassRow = {
    transactionName: 'WebTransaction/Controller/orders/show',
    errorClass: 'Timeout::Error',
    message: 'upstream timed out',
    count: 120,
    lastSeen: new Date(0),
  };
  let made = 0;
  let index = await builtIndex(paths);
  const samples = await interleaved(
    runs,
    async () => {
      const t0 = performance.now();
      const map = await index.fileMap(['ruby'], new AbortController().signal);
      made = all.filter(
        (frames) =>
          diagnosticEntry({
            applicationId: 1,
            row,
            frames,
            paths: map.mapFrames(frames),
            rangeLabel: '30 min',
            callCount: 12_000,
          }) !== undefined,
      ).length;
      const ms = performance.now() - t0;
      index = await builtIndex(paths); // the next run starts without the lookup again
      return ms;
    },
    () => {
      const t0 = performance.now();
      new WorkspaceFileMap(paths);
      return Promise.resolve(performance.now() - t0);
    },
  );
  return {
    name: ERROR_DIAGNOSTICS_TIME,
    unit: 'ms',
    ours: median(samples.ours),
    anchor: median(samples.anchor),
    anchorName: 'building the same frames lookup alone',
    budget: { kind: 'atMost', max: 200 },
    samples,
    note: `${made} diagnostics from ${all.length} stacks of 30 frames, the lookup built from the index's listing`,
  };
}

async function requestFigures(): Promise<Figure[]> {
  let clock = Date.parse('2026-11-20T12:00:30Z');
  const sim = await Simulator.start({
    ...DEMO_DATA_SET,
    names: 'demo',
    now: () => new Date(clock),
    rateLimitPerMinute: 100_000,
  });
  const options = {
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  };
  const api = new HttpTimesliceApi(options);
  const nrql = createNrqlClient(options);
  try {
    const apps = sim.datasets.us.apps.filter((a) => a.reporting).slice(0, APPS);
    const metricNames = new MetricNamesCache(api);
    const client = errorDetailsClient(nrql);
    const details = new ErrorDetails({
      client: () => client,
      now: () => clock,
      maxAgeMs: () => DEFAULT_REFRESH_SECONDS * 1000,
    });
    const refresh = async () => {
      sim.clearRequests();
      const outcomes = await applicationErrors({
        details,
        rates: (query) => api.getTransactionStats(query, { metricNames }),
        applications: apps.map((a) => ({ applicationId: a.id, language: a.language })),
        window: transactionWindow(clock, 30),
      });
      const failed = outcomes.find((o) => o.kind === 'failed');
      if (failed) {
        throw failed.error; // a figure over failed refreshes would count too few requests
      }
      return sim.requests.length;
    };
    const first = await refresh();
    clock += ERROR_DIAGNOSTICS_INTERVAL_MS;
    const next = await refresh();

    // Beside them, at the defaults: the tree, the bound applications' poll and an open dashboard.
    sim.clearRequests();
    await api.listApplications();
    const poller = new BoundAppsPoller({
      bindings: () => apps.map((a) => ({ id: a.id, region: 'us' as const })),
      target: () => ({ api, region: 'us' }),
    });
    await poller.refreshNow();
    poller.dispose();
    const state = {
      entity: { kind: 'application' as const, applicationId: apps[0].id, title: 'dashboard' },
      range: { preset: '30m' as const, compare: 'none' as const },
      view: 'chart' as const,
    };
    await loadPanelData({ api, metricNames, now: new Date(clock) }, state);
    const others = sim.requests.length * (60 / DEFAULT_REFRESH_SECONDS);
    const perMinute = others + next / (ERROR_DIAGNOSTICS_INTERVAL_MS / 60_000) + (first - next) / STACK_RENEWAL_MINUTES;
    return [
      countFigure(
        ERROR_REQUESTS_FIRST,
        'requests',
        first,
        undefined,
        "the account; the classes of all in one request; each GUID (once a session); the latest occurrences of each; the stacks of the most frequent classes as aliases; each application's numbers",
      ),
      countFigure(
        ERROR_REQUESTS_NEXT,
        'requests',
        next,
        { kind: 'atMost', max: 1 + APPS + Math.ceil((APPS * STACKS_PER_APPLICATION) / MAX_QUERIES_PER_REQUEST) },
        `every ${ERROR_DIAGNOSTICS_INTERVAL_MS / 60_000} min: the classes of all in one request, the numbers of each, at most ${STACKS_PER_APPLICATION} stack lookups per application (classes without one first) as aliases of ${MAX_QUERIES_PER_REQUEST} a request; known stacks kept`,
      ),
      countFigure(
        ERROR_KEY_BUDGET,
        '%',
        (perMinute / KEY_LIMIT_PER_MINUTE) * 100,
        { kind: 'atMost', max: 1 },
        `${others} tree, poll and panel request(s) a minute + ${next} every ${ERROR_DIAGNOSTICS_INTERVAL_MS / 60_000} min + ${first - next} stack request(s) an hour, of ${KEY_LIMIT_PER_MINUTE.toLocaleString('en')}/min`,
      ),
    ];
  } finally {
    await nrql.dispose();
    await api.dispose();
    await sim.stop();
  }
}

export async function errorDiagnosticsFigures(runs: number): Promise<Figure[]> {
  return [await timeFigure(runs), ...(await requestFigures()), await errorCachesFigure()];
}
