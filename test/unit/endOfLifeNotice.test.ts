import assert from 'node:assert/strict';

import { shouldShowEndOfLifeNotice } from '../../src/api/backendChoice';

describe('the end-of-life notice', () => {
  const rest = { backend: 'restV2' as const, demo: false };

  it('shows once, for a real connection speaking REST v2', () => {
    assert.equal(shouldShowEndOfLifeNotice(rest, false, false), true);
    assert.equal(shouldShowEndOfLifeNotice(rest, true, false), false, 'already shown on this install');
  });

  it("never in the demo, on NerdGraph, without a connection, or in the harness's quiet start", () => {
    assert.equal(shouldShowEndOfLifeNotice({ backend: 'restV2', demo: true }, false, false), false);
    assert.equal(shouldShowEndOfLifeNotice({ backend: 'nerdGraph', demo: false }, false, false), false);
    assert.equal(shouldShowEndOfLifeNotice(undefined, false, false), false);
    assert.equal(shouldShowEndOfLifeNotice(rest, false, true), false);
  });
});
