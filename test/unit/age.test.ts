import assert from 'node:assert/strict';

import { ApiError, describeFailure } from '../../src/api/apiError';
import { formatAge, staleNote } from '../../src/format/presentation';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const DAY = 24 * H;

describe('formatAge (the one age formatter) / staleNote / describeFailure', () => {
  it('says "just now" for anything under a minute (rounded to the second)', () => {
    assert.equal(formatAge(0), 'just now');
    assert.equal(formatAge(59 * S), 'just now');
    assert.equal(formatAge(59_400), 'just now');
    // 59.5 s rounds to 60 s: a whole minute.
    assert.equal(formatAge(59_500), '1 min ago');
  });

  it('words an age in the largest whole unit, at each boundary', () => {
    assert.equal(formatAge(MIN), '1 min ago');
    assert.equal(formatAge(3 * MIN + 20 * S), '3 min ago');
    assert.equal(formatAge(H - S), '59 min ago');
    assert.equal(formatAge(H), '1 h ago');
    assert.equal(formatAge(2 * H + 59 * MIN), '2 h ago');
    assert.equal(formatAge(DAY - S), '23 h ago');
    assert.equal(formatAge(DAY), '1 day ago');
    assert.equal(formatAge(2 * DAY - S), '1 day ago');
    assert.equal(formatAge(2 * DAY), '2 days ago');
    assert.equal(formatAge(5 * DAY), '5 days ago');
    assert.equal(formatAge(400 * DAY), '400 days ago');
  });

  it('never says "1 days"', () => {
    for (let ms = 0; ms < 3 * DAY; ms += 17 * MIN) {
      assert.doesNotMatch(formatAge(ms), /\b1 days\b/, String(ms));
    }
  });

  it('treats a negative age (clock skew) as just now, and one that is not a number as unknown', () => {
    assert.equal(formatAge(-120_000), 'just now');
    assert.equal(formatAge(Number.NEGATIVE_INFINITY), 'unknown');
    assert.equal(formatAge(Number.NaN), 'unknown');
    assert.equal(formatAge(Date.now() - Date.parse('not a date')), 'unknown');
    assert.equal(formatAge(Number.POSITIVE_INFINITY), 'unknown');
  });

  it('describes why data is stale, with the retry wait', () => {
    const limited = new ApiError(
      'rateLimited',
      'The rate limit of h was reached (429). Wait 40 s before trying again.',
      { status: 429, retryAfterMs: 40_000 },
    );
    assert.equal(
      staleNote(180_000, describeFailure(limited, 40_000)),
      'Showing data from 3 min ago — rate limited, retrying in 40 s',
    );
    const refused = new ApiError(
      'network',
      'The connection to h was refused. Check the base URL and that the service (or proxy) is running.',
    );
    assert.equal(describeFailure(refused), 'offline: The connection to h was refused');
    const proxy = new ApiError(
      'proxy',
      'The proxy p:1 could not be reached (ECONNREFUSED). Check the "http.proxy" setting.',
    );
    assert.equal(
      describeFailure(proxy, 30_000),
      'offline: The proxy p:1 could not be reached (ECONNREFUSED), retrying in 30 s',
    );
    assert.equal(describeFailure(new ApiError('server', 'x. y.', { status: 503 })), 'server error (503)');
  });
});
