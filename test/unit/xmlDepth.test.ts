import * as assert from 'node:assert/strict';

import { MAX_DEPTH, parseXmlDocument, XmlFormatError } from '../../src/api/rest/xml';

describe('XML from a hostile server: nesting depth', () => {
  // How long the refusal takes is a figure for the bench, not a unit test: here, that it comes from
  // the linear depth scan before the parser (whose time grows with the square of the depth) runs.
  it('refuses a deeply nested document by its depth, before the parser sees it', () => {
    const depth = 50_000;
    const body = `<applications type="array">${'<a>'.repeat(depth)}1${'</a>'.repeat(depth)}</applications>`;
    assert.throws(
      () => parseXmlDocument(body),
      (e: Error) => e instanceof XmlFormatError && /nested more than 64/.test(e.message),
    );
    // Past the limit the document is not even XML: only a check that stops at the limit, before
    // parsing, answers "nested too deep" rather than the parser's syntax error.
    const broken = `<r>${'<a>'.repeat(MAX_DEPTH)}x</b></c>`;
    assert.throws(
      () => parseXmlDocument(broken),
      (e: Error) => e instanceof XmlFormatError && /nested more than/.test(e.message),
    );
    const shallowBroken = `<r>${'<a>'.repeat(MAX_DEPTH - 1)}x</b></c>`;
    assert.throws(
      () => parseXmlDocument(shallowBroken),
      (e: Error) => e instanceof XmlFormatError && !/nested more than/.test(e.message),
      'within the limit the same junk reaches the parser',
    );
  });

  it('still reads documents up to the limit, self-closing elements and declarations included', () => {
    const inner = `${'<a>'.repeat(MAX_DEPTH - 1)}x${'</a>'.repeat(MAX_DEPTH - 1)}`;
    assert.ok(parseXmlDocument(`<?xml version="1.0"?><!-- c --><r>${inner}<e/><f nil="true"/></r>`));
    assert.throws(() => parseXmlDocument(`<r>${inner.replace('x', '<b>x</b>')}</r>`), XmlFormatError);
  });
});
