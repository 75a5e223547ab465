// Which lane a request waits in at the per-key limiter (limiter.ts). The lane follows the work through its
// awaits (Node's AsyncLocalStorage), so background work is marked once where it starts, not on every request.
import { AsyncLocalStorage } from 'node:async_hooks';

const lane = new AsyncLocalStorage<'background'>();

/** Runs `work` with every request it makes in the background lane: they leave a slot to what is on screen. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return lane.run('background', work);
}

/** Runs `start` outside any lane: what it starts (a timer, a listener) does not inherit the caller's. */
export function outsideLanes<T>(start: () => T): T {
  return lane.exit(start);
}

export function isBackground(): boolean {
  return lane.getStore() === 'background';
}
