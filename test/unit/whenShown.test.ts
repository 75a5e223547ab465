import * as assert from 'node:assert/strict';

import { whenShown } from '../../src/util/whenShown';
import { EventEmitter } from '../support/fakeVscode';

describe('whenShown', () => {
  function view(visible: boolean) {
    const changed = new EventEmitter<unknown>();
    const shown = {
      visible,
      onDidChangeVisibility: changed.event,
      set(on: boolean) {
        shown.visible = on;
        changed.fire(on);
      },
    };
    return shown;
  }

  it('runs at once for a view on screen, and again each time it comes back', () => {
    const v = view(true);
    let runs = 0;
    whenShown(v, () => runs++);
    assert.equal(runs, 1);
    v.set(false);
    assert.equal(runs, 1);
    v.set(true);
    assert.equal(runs, 2);
  });

  it('waits for a hidden view to come on screen, and stops when disposed', () => {
    const v = view(false);
    let runs = 0;
    const listening = whenShown(v, () => runs++);
    assert.equal(runs, 0);
    v.set(true);
    assert.equal(runs, 1);
    listening.dispose();
    v.set(false);
    v.set(true);
    assert.equal(runs, 1);
  });
});
