/** What a new session asks for waits for the window's focus: run at once when focused, else once on focus. */
import * as assert from 'node:assert/strict';

import { FocusGate } from '../../src/session/focusGate';

describe('FocusGate', () => {
  it('runs at once while the window has focus', () => {
    const runs: string[] = [];
    new FocusGate(true).run('tree', () => runs.push('tree'));
    assert.deepEqual(runs, ['tree']);
  });

  it('holds work while unfocused and runs the latest of each key once when focus returns', () => {
    const runs: string[] = [];
    const gate = new FocusGate(false);
    gate.run('tree', () => runs.push('tree 1'));
    gate.run('tree', () => runs.push('tree 2'));
    gate.run('bound applications', () => runs.push('bound applications'));
    gate.setFocused(false);
    assert.deepEqual(runs, []);
    assert.deepEqual(gate.heldKeys, ['tree', 'bound applications']);
    gate.setFocused(true);
    assert.deepEqual(runs, ['tree 2', 'bound applications']);
    assert.deepEqual(gate.heldKeys, []);
    gate.setFocused(false);
    gate.setFocused(true);
    assert.equal(runs.length, 2, 'each ran once');
  });
});
