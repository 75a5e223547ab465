/**
 * Request counts against the simulator, which records every request: what opening each panel kind
 * costs (`loadPanelData`, the panels' data path), one bound-apps refresh for N bound applications
 * (`BoundAppsPoller`), and the share of the key's 1,000 requests a minute that the tree and 10 bound
 * applications use at the default refresh interval.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { transactionNamesOf } from '../../src/api/transactionCompanions';
import type { TimesliceApi } from '../../src/api/timesliceApi';
import { CodeMap } from '../../src/code/codeMatch';
import { namesServedBy } from '../../src/code/lensModel';
import { parseSource } from '../../src/code/parseSource';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelEntity, PanelState } from '../../src/panels/protocol';
import { Simulator } from '../../src/simulator/server';
import { BoundAppsPoller } from '../../src/status/boundAppsPoller';
import type { Figure } from '../lib/figure';
import { countFigure } from '../lib/figure';

const NOW = new Date('2026-11-20T12:00:30Z');
const DEFAULT_REFRESH_SECONDS = 60; // package.json: timeslice.refreshIntervalSeconds
const KEY_LIMIT_PER_MINUTE = 1000;

/** Metric-data requests each panel kind needs to open (the dashboard: one, the limit; the breakdown and
 * the explorer: the series and its summarized twin for the table). */
const PANEL_REQUESTS: Record<PanelEntity['kind'], number> = {
  application: 1,
  host: 1,
  instance: 1,
  keyTransaction: 1,
  breakdown: 2,
  explorer: 2,
  error: 0,
  transaction: 1,
  transactions: 1,
};

export async function requestFigures(): Promise<Figure[]> {
  const sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW, rateLimitPerMinute: 100_000 });
  const api = new HttpTimesliceApi({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  });
  const figures: Figure[] = [];
  const count = async (fn: () => Promise<unknown>, endpoint?: string) => {
    sim.clearRequests();
    await fn();
    return sim.requests.filter((r) => endpoint === undefined || r.endpoint === endpoint).length;
  };
  try {
    const app =
      sim.datasets.us.apps.find((a) => a.hostIds.length > 0 && a.instanceIds.length > 0) ?? sim.datasets.us.apps[0];
    const kt = (await api.listKeyTransactions())[0];
    const entities: PanelEntity[] = [
      { kind: 'application', applicationId: app.id, title: 'dashboard' },
      { kind: 'host', applicationId: app.id, hostId: app.hostIds[0], title: 'host' },
      { kind: 'instance', applicationId: app.id, instanceId: app.instanceIds[0], title: 'instance' },
      {
        kind: 'keyTransaction',
        applicationId: kt.applicationId ?? app.id,
        keyTransactionId: kt.id,
        title: 'key transaction',
      },
      { kind: 'breakdown', applicationId: app.id, title: 'breakdown' },
      { kind: 'explorer', applicationId: app.id, title: 'explorer (one value list)' },
    ];
    for (const entity of entities) {
      const state: PanelState = {
        entity,
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
        ...(entity.kind === 'explorer' ? { explorer: { metrics: ['HttpDispatcher'], values: ['call_count'] } } : {}),
      };
      // A fresh names cache: the explorer's first open lists names (not a metric-data request).
      const n = await count(
        () => loadPanelData({ api, metricNames: new MetricNamesCache(api), now: NOW }, state),
        'metricData',
      );
      figures.push(
        countFigure(`metric-data requests to open: ${entity.title}`, 'requests', n, {
          kind: 'exactly',
          value: PANEL_REQUESTS[entity.kind],
        }),
      );
    }

    const ids = sim.datasets.us.apps.map((a) => a.id);
    for (const bound of [1, 10]) {
      const poller = new BoundAppsPoller({
        bindings: () => ids.slice(0, bound).map((id) => ({ id, region: 'us' as const })),
        target: () => ({ api, region: 'us' }),
      });
      const n = await count(() => poller.refreshNow());
      poller.dispose();
      // The records and, beside them, the open alerts of all of them: one request each.
      figures.push(
        countFigure(`requests per refresh, ${bound} bound app${bound === 1 ? '' : 's'}`, 'requests', n, {
          kind: 'exactly',
          value: 2,
        }),
      );
    }

    // One tree refresh lists the applications (the root; expanded groups keep their cache).
    const tree = await count(() => api.listApplications());
    // The same refresh again, nothing changed: a conditional request, a 304, no body parsed.
    const parse = JSON.parse;
    let parses = 0;
    JSON.parse = ((...args: Parameters<typeof JSON.parse>) => {
      parses++;
      return parse(...args) as unknown;
    }) as typeof JSON.parse;
    try {
      sim.clearRequests();
      await api.listApplications();
    } finally {
      JSON.parse = parse;
    }
    figures.push(
      countFigure(
        'unchanged tree refresh: 304 answers',
        'requests',
        sim.requests.filter((r) => r.status === 304).length,
        { kind: 'exactly', value: tree },
        'If-None-Match with the ETag of the last 200',
      ),
    );
    figures.push(...(await lensFigures(sim, api, count)));
    figures.push(countFigure('unchanged tree refresh: bodies parsed', 'events', parses, { kind: 'exactly', value: 0 }));
    const poller = new BoundAppsPoller({
      bindings: () => ids.slice(0, 10).map((id) => ({ id, region: 'us' as const })),
      target: () => ({ api, region: 'us' }),
    });
    const bound = await count(() => poller.refreshNow());
    poller.dispose();
    const perMinute = (tree + bound) * (60 / DEFAULT_REFRESH_SECONDS);
    figures.push(
      countFigure(
        'key budget per minute: tree open + 10 bound apps, defaults',
        '%',
        (perMinute / KEY_LIMIT_PER_MINUTE) * 100,
        { kind: 'atMost', max: 1 },
        `${tree} tree + ${bound} bound-apps request(s) every ${DEFAULT_REFRESH_SECONDS} s, of ${KEY_LIMIT_PER_MINUTE.toLocaleString('en')}/min (12 apps: one page)`,
      ),
    );
  } finally {
    await api.dispose();
    await sim.stop();
  }
  return figures;
}

/**
 * One lens refresh with three controllers of storefront-web open (its sample, samples/demo-workspace):
 * the transactions those files serve, from the cached names, then their numbers (what
 * TransactionLensProvider asks per refresh per bound application), on each backend.
 */
async function lensFigures(
  sim: Simulator,
  rest: TimesliceApi,
  count: (fn: () => Promise<unknown>) => Promise<number>,
): Promise<Figure[]> {
  const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
  const dir = path.join(__dirname, '..', '..', 'samples', 'demo-workspace', 'storefront-web', 'app', 'controllers');
  const files = ['orders_controller.rb', 'carts_controller.rb', 'users_controller.rb'].map((f) => ({
    path: `app/controllers/${f}`,
    language: 'ruby' as const,
    parsed: parseSource('ruby', fs.readFileSync(path.join(dir, f), 'utf8')),
  }));
  const map = new CodeMap(files);
  const ng = new NerdGraphTimesliceApi({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
    accountId: SIMULATED_ACCOUNTS.us.id,
    now: () => NOW,
  });
  const figures: Figure[] = [];
  try {
    for (const [label, api] of [
      ['REST v2', rest],
      ['NerdGraph', ng],
    ] as const) {
      const metricNames = new MetricNamesCache(api);
      const scope = { kind: 'application', applicationId: app.id } as const;
      const listed = transactionNamesOf(
        'ruby',
        (await metricNames.get(scope)).map((m) => m.name),
      );
      const names = namesServedBy(map, files, 'ruby', listed);
      const n = await count(() =>
        api.getTransactionStats(
          { applicationId: app.id, from: NOW.getTime() - 30 * 60_000, to: NOW.getTime(), names, language: 'ruby' },
          { metricNames },
        ),
      );
      figures.push(
        countFigure(
          `lens refresh, 3 open files of one app (${label})`,
          'requests',
          n,
          { kind: 'exactly', value: 1 },
          `${names.length} transactions, names cached`,
        ),
      );
    }
  } finally {
    await ng.dispose();
  }
  return figures;
}
