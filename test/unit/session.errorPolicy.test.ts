/**
 * One error policy: every ApiError kind maps to what views do about it (keep the data shown? retry
 * by itself, when? which actions, fix first, Show Log last), checked as a table.
 */
import assert from 'node:assert/strict';

import type { ApiErrorKind } from '../../src/api/apiError';
import { ApiError, describeFailure, formatWait } from '../../src/api/apiError';
import { errorForStatus } from '../../src/api/httpFailures';
import { apiErrorFor } from '../../src/api/nerdgraph/graphqlClient';
import { errorPolicy, keepsOldData } from '../../src/session/errorPolicy';

describe('error policy (one table for the tree, panels, status bar and commands)', () => {
  const cases: Array<[string, ApiError | Error, boolean, number | undefined, string[]]> = [
    ['auth', new ApiError('auth', ''), false, undefined, ['setApiKey', 'retry', 'showLog']],
    ['forbidden', new ApiError('forbidden', ''), false, undefined, ['switchRegion', 'retry', 'showLog']],
    ['wrongRegion', new ApiError('wrongRegion', ''), false, undefined, ['switchRegion', 'retry', 'showLog']],
    ['notFound', new ApiError('notFound', ''), false, undefined, ['retry', 'showLog']],
    ['invalidRequest', new ApiError('invalidRequest', ''), false, undefined, ['showLog']],
    [
      'rateLimited with a wait',
      new ApiError('rateLimited', '', { retryAfterMs: 40_000 }),
      true,
      40_000,
      ['retry', 'showLog'],
    ],
    [
      'rateLimited, a wait too short',
      new ApiError('rateLimited', '', { retryAfterMs: 100 }),
      true,
      5_000,
      ['retry', 'showLog'],
    ],
    [
      'rateLimited, a wait too long',
      new ApiError('rateLimited', '', { retryAfterMs: 3_600_000 }),
      true,
      300_000,
      ['retry', 'showLog'],
    ],
    ['server', new ApiError('server', '', { status: 503 }), true, 30_000, ['retry', 'showLog']],
    ['timeout', new ApiError('timeout', ''), true, 30_000, ['retry', 'showLog']],
    ['network', new ApiError('network', ''), true, 30_000, ['retry', 'showLog']],
    ['proxy unreachable', new ApiError('proxy', ''), true, 30_000, ['retry', 'showLog']],
    ['proxy 407', new ApiError('proxy', '', { status: 407 }), true, 30_000, ['openProxySettings', 'retry', 'showLog']],
    ['tls', new ApiError('tls', ''), true, 30_000, ['openCaSetting', 'retry', 'showLog']],
    ['badResponse', new ApiError('badResponse', ''), true, 30_000, ['retry', 'showLog']],
    ['tooLarge', new ApiError('tooLarge', ''), false, undefined, ['showLog']],
    ['redirectRefused', new ApiError('redirectRefused', ''), false, undefined, ['showLog']],
    ['invalidConfig', new ApiError('invalidConfig', ''), false, undefined, ['openSettings', 'retry', 'showLog']],
    [
      'retired (REST v2 answered 410 Gone)',
      new ApiError('retired', '', { status: 410 }),
      false,
      undefined,
      ['openBackendSetting', 'retry', 'showLog'],
    ],
    [
      'noAccount (NerdGraph: several accounts, none chosen)',
      new ApiError('noAccount', ''),
      false,
      undefined,
      ['switchAccount', 'retry', 'showLog'],
    ],
    ['cancelled', new ApiError('cancelled', ''), false, undefined, []],
    ['a bug of ours', new TypeError('x is undefined'), false, undefined, ['retry', 'showLog']],
  ];
  for (const [name, error, keep, retryAfterMs, actions] of cases) {
    it(`${name}: ${keep ? 'keeps the data shown' : 'does not keep data'}, ${retryAfterMs ? `retries after ${retryAfterMs} ms` : 'no automatic retry'}, offers ${actions.join(', ') || 'nothing'}`, () => {
      const policy = errorPolicy(error);
      assert.deepEqual(policy, {
        keepLastData: keep,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        actions,
      });
      assert.equal(keepsOldData(error), keep);
    });
  }

  it('covers every error kind', () => {
    const kinds: Record<ApiErrorKind, true> = {
      auth: true,
      forbidden: true,
      wrongRegion: true,
      notFound: true,
      invalidRequest: true,
      rateLimited: true,
      server: true,
      timeout: true,
      network: true,
      proxy: true,
      tls: true,
      badResponse: true,
      tooLarge: true,
      redirectRefused: true,
      cancelled: true,
      invalidConfig: true,
      retired: true,
      noAccount: true,
    };
    const covered = new Set(cases.map(([, e]) => (e instanceof ApiError ? e.kind : undefined)));
    assert.deepEqual(
      Object.keys(kinds).filter((k) => !covered.has(k as ApiErrorKind)),
      [],
    );
  });

  it("the wait an error's message names (the log) is the retry the views count down: one value", () => {
    const errors: Array<[string, ApiError]> = [
      ['429 without Retry-After', errorForStatus(429, 'h', '/p', '{}')],
      ['429, Retry-After 2 s', errorForStatus(429, 'h', '/p', '{}', 2_000)],
      ['429, Retry-After 40 s', errorForStatus(429, 'h', '/p', '{}', 40_000)],
      ['429, Retry-After 1 h', errorForStatus(429, 'h', '/p', '{}', 3_600_000)],
      ['500', errorForStatus(500, 'h', '/p', '')],
      ['503, Retry-After 90 s', errorForStatus(503, 'h', '/p', '', 90_000)],
      [
        'NerdGraph TOO_MANY_REQUESTS',
        apiErrorFor({ message: 'slow down', extensions: { errorClass: 'TOO_MANY_REQUESTS' } }, 'h'),
      ],
      ['NerdGraph SERVER_ERROR', apiErrorFor({ message: 'oops', extensions: { errorClass: 'SERVER_ERROR' } }, 'h')],
    ];
    for (const [name, e] of errors) {
      const retryMs = errorPolicy(e).retryAfterMs;
      assert.ok(retryMs !== undefined, `${name}: retried by itself`);
      const wait = formatWait(retryMs);
      assert.match(
        e.message,
        new RegExp(`(Wait|Try again in) ${wait}[ ;]`),
        `${name}: "${e.message}" names another wait than the views' ${wait}`,
      );
      assert.ok(describeFailure(e, retryMs).endsWith(`retrying in ${wait}`), name);
    }
  });
});
