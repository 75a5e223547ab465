import * as assert from 'node:assert/strict';

import { MAX_DEPTH, parseXmlDocument, XmlFormatError } from '../../src/api/xml';

describe('XML from a hostile server: nesting depth', () => {
  it('refuses a deeply nested document quickly instead of blocking the extension host', () => {
    const depth = 50_000;
    const body = `<applications type="array">${'<a>'.repeat(depth)}1${'</a>'.repeat(depth)}</applications>`;
    const t0 = process.hrtime.bigint();
    assert.throws(() => parseXmlDocument(body), (e: Error) => e instanceof XmlFormatError && /nested more than/.test(e.message));
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    assert.ok(ms < 50, `${ms.toFixed(0)} ms`);
  });

  it('still reads documents up to the limit, self-closing elements and declarations included', () => {
    const inner = `${'<a>'.repeat(MAX_DEPTH - 1)}x${'</a>'.repeat(MAX_DEPTH - 1)}`;
    assert.ok(parseXmlDocument(`<?xml version="1.0"?><!-- c --><r>${inner}<e/><f nil="true"/></r>`));
    assert.throws(() => parseXmlDocument(`<r>${inner.replace('x', '<b>x</b>')}</r>`), XmlFormatError);
  });
});
