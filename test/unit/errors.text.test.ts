import * as assert from 'node:assert/strict';

import { errorText, MAX_ERROR_TEXT_LENGTH } from '../../src/errors/errorText';

describe('errors: foreign error text for plain-text surfaces', () => {
  it('keeps only the first line of a message that has text', () => {
    assert.equal(
      errorText("\n  \r\nundefined method `total' for nil\r\n  from app.rb:3\n", 'message'),
      "undefined method `total' for nil",
    );
    assert.equal(errorText('\n\n', 'message'), '');
  });

  it('makes a class or a frame one line', () => {
    assert.equal(errorText('Foo\nBar', 'class'), 'Foo Bar');
    assert.equal(errorText('main.handle\n\t/go/src/app/h.go:4 +0x1', 'frame'), 'main.handle /go/src/app/h.go:4 +0x1');
  });

  it('removes bidi controls, zero-width and other invisible characters', () => {
    // U+202E reverses what follows: "eve\u202egnp.exe" would read as "eveexe.png".
    assert.equal(errorText('eve\u202egnp.exe\u2066x\u2069\u200b\u200d\ufeff\u0000\u0007', 'class'), 'evegnp.exex');
    assert.equal(errorText('\u202aNoMethodError\u202c: \u2067boom', 'message'), 'NoMethodError: boom');
  });

  it(`cuts at MAX_ERROR_TEXT_LENGTH characters with an ellipsis, by code point`, () => {
    const long = errorText('😀'.repeat(MAX_ERROR_TEXT_LENGTH * 3), 'message');
    assert.equal([...long].length, MAX_ERROR_TEXT_LENGTH);
    assert.ok(long.endsWith('…'));
    assert.equal(errorText('x'.repeat(MAX_ERROR_TEXT_LENGTH), 'frame'), 'x'.repeat(MAX_ERROR_TEXT_LENGTH));
    assert.equal(errorText('abcdef', 'class', 4), 'abc…');
  });

  it('accepts what is not a string without throwing', () => {
    assert.equal(errorText(undefined, 'message'), '');
    assert.equal(errorText(null, 'class'), '');
    assert.equal(errorText(42, 'class'), '42');
  });

  // No wall-clock limit (a loaded machine fails one): quadratic work on a megabyte takes hours, so the
  // test's timeout is what catches it.
  it('takes linear time on a megabyte of hostile text', function () {
    this.timeout(20_000);
    assert.equal(errorText(`${'\n'.repeat(500_000)}${'\u202e'.repeat(500_000)}x`, 'message'), 'x');
    assert.ok(errorText('\u200b\r\n\t'.repeat(300_000), 'frame').length <= MAX_ERROR_TEXT_LENGTH);
  });
});
