/**
 * The status bar's open alerts: their severity beside the Apdex (one request per
 * refresh for every bound application, on both backends), its tooltip as plain text whatever the
 * alerts' titles hold, and the Apdex tooltip's last deployment with the same change a panel's header
 * states, asked again only when due.
 */
import assert from 'node:assert/strict';

import { DeploymentCache } from '../../src/api/deploymentCache';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import type { OpenAlert } from '../../src/api/openAlerts';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { TimesliceApi } from '../../src/api/timesliceApi';
import { loadPanelData } from '../../src/panels/panelData';
import { rangeAround } from '../../src/panels/aroundDeployment';
import { BAD_DEPLOYMENT_FACTOR, deploymentsBetween } from '../../src/simulator/deployments';
import { Simulator } from '../../src/simulator/server';
import { describeAlerts, lastDeploymentLines } from '../../src/status/alertStatus';
import { BoundAppsPoller } from '../../src/status/boundAppsPoller';
import { BOUND_DEPLOYMENT_REFRESH_MS, BoundDeploymentTracker } from '../../src/status/boundDeployment';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-STATUSALERTS0000000000001';
const T = NOW.getTime();
/** The three foreign-text payloads: a markdown command link, HTML, and bidi controls. */
const PAYLOADS = [
  '[Open terminal](command:workbench.action.terminal.new)',
  '<img src=x onerror=alert(1)><a href="https://evil.example">x</a>',
  'cpu \u202egnp.exe\u2066 high\u200f',
];

function alert(
  priority: OpenAlert['priority'],
  title: string,
  ageMs: number,
  extra: Partial<OpenAlert> = {},
): OpenAlert {
  return { id: title, applicationId: 1, title, priority, openedAt: T - ageMs, ...extra };
}

describe('Status bar: open alerts beside the Apdex', () => {
  it('shows nothing without an open alert, the error colour for a critical one, the warning colour otherwise', () => {
    assert.equal(describeAlerts(undefined, 'web', T), undefined);
    assert.equal(describeAlerts([], 'web', T), undefined);
    const warn = describeAlerts([alert('high', 'a', 60_000), alert('low', 'b', 120_000)], 'web', T)!;
    assert.equal(warn.background, 'warning');
    assert.equal(warn.text, '$(warning) 2');
    const crit = describeAlerts([alert('high', 'a', 60_000), alert('critical', 'b', 3 * 86_400_000)], 'web', T)!;
    assert.equal(crit.background, 'error');
    assert.equal(crit.text, '$(error) 2');
    assert.match(crit.tooltip, /^2 open alerts on web \(critical\)\nHigh: a · 1 min ago\nCritical: b · 3 days ago/);
  });

  it('says "alerts unknown" when they could not be asked and none are known, and keeps known ones with their age', () => {
    const unknown = describeAlerts(undefined, 'web', T, { message: 'The service is unavailable (503).' })!;
    assert.equal(unknown.text, '$(question) alerts unknown');
    assert.equal(unknown.background, 'warning');
    assert.match(unknown.tooltip, /^Open alerts on web unknown: the request failed \(The service is unavailable/);
    assert.equal(
      describeAlerts([], 'web', T, { message: 'x', heardAt: T - 60_000 })?.text,
      '$(question) alerts unknown',
    );
    const kept = describeAlerts([alert('high', 'a', 60_000)], 'web', T, { message: '503', heardAt: T - 4 * 60_000 })!;
    assert.equal(kept.text, '$(warning) 1');
    assert.ok(kept.tooltip.includes('Heard 4 min ago; refresh failed: 503'));
  });

  it('says when the last deployment could not be asked, and keeps what was known beside it', async () => {
    let fail = false;
    const deployment = { id: '1', revision: 'a1b2c3d4', time: T - 11 * 86_400_000 };
    const source = {
      api: {} as TimesliceApi,
      deployments: {
        latest: () =>
          fail ? Promise.reject(new Error('The service is unavailable (503).')) : Promise.resolve(undefined),
      },
    };
    let now = T;
    const tracker = new BoundDeploymentTracker(() => now);
    const binding = { id: 1, region: 'us' as const };
    fail = true;
    assert.equal(await tracker.update(binding, source), true);
    assert.equal(tracker.get(binding), undefined);
    assert.deepEqual(lastDeploymentLines(undefined, T, tracker.failure(binding)), [
      'Last deployment: refresh failed (The service is unavailable \\(503\\)\\.)',
    ]);
    fail = false;
    now += BOUND_DEPLOYMENT_REFRESH_MS;
    await tracker.update(binding, source);
    assert.equal(tracker.failure(binding), undefined, 'cleared by the next answer');
    const known = { marker: { time: deployment.time, revision: deployment.revision, short: 'a1b2c3d' } };
    const lines = lastDeploymentLines(known, T, 'down');
    assert.match(lines[0], /^Last deployment: a1b2c3d, 11 days ago/);
    assert.equal(lines.at(-1), 'Last deployment: refresh failed (down)');
  });

  it('lists at most five alerts and counts the rest', () => {
    const many = Array.from({ length: 8 }, (_, i) => alert('medium', `t${i}`, i * 60_000));
    const view = describeAlerts(many, 'web', T)!;
    assert.equal(view.tooltip.split('\n').filter((l) => l.startsWith('Medium: ')).length, 5);
    assert.ok(view.tooltip.includes('… and 3 more'));
  });

  it('keeps titles, conditions, policies and the name as text: no link, element or bidi control survives', () => {
    for (const p of PAYLOADS) {
      const view = describeAlerts([alert('critical', p, 0, { conditionName: p, policyName: p })], p, T)!;
      for (const text of [view.tooltip, view.accessibilityLabel]) {
        assert.ok(!text.includes(']('), text);
        assert.ok(!/<[a-z]/i.test(text), text);
        assert.ok(!/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/.test(text), text);
      }
      assert.ok(!view.text.includes(p));
    }
  });

  it('says the last deployment in markdown with every foreign field escaped', () => {
    for (const p of PAYLOADS) {
      const lines = lastDeploymentLines(
        {
          marker: { time: T - 7_200_000, revision: p, short: p.slice(0, 11), user: p, description: p },
          change: { marker: undefined as never, figures: [], text: `Response time +42 % since ${p} (2 h ago)` },
        },
        T,
      );
      const md = lines.join('\n');
      assert.ok(md.startsWith('Last deployment: '), md);
      assert.ok(!/\]\(|<[a-z]|[\u202a-\u202e\u2066-\u2069]/i.test(md), md);
    }
    assert.deepEqual(lastDeploymentLines(undefined, T), []);
  });
});

describe('Status bar: the simulator, both backends', function () {
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
    it(`${label}: one refresh of 10 bound applications asks their records and their open alerts, one request each`, async () => {
      const api: TimesliceApi = apiOf();
      const ids = sim.datasets.us.apps.slice(0, 10).map((a) => a.id);
      const red = sim.datasets.us.apps.slice(0, 10).find((a) => a.reporting && a.health === 'red')!;
      const poller = new BoundAppsPoller({
        bindings: () => ids.map((id) => ({ id, region: 'us' as const })),
        target: () => ({ api, region: 'us' }),
        now: () => T,
      });
      sim.clearRequests();
      await poller.refreshNow();
      poller.dispose();
      assert.equal(sim.requests.length, 2, sim.requests.map((r) => r.endpoint).join(', '));
      const alerts = poller.snapshot({ id: red.id, region: 'us' })?.alerts ?? [];
      assert.ok(alerts.length > 0, 'the red application has open alerts');
      assert.ok(alerts.every((a) => a.applicationId === red.id));
      assert.ok(describeAlerts(alerts, red.name, T), 'the item shows');
    });

    it(`${label}: a refresh whose open-alerts request fails says so in the snapshot, and the item says "alerts unknown"`, async () => {
      const api: TimesliceApi = apiOf();
      const green = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'green')!;
      const poller = new BoundAppsPoller({
        bindings: () => [{ id: green.id, region: 'us' as const }],
        target: () => ({ api, region: 'us' }),
        now: () => T,
      });
      // A sign-in page instead of an answer: a failure the client does not retry, on both backends.
      const endpoint = label === 'REST v2' ? 'alertsViolations.list' : 'graphql.aiIssues';
      sim.injectFault({ endpoint, kind: 'wrongContentType' });
      try {
        await poller.refreshNow();
      } finally {
        sim.clearFaults();
        poller.dispose();
      }
      const snap = poller.snapshot({ id: green.id, region: 'us' })!;
      assert.ok(snap.app, 'the record came');
      assert.equal(snap.alerts, undefined);
      assert.ok(snap.alertsError?.message);
      const view = describeAlerts(snap.alerts, green.name, T, { message: snap.alertsError.message })!;
      assert.equal(view.text, '$(question) alerts unknown');
    });

    it(`${label}: the last deployment's change equals the panel header's and the simulator's shift, and is not asked again once complete`, async () => {
      const api: TimesliceApi = apiOf();
      // A bad deployment with no other one in the 3 h after it: the item's "now" is just past them.
      const found = sim.datasets.us.apps
        .filter((a) => a.reporting)
        .map((a) => {
          const week = deploymentsBetween(sim.datasets.us, a, T - 6 * 86_400_000, T - 4 * 3_600_000);
          return { a, d: week.find((d, k) => d.bad && (week[k + 1]?.at ?? Infinity) > d.at + 4 * 3_600_000) };
        })
        .find((x) => x.d !== undefined)!;
      const { a: app, d: bad } = found as { a: (typeof found)['a']; d: NonNullable<(typeof found)['d']> };
      let now = bad.at + 3 * 3_600_000 + 60_000;
      const deployments = new DeploymentCache({
        fetch: (id, range, signal) => api.listDeployments(id, range, { signal }),
        now: () => now,
        maxAgeMs: () => 60_000,
      });
      const tracker = new BoundDeploymentTracker(() => now);
      const binding = { id: app.id, region: 'us' as const };
      const source = { api, deployments }; // The session, the same object at every refresh.
      sim.clearRequests();
      assert.equal(await tracker.update(binding, source), true);
      const last = tracker.get(binding)!;
      assert.equal(last.marker.revision, bad.revision);
      assert.ok(last.change, 'a change is stated');
      const responseTime = last.change.figures.find((f) => f.id === 'responseTime')!;
      const percent = (responseTime.after / responseTime.before - 1) * 100;
      assert.ok(Math.abs(percent - (BAD_DEPLOYMENT_FACTOR - 1) * 100) <= 10, last.change.text);
      const panel = await loadPanelData(
        { api, metricNames: new MetricNamesCache(api), now: new Date(now), deployments },
        {
          entity: { kind: 'application', applicationId: app.id, title: 't' },
          range: rangeAround(bad.at, now),
          view: 'chart',
        },
      );
      assert.ok(panel.summaryNote?.startsWith(last.change.text), `${panel.summaryNote} / ${last.change.text}`);
      // Within the refresh interval nothing is asked; later, the complete change is not measured again.
      sim.clearRequests();
      now += 60_000;
      assert.equal(await tracker.update(binding, source), false);
      assert.equal(sim.requests.length, 0);
      now += BOUND_DEPLOYMENT_REFRESH_MS;
      assert.equal(await tracker.update(binding, source), false);
      // Only the (shared) deployments list is asked again (REST deployments.list, NerdGraph's change-events NRQL).
      assert.deepEqual(
        sim.requests.map((r) => r.endpoint),
        [label === 'REST v2' ? 'deployments.list' : 'graphql.changeEvents'],
      );
    });
  }
});
