import * as assert from 'node:assert/strict';

import { ApiError } from '../../src/api/errors';
import type { NrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import { applicationErrors } from '../../src/errors/applicationErrors';
import type { ErrorDetailsClient, ServiceException } from '../../src/errors/errorDetails';
import { ErrorDetails } from '../../src/errors/errorDetails';

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
});
