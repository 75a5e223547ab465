/**
 * The session's one scheduler, on a fake clock: refreshes tick together every interval, redraws on
 * their own cadence, nothing at all runs (not even a timer) while the window is unfocused or nothing
 * is visible, a missed tick runs on focus, an announced wait pauses everything.
 */
import assert from 'node:assert/strict';

import type { ScheduledJob } from '../../src/session/scheduler';
import { RefreshScheduler } from '../../src/session/scheduler';
import { FakeClock } from '../support/fakeClock';

const MIN = 60_000;

function job(
  name: string,
  opts: { active?: () => boolean; everyMs?: number } = {},
): ScheduledJob & { runs: number[]; clock?: FakeClock } {
  const j = {
    name,
    runs: [] as number[],
    everyMs: opts.everyMs,
    active: opts.active ?? (() => true),
    run: () => {
      j.runs.push(j.clock!.now());
    },
    clock: undefined as FakeClock | undefined,
  };
  return j;
}

describe('RefreshScheduler (one focus-aware clock per session)', () => {
  let clock: FakeClock;
  let scheduler: RefreshScheduler;
  let interval: number;
  const start = () => clock.now();

  beforeEach(() => {
    clock = new FakeClock();
    interval = MIN;
    scheduler = new RefreshScheduler({ clock, intervalMs: () => interval, focused: true });
  });

  afterEach(() => scheduler.dispose());

  function add(j: ReturnType<typeof job>) {
    j.clock = clock;
    scheduler.add(j);
    return j;
  }

  it('runs every refresh job on one shared tick per interval: one wake-up, not one per job', () => {
    const t0 = start();
    const tree = add(job('tree'));
    clock.advance(20_000);
    const panel = add(job('panel'));
    clock.advance(5 * MIN);
    assert.deepEqual(
      tree.runs.map((t) => t - t0),
      [1, 2, 3, 4, 5].map((n) => n * MIN),
    );
    assert.deepEqual(panel.runs, tree.runs, 'the panel added later ticks with the tree');
    assert.equal(clock.timersFired, 5, 'five wake-ups for two jobs over five minutes');
  });

  it('with the window unfocused and nothing visible, no timer fires, or is even set, for 5 minutes', () => {
    let visible = true;
    const tree = add(job('tree', { active: () => visible }));
    const age = add(job('age', { everyMs: 5_000, active: () => visible }));
    clock.advance(MIN);
    assert.equal(tree.runs.length, 1);
    scheduler.setFocused(false);
    visible = false;
    scheduler.update();
    const setBefore = clock.timersSet;
    const firedBefore = clock.timersFired;
    clock.advance(5 * MIN);
    assert.equal(clock.pending, 0, 'no timer pending');
    assert.equal(clock.timersSet, setBefore, 'no timer set');
    assert.equal(clock.timersFired, firedBefore, 'no timer fired');
    assert.equal(tree.runs.length, 1);
    assert.equal(age.runs.length, 12, 'the redraw ran only while focused');
  });

  it('unfocused but visible: no timer either, and the tick missed meanwhile runs once on focus', () => {
    const t0 = start();
    const tree = add(job('tree'));
    clock.advance(30_000);
    scheduler.setFocused(false);
    assert.equal(scheduler.timerPending, false);
    clock.advance(10 * MIN);
    assert.equal(tree.runs.length, 0);
    scheduler.setFocused(true);
    clock.advance(0);
    assert.deepEqual(
      tree.runs.map((t) => t - t0),
      [10.5 * MIN],
      'one catch-up run on focus, not ten',
    );
    clock.advance(MIN);
    assert.deepEqual(
      tree.runs.map((t) => t - t0),
      [10.5 * MIN, 11.5 * MIN],
      'then every interval from there',
    );
  });

  it('unfocused (or told so wrongly) but visible: a promised retry still runs when due, and its countdown redraws until it has', () => {
    const t0 = start();
    const tree = add(job('tree'));
    const countdown = add(job('countdown', { everyMs: 5_000 }));
    clock.advance(MIN); // One regular tick while focused.
    scheduler.setFocused(false); // code-server, after a focused webview closed: unfocused until the next click.
    const failedAt = clock.now();
    scheduler.runAt(tree, failedAt + 30_000); // The view now says "retrying in 30 s".
    const redrawsBefore = countdown.runs.length;
    clock.advance(30_000);
    assert.deepEqual(
      tree.runs.map((t) => t - t0),
      [MIN, MIN + 30_000],
      'the retry ran on time, unfocused',
    );
    assert.deepEqual(
      countdown.runs.slice(redrawsBefore).map((t) => t - failedAt),
      [5_000, 10_000, 15_000, 20_000, 25_000, 30_000],
      'the countdown went on',
    );
    assert.equal(clock.pending, 0, 'once the retry has run, no timer is left while unfocused');
    clock.advance(10 * MIN);
    assert.equal(tree.runs.length, 2, 'no regular tick while unfocused');
    scheduler.runAt(tree, clock.now() + 5_000); // It failed again: "retrying in 5 s".
    clock.advance(5_000);
    assert.equal(tree.runs.length, 3, 'the next retry runs too');
    scheduler.setFocused(true);
    clock.advance(0);
    assert.equal(tree.runs.length, 4, 'the tick missed while unfocused runs on focus');
  });

  it('nothing active: no timer; the first job to come on screen starts a full interval (it loads itself)', () => {
    let visible = false;
    const panel = add(job('panel', { active: () => visible }));
    clock.advance(10 * MIN);
    assert.equal(clock.timersSet, 0);
    const shownAt = clock.now();
    visible = true;
    scheduler.update();
    clock.advance(0);
    assert.deepEqual(panel.runs, [], 'no immediate refresh on showing (the panel loads on its own)');
    clock.advance(MIN);
    assert.deepEqual(panel.runs, [shownAt + MIN]);
  });

  it('honours a changed interval at the next reschedule', () => {
    const t0 = start();
    const tree = add(job('tree'));
    interval = 5 * MIN;
    scheduler.update();
    clock.advance(10 * MIN);
    assert.deepEqual(
      tree.runs.map((t) => t - t0),
      [5 * MIN, 10 * MIN],
    );
  });

  it('runs a job early when asked (a retry after a passing failure), the others keep their tick', () => {
    const t0 = start();
    const tree = add(job('tree'));
    const status = add(job('status'));
    scheduler.runAt(tree, t0 + 15_000);
    clock.advance(MIN);
    assert.deepEqual(
      tree.runs.map((t) => t - t0),
      [15_000, MIN],
    );
    assert.deepEqual(
      status.runs.map((t) => t - t0),
      [MIN],
    );
  });

  it('pauses every job until an announced wait has passed (429 Retry-After)', () => {
    const t0 = start();
    const tree = add(job('tree'));
    const age = add(job('age', { everyMs: 5_000 }));
    clock.advance(10_000);
    scheduler.pauseUntil(t0 + 3 * MIN + 10_000);
    clock.advance(3 * MIN);
    assert.deepEqual(
      tree.runs.map((t) => t - t0),
      [3 * MIN + 10_000],
      'the ticks due in the pause ran once after it',
    );
    assert.ok(
      age.runs.every((t) => t - t0 <= 10_000 || t - t0 >= 3 * MIN + 10_000),
      'no redraw inside the pause',
    );
  });

  it('keeps going when a job throws or rejects, and reports it', async () => {
    const errors: string[] = [];
    scheduler.dispose();
    scheduler = new RefreshScheduler({
      clock,
      intervalMs: () => interval,
      focused: true,
      onError: (j, e) => errors.push(`${j.name}: ${String(e)}`),
    });
    add({
      ...job('bad'),
      run: () => {
        throw new Error('boom');
      },
    });
    add({ ...job('rejects'), run: () => Promise.reject(new Error('nope')) });
    const good = add(job('good'));
    clock.advance(2 * MIN);
    await Promise.resolve();
    assert.equal(good.runs.length, 2);
    assert.deepEqual(errors.sort(), [
      'bad: Error: boom',
      'bad: Error: boom',
      'rejects: Error: nope',
      'rejects: Error: nope',
    ]);
  });

  it('disposed: its timer is cleared and nothing runs again', () => {
    const tree = add(job('tree'));
    scheduler.dispose();
    assert.equal(clock.pending, 0);
    clock.advance(10 * MIN);
    assert.equal(tree.runs.length, 0);
  });
});
