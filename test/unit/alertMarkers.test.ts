/**
 * Open-alert markers on the charts: every panel of an application gets when its open alerts
 * started, from the session's cache (the bound-apps refresh fills it, so a bound application's panel asks
 * nothing more), on both backends; the webview's reader keeps titles as text without bidi controls and
 * drops malformed markers; the hover box says priority, title, time and condition as text.
 */
import assert from 'node:assert/strict';

import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import type { OpenAlert } from '../../src/api/openAlerts';
import { OpenAlertsCache } from '../../src/api/openAlertsCache';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { TimesliceApi } from '../../src/api/timesliceApi';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelEntity } from '../../src/panels/protocol';
import { violations } from '../../src/simulator/alerts';
import { Simulator } from '../../src/simulator/server';
import { BoundAppsPoller } from '../../src/status/boundAppsPoller';
import { alertMarkerLines, readAlertMarkers } from '../../webview/shared/markerData';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-ALERTMARKERS0000000000001';
const T = NOW.getTime();

describe('Open-alert markers: the cache and the reader', () => {
  it('asks for an application only when nothing young enough was recorded', async () => {
    const asked: number[][] = [];
    let now = T;
    const alert: OpenAlert = { id: 'a', applicationId: 2, title: 't', priority: 'critical', openedAt: T - 1000 };
    const cache = new OpenAlertsCache({
      fetch: (ids) => {
        asked.push([...ids]);
        return Promise.resolve([alert]);
      },
      now: () => now,
      maxAgeMs: () => 60_000,
    });
    cache.record([1, 2], [alert]);
    assert.deepEqual(await cache.get(1), []);
    assert.deepEqual(await cache.get(2), [alert]);
    assert.deepEqual(asked, []);
    now += 60_000;
    assert.deepEqual(await cache.get(2), [alert]);
    assert.deepEqual(asked, [[2]]);
  });

  it('keeps the last alerts heard, with their age, when a refresh fails; two panels share one request', async () => {
    let now = T;
    let fail = false;
    const asked: AbortSignal[] = [];
    let answer = () => undefined as unknown;
    const alert: OpenAlert = { id: 'a', applicationId: 3, title: 't', priority: 'high', openedAt: T - 1000 };
    const cache = new OpenAlertsCache({
      fetch: (_ids, signal) => {
        asked.push(signal!);
        return fail
          ? Promise.reject(new Error('503 from the service'))
          : new Promise<OpenAlert[]>((resolve) => (answer = () => resolve([alert])));
      },
      now: () => now,
      maxAgeMs: () => 60_000,
    });
    const closing = new AbortController();
    const waits = Promise.allSettled([cache.get(3, closing.signal), cache.get(3, new AbortController().signal)]);
    closing.abort();
    answer();
    const [closed, open] = await waits;
    assert.equal(closed.status, 'rejected');
    assert.deepEqual(open.status === 'fulfilled' && open.value, [alert]);
    assert.equal(asked.length, 1);
    assert.equal(asked[0].aborted, false);
    now += 5 * 60_000;
    fail = true;
    const older = await cache.answer(3);
    assert.deepEqual(older.value, [alert]);
    assert.equal(older.fetchedAt, T);
    assert.match(older.refreshError?.message ?? '', /503/);
    await assert.rejects(cache.answer(4), /503/, 'nothing heard before: the failure is the answer');
  });

  it('keeps titles and conditions as text without bidi controls, and drops malformed markers', () => {
    const read = readAlertMarkers([
      { time: 1000, title: '[x](command:workbench.action.terminal.new) <img src=x>', priority: 'critical' },
      { time: 2000, title: 'cpu \u202egnp.exe\nhigh', priority: '<b>', condition: 'c\u2066d' },
      { time: 'yesterday', title: 'no time' },
      { time: 3000 },
      null,
    ]);
    assert.deepEqual(read, [
      { time: 1000, title: '[x](command:workbench.action.terminal.new) <img src=x>', priority: 'critical' },
      { time: 2000, title: 'cpu gnp.exe high', priority: 'warning', condition: 'cd' },
    ]);
    assert.equal(readAlertMarkers('x'), undefined);
  });

  it('the hover box says priority, title, time and condition', () => {
    const lines = alertMarkerLines(
      { time: T, title: 'Apdex < 0.7', priority: 'critical', condition: 'Apdex too low' },
      'utc',
    );
    assert.equal(lines[0], 'Critical alert: Apdex < 0.7');
    assert.match(lines[1] ?? '', /^Opened 2026-11-20/);
    assert.equal(lines[2], 'Condition: Apdex too low');
  });
});

describe('Open-alert markers: every chart of the application, both backends', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let rest: HttpTimesliceApi;
  let ng: NerdGraphTimesliceApi;
  const both = simulatorWithBothBackends(KEY, NOW, { simulator: { seed: 42, apps: 12 }, listApplications: true });
  before(() => ({ sim, rest, ng } = both));

  for (const [label, apiOf] of [
    ['REST v2', () => rest],
    ['NerdGraph', () => ng],
  ] as const) {
    it(`${label}: the panels get the simulator's opening times; after a bound-apps refresh they ask nothing for them`, async () => {
      const api: TimesliceApi = apiOf();
      const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
      const model = violations(sim.datasets.us, T)
        .filter((v) => v.app.id === red.id && v.closedAt === undefined)
        .map((v) => v.openedAt)
        .sort((a, b) => b - a);
      const cache = new OpenAlertsCache({
        fetch: (ids, signal) => api.listOpenAlerts(ids, { signal }),
        now: () => T,
        maxAgeMs: () => 60_000,
      });
      const poller = new BoundAppsPoller({
        bindings: () => [{ id: red.id, region: 'us' }],
        target: () => ({ api, region: 'us', openAlerts: cache }),
        now: () => T,
      });
      await poller.refreshNow();
      poller.dispose();
      sim.clearRequests();
      const entities: PanelEntity[] = [
        { kind: 'application', applicationId: red.id, title: 't' },
        { kind: 'breakdown', applicationId: red.id, title: 't' },
      ];
      for (const entity of entities) {
        const data = await loadPanelData(
          { api, metricNames: new MetricNamesCache(api), now: NOW, openAlerts: cache },
          { entity, range: { preset: '3d', compare: 'none' }, view: 'chart' },
        );
        assert.deepEqual(
          data.alerts?.map((a) => a.time),
          model,
          entity.kind,
        );
        assert.ok(data.alerts?.every((a) => a.priority === 'critical' && a.title.length > 0));
      }
      const alertRequests = sim.requests.filter(
        (r) => r.endpoint === 'alertsViolations.list' || r.endpoint === 'graphql.aiIssues',
      );
      assert.equal(alertRequests.length, 0, 'the refresh recorded them');
    });
  }
});
