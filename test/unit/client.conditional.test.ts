import * as assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';

// A fixed clock: the simulator's records move with time (last reported, summaries).
const NOW = new Date('2026-11-20T12:00:30Z');

describe('conditional requests (ETag / If-None-Match)', function () {
  this.timeout(20_000);
  let sim: Simulator;
  let api: HttpTimesliceApi;

  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log: new MemoryLogger(),
    });
  });
  beforeEach(() => sim.clearRequests());
  after(async () => {
    await api.dispose();
    await sim.stop();
  });

  /** Counts JSON.parse calls made while `fn` runs. */
  async function parsesDuring(fn: () => Promise<unknown>): Promise<number> {
    const original = JSON.parse;
    let calls = 0;
    JSON.parse = ((...args: Parameters<typeof JSON.parse>) => {
      calls++;
      return original(...args);
    }) as typeof JSON.parse;
    try {
      await fn();
    } finally {
      JSON.parse = original;
    }
    return calls;
  }

  it('the simulator sends an ETag with a 200, and a bodyless 304 when If-None-Match still holds', async () => {
    await api.listApplications();
    const first = sim.requests[0];
    assert.equal(first.status, 200);
    await api.listApplications();
    const second = sim.requests[1];
    assert.equal(second.status, 304);
    assert.match(String(second.headers['if-none-match']), /^".+"$/);
  });

  it('a refresh that gets 304 gives the same data without parsing a body', async () => {
    // A URL not asked before in this file (the client remembers answers per URL).
    const before = await api.listApplications({ name: 'e' });
    let again: unknown;
    const parses = await parsesDuring(async () => {
      again = await api.listApplications({ name: 'e' });
    });
    assert.deepEqual(
      sim.requests.map((r) => r.status),
      [200, 304],
    );
    assert.equal(parses, 0);
    assert.deepEqual(again, before);
  });

  it('a changed answer is fetched whole: a new ETag, a 200, the new data', async () => {
    const app = await api.getApplication(sim.datasets.us.apps[0].id);
    const next = app.healthStatus === 'red' ? 'green' : 'red';
    sim.setApplicationHealth('us', app.id, next);
    const changed = await api.getApplication(app.id);
    assert.deepEqual(
      sim.requests.map((r) => r.status),
      [200, 200],
    );
    assert.notEqual(sim.requests[1].headers['if-none-match'], undefined);
    assert.equal(changed.healthStatus, next);
  });

  it('every page of a list is conditional on its own, and a 304 page still leads to the next', async () => {
    const paged = await Simulator.start({ seed: 42, apps: 450, now: () => NOW });
    const client = new HttpTimesliceApi({
      baseUrl: paged.baseUrls.us,
      getApiKey: () => Promise.resolve(paged.keys.us),
      ca: paged.certPem,
      log: new MemoryLogger(),
    });
    try {
      const first = await client.listApplications();
      paged.clearRequests();
      const second = await client.listApplications();
      assert.deepEqual(
        paged.requests.map((r) => r.status),
        [304, 304, 304],
      );
      assert.deepEqual(second, first);
    } finally {
      await client.dispose();
      await paged.stop();
    }
  });
});
