import * as assert from 'node:assert/strict';

import { nextPageUrl } from '../../src/api/rest/pagination';

describe('Link header: the next page', () => {
  it('finds rel="next" among other relations, quoted or not, in any case, with several types', () => {
    const a = 'https://api.example/v2/applications.json?page=2';
    assert.equal(nextPageUrl(`<${a}>; rel="next", <https://x/last>; rel="last"`), a);
    assert.equal(nextPageUrl(`<https://x/last>; rel="last", <${a}>; rel=next`), a);
    assert.equal(nextPageUrl(`<${a}>;rel="NEXT last"`), a);
    assert.equal(
      nextPageUrl(`<${a}>; title="a, b; rel=next"; rel="last"`),
      undefined,
      'a rel inside another quoted parameter',
    );
    assert.equal(nextPageUrl(`<https://x/first>; rel="first", <https://x/prev>; rel="prev"`), undefined);
    assert.equal(nextPageUrl(`<https://x/p>; rel="nextish"`), undefined);
    assert.equal(nextPageUrl(undefined), undefined);
    assert.equal(nextPageUrl('garbage'), undefined);
    assert.equal(nextPageUrl('<unterminated; rel="next"'), undefined);
  });

  // The quadratic parser this replaced took 440 ms and more on these; how long the linear one takes is
  // a figure for the bench, not a bound a busy machine can break. Here: each is read, and none has a next page.
  it("reads crafted 16 KB headers (a quadratic parser's worst cases) and finds no next page in them", () => {
    const crafted = [
      `<a>;rel="${' '.repeat(16_000)}x`,
      `<a>;rel=${'\t '.repeat(8_000)}`,
      `<a>;rel="${'next'.repeat(4_000)}`,
      `<a>;rel=${'x '.repeat(8_000)}nex`,
      `${', '.repeat(8_000)}<a>`,
      `<a>${';rel='.repeat(3_200)}`,
      `${'<'.repeat(16_000)}`,
      `<${'>'.repeat(16_000)}`,
      `<a>; rel="${'"'.repeat(16_000)}`,
    ];
    for (const header of crafted) {
      assert.equal(nextPageUrl(header), undefined, JSON.stringify(header.slice(0, 30)));
    }
    // The same padding around a real next link still finds it.
    assert.equal(nextPageUrl(`${', '.repeat(8_000)}<https://x/2>; rel="next"`), 'https://x/2');
    assert.equal(nextPageUrl(`<https://x/2>;${' '.repeat(16_000)}rel=next`), 'https://x/2');
  });
});
