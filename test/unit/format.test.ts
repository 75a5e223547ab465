import * as assert from 'node:assert/strict';

import { describeSummary, escapeMarkdown, formatAge, formatErrorRate, formatMs, formatRpm } from '../../src/tree/format';

describe('tree wording', () => {
  it('describes a summary as "Apdex 0.94 · 123 ms · 1.2k rpm"', () => {
    assert.equal(describeSummary({ apdexScore: 0.94, responseTime: 123.4, throughput: 1234, errorRate: 0, apdexTarget: 0.5 }), 'Apdex 0.94 · 123 ms · 1.2k rpm');
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

  it('says how old a time is', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    assert.equal(formatAge('2026-01-01T11:59:30+00:00', now), 'just now');
    assert.equal(formatAge('2026-01-01T11:57:00+00:00', now), '3 min ago');
    assert.equal(formatAge('2026-01-01T09:00:00+00:00', now), '3 h ago');
    assert.equal(formatAge('2025-12-29T12:00:00+00:00', now), '3 days ago');
    assert.equal(formatAge(undefined, now), 'unknown');
  });

  it('escapes HTML and markdown in tooltips so names show as text', () => {
    const escaped = escapeMarkdown('<img src=x onerror=alert(1)> & "q" *bold* [link](http://x)');
    assert.ok(!/[<>]/.test(escaped));
    assert.ok(escaped.includes('&lt;img src=x onerror=alert\\(1\\)&gt; &amp; &quot;q&quot;'));
    assert.ok(escaped.includes('\\*bold\\*'));
    assert.ok(escaped.includes('\\[link\\]\\(http://x\\)'));
  });
});
