import * as assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import type { Application, ApplicationFilter, HealthStatus } from '../../src/api/types';
import { BoundAppsPoller } from '../../src/status/boundAppsPoller';
import { ALERT_MIN_INTERVAL_MS, HealthAlertTracker } from '../../src/status/healthAlerts';
import type { StatusSettings } from '../../src/config';
import type { Binding } from '../../src/status/binding';
import { parseBinding } from '../../src/status/binding';
import { describeStatus, severityOf } from '../../src/status/statusModel';
import { Simulator } from '../../src/simulator/server';
import { HttpTimesliceApi } from '../../src/api/rest/client';

function app(id: number, health: HealthStatus, apdex: number | undefined, name = `app-${id}`): Application {
  return {
    id,
    name,
    language: 'go',
    healthStatus: health,
    reporting: apdex !== undefined,
    summary:
      apdex === undefined
        ? undefined
        : { responseTime: 123, throughput: 1500, errorRate: 0.0123, apdexTarget: 0.5, apdexScore: apdex },
    settings: {
      appApdexThreshold: 0.5,
      endUserApdexThreshold: 7,
      enableRealUserMonitoring: false,
      useServerSideConfig: false,
    },
    hostIds: [],
    instanceIds: [],
    serverIds: [],
  };
}

const HEALTH: StatusSettings = { colorMode: 'health', apdexWarning: 0.85, apdexError: 0.7, showWhenUnbound: true };
const THRESHOLDS: StatusSettings = { ...HEALTH, colorMode: 'thresholds' };
const T0 = Date.parse('2026-11-20T12:00:00Z');
const binding: Binding = { id: 7, region: 'us', name: 'bound-name' };

describe('status bar model', () => {
  it('colours by health: orange warns, red errs, green/gray/unknown stay plain', () => {
    assert.equal(severityOf(app(1, 'green', 0.5), HEALTH), undefined);
    assert.equal(severityOf(app(1, 'orange', 0.99), HEALTH), 'warning');
    assert.equal(severityOf(app(1, 'red', 0.99), HEALTH), 'error');
    assert.equal(severityOf(app(1, 'gray', undefined), HEALTH), undefined);
    assert.equal(severityOf(app(1, 'unknown', 0.1), HEALTH), undefined);
  });

  it('colours by thresholds: below warning warns, below error errs, the boundary itself does not', () => {
    assert.equal(severityOf(app(1, 'red', 0.85), THRESHOLDS), undefined);
    assert.equal(severityOf(app(1, 'red', 0.849), THRESHOLDS), 'warning');
    assert.equal(severityOf(app(1, 'green', 0.7), THRESHOLDS), 'warning');
    assert.equal(severityOf(app(1, 'green', 0.69), THRESHOLDS), 'error');
    assert.equal(severityOf(app(1, 'green', undefined), THRESHOLDS), undefined);
  });

  it("shows the Apdex with a tooltip of name, numbers, health and the data's age", () => {
    const view = describeStatus(
      { kind: 'bound', binding, snapshot: { app: app(7, 'orange', 0.9412, 'web_<b>'), fetchedAt: T0 } },
      HEALTH,
      T0 + 3 * 60_000 + 5_000,
    );
    assert.equal(view.text, '$(pulse) 0.94');
    assert.equal(view.background, 'warning');
    assert.equal(view.action, 'openDashboard');
    assert.match(view.tooltip, /^\*\*web\\_&lt;b&gt;\*\*/);
    assert.match(view.tooltip, /\| Response time \| 123 ms \|/);
    assert.match(view.tooltip, /\| Throughput \| 1\.5k rpm \|/);
    assert.match(view.tooltip, /\| Error rate \| 1\.23 % \|/);
    assert.match(view.tooltip, /\| Health \| Warning \|/);
    assert.match(view.tooltip, /Data from 3 min ago\./);
    assert.doesNotMatch(view.tooltip, /refresh failed/);
    assert.equal(view.accessibilityLabel, 'Apdex 0.94 for web_<b>, Warning');
  });

  it('keeps the last data after a failed refresh and marks the item with the error and both ages', () => {
    const view = describeStatus(
      {
        kind: 'bound',
        binding,
        snapshot: {
          app: app(7, 'green', 0.97),
          fetchedAt: T0,
          error: { message: 'Rate limited: retry in 30 s', at: T0 + 5 * 60_000 },
        },
      },
      HEALTH,
      T0 + 6 * 60_000,
    );
    assert.equal(view.text, '$(pulse) 0.97 $(warning)');
    assert.match(view.tooltip, /Data from 6 min ago\./);
    assert.match(view.tooltip, /The last refresh failed \(1 min ago\): Rate limited: retry in 30 s/);
  });

  it('a key of the other region: the tooltip names the region the key belongs to and the click switches the region', () => {
    const error = {
      message: 'answered "Account is not valid in this region" (403)',
      at: T0,
      kind: 'wrongRegion' as const,
    };
    const view = describeStatus({ kind: 'bound', binding, snapshot: { error } }, HEALTH, T0);
    assert.equal(view.action, 'switchRegion');
    assert.match(view.tooltip, /belongs to an account in the EU region, not US: switch the region to EU/);
    assert.match(view.tooltip, /Click to switch the region\./);
    assert.doesNotMatch(view.tooltip, /open its dashboard/);
    const otherError = describeStatus(
      { kind: 'bound', binding, snapshot: { error: { ...error, kind: 'forbidden' as const } } },
      HEALTH,
      T0,
    );
    assert.equal(otherError.action, 'openDashboard');
  });

  it('says when there is no data yet, when the app is unknown, not reporting, or bound in another region', () => {
    assert.equal(describeStatus({ kind: 'bound', binding }, HEALTH, T0).text, '$(sync~spin) Apdex');
    assert.equal(
      describeStatus({ kind: 'bound', binding, snapshot: { error: { message: 'offline', at: T0 } } }, HEALTH, T0).text,
      '$(pulse) — $(warning)',
    );
    const missing = describeStatus({ kind: 'bound', binding, snapshot: { missing: true, fetchedAt: T0 } }, HEALTH, T0);
    assert.equal(missing.text, '$(pulse) ?');
    assert.match(missing.tooltip, /no application with ID 7/);
    assert.equal(
      describeStatus(
        { kind: 'bound', binding, snapshot: { app: app(7, 'gray', undefined), fetchedAt: T0 } },
        HEALTH,
        T0,
      ).text,
      '$(pulse) —',
    );
    const other = describeStatus(
      { kind: 'otherRegion', binding: { ...binding, region: 'eu' }, connectionRegion: 'us' },
      HEALTH,
      T0,
    );
    assert.match(other.tooltip, /bound in the EU region, but the current connection is US/);
  });

  it('offers to bind when unbound, or hides as the setting says', () => {
    const view = describeStatus({ kind: 'unbound' }, HEALTH, T0);
    assert.deepEqual([view.visible, view.text, view.action], [true, '$(plug) Bind application', 'bind']);
    assert.equal(describeStatus({ kind: 'unbound' }, { ...HEALTH, showWhenUnbound: false }, T0).visible, false);
  });

  it('reads hand-edited bindings defensively', () => {
    assert.deepEqual(parseBinding({ id: 5, region: 'eu', name: 'x' }), { id: 5, region: 'eu', name: 'x' });
    assert.deepEqual(parseBinding({ id: '12' }), { id: 12, region: 'us' });
    assert.equal(parseBinding({ id: -1, region: 'us' }), undefined);
    assert.equal(parseBinding({ id: 1.5 }), undefined);
    assert.equal(parseBinding('7'), undefined);
    assert.equal(parseBinding(null), undefined);
  });

  it('words the data\'s age with the shared formatter ("1 day ago", never "1 days ago")', () => {
    const at = (ms: number) =>
      describeStatus(
        { kind: 'bound', binding, snapshot: { app: app(7, 'green', 0.9), fetchedAt: T0 } },
        HEALTH,
        T0 + ms,
      ).tooltip;
    assert.match(at(59_000), /Data from just now\./);
    assert.match(at(2 * 3600_000), /Data from 2 h ago\./);
    assert.match(at(24 * 3600_000), /Data from 1 day ago\./);
    assert.match(at(3 * 24 * 3600_000), /Data from 3 days ago\./);
  });
});

describe('health alerts', () => {
  it('alerts once when health turns orange or red from another status, never on the first status seen', () => {
    const t = new HealthAlertTracker();
    assert.equal(t.observe('us:1', 1, 'a', 'red', T0), undefined);
    assert.equal(t.observe('us:1', 1, 'a', 'red', T0 + 1), undefined);
    assert.equal(t.observe('us:2', 2, 'b', 'green', T0), undefined);
    assert.equal(t.observe('us:2', 2, 'b', 'green', T0 + 1), undefined);
    assert.deepEqual(t.observe('us:2', 2, 'b', 'orange', T0 + 2), {
      key: 'us:2',
      applicationId: 2,
      name: 'b',
      from: 'green',
      to: 'orange',
      at: T0 + 2,
    });
    assert.equal(t.observe('us:2', 2, 'b', 'orange', T0 + 3), undefined);
  });

  it('does not alert on recovery, and rate-limits each application separately', () => {
    const t = new HealthAlertTracker();
    t.observe('us:1', 1, 'a', 'green', T0);
    t.observe('us:2', 2, 'b', 'green', T0);
    assert.ok(t.observe('us:1', 1, 'a', 'red', T0 + 1000));
    assert.equal(t.observe('us:1', 1, 'a', 'green', T0 + 2000), undefined);
    assert.equal(
      t.observe('us:1', 1, 'a', 'orange', T0 + ALERT_MIN_INTERVAL_MS),
      undefined,
      'within 10 minutes of the last alert',
    );
    assert.ok(t.observe('us:2', 2, 'b', 'orange', T0 + 3000), 'another application has its own limit');
    t.observe('us:1', 1, 'a', 'green', T0 + ALERT_MIN_INTERVAL_MS + 500);
    assert.ok(t.observe('us:1', 1, 'a', 'red', T0 + ALERT_MIN_INTERVAL_MS + 1000), 'after 10 minutes');
  });

  it('starts over for a forgotten application', () => {
    const t = new HealthAlertTracker();
    t.observe('us:1', 1, 'a', 'green', T0);
    t.forget('us:1');
    assert.equal(t.observe('us:1', 1, 'a', 'red', T0 + 1), undefined);
  });
});

describe('bound applications poller', () => {
  function fakeApi(answer: (filter: ApplicationFilter) => Promise<Application[]>) {
    const calls: ApplicationFilter[] = [];
    return {
      calls,
      api: {
        listApplications: (filter: ApplicationFilter = {}) => {
          calls.push(filter);
          return answer(filter);
        },
      },
    };
  }

  it("asks for every bound application of the connection's region in one request", async () => {
    const { calls, api } = fakeApi((f) =>
      Promise.resolve(f.ids!.filter((id) => id !== 3).map((id) => app(id, 'green', 0.9))),
    );
    const bindings: Binding[] = [
      { id: 2, region: 'us' },
      { id: 1, region: 'us' },
      { id: 3, region: 'us' },
      { id: 2, region: 'us' },
      { id: 9, region: 'eu' },
    ];
    let now = T0;
    const poller = new BoundAppsPoller({
      bindings: () => bindings,
      target: () => ({ api, region: 'us' }),
      now: () => now,
    });
    await poller.refreshNow();
    assert.deepEqual(calls, [{ ids: [1, 2, 3] }]);
    assert.equal(poller.snapshot({ id: 1, region: 'us' })?.app?.id, 1);
    assert.deepEqual(poller.snapshot({ id: 3, region: 'us' }), { missing: true, fetchedAt: T0 });
    assert.equal(poller.snapshot({ id: 9, region: 'eu' }), undefined);
    now += 1000;
    await Promise.all([poller.refreshNow(), poller.refreshNow(), poller.refreshNow()]);
    assert.equal(calls.length, 3, 'one running and one queued refresh, however many asked');
  });

  it('keeps the last good data when a refresh fails, and clears the error on the next good one', async () => {
    let fail = false;
    const { api } = fakeApi(() => {
      if (fail) {
        return Promise.reject(new ApiError('rateLimited', 'Too many requests (429).'));
      }
      return Promise.resolve([app(1, 'green', 0.93)]);
    });
    let now = T0;
    const results: Array<string | undefined> = [];
    const poller = new BoundAppsPoller({
      bindings: () => [{ id: 1, region: 'us' }],
      target: () => ({ api, region: 'us' }),
      now: () => now,
    });
    poller.onDidRefresh((r) => results.push(r.error));
    await poller.refreshNow();
    fail = true;
    now = T0 + 60_000;
    await poller.refreshNow();
    const snap = poller.snapshot({ id: 1, region: 'us' })!;
    assert.equal(snap.app?.summary?.apdexScore, 0.93);
    assert.equal(snap.fetchedAt, T0);
    assert.deepEqual(snap.error, { message: 'Too many requests (429).', at: T0 + 60_000, kind: 'rateLimited' });
    fail = false;
    await poller.refreshNow();
    assert.equal(poller.snapshot({ id: 1, region: 'us' })!.error, undefined);
    assert.deepEqual(results, [undefined, 'Too many requests (429).', undefined]);
  });

  it('requests nothing without a connection or without bindings', async () => {
    const { calls, api } = fakeApi(() => Promise.resolve([]));
    await new BoundAppsPoller({ bindings: () => [{ id: 1, region: 'us' }], target: () => undefined }).refreshNow();
    await new BoundAppsPoller({ bindings: () => [], target: () => ({ api, region: 'us' }) }).refreshNow();
    await new BoundAppsPoller({
      bindings: () => [{ id: 1, region: 'eu' }],
      target: () => ({ api, region: 'us' }),
    }).refreshNow();
    assert.equal(calls.length, 0);
  });
});

describe('simulator health changes', () => {
  let sim: Simulator;
  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12 });
  });
  after(async () => {
    await sim.stop();
  });

  it('reports a changed health in application, host and instance records, and refuses a non-reporting app', async () => {
    const dataset = sim.datasets.us;
    const web = dataset.apps.find((a) => a.name === 'storefront-web')!;
    const api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: [sim.certPem],
      log: {
        trace() {},
        debug() {},
        info() {},
        warn() {},
        error() {},
        scoped() {
          return this;
        },
      },
    });
    try {
      sim.setApplicationHealth('us', web.id, 'red');
      const [record] = await api.listApplications({ ids: [web.id] });
      assert.equal(record.healthStatus, 'red');
      assert.equal((await api.getHost(web.id, web.hostIds[0])).healthStatus, 'red');
      const instanceId = web.instanceIds.find((i) => dataset.instances.get(i)!.hostId === web.hostIds[0])!;
      assert.equal((await api.getInstance(web.id, instanceId)).healthStatus, 'red');
      sim.setApplicationHealth('us', web.id, 'green');
      assert.equal((await api.getApplication(web.id)).healthStatus, 'green');
      const silent = dataset.apps.find((a) => !a.reporting)!;
      assert.throws(() => sim.setApplicationHealth('us', silent.id, 'red'), /not reporting/);
    } finally {
      await api.dispose();
    }
  });
});
