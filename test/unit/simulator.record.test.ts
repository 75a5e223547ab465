import * as assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';

describe('simulator: the request record', function () {
  this.timeout(15_000);

  it('keeps only the last N requests when bounded (as the demo does), all of them otherwise', async () => {
    const bounded = await Simulator.start({ seed: 1, apps: 3, maxRecordedRequests: 3 });
    const unbounded = await Simulator.start({ seed: 1, apps: 3 });
    const apis = [bounded, unbounded].map(
      (sim) =>
        new HttpTimesliceApi({
          baseUrl: sim.baseUrls.us,
          getApiKey: () => Promise.resolve(sim.keys.us),
          ca: sim.certPem,
          log: new MemoryLogger(),
        }),
    );
    try {
      for (const api of apis) {
        for (let id = 1; id <= 5; id++) {
          await api.rawRequest('/v2/applications.json', new URLSearchParams({ 'filter[ids]': String(id) }));
        }
      }
      assert.deepEqual(
        bounded.requests.map((r) => r.query.get('filter[ids]')),
        ['3', '4', '5'],
      );
      assert.equal(unbounded.requests.length, 5);
    } finally {
      await Promise.all(apis.map((a) => a.dispose()));
      await bounded.stop();
      await unbounded.stop();
    }
  });
});
