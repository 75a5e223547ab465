/**
 * The tree's last good data: after a good load, a 429 or an unreachable service answers the old
 * data with its age and the reason; failures that say the data is wrong (401) are not hidden.
 */
import assert from 'node:assert/strict';

import type { Application } from '../../src/api/types';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { ApiError } from '../../src/api/apiError';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';
import type { Staleness } from '../../src/session/lastGood';
import { describeStaleness, LastGoodData } from '../../src/session/lastGood';
import { retryDelayMs } from '../../src/session/errorPolicy';

describe('LastGoodData (the tree keeps its last data when a refresh fails)', function () {
  this.timeout(10_000);
  let sim: Simulator;
  let api: HttpTimesliceApi;
  let clock: number;
  let changes: Array<Staleness | undefined>;
  let data: LastGoodData<Application[]>;

  before(async () => {
    sim = await Simulator.start({ seed: 11, apps: 4 });
  });

  beforeEach(() => {
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log: new MemoryLogger(),
      backoffBaseMs: 10,
      maxTries: 2,
      maxRetryWaitMs: 1000,
    });
    clock = Date.parse('2026-11-20T12:00:00Z');
    changes = [];
    data = new LastGoodData<Application[]>(() => clock);
    data.onDidChangeStaleness((s) => changes.push(s));
  });

  afterEach(async () => {
    sim.clearFaults();
    await api.dispose();
  });

  after(() => sim.stop());

  it('after a good load, a 429 answers the same applications, marked stale with age and retry wait', async () => {
    const first = await data.load('', () => api.listApplications());
    assert.equal(first.stale, false);
    assert.equal(first.value.length, 4);
    clock += 3 * 60_000;
    sim.injectFault({ endpoint: 'applications.list', kind: 'rateLimited', retryAfterSeconds: 40 });
    const second = await data.load('', () => api.listApplications());
    assert.equal(second.stale, true);
    assert.deepEqual(
      second.value.map((a) => a.id),
      first.value.map((a) => a.id),
    );
    const s = data.staleness!;
    assert.equal(s.error.kind, 'rateLimited');
    // The simulator announces the wait in Retry-After and X-RateLimit-Reset (whole seconds), so allow a second.
    assert.ok(Math.abs(s.retryAt - clock - 40_000) <= 1000, `retry in ${s.retryAt - clock} ms`);
    assert.match(describeStaleness(s, clock), /^Showing data from 3 min ago — rate limited, retrying in 4[01] s$/);
    assert.equal(changes.length, 1);
  });

  it('clears the staleness when the root loads again, and reports the change', async () => {
    await data.load('', () => api.listApplications());
    sim.injectFault({ endpoint: 'applications.list', kind: 'serverError' });
    assert.equal((await data.load('', () => api.listApplications())).stale, true);
    sim.clearFaults();
    assert.equal((await data.load('', () => api.listApplications())).stale, false);
    assert.equal(data.staleness, undefined);
    assert.deepEqual(
      changes.map((c) => c?.error.kind),
      ['server', undefined],
    );
  });

  it('keeps the data when the service cannot be reached at all', async () => {
    await data.load('', () => api.listApplications());
    const offline = new HttpTimesliceApi({
      baseUrl: 'https://127.0.0.1:1',
      getApiKey: () => Promise.resolve('k'),
      log: new MemoryLogger(),
      maxTries: 1,
    });
    const result = await data.load('', () => offline.listApplications());
    await offline.dispose();
    assert.equal(result.stale, true);
    assert.match(
      describeStaleness(data.staleness!, clock),
      /^Showing data from just now — offline: The connection to 127\.0\.0\.1:1 was refused, retrying in 30 s$/,
    );
  });

  it('does not hide failures that say the data is wrong, nor failures with nothing to fall back on', async () => {
    await assert.rejects(
      data.load('', () => Promise.reject(new ApiError('network', 'down'))),
      /down/,
    );
    await data.load('', () => api.listApplications());
    sim.injectFault({ endpoint: 'applications.list', kind: 'unauthorized' });
    await assert.rejects(
      data.load('', () => api.listApplications()),
      (e: ApiError) => e.kind === 'auth',
    );
    assert.equal(data.staleness, undefined);
  });

  it('forgets everything on clear (another account or filter)', async () => {
    await data.load('', () => api.listApplications());
    data.clear();
    await assert.rejects(
      data.load('', () => Promise.reject(new ApiError('timeout', 'slow'))),
      /slow/,
    );
  });

  it('retries after the wait the service asked for, within 5 s and 5 min', () => {
    assert.equal(retryDelayMs(new ApiError('rateLimited', '', { retryAfterMs: 40_000 })), 40_000);
    assert.equal(retryDelayMs(new ApiError('rateLimited', '', { retryAfterMs: 100 })), 5_000);
    assert.equal(retryDelayMs(new ApiError('rateLimited', '', { retryAfterMs: 3_600_000 })), 300_000);
    assert.equal(retryDelayMs(new ApiError('network', '')), 30_000);
  });
});
