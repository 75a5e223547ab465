/**
 * Open alerts in the client: the link check, the wide NerdGraph window, REST pages followed
 * and filtered to the applications, and both backends agreeing over the same simulator.
 */
import assert from 'node:assert/strict';

import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { isServiceLink, OPEN_ALERTS_WINDOW_MS, parseRestViolation } from '../../src/api/openAlerts';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { Simulator } from '../../src/simulator/server';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-ALERTCLIENT0000000000000001';

describe('Open alerts: parsing and the link check', () => {
  it("opens a link only when it is https on the region's own UI host", () => {
    assert.equal(isServiceLink('https://one.newrelic.com/alerts-ai/issues/1', 'us'), true);
    assert.equal(isServiceLink('https://one.eu.newrelic.com/alerts-ai/issues/1', 'eu'), true);
    for (const [link, region] of [
      ['https://one.eu.newrelic.com/x', 'us'],
      ['http://one.newrelic.com/x', 'us'],
      ['https://one.newrelic.com.evil.example/x', 'us'],
      ['https://user@one.newrelic.com/x', 'us'],
      ['https://one.newrelic.com:8443/x', 'us'],
      ['command:workbench.action.terminal.new', 'us'],
      ['https://one.newrelic.com/x', 'custom'],
      ['https://one.newrelic.com/x', undefined],
      [42, 'us'],
    ] as const) {
      assert.equal(isServiceLink(link, region), false, `${String(link)} ${String(region)}`);
    }
  });

  it('keeps open violations only, with their opening time read as epoch ms or an offset time', () => {
    const base = { id: 1, label: 'l', priority: 'Critical', entity: { id: 5 } };
    assert.equal(parseRestViolation({ ...base, opened_at: 1000 })?.openedAt, 1000);
    assert.equal(
      parseRestViolation({ ...base, opened_at: '2026-11-20T10:00:00-08:00' })?.openedAt,
      Date.parse('2026-11-20T18:00:00Z'),
    );
    assert.equal(parseRestViolation({ ...base, opened_at: 1000, closed_at: 2000 }), undefined);
    assert.equal(
      parseRestViolation({ ...base, opened_at: '2026-11-20T10:00:00' }),
      undefined,
      'no offset, not assumed UTC',
    );
    assert.equal(parseRestViolation({ ...base, opened_at: 1000 })?.priority, 'critical');
  });

  it('asks NerdGraph for more than the default 24 hours', () => {
    assert.ok(OPEN_ALERTS_WINDOW_MS >= 7 * 86_400_000);
  });
});

describe('Open alerts: both backends over the simulator', function () {
  this.timeout(20_000);
  let sim: Simulator;
  let rest: HttpTimesliceApi;
  let ng: NerdGraphTimesliceApi;
  const both = simulatorWithBothBackends(KEY, NOW, { simulator: { pageSize: 2 }, listApplications: true });
  before(() => ({ sim, rest, ng } = both));

  it('lists the open alerts of the asked applications, including one opened three days ago, in one request each, and the backends agree', async () => {
    const apps = sim.datasets.us.apps.filter((a) => a.reporting).map((a) => a.id);
    const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
    sim.injectFault({ endpoint: 'alertsViolations.list', kind: 'noLastLink' });
    sim.clearRequests();
    const [a, b] = [await rest.listOpenAlerts(apps), await ng.listOpenAlerts(apps)];
    sim.clearFaults();
    assert.ok(sim.requests.filter((r) => r.endpoint === 'alertsViolations.list').length > 1, 'pages followed');
    assert.equal(sim.requests.filter((r) => (r.requestBody ?? '').includes('aiIssues')).length, 1);
    const key = (x: { applicationId: number; openedAt: number }) => `${x.applicationId}@${x.openedAt}`;
    assert.deepEqual(b.map(key).sort(), a.map(key).sort());
    assert.ok(a.some((x) => x.applicationId === red.id && NOW.getTime() - x.openedAt >= 3 * 86_400_000));
    assert.deepEqual(await rest.listOpenAlerts([red.id]).then((l) => [...new Set(l.map((x) => x.applicationId))]), [
      red.id,
    ]);
    assert.deepEqual(await ng.listOpenAlerts([]), []);
  });
});

describe('Open alerts: NerdGraph pages', function () {
  this.timeout(20_000);
  let sim: Simulator;
  let rest: HttpTimesliceApi;
  let ng: NerdGraphTimesliceApi;
  const both = simulatorWithBothBackends(KEY, NOW, { simulator: { aiIssuesPageSize: 2 }, listApplications: true });
  before(() => ({ sim, rest, ng } = both));

  it('follows nextCursor to the last page: every open issue is counted, as REST counts them', async () => {
    const apps = sim.datasets.us.apps.filter((a) => a.reporting).map((a) => a.id);
    sim.clearRequests();
    const [a, b] = [await rest.listOpenAlerts(apps), await ng.listOpenAlerts(apps)];
    const pages = sim.requests.filter((r) => (r.requestBody ?? '').includes('aiIssues')).length;
    assert.ok(b.length > 2, `more open issues than one page holds (${b.length})`);
    assert.equal(pages, Math.ceil(b.length / 2));
    const key = (x: { applicationId: number; openedAt: number }) => `${x.applicationId}@${x.openedAt}`;
    assert.deepEqual(b.map(key).sort(), a.map(key).sort());
  });
});
