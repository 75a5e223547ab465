import assert from 'node:assert/strict';

import { ApiError } from '../../src/api/errors';
import { RequestLimiter } from '../../src/api/limiter';

/** Lets pending promise callbacks and zero-delay timers run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5));
}

/** Tracks whether a promise has settled, without awaiting it. */
function track<T>(promise: Promise<T>): { readonly done: boolean; readonly value?: T; readonly error?: unknown; promise: Promise<T> } {
  const state: { done: boolean; value?: T; error?: unknown; promise: Promise<T> } = { done: false, promise };
  promise.then((v) => { state.done = true; state.value = v; }, (e: unknown) => { state.done = true; state.error = e; });
  return state;
}

describe('RequestLimiter', () => {
  it('lets at most maxConcurrent requests run; a release lets the next one in', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 2, perMinute: 100 });
    const a = await limiter.acquire();
    const b = await limiter.acquire();
    assert.equal(limiter.active, 2);
    const c = track(limiter.acquire());
    const d = track(limiter.acquire());
    await settle();
    assert.equal(c.done, false, 'a third request waits');
    assert.equal(d.done, false);
    a();
    await settle();
    assert.equal(c.done, true, 'the first waiter gets the freed slot');
    assert.equal(d.done, false, 'only one slot was freed');
    assert.equal(limiter.active, 2);
    b();
    await settle();
    assert.equal(d.done, true);
    c.value!();
    d.value!();
    assert.equal(limiter.active, 0);
  });

  it('a release function frees its slot only once', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 2 });
    const a = await limiter.acquire();
    await limiter.acquire();
    a();
    a();
    assert.equal(limiter.active, 1);
    const c = await limiter.acquire();
    const next = track(limiter.acquire());
    await settle();
    assert.equal(next.done, false, 'a second call of a release must not free another slot');
    assert.equal(limiter.active, 2);
    c();
    await settle();
    assert.equal(next.done, true);
  });

  it('caps starts per sliding minute, by its injected clock', async () => {
    let now = 1_000_000;
    const limiter = new RequestLimiter({ maxConcurrent: 10, perMinute: 2, now: () => now });
    const a = await limiter.acquire();
    now += 10_000;
    const b = await limiter.acquire();
    const c = track(limiter.acquire());
    await settle();
    assert.equal(c.done, false, 'a third start within the minute waits although slots are free');

    // A release wakes the waiter, but the minute is not over: it keeps waiting.
    now += 30_000;
    a();
    await settle();
    assert.equal(c.done, false, '40 s after the first start is still within its minute');

    // One minute after the first start, the window has room again.
    now = 1_000_000 + 60_000;
    b();
    await settle();
    assert.equal(c.done, true, 'the first start has left the window');
    c.value!();

    // The start at +10 s and c's start fill the window again.
    const d = track(limiter.acquire());
    await settle();
    assert.equal(d.done, false);
    // Past both starts' minutes, a wake-up (a release) lets d in without sitting out its timer.
    now = 1_000_000 + 130_000;
    const e = await limiter.acquire();
    e();
    await settle();
    assert.equal(d.done, true);
    d.value!();
    assert.equal(limiter.active, 0);
  });

  it('cancels a wait for a slot when the signal aborts, and the slot stays free for others', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 1 });
    const a = await limiter.acquire();
    const controller = new AbortController();
    const waiting = track(limiter.acquire(controller.signal));
    await settle();
    assert.equal(waiting.done, false);
    controller.abort();
    await settle();
    assert.equal(waiting.done, true);
    assert.ok(waiting.error instanceof ApiError);
    assert.equal(waiting.error.kind, 'cancelled');
    assert.equal(limiter.active, 1, 'the cancelled waiter took no slot');
    a();
    assert.equal(limiter.active, 0);
    const b = await limiter.acquire();
    assert.equal(limiter.active, 1);
    b();
  });

  it('cancels a wait for the per-minute window when the signal aborts', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 5, perMinute: 1, now: () => 0 });
    (await limiter.acquire())();
    const controller = new AbortController();
    const started = Date.now();
    const waiting = track(limiter.acquire(controller.signal));
    await settle();
    assert.equal(waiting.done, false);
    controller.abort();
    await settle();
    assert.ok(waiting.error instanceof ApiError);
    assert.equal(waiting.error.kind, 'cancelled');
    assert.ok(Date.now() - started < 1000, 'did not sit out the minute');
  });

  it('refuses at once with a signal that is already aborted', async () => {
    const limiter = new RequestLimiter();
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(limiter.acquire(controller.signal), (e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
    assert.equal(limiter.active, 0);
  });

  it('defaults to 4 concurrent requests', async () => {
    const limiter = new RequestLimiter();
    const releases = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire()));
    const fifth = track(limiter.acquire());
    await settle();
    assert.equal(fifth.done, false);
    releases[0]();
    await settle();
    assert.equal(fifth.done, true);
  });
});
