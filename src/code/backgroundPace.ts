// Works at most WORK_MS, rests REST_MS, and holds while the window is unfocused, so a monorepo's pass never
// competes with typing. No `vscode`.
import type { FocusGate } from '../session/focusGate';

export const PACE = { workMs: 8, restMs: 8 };

export type Pace = (signal: AbortSignal) => Promise<void>;

export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: PaceClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class BackgroundPace {
  private sliceStart: number;
  private focused: Promise<void> | undefined;

  constructor(
    private readonly focus: Pick<FocusGate, 'isFocused' | 'run'>,
    private readonly clock: PaceClock = REAL_CLOCK,
    private readonly key = 'code index pass',
  ) {
    this.sliceStart = clock.now();
  }

  readonly turn: Pace = async (signal) => {
    while (!this.focus.isFocused) {
      // One held work for every waiting pass: the gate keeps one per key.
      this.focused ??= new Promise<void>((resolve) => this.focus.run(this.key, resolve)).then(() => {
        this.focused = undefined;
        this.sliceStart = this.clock.now();
      });
      await this.focused;
      signal.throwIfAborted();
    }
    if (this.clock.now() - this.sliceStart >= PACE.workMs) {
      await this.clock.sleep(PACE.restMs);
      this.sliceStart = this.clock.now();
    }
    signal.throwIfAborted();
  };
}
