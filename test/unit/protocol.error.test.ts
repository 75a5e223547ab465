import assert from 'node:assert/strict';

import { isToWebview } from '../../src/panels/toWebviewGuard';

describe('protocol: the error message with a stale note', () => {
  it('accepts an error with or without a short stale note', () => {
    assert.ok(isToWebview({ type: 'error', message: 'rate limited', retryable: true }));
    assert.ok(
      isToWebview({
        type: 'error',
        message: 'rate limited',
        retryable: true,
        staleNote: 'Showing data from 3 min ago',
      }),
    );
  });

  it('rejects a stale note that is not a short string', () => {
    assert.ok(!isToWebview({ type: 'error', message: 'x', retryable: true, staleNote: 3 }));
    assert.ok(!isToWebview({ type: 'error', message: 'x', retryable: true, staleNote: 'x'.repeat(201) }));
    assert.ok(!isToWebview({ type: 'error', message: 'x', retryable: 'yes' }));
  });
});
