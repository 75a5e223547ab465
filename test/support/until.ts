/**
 * Waiting for a state instead of for a time: resolves once `condition` holds, checking after each turn
 * of the event loop (real I/O, such as a simulator's answer, goes on meanwhile). Gives up after
 * `limitMs` of real time, so that a test whose condition never comes fails instead of spinning on
 * after mocha's timeout; that limit is a safety stop, never what a test asserts.
 */
export async function until(condition: () => boolean, what = 'the condition', limitMs = 10_000): Promise<void> {
  const giveUpAt = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > giveUpAt) {
      throw new Error(`gave up waiting for ${what}`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
