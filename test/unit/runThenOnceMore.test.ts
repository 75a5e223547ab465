/** RunThenOnceMore (src/util/runThenOnceMore.ts): the bound-apps poll's and the lenses' refresh. */
import * as assert from 'node:assert/strict';

import { RunThenOnceMore } from '../../src/util/runThenOnceMore';

describe('a refresh run, then once more', () => {
  it('never runs twice at once; asked during a run, it runs once more after it, however often asked', async () => {
    let runs = 0;
    let running = 0;
    let most = 0;
    const ends: Array<() => void> = [];
    const refresh = new RunThenOnceMore(async () => {
      runs++;
      most = Math.max(most, ++running);
      await new Promise<void>((resolve) => ends.push(resolve));
      running--;
    });
    const first = refresh.run();
    const later = [refresh.run(), refresh.run(), refresh.run()];
    assert.equal(runs, 1);
    ends.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 2, 'the calls made meanwhile share one more run');
    ends.shift()!();
    await Promise.all(later);
    assert.equal(runs, 2);
    assert.equal(most, 1, 'two runs at once');
    const next = refresh.run();
    assert.equal(runs, 3, 'idle again: a call runs at once');
    ends.shift()!();
    await next;
  });
});
