import assert from 'node:assert/strict';
import { inspect } from 'node:util';

import { ApiError } from '../../src/api/apiError';
import { LimiterRegistry, RequestLimiter, SLOTS_KEPT_FOR_FOREGROUND } from '../../src/api/limiter';
import { systemClock } from '../../src/api/clock';
import { inBackground, isBackground } from '../../src/api/requestLane';
import { FakeClock } from '../support/fakeClock';

/**
 * Lets every pending promise callback run (they all run before the next turn of the event loop).
 * No time passes for the limiters here: each has a fake clock, so none of their timers fires by itself.
 */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Tracks whether a promise has settled, without awaiting it. */
function track<T>(promise: Promise<T>): {
  readonly done: boolean;
  readonly value?: T;
  readonly error?: unknown;
  promise: Promise<T>;
} {
  const state: { done: boolean; value?: T; error?: unknown; promise: Promise<T> } = { done: false, promise };
  promise.then(
    (v) => {
      state.done = true;
      state.value = v;
    },
    (e: unknown) => {
      state.done = true;
      state.error = e;
    },
  );
  return state;
}

describe('RequestLimiter', () => {
  it('lets at most maxConcurrent requests run; a release lets the next one in', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 2, perMinute: 100, clock: new FakeClock() });
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
    const limiter = new RequestLimiter({ maxConcurrent: 2, clock: new FakeClock() });
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
    const clock = new FakeClock(1_000_000);
    const limiter = new RequestLimiter({ maxConcurrent: 10, perMinute: 2, clock });
    const a = await limiter.acquire();
    clock.advance(10_000);
    const b = await limiter.acquire();
    const c = track(limiter.acquire());
    await settle();
    assert.equal(c.done, false, 'a third start within the minute waits although slots are free');
    assert.equal(clock.pending, 1, 'it waits on a timer for the first start to leave the window');

    // A release wakes the waiter, but the minute is not over: it keeps waiting.
    clock.advance(30_000);
    a();
    await settle();
    assert.equal(c.done, false, '40 s after the first start is still within its minute');

    // Its timer runs out exactly one minute after the first start.
    clock.advance(19_999);
    await settle();
    assert.equal(c.done, false, '1 ms before the first start leaves the window');
    clock.advance(1);
    await settle();
    assert.equal(c.done, true, 'the first start has left the window');
    c.value!();
    b();

    // The start at +10 s and c's start (+60 s) fill the window again: d waits for +70 s.
    const d = track(limiter.acquire());
    await settle();
    assert.equal(d.done, false);
    clock.advance(9_999);
    await settle();
    assert.equal(d.done, false);
    clock.advance(1);
    await settle();
    assert.equal(d.done, true, 'the start at +10 s has left the window');
    d.value!();
    assert.equal(limiter.active, 0);
  });

  it('cancels a wait for a slot when the signal aborts, and the slot stays free for others', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 1, clock: new FakeClock() });
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

  it('cancels a wait for the per-minute window when the signal aborts, with no time passing', async () => {
    const clock = new FakeClock();
    const limiter = new RequestLimiter({ maxConcurrent: 5, perMinute: 1, clock });
    (await limiter.acquire())();
    const controller = new AbortController();
    const startedAt = clock.now();
    const waiting = track(limiter.acquire(controller.signal));
    await settle();
    assert.equal(waiting.done, false);
    assert.equal(clock.pending, 1, "it waits on the window's timer");
    controller.abort();
    await settle();
    assert.ok(waiting.error instanceof ApiError);
    assert.equal(waiting.error.kind, 'cancelled');
    assert.equal(clock.now(), startedAt, 'cancelled without the clock moving: it did not sit out the minute');
    assert.equal(clock.pending, 0, 'its timer was cleared');
    assert.equal(limiter.waiting, 0);
  });

  it('refuses at once with a signal that is already aborted', async () => {
    const limiter = new RequestLimiter({ clock: new FakeClock() });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      limiter.acquire(controller.signal),
      (e: unknown) => e instanceof ApiError && e.kind === 'cancelled',
    );
    assert.equal(limiter.active, 0);
  });

  it('defaults to 4 concurrent requests', async () => {
    const limiter = new RequestLimiter({ clock: new FakeClock() });
    const releases = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire()));
    const fifth = track(limiter.acquire());
    await settle();
    assert.equal(fifth.done, false);
    releases[0]();
    await settle();
    assert.equal(fifth.done, true);
  });
});

describe('RequestLimiter lanes', () => {
  /** An acquire made from background work, after an await inside it (the lane follows the work). */
  const background = (limiter: RequestLimiter) =>
    track(
      inBackground(async () => {
        await settle();
        return limiter.acquire();
      }),
    );

  it('background work leaves a slot free: a foreground request starts at once while background ones wait', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 4, perMinute: 100, clock: new FakeClock() });
    const bg = [1, 2, 3, 4].map(() => background(limiter));
    await settle();
    await settle();
    assert.deepEqual(
      bg.map((b) => b.done),
      [true, true, true, false],
      `${4 - SLOTS_KEPT_FOR_FOREGROUND} background requests run`,
    );
    const fg = track(limiter.acquire());
    await settle();
    assert.equal(fg.done, true, 'the kept slot');
    assert.equal(limiter.active, 4);
    fg.value!();
    await settle();
    assert.equal(bg[3].done, false, 'the freed foreground slot stays kept');
    bg[0].value!();
    await settle();
    assert.equal(bg[3].done, true, 'a freed background slot goes to the next background request');
  });

  it('a freed slot goes to a waiting foreground request before background ones that waited longer', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 2, perMinute: 100, clock: new FakeClock() });
    const first = await limiter.acquire();
    const second = await limiter.acquire();
    const bg = background(limiter);
    await settle();
    await settle();
    const fg = track(limiter.acquire());
    await settle();
    assert.equal(bg.done, false);
    assert.equal(fg.done, false);
    first();
    await settle();
    assert.equal(fg.done, true, 'the foreground request went first');
    assert.equal(bg.done, false);
    second();
    await settle();
    assert.equal(bg.done, true);
  });

  it('with one slot, background work still runs', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 1, perMinute: 100, clock: new FakeClock() });
    const bg = background(limiter);
    await settle();
    await settle();
    assert.equal(bg.done, true);
  });

  it("the system clock's timers keep no lane: a schedule armed during background work runs in the foreground", async () => {
    const laneInTimer = (arm: (fn: () => void) => void) =>
      inBackground(() => new Promise<boolean>((resolve) => arm(() => resolve(isBackground()))));
    assert.equal(await laneInTimer((fn) => setTimeout(fn, 0)), true, "a plain timer inherits its caller's lane");
    assert.equal(await laneInTimer((fn) => systemClock.setTimeout(fn, 0)), false);
  });

  it('outside inBackground a request is foreground again', async () => {
    const limiter = new RequestLimiter({ maxConcurrent: 2, perMinute: 100, clock: new FakeClock() });
    const bg = background(limiter);
    await settle();
    await settle();
    assert.equal(bg.done, true);
    const fg = track(limiter.acquire());
    await settle();
    assert.equal(fg.done, true, 'the second slot is the foreground one');
  });
});

describe('LimiterRegistry', () => {
  const KEY = 'NRAK-REGISTRYKEY00000000000000001';

  it('hands out one limiter per (origin, key)', () => {
    const registry = new LimiterRegistry({ clock: new FakeClock() });
    const a = registry.limiterFor('https://api.example', KEY);
    assert.equal(registry.limiterFor('https://api.example', KEY), a, 'the same key at the same origin');
    assert.notEqual(registry.limiterFor('https://api.example', `${KEY}2`), a, 'another key');
    assert.notEqual(registry.limiterFor('https://api.eu.example', KEY), a, 'another origin');
    assert.equal(registry.size, 3);
  });

  it('holds no key: printing the registry shows none', () => {
    const registry = new LimiterRegistry({ clock: new FakeClock() });
    registry.limiterFor('https://api.example', KEY);
    const printed = inspect(registry, { depth: 10, showHidden: true });
    assert.ok(printed.includes('https://api.example'), printed);
    assert.ok(!printed.includes(KEY) && !printed.includes('REGISTRYKEY'), printed);
  });
});
