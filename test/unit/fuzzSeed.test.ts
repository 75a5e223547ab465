/**
 * Where the fuzz suite's seed comes from: a replay variable, the commit in CI, random elsewhere.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';

import { fuzzSeed, headCommit, seedOfCommit } from '../support/fuzz';

const COMMIT = 'f826584a3c1e0b7d9e2f4a6b8c0d1e2f3a4b5c6d';
const noCommit = () => undefined;
const commit = () => COMMIT;

describe('fuzz seed', () => {
  it('in CI comes from the commit: the same commit the same seed, another commit another', () => {
    const a = fuzzSeed({ CI: 'true' }, commit, () => 0.5);
    assert.equal(a.seed, seedOfCommit(COMMIT));
    assert.match(a.source, new RegExp(COMMIT));
    assert.equal(fuzzSeed({ CI: '1' }, commit, () => 0.9).seed, a.seed, 'not random in CI');
    assert.notEqual(fuzzSeed({ CI: 'true' }, () => COMMIT.replace('f', 'e')).seed, a.seed);
    assert.ok(Number.isInteger(a.seed) && a.seed >= 0 && a.seed <= 0xffffffff);
  });

  it('outside CI is random (CI unset, empty, "false" or "0"), and says so', () => {
    for (const env of [{}, { CI: '' }, { CI: 'false' }, { CI: '0' }]) {
      const s = fuzzSeed(env, commit, () => 0.25);
      assert.equal(s.seed, 0x40000000, JSON.stringify(env));
      assert.match(s.source, /random/);
    }
    assert.notEqual(fuzzSeed({}, commit, () => 0.25).seed, fuzzSeed({}, commit, () => 0.75).seed);
  });

  it('in CI without a commit falls back to random and says why', () => {
    const s = fuzzSeed({ CI: 'true' }, noCommit, () => 0.5);
    assert.equal(s.seed, 0x80000000);
    assert.match(s.source, /no commit/);
  });

  it('TIMESLICE_FUZZ_SEED replays a run, in CI too, 0 included; a value that is not a seed is refused', () => {
    assert.deepEqual(fuzzSeed({ TIMESLICE_FUZZ_SEED: '123456', CI: 'true' }, commit), {
      seed: 123456,
      source: 'TIMESLICE_FUZZ_SEED',
    });
    assert.equal(fuzzSeed({ TIMESLICE_FUZZ_SEED: '0' }, commit, () => 0.5).seed, 0);
    for (const bad of ['12abc', '-1', '1.5', '4294967296']) {
      assert.throws(() => fuzzSeed({ TIMESLICE_FUZZ_SEED: bad }, commit), /is not a seed/, bad);
    }
  });

  it("reads this checkout's commit with git rev-parse HEAD (none outside a repository)", function () {
    const id = headCommit(path.join(__dirname, '..', '..'));
    if (id === undefined) {
      this.skip(); // A copy of the sources without .git (CI always has one: .ci/run starts from a clone).
    }
    assert.match(id, /^[0-9a-f]{40}$/);
    assert.equal(headCommit('/'), undefined);
  });
});
