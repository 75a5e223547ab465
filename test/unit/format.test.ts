import * as assert from 'node:assert/strict';

import { compactPercent, formatErrorRate, formatMs, formatRpm } from '../../src/format/presentation';
import { describeSummary, summaryFigures, summaryLines, summaryTableRows } from '../../src/format/summary';
import { escapeMarkdown } from '../../src/util/safeText';

describe('shared wording of numbers', () => {
  it('describes a summary as "Apdex 0.94 · 123 ms · 1.2k rpm"', () => {
    assert.equal(
      describeSummary({ apdexScore: 0.94, responseTime: 123.4, throughput: 1234, errorRate: 0, apdexTarget: 0.5 }),
      'Apdex 0.94 · 123 ms · 1.2k rpm',
    );
  });

  it('words the same summary figures for the panel header, the tree tooltip and the status-bar table', () => {
    const summary = { apdexScore: 0.94, responseTime: 123.4, throughput: 1234, errorRate: 0.0123, apdexTarget: 0.5 };
    assert.deepEqual(summaryFigures(summary), [
      { label: 'Apdex', value: '0.94', hint: 'target 0.5 s' },
      { label: 'Response time', value: '123 ms' },
      { label: 'Throughput', value: '1.2k rpm' },
      { label: 'Error rate', value: '1.23 %' },
    ]);
    assert.deepEqual(summaryLines(summary)[0], ['Apdex', '0.94 (target 0.5 s)']);
    assert.deepEqual(summaryTableRows(summary), [
      '| Apdex (T 0.5 s) | 0.94 |',
      '| Response time | 123 ms |',
      '| Throughput | 1.2k rpm |',
      '| Error rate | 1.23 % |',
    ]);
    assert.deepEqual(summaryLines(undefined), [['Summary', 'not reporting']]);
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

  it('writes a short percentage, and a share under its precision as "< 0.01 %", never "0 %"', () => {
    assert.deepEqual([0, 0.004, 0.0123, 0.25, 1].map(compactPercent), ['0 %', '0.4 %', '1.2 %', '25 %', '100 %']);
    // 120 of 30 million calls (0.0004 %) and 1 of 10,001 (0.009999 %): under 0.01 %, not rounded to none.
    assert.equal(compactPercent(120 / 30_000_000), '< 0.01 %');
    assert.equal(compactPercent(1 / 10_001), '< 0.01 %');
    assert.equal(compactPercent(1 / 10_000), '0.01 %');
    assert.equal(compactPercent(0.00016), '0.02 %');
  });

  it('escapes HTML and markdown in tooltips so names show as text', () => {
    const escaped = escapeMarkdown('<img src=x onerror=alert(1)> & "q" *bold* [link](http://x)');
    assert.ok(!/[<>]/.test(escaped));
    assert.ok(escaped.includes('&lt;img src=x onerror=alert\\(1\\)&gt; &amp; &quot;q&quot;'));
    assert.ok(escaped.includes('\\*bold\\*'));
    assert.ok(escaped.includes('\\[link\\]\\(http://x\\)'));
  });

  it('drops from tooltips the invisible characters every other surface drops (safeText.ts INVISIBLE)', () => {
    // A word joiner, an invisible separator, a deprecated format character, a bidi override; the newline is a space.
    assert.equal(escapeMarkdown('ab\u2060c\u2063d\u206ae\u202ef\ng'), 'abcdef g');
  });
});
