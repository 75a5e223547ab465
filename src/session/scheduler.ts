/**
 * The one clock of a connection session: refreshes tick together, redraws on their own cadence, and no timer is
 * pending while no job is active. Unfocused, regular ticks stop but an announced retry and its countdown still
 * run: code-server reports the window unfocused after a focused webview closes, and a countdown on screen must
 * not freeze. A wait the service announced (429 `Retry-After`) pauses every job.
 */
import type { Clock } from '../api/clock';
import { systemClock } from '../api/clock';
import type { IDisposable } from '../util/lifecycle';

export interface ScheduledJob {
  readonly name: string;
  /** Whether the job has something on screen to keep current (a visible view, a bound folder, a visible panel). */
  active(): boolean;
  run(): void | Promise<void>;
  /** Without it the job is a refresh on the shared tick, so all refreshes wake the process once. */
  readonly everyMs?: number;
}

export interface SchedulerOptions {
  clock?: Clock;
  intervalMs(): number;
  focused: boolean;
  /** A job that threw: logged by the owner; the schedule goes on. */
  onError?(job: ScheduledJob, error: unknown): void;
}

export class RefreshScheduler implements IDisposable {
  private readonly clock: Clock;
  private readonly jobs = new Set<ScheduledJob>();
  private readonly lastRedraw = new Map<ScheduledJob, number>();
  private readonly runAtByJob = new Map<ScheduledJob, number>();
  private lastTick: number;
  private focused: boolean;
  private pausedUntil = 0;
  private timer: { handle: unknown; at: number } | undefined;
  private disposed = false;
  private hadActive = false;

  constructor(private readonly options: SchedulerOptions) {
    this.clock = options.clock ?? systemClock;
    this.focused = options.focused;
    this.lastTick = this.clock.now();
  }

  /** Whether a timer is pending (the benchmark counts them while the window is unfocused). */
  get timerPending(): boolean {
    return this.timer !== undefined;
  }

  add(job: ScheduledJob): IDisposable {
    this.jobs.add(job);
    if (job.everyMs !== undefined) {
      this.lastRedraw.set(job, this.clock.now());
    }
    this.reschedule();
    return { dispose: () => this.remove(job) };
  }

  remove(job: ScheduledJob): void {
    if (this.jobs.delete(job)) {
      this.lastRedraw.delete(job);
      this.runAtByJob.delete(job);
      this.reschedule();
    }
  }

  setFocused(focused: boolean): void {
    if (focused !== this.focused) {
      this.focused = focused;
      this.reschedule();
    }
  }

  /** Something a job's `active()` depends on changed (a view shown or hidden, a binding added), or the interval did. */
  update(): void {
    this.reschedule();
  }

  runAt(job: ScheduledJob, at: number): void {
    if (this.jobs.has(job)) {
      this.runAtByJob.set(job, at);
      this.reschedule();
    }
  }

  pauseUntil(until: number): void {
    if (until > this.pausedUntil) {
      this.pausedUntil = until;
      this.reschedule();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTimer();
    this.jobs.clear();
  }

  private activeJobs(): ScheduledJob[] {
    return [...this.jobs].filter((j) => {
      try {
        return j.active();
      } catch {
        return false;
      }
    });
  }

  /** When `job` is next due, ignoring pauses; unfocused, a refresh is due only for its retry. */
  private dueAt(job: ScheduledJob): number {
    const regular =
      job.everyMs !== undefined
        ? (this.lastRedraw.get(job) ?? this.lastTick) + job.everyMs
        : this.focused
          ? this.lastTick + this.options.intervalMs()
          : Number.POSITIVE_INFINITY;
    const early = this.runAtByJob.get(job);
    return early !== undefined ? Math.min(early, regular) : regular;
  }

  /** Whether some active job has a retry pending: it runs, and its countdown redraws, even unfocused. */
  private retryPending(active: ScheduledJob[]): boolean {
    return active.some((j) => this.runAtByJob.has(j));
  }

  private reschedule(): void {
    if (this.disposed) {
      return;
    }
    const active = this.activeJobs();
    if (active.length > 0 && !this.hadActive) {
      // Something just came on screen after nothing was: it loads itself; the next tick is a full interval away.
      this.lastTick = this.clock.now();
    }
    this.hadActive = active.length > 0;
    if (active.length === 0 || (!this.focused && !this.retryPending(active))) {
      this.cancelTimer(); // Nothing on screen to keep current, or unfocused with no retry promised: no timer at all.
      return;
    }
    const at = Math.max(this.pausedUntil, Math.min(...active.map((j) => this.dueAt(j))));
    if (this.timer?.at === at) {
      return;
    }
    this.cancelTimer();
    const handle = this.clock.setTimeout(() => this.fire(), Math.max(0, at - this.clock.now()));
    this.timer = { handle, at };
  }

  private cancelTimer(): void {
    if (this.timer) {
      this.clock.clearTimeout(this.timer.handle);
      this.timer = undefined;
    }
  }

  private fire(): void {
    this.timer = undefined;
    if (this.disposed) {
      return;
    }
    const now = this.clock.now();
    const active = this.activeJobs();
    // Unfocused, the timer was set for a retry: the regular tick waits for focus, the countdown goes on.
    const refreshDue = this.focused && now >= this.lastTick + this.options.intervalMs();
    const redrawing = this.focused || this.retryPending(active);
    if (refreshDue) {
      this.lastTick = now;
    }
    for (const job of active) {
      const early = this.runAtByJob.get(job);
      const redrawDue =
        redrawing && job.everyMs !== undefined && now >= (this.lastRedraw.get(job) ?? now) + job.everyMs;
      const due = (job.everyMs === undefined && refreshDue) || redrawDue || (early !== undefined && now >= early);
      if (!due) {
        continue;
      }
      this.runAtByJob.delete(job);
      if (job.everyMs !== undefined) {
        this.lastRedraw.set(job, now);
      }
      this.runJob(job);
    }
    this.reschedule();
  }

  private runJob(job: ScheduledJob): void {
    try {
      const result = job.run();
      if (result instanceof Promise) {
        result.catch((e: unknown) => this.options.onError?.(job, e));
      }
    } catch (e) {
      this.options.onError?.(job, e);
    }
  }
}
