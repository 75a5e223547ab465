/**
 * GraphQL errors (HTTP 200) → ApiError kinds, the class read in both places the service writes it (docs/service.md#nerdgraph-errors), partial
 * data per alias, and entity-search paging with progress and cancel.
 */
import assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import { apiErrorFor, errorClassOf, GraphqlClient, isDeprecation } from '../../src/api/nerdgraph/graphqlClient';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { HttpTransport } from '../../src/api/transport';
import type { PageProgress } from '../../src/api/types';
import { MemoryLogger } from '../../src/log';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { FakeClock } from '../support/fakeClock';
import { wireSimulator } from '../support/wireSimulator';

const HOST = 'api.newrelic.com';

describe('NerdGraph error mapping', () => {
  it('reads errorClass in extensions and in extensions.nerdGraphExtensions (docs/service.md#nerdgraph-errors)', () => {
    assert.equal(errorClassOf({ message: 'x', extensions: { errorClass: 'TIMEOUT' } }), 'TIMEOUT');
    assert.equal(
      errorClassOf({ message: 'x', extensions: { nerdGraphExtensions: { errorClass: 'ACCESS_DENIED' } } }),
      'ACCESS_DENIED',
    );
    assert.equal(errorClassOf({ message: 'x' }), undefined);
  });

  it('maps each class of docs/service.md#nerdgraph-errors to its ApiError kind, quoting the service only as a short single line', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ error_code: 'BAD_API_KEY' }, 'auth'],
      [{ errorClass: 'TOO_MANY_REQUESTS' }, 'rateLimited'],
      [{ errorClass: 'TIMEOUT' }, 'timeout'],
      [{ errorClass: 'INVALID_INPUT' }, 'invalidRequest'],
      [{ errorClass: 'SERVER_ERROR' }, 'server'],
      [{ errorClass: 'INTERNAL_SERVER_ERROR' }, 'server'],
      [{ errorClass: 'SERVER_ERROR', classification: 'DataFetchingException' }, 'forbidden'],
      [{ nerdGraphExtensions: { errorClass: 'ACCESS_DENIED' } }, 'forbidden'],
      [{ errorClass: 'SOMETHING_NEW' }, 'badResponse'],
    ];
    for (const [extensions, kind] of cases) {
      const e = apiErrorFor({ message: 'line one\nline two', extensions }, HOST);
      assert.equal(e.kind, kind, JSON.stringify(extensions));
      assert.ok(!e.message.includes('\n'));
      assert.match(e.message, new RegExp(HOST.replace(/\./g, '\\.')));
    }
    assert.equal(apiErrorFor({ message: 'You are not authorized to query account 9' }, HOST).kind, 'forbidden');
    assert.ok(isDeprecation({ message: 'This field is deprecated! Use x' }));
  });
});

describe('NerdGraph client against the simulator', function () {
  this.timeout(10_000);
  const KEY = 'NRAK-ERRORSKEY0000000000000001';
  const wire = wireSimulator({ usKey: KEY, pageSize: 4, now: () => new Date('2026-11-20T12:00:30Z') });

  it("keeps the good aliases of a partial answer and throws the failed alias's own error", async () => {
    const transport = new HttpTransport(wire.clientOptions());
    const client = new GraphqlClient({ transport, log: new MemoryLogger() });
    const result = await client.query(
      'query($a: Nrql!, $b: Nrql!, $id: Int!) { actor { account(id: $id) { good: nrql(query: $a) { results } bad: nrql(query: $b) { results } } } }',
      {
        id: SIMULATED_ACCOUNTS.us.id,
        a: 'SELECT count(newrelic.timeslice.value) AS c FROM Metric WHERE appId = 1 SINCE 1 hour ago',
        b: 'SELECT nothing FORM Metric',
      },
    );
    assert.ok(Array.isArray((client.field(result, ['actor', 'account', 'good']) as { results: unknown[] }).results));
    assert.throws(
      () => client.field(result, ['actor', 'account', 'bad']),
      (e: unknown) => e instanceof ApiError && e.kind === 'invalidRequest' && /NRQL Syntax Error/.test(e.message),
    );
    await transport.close();
  });

  it("retries TOO_MANY_REQUESTS after the transport's backoff (base × 2^n) on its clock, not sooner", async () => {
    const clock = new FakeClock();
    // random 1: the jitter's longest wait, the full base × 2^n.
    const transport = new HttpTransport({ ...wire.clientOptions(), backoffBaseMs: 500, random: () => 1, clock });
    const client = new GraphqlClient({ transport, log: new MemoryLogger() });
    wire.sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind: 'tooManyRequests', times: 2 });
    wire.sim.clearRequests();
    const pending = client.query(
      'query($a: Nrql!, $id: Int!) { actor { account(id: $id) { nrql(query: $a) { results } } } }',
      {
        id: SIMULATED_ACCOUNTS.us.id,
        a: 'SELECT count(newrelic.timeslice.value) AS c FROM Metric WHERE appId = 1 SINCE 1 hour ago',
      },
    );
    await clock.until(() => clock.pending > 0, 'the first backoff');
    assert.equal(clock.nextIn, 500);
    assert.equal(wire.sim.requests.length, 1);
    clock.advance(499);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(wire.sim.requests.length, 1, 'not retried before the backoff has passed');
    clock.advance(1);
    await clock.until(() => wire.sim.requests.length === 2 && clock.pending > 0, 'the second backoff');
    assert.equal(clock.nextIn, 1000, 'doubled');
    clock.advance(1000);
    const result = await pending;
    assert.deepEqual(result.errors, []);
    assert.equal(wire.sim.requests.length, 3);
    await transport.close();
  });

  it('pages entitySearch with progress, and stops when cancelled', async () => {
    const api = new NerdGraphTimesliceApi({ ...wire.clientOptions(), accountId: SIMULATED_ACCOUNTS.us.id });
    const progress: PageProgress[] = [];
    const apps = await api.listApplications({}, { onProgress: (p) => progress.push(p) });
    assert.equal(apps.length, wire.sim.datasets.us.apps.length);
    assert.deepEqual(
      progress.map((p) => p.pagesDone),
      [1, 2, 3],
    );
    assert.deepEqual(
      progress.map((p) => p.itemsSoFar),
      [4, 8, 12],
    );
    const controller = new AbortController();
    await assert.rejects(
      api.listApplications({}, { signal: controller.signal, onProgress: () => controller.abort() }),
      (e: unknown) => e instanceof ApiError && e.kind === 'cancelled',
    );
    await api.dispose();
  });
});
