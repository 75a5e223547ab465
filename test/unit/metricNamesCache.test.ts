import assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import type { MetricName, MetricScope, RequestOptions } from '../../src/api/types';

const APP: MetricScope = { kind: 'application', applicationId: 1 };
const APP_12: MetricScope = { kind: 'application', applicationId: 12 };
const HOST: MetricScope = { kind: 'host', applicationId: 1, hostId: 7 };
const INSTANCE: MetricScope = { kind: 'instance', applicationId: 1, instanceId: 9 };

const NAMES: MetricName[] = [
  { name: 'HttpDispatcher', values: ['average_response_time', 'call_count'] },
  { name: 'Datastore/all', values: ['call_count'] },
  { name: 'Datastore/MySQL/allWeb', values: ['call_count'] },
  { name: 'CPU/User Time', values: ['percent'] },
  { name: 'datastore-lowercase', values: [] },
];

interface Call {
  scope: MetricScope;
  filter: { name?: string };
  options?: RequestOptions;
  resolve: (names: MetricName[]) => void;
  reject: (e: unknown) => void;
}

/** A fake `listMetricNames`: records calls and answers them when the test says so. */
class FakeApi {
  readonly calls: Call[] = [];
  /** When set, calls answer at once with the names that match, as the service's filter does. */
  autoAnswer = true;

  listMetricNames = (
    scope: MetricScope,
    filter: { name?: string } = {},
    options?: RequestOptions,
  ): Promise<MetricName[]> =>
    new Promise<MetricName[]>((resolve, reject) => {
      this.calls.push({ scope, filter, options, resolve, reject });
      if (this.autoAnswer) {
        resolve(
          NAMES.filter((n) => !filter.name || n.name.includes(filter.name)).map((n) => ({
            ...n,
            values: [...n.values],
          })),
        );
      }
    });
}

describe('MetricNamesCache', () => {
  let api: FakeApi;
  let now: number;
  let cache: MetricNamesCache;
  const TTL = 60_000;

  beforeEach(() => {
    api = new FakeApi();
    now = 5_000_000;
    cache = new MetricNamesCache(api, TTL, () => now);
  });

  it('asks once, then answers from the cache until the TTL is over', async () => {
    const first = await cache.get(APP);
    assert.deepEqual(first, NAMES);
    assert.equal(api.calls.length, 1);
    assert.deepEqual(api.calls[0].filter, {}, 'the full list is asked for without a name filter');

    now += TTL - 1;
    assert.deepEqual(await cache.get(APP), NAMES);
    assert.equal(api.calls.length, 1, 'still fresh 1 ms before the TTL');

    now += 1;
    assert.deepEqual(await cache.get(APP), NAMES);
    assert.equal(api.calls.length, 2, 'expired at the TTL: asked again');

    now += TTL / 2;
    await cache.get(APP);
    assert.equal(api.calls.length, 2, 'the new answer is fresh for its own TTL');
  });

  it('uses a 15-minute TTL by default', async () => {
    const defaults = new MetricNamesCache(api, undefined, () => now);
    await defaults.get(APP);
    now += 15 * 60_000 - 1;
    await defaults.get(APP);
    assert.equal(api.calls.length, 1);
    now += 1;
    await defaults.get(APP);
    assert.equal(api.calls.length, 2);
  });

  it("serves filtered lookups from the cached full list, with the service's simple character match", async () => {
    await cache.get(APP);
    const datastore = await cache.get(APP, 'Datastore');
    assert.deepEqual(
      datastore.map((n) => n.name),
      ['Datastore/all', 'Datastore/MySQL/allWeb'],
      'case-sensitive, like the service',
    );
    assert.deepEqual(
      (await cache.get(APP, 'User T')).map((n) => n.name),
      ['CPU/User Time'],
    );
    assert.deepEqual(await cache.get(APP, 'no such metric'), []);
    assert.equal(api.calls.length, 1, 'no request for a filtered lookup');
  });

  it('asks the service with the name filter when no full list is cached, and caches that answer', async () => {
    const datastore = await cache.get(APP, 'Datastore');
    assert.deepEqual(
      datastore.map((n) => n.name),
      ['Datastore/all', 'Datastore/MySQL/allWeb'],
    );
    assert.equal(api.calls.length, 1);
    assert.deepEqual(api.calls[0].filter, { name: 'Datastore' });
    await cache.get(APP, 'Datastore');
    assert.equal(api.calls.length, 1, 'the same filtered lookup is cached');
    await cache.get(APP, 'CPU');
    assert.equal(api.calls.length, 2, 'another filter is another request');
    await cache.get(APP);
    assert.equal(api.calls.length, 3, 'a filtered answer does not stand in for the full list');
  });

  it('does not serve filtered lookups from an expired full list', async () => {
    await cache.get(APP);
    now += TTL;
    await cache.get(APP, 'Datastore');
    assert.equal(api.calls.length, 2);
    assert.deepEqual(api.calls[1].filter, { name: 'Datastore' });
  });

  it('keeps scopes apart', async () => {
    await cache.get(APP);
    await cache.get(HOST);
    await cache.get(INSTANCE);
    await cache.get(APP_12);
    assert.deepEqual(
      api.calls.map((c) => c.scope),
      [APP, HOST, INSTANCE, APP_12],
    );
    await Promise.all([cache.get(APP), cache.get(HOST), cache.get(INSTANCE), cache.get(APP_12)]);
    assert.equal(api.calls.length, 4);
  });

  it('invalidate(scope) drops only that scope (not its hosts, not application 12)', async () => {
    await cache.get(APP);
    await cache.get(APP, 'Datastore');
    await cache.get(HOST, 'CPU');
    await cache.get(APP_12);
    assert.equal(api.calls.length, 3, 'Datastore came from the full list');

    cache.invalidate(APP);
    await cache.get(APP, 'Datastore');
    assert.equal(api.calls.length, 4, 'application 1 is asked again');
    assert.deepEqual(api.calls[3].filter, { name: 'Datastore' });
    await cache.get(HOST, 'CPU');
    await cache.get(APP_12);
    assert.equal(api.calls.length, 4, 'the host scope and application 12 stay cached');

    cache.invalidate(HOST);
    await cache.get(HOST, 'CPU');
    assert.equal(api.calls.length, 5);
  });

  it('invalidate() drops everything', async () => {
    await cache.get(APP);
    await cache.get(HOST);
    await cache.get(INSTANCE, 'CPU');
    cache.invalidate();
    await cache.get(APP);
    await cache.get(HOST);
    await cache.get(INSTANCE, 'CPU');
    assert.equal(api.calls.length, 6);
  });

  it('concurrent identical lookups share one request', async () => {
    api.autoAnswer = false;
    const a = cache.get(APP);
    const b = cache.get(APP);
    const c = cache.get(APP, 'Datastore');
    const d = cache.get(HOST);
    assert.equal(api.calls.length, 2, 'one request for the application, one for the host');
    api.calls[0].resolve(NAMES);
    api.calls[1].resolve([NAMES[3]]);
    const [ra, rb, rc, rd] = await Promise.all([a, b, c, d]);
    assert.equal(ra, rb, 'the same answer');
    assert.deepEqual(ra, NAMES);
    assert.deepEqual(
      rc.map((n) => n.name),
      ['Datastore/all', 'Datastore/MySQL/allWeb'],
    );
    assert.deepEqual(rd, [NAMES[3]]);
  });

  it('does not cache failures: the next lookup asks again', async () => {
    api.autoAnswer = false;
    const first = cache.get(APP);
    const second = cache.get(APP);
    assert.equal(api.calls.length, 1);
    api.calls[0].reject(new ApiError('server', 'boom'));
    await assert.rejects(first, (e: unknown) => e instanceof ApiError && e.kind === 'server');
    await assert.rejects(second, (e: unknown) => e instanceof ApiError && e.kind === 'server');

    const third = cache.get(APP);
    assert.equal(api.calls.length, 2, 'the failure was not kept');
    api.calls[1].resolve(NAMES);
    assert.deepEqual(await third, NAMES);
    await cache.get(APP);
    assert.equal(api.calls.length, 2, 'the success is kept');
  });

  it('does not cache a failed filtered lookup either', async () => {
    api.autoAnswer = false;
    const failing = cache.get(APP, 'Datastore');
    api.calls[0].reject(new ApiError('cancelled', 'The request was cancelled.'));
    await assert.rejects(failing);
    api.autoAnswer = true;
    assert.equal((await cache.get(APP, 'Datastore')).length, 2);
    assert.equal(api.calls.length, 2);
  });

  it('a late failure of an invalidated request does not drop the newer entry', async () => {
    api.autoAnswer = false;
    const old = cache.get(APP);
    cache.invalidate(APP);
    const fresh = cache.get(APP);
    assert.equal(api.calls.length, 2);
    api.calls[1].resolve(NAMES);
    await fresh;
    api.calls[0].reject(new ApiError('network', 'reset'));
    await assert.rejects(old);
    await cache.get(APP);
    assert.equal(api.calls.length, 2, 'the newer answer is still cached');
  });

  it("passes progress on but not a caller's signal, so one caller cannot cancel a shared lookup", async () => {
    const onProgress = () => undefined;
    await cache.get(APP, 'CPU', { onProgress });
    assert.equal(api.calls[0].options?.onProgress, onProgress);
    assert.equal(api.calls[0].options?.signal, undefined);
  });
});
