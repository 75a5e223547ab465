import * as assert from 'node:assert/strict';

import { formatErrorRate, formatMs, formatRpm } from '../../src/format/presentation';
import { describeSummary } from '../../src/format/summary';
import { escapeMarkdown } from '../../src/util/safeText';

describe('shared wording of numbers', () => {
  it('describes a summary as "Apdex 0.94 · 123 ms · 1.2k rpm"', () => {
    assert.equal(
      describeSummary({ apdexScore: 0.94, responseTime: 123.4, throughput: 1234, errorRate: 0, apdexTarget: 0.5 }),
      'Apdex 0.94 · 123 ms · 1.2k rpm',
    );
  });

  it('formats times, throughput and error rates', () => {
    assert.equal(formatMs(999.4), '999 ms');
    assert.equal(formatMs(1530), '1.5 s');
    assert.equal(formatMs(12_400), '12 s');
    assert.equal(formatRpm(5.25), '5.3 rpm');
    assert.equal(formatRpm(87), '87 rpm');
    assert.equal(formatRpm(2_500_000), '2.5M rpm');
    assert.equal(formatErrorRate(0.0123), '1.23 %');
  });

  it('escapes HTML and markdown in tooltips so names show as text', () => {
    const escaped = escapeMarkdown('<img src=x onerror=alert(1)> & "q" *bold* [link](http://x)');
    assert.ok(!/[<>]/.test(escaped));
    assert.ok(escaped.includes('&lt;img src=x onerror=alert\\(1\\)&gt; &amp; &quot;q&quot;'));
    assert.ok(escaped.includes('\\*bold\\*'));
    assert.ok(escaped.includes('\\[link\\]\\(http://x\\)'));
  });
});
