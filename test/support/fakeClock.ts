/**
 * A clock for tests of the scheduler, the transport's waits and the limiter: time moves only when a
 * test says so, and timers fire in order as it passes them. Counts every timer ever set, so "no timer
 * at all" can be asserted.
 */
import type { Clock } from '../../src/api/clock';
import { until } from './until';

export class FakeClock implements Clock {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  /** Every timer ever set, fired or not. */
  timersSet = 0;
  /** Timers that fired. */
  timersFired = 0;

  constructor(start = Date.parse('2026-11-23T12:00:00Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    this.timersSet++;
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pending(): number {
    return this.timers.size;
  }

  /** How long until the earliest pending timer fires, or undefined when none is pending. */
  get nextIn(): number | undefined {
    const ats = [...this.timers.values()].map((t) => t.at);
    return ats.length === 0 ? undefined : Math.min(...ats) - this.time;
  }

  /** Waits for a state while this clock stands still (see until.ts). */
  until(condition: () => boolean, what?: string, limitMs?: number): Promise<void> {
    return until(condition, what, limitMs);
  }

  /** Moves time forward by `ms`, firing each timer due on the way at its own time. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next || next[1].at > end) {
        break;
      }
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      this.timersFired++;
      next[1].fn();
    }
    this.time = end;
  }
}
