import * as assert from 'node:assert/strict';

import { mapLimited } from '../../src/util/mapLimited';

describe('mapLimited', () => {
  it('keeps the order of the items, with at most `limit` calls pending at once', async () => {
    let pending = 0;
    let most = 0;
    const answers = await mapLimited([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      pending++;
      most = Math.max(most, pending);
      for (let i = 0; i < n; i++) await Promise.resolve(); // Later items finish first.
      pending--;
      return n * 10;
    });
    assert.deepEqual(answers, [50, 10, 40, 20, 30, 0, 60]);
    assert.equal(most, 3);
  });

  it('answers nothing for no items, and rejects with the first failure', async () => {
    assert.deepEqual(await mapLimited([], 4, () => Promise.resolve(1)), []);
    await assert.rejects(
      mapLimited([1, 2, 3], 2, (n) => (n === 2 ? Promise.reject(new Error('git failed')) : Promise.resolve(n))),
      /git failed/,
    );
  });
});
