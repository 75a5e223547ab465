import * as assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import type { NrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import { applicationErrors } from '../../src/errors/applicationErrors';
import type { ErrorDetailsClient, ServiceException } from '../../src/errors/errorDetails';
import { ErrorDetails } from '../../src/errors/errorDetails';
import { STACKS_PER_APPLICATION } from '../../src/errors/errorModel';

const NOW = Date.UTC(2026, 10, 28, 4);
const WINDOW = { from: NOW - 30 * 60_000, to: NOW };
const TXN = 'WebTransaction/Controller/orders/show';

const result = (results: Array<Record<string, unknown>>): NrqlResult => ({
  results,
  metadata: { facets: [], eventTypes: [], messages: [] },
});

/** Every application has one class with a stack; `failing` applications' class queries time out. */
function client(failing: Set<number>): ErrorDetailsClient {
  return {
    runNrql(nrql: string) {
      const id = /appId = (\d+)/.exec(nrql)?.[1];
      if (id !== undefined && failing.has(Number(id))) {
        return Promise.reject(new ApiError('timeout', 'NRDB query duration exceeded'));
      }
      return Promise.resolve(
        result(
          nrql.includes('FROM TransactionError')
            ? [{ facet: [TXN, 'Timeout::Error'], count: 3, 'latest.timestamp': NOW }]
            : [{ facet: [TXN, 'Timeout::Error'], 'latest.id': 'occ', 'latest.timestamp': NOW, count: 1 }],
        ),
      );
    },
    entityGuid: (id) => Promise.resolve(`GUID-${id}`),
    exception: (): Promise<ServiceException | null> =>
      Promise.resolve({ frames: [{ formatted: "/srv/app/app/controllers/orders_controller.rb:3:in 'show'" }] }),
  };
}

describe('errors: applicationErrors (one refresh of the bound applications)', () => {
  it("settles per application: one application's failure leaves the others' answers", async () => {
    const details = new ErrorDetails({ client: () => client(new Set([2])), now: () => NOW, maxAgeMs: () => 60_000 });
    const outcomes = await applicationErrors({
      details,
      rates: () => Promise.resolve([]),
      applications: [
        { applicationId: 1, language: 'ruby' },
        { applicationId: 2, language: 'ruby' },
        { applicationId: 3, language: 'ruby' },
      ],
      window: WINDOW,
    });
    assert.deepEqual(
      outcomes.map((o) => [o.applicationId, o.kind]),
      [
        [1, 'ok'],
        [2, 'failed'],
        [3, 'ok'],
      ],
    );
    const failed = outcomes[1];
    assert.ok(failed.kind === 'failed' && failed.error instanceof ApiError && failed.error.kind === 'timeout');
    const ok = outcomes[0];
    assert.equal(ok.kind === 'ok' && ok.stacks[0].kind, 'stack');
  });

  it("a failure of an application's rates fails that application only", async () => {
    const details = new ErrorDetails({ client: () => client(new Set()), now: () => NOW, maxAgeMs: () => 60_000 });
    const outcomes = await applicationErrors({
      details,
      rates: (q) =>
        q.applicationId === 1 ? Promise.reject(new ApiError('rateLimited', 'slow down')) : Promise.resolve([]),
      applications: [
        { applicationId: 1, language: 'ruby' },
        { applicationId: 2, language: 'ruby' },
      ],
      window: WINDOW,
    });
    assert.deepEqual(
      outcomes.map((o) => o.kind),
      ['failed', 'ok'],
    );
  });

  it("gives a rare class in the application's own code its stack, however many more frequent classes throw outside it", async () => {
    // storefront-web: a Redis error in ten transactions, with no in-app frame, and a rare RecordNotFound in users/show.
    const redis = Array.from({ length: 10 }, (_, i) => `WebTransaction/Controller/page${i}/index`);
    const users = 'WebTransaction/Controller/users/show';
    const rows = [
      ...redis.map((t, i) => ({ facet: [t, 'Redis::CannotConnectError'], count: 100 - i })),
      { facet: [users, 'ActiveRecord::RecordNotFound'], count: 3 },
    ];
    const clock = { now: NOW };
    const client: ErrorDetailsClient = {
      runNrql: (nrql) =>
        Promise.resolve(
          result(
            rows.map((r, i) =>
              nrql.includes('FROM TransactionError')
                ? { ...r, 'latest.timestamp': NOW }
                : { facet: r.facet, 'latest.id': `occ-${i}`, 'latest.timestamp': NOW, count: 1 },
            ),
          ),
        ),
      entityGuid: () => Promise.resolve('GUID'),
      exception: (_guid, id) =>
        Promise.resolve({
          frames: [
            id === `occ-${rows.length - 1}`
              ? { formatted: "/srv/app/app/controllers/users_controller.rb:3:in 'show'" }
              : { formatted: "/usr/local/bundle/gems/redis-5.0.0/lib/redis/client.rb:398:in 'connect'" },
          ],
        }),
    };
    const details = new ErrorDetails({ client: () => client, now: () => clock.now, maxAgeMs: () => 60_000 });
    const refresh = async () => {
      const [outcome] = await applicationErrors({
        details,
        rates: () => Promise.resolve([]),
        applications: [{ applicationId: 7, language: 'ruby' }],
        window: { from: clock.now - 30 * 60_000, to: clock.now },
      });
      clock.now += 5 * 60_000;
      assert.equal(outcome.kind, 'ok');
      return outcome.kind === 'ok' ? outcome : undefined;
    };
    const first = await refresh();
    assert.equal(first?.top.length, STACKS_PER_APPLICATION, 'a bounded number of lookups a refresh');
    const second = await refresh();
    const i = second?.top.findIndex((r) => r.errorClass === 'ActiveRecord::RecordNotFound') ?? -1;
    assert.ok(i >= 0, 'the rare class has its stack at the next refresh');
    const stack = second!.stacks[i];
    assert.ok(stack.kind === 'stack' && stack.frames.some((f) => f.inApp && f.line === 3));
    assert.equal(second?.top.length, STACKS_PER_APPLICATION * 2, 'the stacks of the first refresh are kept');
  });
});
