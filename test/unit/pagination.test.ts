import * as assert from 'node:assert/strict';

import { nextPageUrl } from '../../src/api/pagination';

describe('Link header: the next page', () => {
  it('finds rel="next" among other relations, quoted or not, in any case, with several types', () => {
    const a = 'https://api.example/v2/applications.json?page=2';
    assert.equal(nextPageUrl(`<${a}>; rel="next", <https://x/last>; rel="last"`), a);
    assert.equal(nextPageUrl(`<https://x/last>; rel="last", <${a}>; rel=next`), a);
    assert.equal(nextPageUrl(`<${a}>;rel="NEXT last"`), a);
    assert.equal(nextPageUrl(`<${a}>; title="a, b; rel=next"; rel="last"`), undefined, 'a rel inside another quoted parameter');
    assert.equal(nextPageUrl(`<https://x/first>; rel="first", <https://x/prev>; rel="prev"`), undefined);
    assert.equal(nextPageUrl(`<https://x/p>; rel="nextish"`), undefined);
    assert.equal(nextPageUrl(undefined), undefined);
    assert.equal(nextPageUrl('garbage'), undefined);
    assert.equal(nextPageUrl('<unterminated; rel="next"'), undefined);
  });

  it('takes linear time on crafted 16 KB headers (under 20 ms each)', () => {
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
      // The best of 5: a busy machine can pause any one run, never all five; the quadratic parser
      // took 440 ms and more on every run.
      const ms = Math.min(...Array.from({ length: 5 }, () => {
        const t0 = process.hrtime.bigint();
        nextPageUrl(header);
        return Number(process.hrtime.bigint() - t0) / 1e6;
      }));
      assert.ok(ms < 20, `${ms.toFixed(1)} ms on ${JSON.stringify(header.slice(0, 30))}…`);
    }
  });
});
