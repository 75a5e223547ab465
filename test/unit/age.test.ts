import assert from 'node:assert/strict';

import { ApiError, describeFailure } from '../../src/api/errors';
import { formatAge, staleNote } from '../../src/util/age';

describe('formatAge / staleNote / describeFailure', () => {
  it('words an age in the largest whole unit', () => {
    assert.equal(formatAge(0), 'just now');
    assert.equal(formatAge(59_400), 'just now');
    assert.equal(formatAge(60_000), '1 min ago');
    assert.equal(formatAge(3 * 60_000 + 20_000), '3 min ago');
    assert.equal(formatAge(59 * 60_000), '59 min ago');
    assert.equal(formatAge(2 * 3_600_000 + 59 * 60_000), '2 h ago');
    assert.equal(formatAge(24 * 3_600_000), '1 day ago');
    assert.equal(formatAge(5 * 24 * 3_600_000), '5 days ago');
  });

  it('treats negative (clock skew) and non-finite ages as just now', () => {
    assert.equal(formatAge(-120_000), 'just now');
    assert.equal(formatAge(Number.NaN), 'just now');
  });

  it('describes why data is stale, with the retry wait', () => {
    const limited = new ApiError('rateLimited', 'The rate limit of h was reached (429). Wait 40 s before trying again.', { status: 429, retryAfterMs: 40_000 });
    assert.equal(staleNote(180_000, describeFailure(limited, 40_000)), 'Showing data from 3 min ago — rate limited, retrying in 40 s');
    const refused = new ApiError('network', 'The connection to h was refused. Check the base URL and that the service (or proxy) is running.');
    assert.equal(describeFailure(refused), 'offline: The connection to h was refused');
    const proxy = new ApiError('proxy', 'The proxy p:1 could not be reached (ECONNREFUSED). Check the "http.proxy" setting.');
    assert.equal(describeFailure(proxy, 30_000), 'offline: The proxy p:1 could not be reached (ECONNREFUSED), retrying in 30 s');
    assert.equal(describeFailure(new ApiError('server', 'x. y.', { status: 503 })), 'server error (503)');
  });
});
