/**
 * Deployments in the client: timestamps parsed with their offsets, REST pages followed (also
 * without rel="last"), both backends agree over the same simulator, writes reach the other backend,
 * and the per-application cache asks at most once per cadence.
 */
import assert from 'node:assert/strict';

import { DeploymentCache } from '../../src/api/deploymentCache';
import type { Deployment } from '../../src/api/deployments';
import {
  DEPLOYMENT_HISTORY_MS,
  inRange,
  pageEndsBefore,
  parseOffsetTime,
  parseRestDeployment,
  shortRevision,
} from '../../src/api/deployments';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { deploymentsBetween } from '../../src/simulator/deployments';
import { Simulator } from '../../src/simulator/server';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');
const DAY = 86_400_000;
const KEY = 'NRAK-DEPLOYCLIENT00000000000001';

describe('Deployments: parsing', () => {
  it('parses timestamps with their offsets and never assumes UTC', () => {
    assert.equal(parseOffsetTime('2016-02-24T10:09:27-08:00'), Date.parse('2016-02-24T18:09:27Z'));
    assert.equal(parseOffsetTime('2016-02-24T10:09:27+00:00'), Date.parse('2016-02-24T10:09:27Z'));
    assert.equal(parseOffsetTime('2016-02-24T10:09:27+0530'), Date.parse('2016-02-24T04:39:27Z'));
    assert.equal(parseOffsetTime('2016-02-24T10:09:27.250Z'), Date.parse('2016-02-24T10:09:27.250Z'));
    for (const bad of ['2016-02-24T10:09:27', '2016-02-24', 'yesterday', 1456337367, '2016-13-01T00:00:00Z']) {
      assert.equal(parseOffsetTime(bad), undefined, String(bad));
    }
  });

  it('skips a REST record without a revision or without an offset, and keeps foreign text as it came', () => {
    assert.equal(parseRestDeployment({ revision: 'a', timestamp: '2016-02-24T10:09:27' }), undefined);
    assert.equal(parseRestDeployment({ timestamp: '2016-02-24T10:09:27Z' }), undefined);
    const d = parseRestDeployment({
      id: 7,
      revision: 'a1b2c3d4e5',
      user: '<b>x</b>',
      timestamp: '2016-02-24T10:09:27Z',
    });
    assert.equal(d?.id, '7');
    assert.equal(d?.user, '<b>x</b>');
  });

  it('stops paging only at a page seen newest first that ends before the range', () => {
    const at = (...times: number[]): Deployment[] => times.map((time, i) => ({ id: String(i), revision: 'r', time }));
    assert.equal(pageEndsBefore(at(50, 40, 5), 10), true);
    assert.equal(pageEndsBefore(at(50, 40, 20), 10), false);
    assert.equal(pageEndsBefore(at(5, 40, 50), 10), false, 'oldest first: every page is read');
    assert.equal(pageEndsBefore([], 10), false);
    assert.deepEqual(
      inRange([...at(5, 50, 20), at(0, 50)[1]], { from: new Date(10), to: new Date(60) }).map((d) => d.time),
      [50, 20],
    );
  });

  it('shortens hex revisions to 7 characters and cuts long other ones', () => {
    assert.equal(shortRevision('a1b2c3d4e5f60718'), 'a1b2c3d');
    assert.equal(shortRevision('v1.2.3'), 'v1.2.3');
    assert.equal(shortRevision('release-2026-11-20-final'), 'release-202…');
  });
});

describe('Deployments: both backends over the simulator', function () {
  this.timeout(20_000);
  let sim: Simulator;
  let rest: HttpTimesliceApi;
  let ng: NerdGraphTimesliceApi;
  const both = simulatorWithBothBackends(KEY, NOW, { simulator: { pageSize: 7 } });
  before(() => ({ sim, rest, ng } = both));
  afterEach(() => {
    sim.clearFaults();
    sim.clearRequests();
  });

  const app = () => sim.datasets.us.apps[1];
  const lastDays = (days: number) => ({ from: new Date(NOW.getTime() - days * DAY), to: NOW });
  const deploymentRequests = () => sim.requests.filter((r) => r.endpoint === 'deployments.list').length;

  it('follows every page (also without rel="last") and gives the simulator\'s deployments at their instants', async () => {
    sim.injectFault({ endpoint: 'deployments.list', kind: 'noLastLink' });
    const got = await rest.listDeployments(app().id, lastDays(20));
    const model = deploymentsBetween(sim.datasets.us, app(), NOW.getTime() - 20 * DAY, NOW.getTime());
    assert.ok(got.length > 7, 'more than one page');
    assert.deepEqual(
      got.map((d) => [d.revision, d.time]),
      model.map((d) => [d.revision, d.at]),
    );
    assert.ok(deploymentRequests() > 1);
  });

  it('stops paging once a newest-first page ends before the range', async () => {
    const got = await rest.listDeployments(app().id, lastDays(1));
    assert.ok(got.length >= 1 && got.length <= 3);
    assert.equal(deploymentRequests(), 1);
  });

  it('the newest deployment however far back: one request on each backend', async () => {
    const range = { from: new Date(NOW.getTime() - DEPLOYMENT_HISTORY_MS), to: NOW, newestOnly: true };
    const newest = deploymentsBetween(sim.datasets.us, app(), NOW.getTime() - 2 * DAY, NOW.getTime())[0];
    const [a] = await rest.listDeployments(app().id, range);
    assert.equal(deploymentRequests(), 1, 'the first page, newest first, holds it');
    sim.clearRequests();
    const [b] = await ng.listDeployments(app().id, range);
    assert.equal(sim.requests.filter((r) => r.endpoint === 'graphql.changeEvents').length, 1);
    assert.deepEqual([a.revision, a.time], [newest.revision, newest.at]);
    assert.deepEqual([b.revision, b.time], [newest.revision, newest.at]);
  });

  it('REST and NerdGraph agree on the same range', async () => {
    const [a, b] = await Promise.all([
      rest.listDeployments(app().id, lastDays(10)),
      ng.listDeployments(app().id, lastDays(10)),
    ]);
    assert.deepEqual(
      b.map((d) => [d.revision, d.time, d.user, d.description, d.changelog]),
      a.map((d) => [d.revision, d.time, d.user, d.description, d.changelog]),
    );
  });

  it('records a deployment once: a write that failed with a 5xx is not sent again (it may have been carried out)', async () => {
    const target = sim.datasets.us.apps[3];
    sim.clearRequests();
    sim.injectFault({ endpoint: 'deployments.list', kind: 'serverError', times: 1 });
    await assert.rejects(rest.recordDeployment(target.id, { revision: 'cccc333' }));
    assert.equal(sim.requests.filter((r) => r.method === 'POST').length, 1);
    sim.clearFaults();
  });

  it('a deployment recorded through either backend is listed by the other', async () => {
    const target = sim.datasets.us.apps[2];
    const viaRest = await rest.recordDeployment(target.id, { revision: 'aaaa111', user: 'me', description: 'd' });
    assert.equal(viaRest.time, NOW.getTime());
    const viaNg = await ng.recordDeployment(target.id, { revision: 'bbbb222', time: new Date(NOW.getTime() - 60_000) });
    assert.equal(viaNg.revision, 'bbbb222');
    const fromNg = await ng.listDeployments(target.id, lastDays(1));
    const fromRest = await rest.listDeployments(target.id, lastDays(1));
    for (const list of [fromNg, fromRest]) {
      assert.deepEqual(
        list.slice(0, 2).map((d) => d.revision),
        ['aaaa111', 'bbbb222'],
      );
    }
  });
});

describe('Deployments: the per-application cache', () => {
  const list: Deployment[] = [{ id: '1', revision: 'abc', time: 1_000 }];
  const make = (maxAge = 60_000) => {
    let now = 10 * DAY;
    const calls: number[] = [];
    let fail = false;
    const cache = new DeploymentCache({
      fetch: (appId) => {
        calls.push(appId);
        return fail ? Promise.reject(new Error('down')) : Promise.resolve(list);
      },
      now: () => now,
      maxAgeMs: () => maxAge,
    });
    return {
      cache,
      calls,
      tick: (ms: number) => (now += ms),
      setFail: (f: boolean) => (fail = f),
      range: () => ({ from: new Date(0), to: new Date(now) }),
    };
  };

  it('asks once per application per cadence, again after it, and after invalidate', async () => {
    const t = make();
    await Promise.all([t.cache.get(1, t.range()), t.cache.get(1, t.range()), t.cache.get(2, t.range())]);
    assert.deepEqual(t.calls, [1, 2]);
    t.tick(30_000);
    await t.cache.get(1, t.range());
    assert.deepEqual(t.calls, [1, 2]);
    t.tick(30_000);
    await t.cache.get(1, t.range());
    assert.deepEqual(t.calls, [1, 2, 1]);
    t.cache.invalidate(1);
    await t.cache.get(1, t.range());
    assert.deepEqual(t.calls, [1, 2, 1, 1]);
  });

  it('a panel that closes mid-load cancels only its own wait: the other panel gets the markers', async () => {
    let answer!: (list: Deployment[]) => void;
    let fetchSignal: AbortSignal | undefined;
    const cache = new DeploymentCache({
      fetch: (_id, _range, signal) => {
        fetchSignal = signal;
        return new Promise((resolve) => (answer = resolve));
      },
      now: () => 10 * DAY,
      maxAgeMs: () => 60_000,
    });
    const range = { from: new Date(9 * DAY), to: new Date(10 * DAY) };
    const closed = new AbortController();
    const first = cache.get(1, range, closed.signal);
    const second = cache.get(1, range, new AbortController().signal);
    closed.abort();
    await assert.rejects(first, (e: Error & { kind?: string }) => e.kind === 'cancelled');
    assert.equal(fetchSignal?.aborted, false);
    answer([{ id: '1', revision: 'abc', time: 9.5 * DAY }]);
    assert.deepEqual(
      (await second).map((d) => d.id),
      ['1'],
    );
  });

  it('aborts the shared fetch when every waiter cancelled, and a later caller asks again', async () => {
    const signals: AbortSignal[] = [];
    const cache = new DeploymentCache({
      fetch: (_id, _range, signal) => {
        signals.push(signal!);
        return new Promise((_resolve, reject) => signal!.addEventListener('abort', () => reject(new Error('aborted'))));
      },
      now: () => 10 * DAY,
      maxAgeMs: () => 60_000,
    });
    const range = { from: new Date(9 * DAY), to: new Date(10 * DAY) };
    const a = new AbortController();
    const b = new AbortController();
    const waits = [cache.get(1, range, a.signal), cache.get(1, range, b.signal)];
    a.abort();
    assert.equal(signals[0].aborted, false);
    b.abort();
    await Promise.allSettled(waits);
    assert.equal(signals[0].aborted, true);
    void cache.get(1, range, new AbortController().signal).catch(() => undefined);
    assert.equal(signals.length, 2, 'an abandoned fetch is not handed to a new caller');
  });

  it('a failed refresh keeps the last good list with its age and the failure', async () => {
    const t = make();
    const first = await t.cache.answer(1, t.range());
    assert.equal(first.refreshError, undefined);
    const heardAt = first.fetchedAt;
    t.tick(60_000);
    t.setFail(true);
    const again = await t.cache.answer(1, t.range());
    assert.deepEqual(again.value, list);
    assert.equal(again.fetchedAt, heardAt);
    assert.match(again.refreshError?.message ?? '', /down/);
    assert.equal(t.calls.length, 2);
  });

  it('finds the last deployment however old: one request of its own when the recent list is empty', async () => {
    const old: Deployment = { id: 'old', revision: 'f00d', time: 10 * DAY - 11 * DAY };
    const latestCalls: number[] = [];
    const cache = new DeploymentCache({
      fetch: () => Promise.resolve([]),
      fetchLatest: (id) => {
        latestCalls.push(id);
        return Promise.resolve(old);
      },
      now: () => 10 * DAY,
      maxAgeMs: () => 60_000,
    });
    assert.equal(await cache.latest(4), old);
    assert.equal(await cache.latest(4), old);
    assert.deepEqual(latestCalls, [4], 'asked once per cadence');
    const yesterday: Deployment = { id: 'new', revision: 'beef', time: 9 * DAY };
    const recent = new DeploymentCache({
      fetch: () => Promise.resolve([yesterday]),
      fetchLatest: () => Promise.reject(new Error('not asked: the recent list holds it')),
      now: () => 10 * DAY,
      maxAgeMs: () => 60_000,
    });
    assert.equal(await recent.latest(4), yesterday);
  });

  it('keeps no failure: the next request asks again', async () => {
    const t = make();
    t.setFail(true);
    await assert.rejects(t.cache.get(1, t.range()));
    t.setFail(false);
    assert.equal((await t.cache.get(1, t.range())).length, 1);
    assert.equal(t.calls.length, 2);
  });
});
