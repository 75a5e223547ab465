/** The background pass's pace: held while the window is unfocused, resting after each slice of work. */
import * as assert from 'node:assert/strict';

import { BackgroundPace, PACE } from '../../src/code/backgroundPace';
import { FocusGate } from '../../src/session/focusGate';

function fakeClock() {
  const sleeps: Array<{ ms: number; wake: () => void }> = [];
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: (ms: number) => new Promise<void>((wake) => sleeps.push({ ms, wake })),
  };
  return { clock, sleeps };
}

describe('BackgroundPace', () => {
  it('runs at once while focused, rests after a slice of work', async () => {
    const { clock, sleeps } = fakeClock();
    const pace = new BackgroundPace(new FocusGate(true), clock);
    const signal = new AbortController().signal;
    await pace.turn(signal);
    clock.t = PACE.workMs - 1;
    await pace.turn(signal);
    assert.equal(sleeps.length, 0);
    clock.t = PACE.workMs;
    let done = false;
    const resting = pace.turn(signal).then(() => (done = true));
    await Promise.resolve();
    assert.deepEqual(
      sleeps.map((s) => s.ms),
      [PACE.restMs],
    );
    assert.equal(done, false);
    sleeps[0].wake();
    await resting;
  });

  it('holds every waiting pass while unfocused and lets them go when focus returns', async () => {
    const { clock } = fakeClock();
    const gate = new FocusGate(false);
    const pace = new BackgroundPace(gate, clock, 'pass');
    const signal = new AbortController().signal;
    let passed = 0;
    const waits = [pace.turn(signal), pace.turn(signal)].map((p) => p.then(() => passed++));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(passed, 0);
    assert.deepEqual(gate.heldKeys, ['pass']);
    gate.setFocused(true);
    await Promise.all(waits);
    assert.equal(passed, 2);
  });

  it('a pass cancelled while held ends when focus returns, without its read', async () => {
    const gate = new FocusGate(false);
    const pace = new BackgroundPace(gate, fakeClock().clock);
    const abort = new AbortController();
    const held = pace.turn(abort.signal);
    abort.abort();
    gate.setFocused(true);
    await assert.rejects(held);
  });
});
