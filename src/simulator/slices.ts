// The demo's simulator runs inside the user's extension host: a long answer (a week of error events) gives the
// event loop back between slices, so the editor's own calls are not held up behind it.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work between turns of the event loop: short enough that an editor call waits no longer. */
export const SIMULATOR_SLICE_MS = 10;

export class Slices {
  private started = performance.now();

  constructor(private readonly sliceMs = SIMULATOR_SLICE_MS) {}

  async pause(): Promise<void> {
    if (performance.now() - this.started < this.sliceMs) {
      return;
    }
    await nextTurn();
    this.started = performance.now();
  }
}

const lanes = new WeakMap<object, Promise<void>>();

// Long answers of one data set run one after another: sliced side by side, four would all end late together, and a
// client's request slots would stay taken until then.
export async function inTurn<T>(owner: object, work: () => Promise<T>): Promise<T> {
  const previous = lanes.get(owner) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  lanes.set(owner, mine);
  await previous;
  try {
    return await work();
  } finally {
    release();
  }
}
