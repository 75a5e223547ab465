import * as assert from 'node:assert/strict';

import {
  applicationRef,
  inputObject,
  MAX_RANGE_MINUTES,
  optionalBoolean,
  optionalTextList,
  rangeMinutes,
  ToolInputError,
} from '../../src/tools/toolInput';

describe('tool inputs: the checks VS Code does not make', () => {
  it('takes an object (or nothing) and refuses unknown fields, naming the known ones', () => {
    assert.deepEqual(inputObject(undefined, ['a']), {});
    assert.deepEqual(inputObject({ a: 1 }, ['a']), { a: 1 });
    assert.throws(() => inputObject('text', ['a']), ToolInputError);
    assert.throws(() => inputObject([1], ['a']), ToolInputError);
    assert.throws(() => inputObject({ b: 1 }, ['a']), /Unknown input field "b"; the fields are: a\./);
    // A field name is the model's text, echoed through the foreign-text guard.
    assert.throws(() => inputObject({ 'x\u202e\nb': 1 }, ['a']), /Unknown input field "x b";/);
  });

  it('reads a range in minutes: whole, positive, at most a week; numeric text is taken', () => {
    assert.equal(rangeMinutes({}, 30), 30);
    assert.equal(rangeMinutes({ minutes: 90 }, 30), 90);
    assert.equal(rangeMinutes({ minutes: '15' }, 30), 15);
    for (const bad of [-5, 0, 1.5, MAX_RANGE_MINUTES + 1, 'soon', true, {}]) {
      assert.throws(
        () => rangeMinutes({ minutes: bad }, 30),
        /"minutes" must be a whole number from 1 to/,
        JSON.stringify(bad),
      );
    }
  });

  it('names an application by id, by name (digits too: only "applicationId" is an id), or the bound one; not both', () => {
    assert.deepEqual(applicationRef({ applicationId: 42 }), { id: 42 });
    assert.deepEqual(applicationRef({ applicationId: '42' }), { id: 42 });
    assert.deepEqual(applicationRef({ application: ' storefront-web ' }), { name: 'storefront-web' });
    assert.deepEqual(applicationRef({ application: '2024' }), { name: '2024' });
    assert.deepEqual(applicationRef({}), { bound: true });
    assert.throws(() => applicationRef({ applicationId: 1, application: 'x' }), /not both/);
    assert.throws(() => applicationRef({ applicationId: -1 }), ToolInputError);
    assert.throws(() => applicationRef({ application: 'x'.repeat(301) }), /at most 300 characters/);
    assert.throws(() => applicationRef({ application: 7 }), /must be a string/);
  });

  it('reads lists and booleans strictly', () => {
    assert.deepEqual(optionalTextList({ m: 'HttpDispatcher' }, 'm', 3), ['HttpDispatcher']);
    assert.throws(() => optionalTextList({ m: [] }, 'm', 3), ToolInputError);
    assert.throws(() => optionalTextList({ m: ['a', 'b', 'c', 'd'] }, 'm', 3), ToolInputError);
    assert.throws(() => optionalTextList({ m: [1] }, 'm', 3), ToolInputError);
    assert.equal(optionalBoolean({}, 'p', false), false);
    assert.throws(() => optionalBoolean({ p: 'yes' }, 'p', false), ToolInputError);
  });
});
