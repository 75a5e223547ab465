/**
 * Deployment markers in the panels: every kind of time chart gets its application's
 * deployments from one place (panelDeployments.ts) at the simulator's times; the webview's reader
 * keeps foreign text as text and drops malformed markers; the exports write the Deployments table.
 */
import * as assert from 'node:assert/strict';

import { DeploymentCache } from '../../src/api/deploymentCache';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MemoryLogger } from '../../src/log';
import { deploymentsToCsv, deploymentsToJson } from '../../src/panels/exportFormats';
import { loadPanelData } from '../../src/panels/panelData';
import { rangeAround } from '../../src/panels/aroundDeployment';
import { resolvePanelRange } from '../../src/panels/panelRange';
import type { PanelEntity, PanelState } from '../../src/panels/protocol';
import { isRangeSelection } from '../../src/panels/protocol';
import {
  BAD_DEPLOYMENT_FACTOR,
  deploymentsBetween,
  FAILING_DEPLOYMENT_ERROR_FACTOR,
} from '../../src/simulator/deployments';
import { Simulator } from '../../src/simulator/server';
import { readMarkers } from '../../webview/shared/markerData';

type EntityWithoutTitle = PanelEntity extends infer E ? (E extends unknown ? Omit<E, 'title'> : never) : never;

const NOW = new Date('2026-11-20T12:00:30Z');
const HOSTILE = {
  user: 'eve\u202egnp.exe',
  description: '[Open terminal](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>',
  changelog: '=HYPERLINK("http://x")\n<script>alert(1)</script>',
};

describe('Deployment markers in the panels', function () {
  this.timeout(30_000);
  let sim: Simulator;
  let api: HttpTimesliceApi;
  let names: MetricNamesCache;
  let cache: DeploymentCache;

  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log: new MemoryLogger(),
    });
    names = new MetricNamesCache(api);
    cache = new DeploymentCache({
      fetch: (id, range, signal) => api.listDeployments(id, range, { signal }),
      now: () => NOW.getTime(),
      maxAgeMs: () => 60_000,
    });
  });
  after(async () => {
    await api.dispose();
    await sim.stop();
  });

  const state = (entity: EntityWithoutTitle): PanelState => ({
    entity: { title: 't', ...entity },
    range: { preset: '7d', compare: 'none' },
    view: 'chart',
  });
  const load = (entity: EntityWithoutTitle) =>
    loadPanelData({ api, metricNames: names, now: NOW, deployments: cache }, state(entity));

  it("every kind of time chart gets its application's deployments at the simulator's times, with one request per application", async () => {
    const app = sim.datasets.us.apps[0];
    const kt = sim.datasets.us.keyTransactions.find((k) => k.appId === app.id)!;
    sim.clearRequests();
    const entities: EntityWithoutTitle[] = [
      { kind: 'application', applicationId: app.id },
      { kind: 'host', applicationId: app.id, hostId: app.hostIds[0] },
      { kind: 'instance', applicationId: app.id, instanceId: app.instanceIds[0] },
      { kind: 'keyTransaction', applicationId: app.id, keyTransactionId: kt.id },
      { kind: 'breakdown', applicationId: app.id },
      { kind: 'explorer', applicationId: app.id },
    ];
    const model = deploymentsBetween(sim.datasets.us, app, NOW.getTime() - 7 * 86_400_000, NOW.getTime());
    for (const entity of entities) {
      const data = await load(entity);
      assert.deepEqual(
        data.deployments?.map((d) => [d.time, d.revision, d.short]),
        model.map((d) => [d.at, d.revision, d.revision.slice(0, 7)]),
        entity.kind,
      );
    }
    assert.equal(sim.requests.filter((r) => r.endpoint === 'deployments.list').length, 1);
  });

  it("the header states the before/after change, equal to the simulator's shift at a bad deployment", async () => {
    const app = sim.datasets.us.apps[0];
    const month = deploymentsBetween(
      sim.datasets.us,
      app,
      NOW.getTime() - 6 * 86_400_000,
      NOW.getTime() - 4 * 3_600_000,
    );
    const bad = month.find((d) => d.bad)!;
    const good = month.find((d, i) => !d.bad && !d.failing && month[i + 1] && !month[i + 1].bad)!;
    const around = (at: number) =>
      loadPanelData(
        { api, metricNames: names, now: NOW, deployments: cache },
        {
          entity: { kind: 'application', applicationId: app.id, title: 't' },
          range: rangeAround(at, NOW.getTime()),
          view: 'chart',
        },
      );
    const worse = await around(bad.at);
    const percent = Number(/^Response time \+(\d+) %[^·]* since ([0-9a-f]{7}) \(/.exec(worse.summaryNote ?? '')?.[1]);
    assert.ok(Math.abs(percent - (BAD_DEPLOYMENT_FACTOR - 1) * 100) <= 10, worse.summaryNote);
    assert.ok(worse.summaryNote?.includes(bad.revision.slice(0, 7)));
    const same = await around(good.at);
    const change = /^Response time [+−±](\d+) %/.exec(same.summaryNote ?? '');
    assert.ok(change && Number(change[1]) <= 10, same.summaryNote);
  });

  it('around a failing deployment (errors tripled, time unchanged) the header names the error rate first', async () => {
    const found = sim.datasets.us.apps
      .filter((a) => a.reporting)
      .map((a) => {
        const week = deploymentsBetween(
          sim.datasets.us,
          a,
          NOW.getTime() - 6 * 86_400_000,
          NOW.getTime() - 4 * 3_600_000,
        );
        return { app: a, failing: week.find((d, i) => d.failing && week[i + 1] && !week[i + 1].failing) };
      })
      .find((x) => x.failing !== undefined);
    assert.ok(found?.failing, 'a week holds a failing deployment');
    const { app, failing } = found as { app: (typeof found)['app']; failing: NonNullable<(typeof found)['failing']> };
    const data = await loadPanelData(
      { api, metricNames: names, now: NOW, deployments: cache },
      {
        entity: { kind: 'application', applicationId: app.id, title: 't' },
        range: rangeAround(failing.at, NOW.getTime()),
        view: 'chart',
      },
    );
    const rates = /^Error rate ([\d.]+) % → ([\d.]+) %[^·]* since ([0-9a-f]{7}) \(/.exec(data.summaryNote ?? '');
    assert.ok(rates, data.summaryNote);
    assert.equal(rates[3], failing.revision.slice(0, 7));
    const ratio = Number(rates[2]) / Number(rates[1]);
    assert.ok(Math.abs(ratio - FAILING_DEPLOYMENT_ERROR_FACTOR) < 0.5, data.summaryNote);
    assert.ok(!/Response time/.test(data.summaryNote!.split(' since ')[0]), data.summaryNote);
  });

  it('a failed deployments request leaves the charts up without markers', async () => {
    const app = sim.datasets.us.apps[1];
    sim.injectFault({ endpoint: 'deployments.list', kind: 'notFound' });
    try {
      const data = await load({ kind: 'application', applicationId: app.id });
      assert.ok(data.charts.length > 0);
      assert.equal(data.deployments, undefined);
    } finally {
      sim.clearFaults();
    }
  });

  it('a failed refresh keeps the last markers and says how old they are under the summary', async () => {
    const app = sim.datasets.us.apps[2];
    let now = NOW.getTime();
    const aging = new DeploymentCache({
      fetch: (id, range, signal) => api.listDeployments(id, range, { signal }),
      now: () => now,
      maxAgeMs: () => 60_000,
    });
    const entity = { kind: 'application', applicationId: app.id } as const;
    const first = await loadPanelData({ api, metricNames: names, now: NOW, deployments: aging }, state(entity));
    assert.ok((first.deployments?.length ?? 0) > 0);
    now += 4 * 60_000;
    sim.injectFault({ endpoint: 'deployments.list', kind: 'notFound' });
    try {
      const later = new Date(now);
      const data = await loadPanelData({ api, metricNames: names, now: later, deployments: aging }, state(entity));
      assert.deepEqual(data.deployments, first.deployments);
      assert.match(data.summaryNote ?? '', /Markers from 4 min ago; refresh failed: /);
    } finally {
      sim.clearFaults();
    }
  });

  it('the webview keeps foreign text as text without bidi controls and drops malformed markers', () => {
    const read = readMarkers([
      { time: 1000, revision: 'abc', short: 'abc', ...HOSTILE },
      { time: 'soon', revision: 'x' },
      { time: 2000 },
      null,
    ]);
    // As text, with the bidi override removed (it would draw "eve\u202egnp.exe" as "eveexe.png").
    assert.deepEqual(read, [{ time: 1000, revision: 'abc', short: 'abc', ...HOSTILE, user: 'evegnp.exe' }]);
    assert.equal(readMarkers('nope'), undefined);
  });

  it('the exports write the Deployments table, quoting text and defusing spreadsheet formulas', () => {
    const markers = [{ time: Date.parse('2026-11-20T10:00:00Z'), revision: 'a1b2c3d4', short: 'a1b2c3d', ...HOSTILE }];
    const csv = deploymentsToCsv(markers).split('\n');
    assert.equal(csv[0], 'deployment_time,revision,user,description,changelog');
    assert.ok(csv[1].startsWith('2026-11-20T10:00:00.000Z,a1b2c3d4,eve\u202egnp.exe,'));
    assert.ok(deploymentsToCsv(markers).includes(`"'=HYPERLINK(""http://x"")\n<script>alert(1)</script>"`));
    assert.deepEqual(deploymentsToJson(markers)[0], {
      time: '2026-11-20T10:00:00.000Z',
      revision: 'a1b2c3d4',
      ...HOSTILE,
    });
  });
});

describe('The range around a deployment', () => {
  it('is the window after it (3 h by default, cut at now) with the equal window before it overlaid', () => {
    const t = Date.parse('2026-11-20T08:00:00Z');
    const selection = rangeAround(t, Date.parse('2026-11-20T12:00:00Z'));
    assert.deepEqual(selection, {
      preset: 'custom',
      from: '2026-11-20T08:00:00.000Z',
      to: '2026-11-20T11:00:00.000Z',
      compare: 'none',
      around: t,
    });
    assert.ok(isRangeSelection(selection), 'the webview may send it');
    const range = resolvePanelRange(selection, new Date('2026-11-20T12:00:00Z'));
    assert.deepEqual(
      [range.compare?.from.toISOString(), range.compare?.to.toISOString(), range.compare?.shiftMs, range.around],
      ['2026-11-20T05:00:00.000Z', '2026-11-20T08:00:00.000Z', 3 * 3_600_000, t],
    );
    const cut = resolvePanelRange(rangeAround(t, Date.parse('2026-11-20T09:00:00Z')), new Date('2026-11-20T09:00:00Z'));
    assert.deepEqual(
      [cut.requested.to.toISOString(), cut.compare?.from.toISOString()],
      ['2026-11-20T09:00:00.000Z', '2026-11-20T07:00:00.000Z'],
      'an after-window cut at now is met by a before-window as short',
    );
    assert.equal(isRangeSelection({ ...selection, compare: 'day' }), false, 'one overlay at a time');
    assert.equal(isRangeSelection({ preset: '30m', compare: 'none', around: t }), false);
  });
});
