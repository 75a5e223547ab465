/** One request shared by its callers: a caller's signal ends its own wait; the request ends only when nobody waits. */
import * as assert from 'node:assert/strict';

import { isApiError } from '../../src/api/apiError';
import { SharedRequest } from '../../src/api/sharedRequest';
import { countedSignal } from '../support/countedSignal';

/** A request the test answers, which records whether its own signal was aborted. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let signal!: AbortSignal;
  const request = new SharedRequest<T>((s) => {
    signal = s;
    return new Promise<T>((res, reject) => {
      resolve = res;
      s.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  });
  return { request, resolve: (v: T) => resolve(v), signal: () => signal };
}

const isCancelled = (e: unknown) => isApiError(e) && e.kind === 'cancelled';

describe('SharedRequest', () => {
  it('gives the second waiter the answer when the first cancels', async () => {
    const { request, resolve, signal } = pending<string>();
    const first = new AbortController();
    const second = new AbortController();
    const a = request.wait(first.signal);
    const b = request.wait(second.signal);
    first.abort();
    await assert.rejects(a, isCancelled);
    assert.equal(signal().aborted, false, 'another caller still waits');
    assert.equal(request.abandoned, false);
    resolve('answer');
    assert.equal(await b, 'answer');
  });

  it('aborts the request when every waiter cancelled, and says it is abandoned', async () => {
    const { request, signal } = pending<string>();
    const first = new AbortController();
    const second = new AbortController();
    const a = request.wait(first.signal);
    const b = request.wait(second.signal);
    first.abort();
    second.abort();
    await assert.rejects(a, isCancelled);
    await assert.rejects(b, isCancelled);
    assert.equal(signal().aborted, true);
    assert.equal(request.abandoned, true);
  });

  it('is never abandoned while a waiter without a signal waits', async () => {
    const { request, resolve, signal } = pending<number>();
    const first = new AbortController();
    const a = request.wait(first.signal);
    const b = request.wait();
    first.abort();
    await assert.rejects(a, isCancelled);
    assert.equal(signal().aborted, false);
    resolve(7);
    assert.equal(await b, 7);
  });

  it('removes its abort listener from the caller signal when the wait ends', async () => {
    const { request, resolve } = pending<number>();
    const caller = countedSignal();
    const wait = request.wait(caller.signal);
    assert.equal(caller.live(), 1);
    resolve(1);
    await wait;
    assert.equal(caller.live(), 0);
  });

  it('rejects at once for a signal already aborted, and passes a failure to every waiter', async () => {
    const request = new SharedRequest<number>(() => Promise.reject(new Error('503')));
    const gone = new AbortController();
    gone.abort();
    await assert.rejects(request.wait(gone.signal), isCancelled);
    await assert.rejects(request.wait(new AbortController().signal), /503/);
    await assert.rejects(request.wait(), /503/);
  });
});
