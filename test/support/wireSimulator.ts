/**
 * The simulator over the wire for one describe block of unit tests: started in its `before`, stopped in
 * its `after`, with an HTTPS agent that trusts its certificate, GraphQL posted as the service takes it
 * (docs/service.md), and the options an extension client needs to reach it.
 */
import assert from 'node:assert/strict';

import { Agent, request } from 'undici';

import { MemoryLogger } from '../../src/log';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator, type SimulatorOptions } from '../../src/simulator/server';

/** A GraphQL reply, read by shape: the tests check what the wire carries. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by shape.
export type GraphqlReply = { data: any; errors?: unknown };

export interface WireSimulator {
  readonly sim: Simulator;
  readonly agent: Agent;
  /** POSTs `query` to /graphql with the US key; the reply's JSON (a status other than 200 fails the test). */
  graphql(query: string, variables: Record<string, unknown>): Promise<GraphqlReply>;
  /** One NRQL query on the US account, asking `fields` of its result: the `nrql` node (an error fails the test). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by shape.
  nrql(query: string, fields?: string): Promise<any>;
  /** What a transport or client of the extension needs to reach the US endpoint (quick retries). */
  clientOptions(): {
    baseUrl: string;
    getApiKey: () => Promise<string>;
    ca: string;
    log: MemoryLogger;
    backoffBaseMs: number;
  };
}

/** Registers the block's `before`/`after`; read `sim` and `agent` inside tests and hooks only. */
export function wireSimulator(options: SimulatorOptions & { usKey: string }): WireSimulator {
  let sim: Simulator | undefined;
  let agent: Agent | undefined;
  before(async () => {
    sim = await Simulator.start(options);
    agent = new Agent({ connect: { ca: sim.certPem } });
  });
  after(async () => {
    await agent?.close();
    await sim?.stop();
  });
  const started = (): { sim: Simulator; agent: Agent } => {
    assert.ok(sim && agent, 'the simulator starts in the before hook');
    return { sim, agent };
  };
  const wire: WireSimulator = {
    get sim() {
      return started().sim;
    },
    get agent() {
      return started().agent;
    },
    async graphql(query, variables) {
      const res = await request(`https://127.0.0.1:${wire.sim.httpsPort}/graphql`, {
        method: 'POST',
        dispatcher: wire.agent,
        headers: { 'content-type': 'application/json', 'API-Key': options.usKey },
        body: JSON.stringify({ query, variables }),
      });
      const text = await res.body.text();
      assert.equal(res.statusCode, 200, text);
      return JSON.parse(text) as GraphqlReply;
    },
    async nrql(query, fields = 'results') {
      const body = await wire.graphql(
        `query($id: Int!, $q: Nrql!) { actor { account(id: $id) { nrql(query: $q) { ${fields} } } } }`,
        { id: SIMULATED_ACCOUNTS.us.id, q: query },
      );
      assert.equal(body.errors, undefined, JSON.stringify(body.errors));
      return body.data.actor.account.nrql;
    },
    clientOptions: () => ({
      baseUrl: wire.sim.baseUrls.us,
      getApiKey: () => Promise.resolve(options.usKey),
      ca: wire.sim.certPem,
      log: new MemoryLogger(),
      backoffBaseMs: 5,
    }),
  };
  return wire;
}
