/**
 * Error details against the simulator through the NRQL client a connection makes (either backend's
 * options: it always speaks NerdGraph): the classes of a demo application, and the latest stack of
 * its most frequent class, whose in-app frame is the sample's serving line; an occurrence whose stack
 * aged out says so; a hostile class name stays one NRQL literal and finds nothing. An alias the service
 * failed (null, and an error at its path) fails that query or stack only, never reads as "no errors".
 */
import assert from 'node:assert/strict';

import { createNrqlClient, type NrqlClient } from '../../src/api/backend';
import { ApiError } from '../../src/api/apiError';
import { readAliases } from '../../src/api/nerdgraph/graphqlRequests';
import { GraphqlClient } from '../../src/api/nerdgraph/graphqlClient';
import type { HttpTransport } from '../../src/api/transport';
import { MemoryLogger } from '../../src/log';
import { applicationErrors } from '../../src/errors/applicationErrors';
import { ErrorDetails } from '../../src/errors/errorDetails';
import { errorDetailsClient, readException } from '../../src/errors/sessionErrorClient';
import { DEMO_DATA_SET } from '../../src/simulator/dataset';
import { DEMO_SOURCE_LINES } from '../../src/simulator/demoSourceLines';
import { NRQL_DURATION_EXCEEDED } from '../../src/simulator/nerdgraph/fieldErrors';
import { wireSimulator } from '../support/wireSimulator';

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-ERRDETAILSKEY000000000001';
const RANGE = { from: new Date(Date.parse('2026-11-20T11:30:00Z')), to: new Date(Date.parse('2026-11-20T12:00:00Z')) };

describe('errors: error details through the session NRQL client, against the simulator', function () {
  this.timeout(30_000);
  const wire = wireSimulator({ usKey: KEY, now: () => NOW, ...DEMO_DATA_SET, names: 'demo' });
  const client = () =>
    createNrqlClient({ ...wire.clientOptions(), format: 'json' as const, keyHeader: 'X-Api-Key' as const });

  /** Error details over a NRQL client of their own, disposed after `run`. */
  async function withDetails(run: (details: ErrorDetails, nrql: NrqlClient) => Promise<void>): Promise<void> {
    const nrql = client();
    try {
      const errorClient = errorDetailsClient(nrql);
      await run(
        new ErrorDetails({ client: () => errorClient, now: () => NOW.getTime(), maxAgeMs: () => 60_000 }),
        nrql,
      );
    } finally {
      await nrql.dispose();
    }
  }

  it("answers a demo application's classes, and its top class's stack at the sample's serving line", async () => {
    const app = wire.sim.datasets.us.apps.find((a) => a.name === 'billing-api')!;
    await withDetails(async (details) => {
      const answer = await details.classes({ id: app.id, language: app.language }, RANGE);
      assert.equal(answer.kind, 'classes');
      if (answer.kind !== 'classes') return;
      assert.ok(answer.rows.length > 0);
      const top = answer.rows[0];
      assert.ok(top.count > 0);
      const stack = await details.latestStack(
        { id: app.id, language: app.language },
        top.errorClass,
        top.transactionName,
        RANGE,
      );
      assert.equal(stack.kind, 'stack');
      if (stack.kind !== 'stack') return;
      const inApp = stack.frames.find((f) => f.inApp);
      // Ruby's web metrics are `Controller/…`, its events' names `WebTransaction/Controller/…`.
      const [file, line] = DEMO_SOURCE_LINES[app.name][top.transactionName.replace(/^WebTransaction\//, '')];
      assert.ok(inApp?.path?.endsWith(file), `${inApp?.path} ends with ${file}`);
      assert.equal(inApp?.line, line);
      const hostile = await details.latestStack(
        { id: app.id, language: app.language },
        `${top.errorClass}' OR error.class LIKE '%`,
        top.transactionName,
        RANGE,
      );
      assert.deepEqual(hostile, { kind: 'none' });
    });
  });

  it("asks several applications' classes in one request", async () => {
    const apps = wire.sim.datasets.us.apps.filter((a) => a.reporting).slice(0, 3);
    await withDetails(async (details, nrql) => {
      await nrql.applicationGuid(apps[0].id); // the account lookup and the like out of the count
      await details.classes({ id: apps[0].id, language: apps[0].language }, RANGE);
      wire.sim.clearRequests();
      const answers = await Promise.all(
        apps.slice(1).map((a) => details.classes({ id: a.id, language: a.language }, RANGE)),
      );
      assert.ok(answers.every((a) => a.kind === 'classes'));
      assert.equal(wire.sim.requests.length, 1, JSON.stringify(wire.sim.requests.map((r) => [r.endpoint, r.status])));
    });
  });

  it('asks the stacks of several classes in one request, and each GUID once', async () => {
    const app = wire.sim.datasets.us.apps.find((a) => a.name === 'billing-api')!;
    await withDetails(async (details) => {
      const target = { id: app.id, language: app.language };
      const answer = await details.classes(target, RANGE);
      const top = answer.kind === 'classes' ? answer.rows.slice(0, 3) : [];
      wire.sim.clearRequests();
      const stacks = await Promise.all(
        top.map((r) => details.latestStack(target, r.errorClass, r.transactionName, RANGE)),
      );
      assert.deepEqual(
        stacks.map((s) => s.kind),
        ['stack', 'stack', 'stack'],
      );
      assert.deepEqual(
        wire.sim.requests.map((r) => r.endpoint),
        ['graphql.entitySearch', 'graphql.nrql', 'graphql.entity'],
        'the GUID, the latest occurrences, the three stacks',
      );
    });
  });

  it('says a stack aged out when the service answers null for the occurrence', async () => {
    const app = wire.sim.datasets.us.apps.find((a) => a.name === 'billing-api')!;
    const nrql = client();
    try {
      const guid = await nrql.applicationGuid(app.id);
      assert.equal(await errorDetailsClient(nrql).exception(guid, 'no-such-occurrence'), null);
    } finally {
      await nrql.dispose();
    }
    assert.equal(readException(null), null);
    assert.deepEqual(readException({ message: 'm', stackTrace: null }), { message: 'm', frames: [] });
    assert.deepEqual(readException({ message: 'm', stackTrace: { frames: [null, 3, { formatted: 'x' }] } }), {
      message: 'm',
      frames: [{ formatted: 'x' }],
    });
  });

  it("fails one application's classes when the service fails its alias (null + error at its path), and answers the others from the same request", async () => {
    const [failing, other] = wire.sim.datasets.us.apps.filter((a) => a.reporting).slice(0, 2);
    wire.sim.setNrqlFieldErrors({ applicationId: failing.id });
    try {
      await withDetails(async (details) => {
        wire.sim.clearRequests();
        const [bad, good] = await Promise.allSettled([
          details.classes({ id: failing.id, language: failing.language }, RANGE),
          details.classes({ id: other.id, language: other.language }, RANGE),
        ]);
        assert.equal(bad.status, 'rejected', 'a failed query is not "no errors"');
        const reason = bad.status === 'rejected' ? (bad.reason as unknown) : undefined;
        assert.ok(reason instanceof ApiError && reason.kind === 'timeout', String(reason));
        assert.equal(good.status === 'fulfilled' && good.value.kind, 'classes');
        assert.ok(good.status === 'fulfilled' && good.value.kind === 'classes' && good.value.rows.length > 0);
        // Both queries travelled together, each alias judged on its own (the request may be retried whole).
        const bodies = wire.sim.requests
          .filter((r) => r.endpoint === 'graphql.nrql')
          .map((r) => JSON.parse(r.requestBody ?? '{}') as { query: string });
        assert.ok(bodies.length > 0 && bodies.every((b) => /r0: nrql/.test(b.query) && /r1: nrql/.test(b.query)));
        assert.ok(wire.sim.requests.some((r) => (r.body ?? '').includes(NRQL_DURATION_EXCEEDED)));
      });
    } finally {
      wire.sim.setNrqlFieldErrors(undefined);
    }
  });

  it('reads each alias on its own: an error at an alias fails it, a null without one is an answer (a stack gone)', () => {
    const transport = { baseUrl: 'https://api.example', pipeline: { failed: (e: ApiError) => e } };
    const gql = new GraphqlClient({ transport: transport as unknown as HttpTransport, log: new MemoryLogger() });
    const answers = readAliases(
      gql,
      {
        data: {
          actor: { e0: { exception: null }, e1: { exception: null }, e2: null, e3: { exception: { message: 'm' } } },
        },
        errors: [
          {
            message: NRQL_DURATION_EXCEEDED,
            path: ['actor', 'e0', 'exception'],
            extensions: { errorClass: 'TIMEOUT' },
          },
          { message: 'Server Error', path: ['actor', 'e2'], extensions: { errorClass: 'SERVER_ERROR' } },
        ],
      },
      [0, 1, 2, 3].map((i) => ['actor', `e${i}`, 'exception']),
    );
    assert.deepEqual(
      answers.map((a) => (a.ok ? ['ok', a.value] : ['failed', a.error instanceof ApiError && a.error.kind])),
      [
        ['failed', 'timeout'],
        ['ok', null],
        ['failed', 'server'],
        ['ok', { message: 'm' }],
      ],
    );
    assert.equal(readException(answers[1].ok ? answers[1].value : undefined), null, 'gone: aged out');
  });

  it('a stack the service failed to give (null + error at its alias) is not "aged out": its class gets its stack at the next refresh', async () => {
    const app = wire.sim.datasets.us.apps.find((a) => a.name === 'billing-api')!;
    await withDetails(async (details) => {
      const refresh = async () =>
        (
          await applicationErrors({
            details,
            rates: () => Promise.resolve([]),
            applications: [{ applicationId: app.id, language: app.language }],
            window: { from: RANGE.from.getTime(), to: RANGE.to.getTime() },
          })
        )[0];
      wire.sim.setNrqlFieldErrors({ applicationId: app.id, fields: 'exception' });
      let first;
      try {
        first = await refresh();
      } finally {
        wire.sim.setNrqlFieldErrors(undefined);
      }
      assert.equal(first.kind, 'ok', 'the classes answered');
      if (first.kind !== 'ok') return;
      assert.ok(first.rows.length > 0);
      assert.ok(first.stackError instanceof ApiError && first.stackError.kind === 'timeout', String(first.stackError));
      assert.deepEqual(first.stacks, [], 'no class is said to have aged out');
      const second = await refresh();
      assert.ok(second.kind === 'ok' && second.stacks.length > 0 && second.stacks.every((s) => s.kind === 'stack'));
      assert.equal(second.kind === 'ok' && second.stackError, undefined);
    });
  });
});
