/**
 * "Run NRQL Query…"'s request: the NRQL travels only as the `$nrql: Nrql!` variable (docs/service.md#request), the
 * GraphQL text is one constant the simulator's schema accepts, and the client built from a connection's
 * options (either backend's) sends it to `<base URL>/graphql` with the key in `API-Key`; a syntax error
 * (HTTP 200 + errors) becomes an ApiError that quotes the service.
 */
import assert from 'node:assert/strict';

import { parse, validate } from 'graphql';

import { createNrqlClient } from '../../src/api/backend';
import { ApiError } from '../../src/api/apiError';
import { exampleNrql, nrqlGraphql, nrqlRequestBody } from '../../src/api/nerdgraph/nrqlQuery';
import { MemoryLogger } from '../../src/log';
import { nerdGraphSchema } from '../../src/simulator/nerdgraph/schema';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';

const HOSTILE = `SELECT count(*) FROM Metric WHERE appName = 'o''brien "}) { x } # \\ $nrql' SINCE 1 hour ago`;

describe('NRQL request', () => {
  it('carries the NRQL and the account as variables, never in the GraphQL text', () => {
    const body = nrqlRequestBody(1_234_567, HOSTILE);
    assert.deepEqual(body.variables, { accountId: 1_234_567, nrql: HOSTILE });
    assert.ok(!body.query.includes('SELECT'), body.query);
    assert.ok(!body.query.includes('brien'));
    assert.equal(body.query, nrqlRequestBody(7, 'SELECT 1 FROM Metric').query, 'one GraphQL text for every query');
    assert.match(body.query, /\$nrql: Nrql!/);
    assert.match(body.query, /nrql\(query: \$nrql, timeout: \d+\)/);
    assert.match(body.query, /account\(id: \$accountId\)/);
  });

  it("is GraphQL the simulator's schema (the subset of docs/service.md#nerdgraph-mapping) accepts, asking for results and metadata", () => {
    const doc = parse(nrqlGraphql());
    assert.deepEqual(validate(nerdGraphSchema, doc), []);
    assert.match(nrqlGraphql(), /results metadata \{/);
    assert.match(nrqlGraphql(45), /timeout: 45\)/);
  });
});

describe('NRQL client against the simulator', function () {
  this.timeout(15_000);
  const KEY = 'NRAK-NRQLQUERYKEY00000000000001';
  let sim: Simulator;
  before(async () => {
    sim = await Simulator.start({ usKey: KEY, now: () => new Date('2026-11-20T12:00:30Z') });
  });
  after(async () => {
    await sim.stop();
  });
  // What a REST v2 connection is built from: its own header setting, its format. The NRQL client still speaks NerdGraph.
  const restOptions = () => ({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(KEY),
    ca: sim.certPem,
    log: new MemoryLogger(),
    format: 'xml' as const,
    keyHeader: 'X-Api-Key' as const,
    backoffBaseMs: 5,
  });
  const account = SIMULATED_ACCOUNTS.us.id;

  it('answers the prefilled query with 30 one-minute buckets, posted to /graphql with the key in API-Key, as request() says', async () => {
    const client = createNrqlClient(restOptions());
    const app = sim.datasets.us.apps.find((a) => a.reporting)!;
    sim.clearRequests();
    try {
      assert.equal(client.graphqlUrl, `${sim.baseUrls.us.replace(/\/$/, '')}/graphql`);
      const result = await client.run(account, exampleNrql(app.id));
      assert.equal(result.results.length, 30);
      assert.ok(
        result.results.every(
          (r) =>
            typeof r.beginTimeSeconds === 'number' &&
            typeof r['Response time (ms)'] === 'number' &&
            typeof r['Throughput (rpm)'] === 'number',
        ),
      );
      assert.ok(
        result.metadata.timeWindow && result.metadata.timeWindow.end - result.metadata.timeWindow.begin === 30 * 60_000,
      );
      const sent = sim.requests.filter((r) => r.path === '/graphql');
      assert.equal(sent.length, 1);
      assert.equal(sent[0].method, 'POST');
      assert.equal(sent[0].headers['api-key'], KEY);
      assert.equal(sent[0].headers['x-api-key'], undefined);
      assert.deepEqual(
        JSON.parse(sent[0].requestBody!),
        client.request(account, exampleNrql(app.id)),
        'Copy as curl copies what was sent',
      );
    } finally {
      await client.dispose();
    }
  });

  it("uses the stored account it was given, and lists the key's accounts", async () => {
    const client = createNrqlClient({ ...restOptions(), accountId: account });
    try {
      assert.equal(client.storedAccountId, account);
      assert.deepEqual(await client.listAccounts(), [{ id: account, name: SIMULATED_ACCOUNTS.us.name }]);
    } finally {
      await client.dispose();
    }
  });

  it('turns a NRQL syntax error (HTTP 200 + errors) into an invalidRequest ApiError quoting the service, never the key', async () => {
    const client = createNrqlClient(restOptions());
    try {
      await assert.rejects(client.run(account, 'SELECT count(*) FORM Metric'), (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.kind, 'invalidRequest');
        assert.match(e.message, /NRQL Syntax Error: Error at line 1 position \d+, unexpected/);
        assert.match(e.message, /Correct the query/);
        assert.ok(!e.message.includes(KEY));
        return true;
      });
      // The client keeps working after the refusal.
      assert.equal(
        (await client.run(account, 'SELECT count(newrelic.timeslice.value) AS c FROM Metric SINCE 10 minutes ago'))
          .results.length,
        1,
      );
    } finally {
      await client.dispose();
    }
  });

  it('refuses an account the key cannot see with a forbidden ApiError', async () => {
    const client = createNrqlClient(restOptions());
    try {
      await assert.rejects(
        client.run(999, 'SELECT count(*) FROM Metric'),
        (e: unknown) => e instanceof ApiError && e.kind === 'forbidden' && /999/.test(e.message),
      );
    } finally {
      await client.dispose();
    }
  });
});
