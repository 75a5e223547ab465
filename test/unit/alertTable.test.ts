/**
 * Alert titles whole: on hover the box wraps a long title instead of cutting it
 * (webview/shared/wrapText.ts), and a chart panel's export lists every open alert with its whole title.
 */
import * as assert from 'node:assert/strict';

import type { AlertMarker } from '../../src/panels/alertMarker';
import { panelCsv, panelJson } from '../../src/panels/exportFormats';
import { resolvePanelRange } from '../../src/panels/panelRange';
import { alertMarkerLines } from '../../webview/shared/markerData';
import { MAX_WRAPPED_LINES, wrapLines } from '../../webview/shared/wrapText';

const TITLE =
  'Checkout error rate above 4 % for at least 5 minutes on café-checkout (payments, orders, refunds, gift cards and the nightly reconciliation job that settles the day with the bank) =SUM(A1)';
const ALERT: AlertMarker = {
  time: Date.parse('2026-11-20T11:00:00Z'),
  title: TITLE,
  priority: 'critical',
  condition: 'Error rate > 4 %',
};
/** 7 px per character, like a 12 px UI font. */
const measure = (s: string) => s.length * 7;

describe('alert titles whole', () => {
  it('the hover box wraps a long title over lines, every word of it kept', () => {
    const lines = alertMarkerLines(ALERT, 'utc');
    assert.ok(lines[0].endsWith(TITLE), lines[0]);
    const wrapped = wrapLines(lines, 300, measure);
    assert.ok(wrapped.length > lines.length);
    assert.ok(wrapped.every((l) => measure(l) <= 300));
    assert.equal(wrapped.join(' ').replace(/\s+/g, ' '), lines.join(' '));
  });

  it('breaks a word wider than the box, and stops at the most lines a box draws', () => {
    assert.deepEqual(wrapLines(['abcdefghij'], 28, measure), ['abcd', 'efgh', 'ij']);
    const many = wrapLines(Array(40).fill('line'), 300, measure);
    assert.equal(many.length, MAX_WRAPPED_LINES);
    assert.ok(many[MAX_WRAPPED_LINES - 1].endsWith('…'));
  });

  it('a title of any length costs a bounded number of measurements (it is foreign text)', () => {
    let calls = 0;
    const counting = (s: string) => {
      calls += 1;
      return measure(s);
    };
    const wrapped = wrapLines([`Critical alert: ${'x'.repeat(16_000)}`, 'Opened 12:00'], 300, counting);
    assert.equal(wrapped.length, MAX_WRAPPED_LINES);
    assert.ok(wrapped.every((l) => measure(l) <= 300 + measure('…')));
    assert.ok(calls < 500, `${calls} measurements`);
  });

  it("a chart panel's CSV and JSON list the open alerts with whole titles, as text", () => {
    const range = resolvePanelRange({ preset: '1h', compare: 'none' }, new Date('2026-11-20T12:00:00Z'));
    const data = {
      charts: [{ id: 'c', title: 'Response time', unit: 'ms', series: [{ label: 'avg', color: '', points: [] }] }],
      alerts: [ALERT],
      range: { ...range, shown: { from: range.requested.from, to: range.requested.to } },
    };
    const csv = panelCsv(data).split('\n');
    const header = csv.indexOf('alert_opened,priority,title,condition');
    assert.ok(header > 0, csv.join('\n'));
    // Quoted (a comma) and defused (a trailing formula stays inside the quoted cell's text).
    assert.equal(csv[header + 1], `2026-11-20T11:00:00.000Z,critical,"${TITLE}",Error rate > 4 %`);
    const json = JSON.parse(panelJson(data, { kind: 'application', applicationId: 1, title: 'a' })) as {
      alerts: Array<{ title: string }>;
    };
    assert.equal(json.alerts[0].title, TITLE);
  });
});
