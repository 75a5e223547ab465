/**
 * What deployments and open alerts cost, against the simulator on both backends: one
 * refresh of 10 bound applications (their records and their open alerts, one request each), what the
 * markers add to a dashboard's refresh, the key budget at defaults (the tree, 10 bound applications and
 * an open dashboard, with deployments and alerts on) as a share of the key's 1,000 requests a minute,
 * and the requests made while the window is unfocused (the session's scheduler, focus off, 10 minutes).
 */
import { DeploymentCache } from '../../src/api/deploymentCache';
import type { Clock } from '../../src/api/clock';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { OpenAlertsCache } from '../../src/api/openAlertsCache';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { TimesliceApi } from '../../src/api/timesliceApi';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelState } from '../../src/panels/protocol';
import { RefreshScheduler } from '../../src/session/scheduler';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';
import { BoundAppsPoller } from '../../src/status/boundAppsPoller';
import { BOUND_DEPLOYMENT_REFRESH_MS, BoundDeploymentTracker } from '../../src/status/boundDeployment';
import type { Figure } from '../lib/figure';
import { countFigure } from '../lib/figure';

const NOW = new Date('2026-11-20T12:00:30Z');
const DEFAULT_REFRESH_MS = 60_000; // package.json: timeslice.refreshIntervalSeconds
const KEY_LIMIT_PER_MINUTE = 1000;

/** A clock that moves only when told to, running the timers that come due. */
class StepClock implements Clock {
  private timers: Array<{ at: number; fn: () => void }> = [];
  constructor(private t: number) {}
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { at: this.t + ms, fn };
    this.timers.push(timer);
    return timer;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((x) => x !== handle);
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const next = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) {
        break;
      }
      this.timers = this.timers.filter((x) => x !== next);
      this.t = next.at;
      next.fn();
      await new Promise((r) => setImmediate(r));
    }
    this.t = end;
  }
}

export async function changeFigures(): Promise<Figure[]> {
  const sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW, rateLimitPerMinute: 100_000 });
  const common = {
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  };
  const rest = new HttpTimesliceApi(common);
  const ng = new NerdGraphTimesliceApi({ ...common, accountId: SIMULATED_ACCOUNTS.us.id, now: () => NOW });
  const figures: Figure[] = [];
  const count = async (fn: () => Promise<unknown>) => {
    sim.clearRequests();
    await fn();
    return sim.requests.length;
  };
  try {
    await ng.listApplications(); // The GUIDs, as the session has them after the tree's first listing.
    const ids = sim.datasets.us.apps.map((a) => a.id);
    const bound = ids.slice(0, 10);
    const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
    for (const [label, api] of [
      ['REST v2', rest],
      ['NerdGraph', ng],
    ] as const) {
      let now = NOW.getTime();
      const session = {
        api: api as TimesliceApi,
        deployments: new DeploymentCache({
          fetch: (id, range, signal) => api.listDeployments(id, range, { signal }),
          now: () => now,
          maxAgeMs: () => DEFAULT_REFRESH_MS,
        }),
        openAlerts: new OpenAlertsCache({
          fetch: (appIds, signal) => api.listOpenAlerts(appIds, { signal }),
          now: () => now,
          maxAgeMs: () => DEFAULT_REFRESH_MS,
        }),
      };
      const poller = new BoundAppsPoller({
        bindings: () => bound.map((id) => ({ id, region: 'us' as const })),
        target: () => ({ api, region: 'us', openAlerts: session.openAlerts }),
        now: () => now,
      });
      const tracker = new BoundDeploymentTracker(() => now);
      const dashboard: PanelState = {
        entity: { kind: 'application', applicationId: red.id, title: 'dashboard' },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      };
      const names = new MetricNamesCache(api);
      const loadDashboard = () =>
        loadPanelData(
          {
            api,
            metricNames: names,
            now: new Date(now),
            deployments: session.deployments,
            openAlerts: session.openAlerts,
          },
          dashboard,
        );
      const bare = () => loadPanelData({ api, metricNames: names, now: new Date(now) }, dashboard);
      // The first refresh: the status bar's last deployment and change are asked once.
      await poller.refreshNow();
      await tracker.update({ id: bound[0], region: 'us' }, session);
      await loadDashboard();
      // One refresh interval later, what every refresh costs.
      now += DEFAULT_REFRESH_MS;
      const perRefresh = await count(() => poller.refreshNow());
      figures.push(
        countFigure(
          `changes: requests per refresh, 10 bound apps, alerts on (${label})`,
          'requests',
          perRefresh,
          { kind: 'exactly', value: 2 },
          'their records and their open alerts, one request each',
        ),
      );
      const statusBar = await count(() => tracker.update({ id: bound[0], region: 'us' }, session));
      const panel = await count(loadDashboard);
      const panelBare = await count(bare);
      figures.push(
        countFigure(
          `changes: a dashboard refresh, markers and alerts on (${label})`,
          'requests',
          panel - panelBare,
          { kind: 'exactly', value: 1 },
          `${panel} requests beside ${panelBare} without them: the deployments list; the alerts came with the bound-apps refresh`,
        ),
      );
      // The status bar asks its deployments list again every 5 minutes (and the change once).
      const treeAlerts = await count(() => api.listOpenAlerts(ids));
      const tree = await count(() => api.listApplications());
      const perMinute =
        tree + treeAlerts + perRefresh + panel + statusBar + DEFAULT_REFRESH_MS / BOUND_DEPLOYMENT_REFRESH_MS;
      figures.push(
        countFigure(
          `changes: key budget per minute, tree + 10 bound apps + an open dashboard, defaults (${label})`,
          '%',
          (perMinute / KEY_LIMIT_PER_MINUTE) * 100,
          { kind: 'atMost', max: 1 },
          `${tree} tree + ${treeAlerts} tree alerts + ${perRefresh} bound apps + ${panel} dashboard + ${statusBar} + ${DEFAULT_REFRESH_MS / BOUND_DEPLOYMENT_REFRESH_MS} status-bar deployment request(s) a minute, of ${KEY_LIMIT_PER_MINUTE.toLocaleString('en')}`,
        ),
      );

      // Unfocused: the session's scheduler with the bound-apps refresh (and the status bar's update after
      // it) and the dashboard's refresh as jobs, focus off, ten minutes on.
      const clock = new StepClock(now);
      const scheduler = new RefreshScheduler({ clock, intervalMs: () => DEFAULT_REFRESH_MS, focused: false });
      scheduler.add({
        name: 'bound applications refresh',
        active: () => true,
        run: async () => {
          await poller.refreshNow();
          await tracker.update({ id: bound[0], region: 'us' }, session);
        },
      });
      scheduler.add({ name: 'dashboard', active: () => true, run: () => loadDashboard().then(() => undefined) });
      const unfocused = await count(() => clock.advance(10 * DEFAULT_REFRESH_MS));
      scheduler.dispose();
      poller.dispose();
      figures.push(
        countFigure(`changes: requests while unfocused, 10 minutes (${label})`, 'requests', unfocused, {
          kind: 'exactly',
          value: 0,
        }),
      );
    }
  } finally {
    await Promise.all([rest.dispose(), ng.dispose()]);
    await sim.stop();
  }
  return figures;
}
