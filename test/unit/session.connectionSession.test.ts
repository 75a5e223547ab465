/**
 * A connection session owns what belongs to one connection: disposing it cancels everything in
 * flight at once, its last good data is its own (a new session starts empty), and a 429 that names a
 * wait pauses its scheduler.
 */
import assert from 'node:assert/strict';

import type { TimesliceApi } from '../../src/api/timesliceApi';
import type { RequestLayer } from '../../src/api/pipeline';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { ApiError } from '../../src/api/apiError';
import { MemoryLogger } from '../../src/log';
import { ConnectionSession } from '../../src/session/connectionSession';
import { Simulator } from '../../src/simulator/server';
import { FakeClock } from '../support/fakeClock';
import { until } from '../support/until';

describe('ConnectionSession', function () {
  this.timeout(20_000);
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ seed: 5, apps: 3 });
  });
  after(() => sim.stop());
  afterEach(() => sim.clearFaults());

  function session(
    api: (layers: RequestLayer[]) => TimesliceApi,
    clock = new FakeClock(),
    jobs: Array<{ name: string; active(): boolean; run(): void }> = [],
  ) {
    return new ConnectionSession({
      api,
      label: 'US',
      spec: { demo: false, backend: 'restV2', region: 'us', baseUrl: sim.baseUrls.us, format: 'json' },
      jobs,
      intervalMs: () => 60_000,
      focused: true,
      clock,
    });
  }
  /** The session's client, with the layers the session hands it. */
  const httpApi = (layers?: RequestLayer[]) =>
    new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log: new MemoryLogger(),
      maxTries: 1,
      layers,
    });

  it('disposing cancels a request in flight at once: its caller gets "cancelled", not the late answer', async () => {
    const s = session(httpApi);
    sim.injectFault({ endpoint: 'applications.list', kind: 'delay', delayMs: 10_000, times: 1 });
    sim.clearRequests();
    const pending = s.api.listApplications().then(
      () => 'answered',
      (e: unknown) => e,
    );
    await until(() => sim.peakInFlight() > 0, 'the request to reach the simulator');
    s.dispose();
    const outcome = await pending;
    assert.ok(outcome instanceof ApiError && outcome.kind === 'cancelled', `cancelled, not ${String(outcome)}`);
    assert.equal(
      sim.requests.length,
      0,
      'at once, not after the delay (the simulator records a request when it answers)',
    );
    assert.equal(s.disposed, true);
    assert.equal(s.signal.aborted, true);
  });

  it('keeps last good data per view, and a new session starts with none', async () => {
    const a = session(httpApi);
    const tree = a.lastGood<string[]>('tree');
    assert.equal(a.lastGood<string[]>('tree'), tree, 'one store per scope');
    assert.notEqual(a.lastGood<string[]>('panel:application:1'), tree);
    await tree.load('', () => Promise.resolve(['storefront']));
    const offline = await tree.load('', () => Promise.reject(new ApiError('network', 'offline')));
    assert.deepEqual(offline, { value: ['storefront'], stale: true });
    a.dispose();
    const b = session(httpApi);
    await assert.rejects(
      b.lastGood<string[]>('tree').load('', () => Promise.reject(new ApiError('network', 'offline'))),
      /offline/,
      'nothing of the old session to fall back on',
    );
    b.dispose();
  });

  it('a 429 that names its wait pauses the scheduler until then', async () => {
    const clock = new FakeClock();
    const runs: number[] = [];
    const s = session(httpApi, clock, [{ name: 'tree', active: () => true, run: () => void runs.push(clock.now()) }]);
    sim.injectFault({ endpoint: 'applications.list', kind: 'rateLimited', times: 1, retryAfterSeconds: 180 });
    const t0 = clock.now();
    const error = await s.api.listApplications().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof ApiError && error.kind === 'rateLimited', `rateLimited, not ${String(error)}`);
    // The simulator names the end of the wait (X-RateLimit-Reset, a wall-clock second): 180 s, rounded up to it.
    const wait = error.retryAfterMs!;
    assert.ok(wait >= 180_000, `the announced wait, not ${wait}`);
    assert.equal(clock.nextIn, wait, 'the next wake-up is after the announced wait');
    clock.advance(wait - 1_000);
    assert.deepEqual(runs, []);
    clock.advance(1_000);
    assert.deepEqual(runs, [t0 + wait]);
    s.dispose();
  });

  it('disposing stops its scheduler: no timer left behind', () => {
    const clock = new FakeClock();
    const s = session(httpApi, clock, [{ name: 'tree', active: () => true, run: () => undefined }]);
    assert.equal(clock.pending, 1);
    s.dispose();
    assert.equal(clock.pending, 0);
  });
});
