import * as assert from 'node:assert/strict';

import {
  callCountOf,
  classShare,
  diagnosticEntry,
  diagnosticMessage,
  lensErrorClass,
  metricNameOf,
  serviceErrorLink,
  transactionLabel,
} from '../../src/errors/errorDiagnosticModel';
import type { TransactionStats } from '../../src/api/transactionStats';
import type { ErrorClassRow } from '../../src/errors/errorModel';
import { parseStack } from '../../src/errors/stackParser';

const ROW: ErrorClassRow = {
  transactionName: 'WebTransaction/Controller/orders/show',
  errorClass: 'TimeoutError',
  message: 'upstream timed out',
  count: 120,
  lastSeen: new Date(0),
};

const STACK = [
  "/usr/local/bundle/gems/net-http/lib/net/http.rb:10:in 'read'",
  "/srv/app/app/controllers/orders_controller.rb:12:in 'show'",
  "/srv/app/app/services/pricing.rb:40:in 'quote'",
  'process_action',
].join('\n');

describe('errors: diagnostics at the line (pure model)', () => {
  it("says the class's own count and its share of the transaction's calls over the same window", () => {
    assert.equal(
      diagnosticMessage(ROW, '30 min', 3870),
      'TimeoutError: upstream timed out — 120 in the last 30 min (3.1 % of the calls to Controller/orders/show)',
    );
    // Another class of the same transaction: its own share, not the transaction's error rate beside every class.
    assert.equal(
      diagnosticMessage({ ...ROW, errorClass: 'NotFound', message: '', count: 2 }, '30 min', 3870),
      'NotFound — 2 in the last 30 min (0.05 % of the calls to Controller/orders/show)',
    );
    assert.equal(diagnosticMessage({ ...ROW, message: '' }, '1 h', undefined), 'TimeoutError — 120 in the last 1 h');
  });

  it('writes a share under the display precision as "< 0.01 %", and none when the calls are unknown', () => {
    assert.equal(
      diagnosticMessage({ ...ROW, message: '' }, '30 min', 30_000_000),
      'TimeoutError — 120 in the last 30 min (< 0.01 % of the calls to Controller/orders/show)',
    );
    assert.equal(classShare(120, 30_000_000), 120 / 30_000_000);
    // No calls known, none, or fewer calls than the class's events: the figures disagree, so no percentage.
    assert.equal(classShare(120, undefined), undefined);
    assert.equal(classShare(120, 0), undefined);
    assert.equal(classShare(120, 100), undefined);
    assert.equal(diagnosticMessage({ ...ROW, message: '' }, '30 min', 0), 'TimeoutError — 120 in the last 30 min');
  });

  it("reads the calls from the transaction's metrics, Ruby's web names as metrics", () => {
    const stats = [{ name: 'Controller/orders/show', callCount: 3870 }] as TransactionStats[];
    assert.equal(callCountOf(stats, 'ruby', ROW), 3870);
    assert.equal(callCountOf(stats, 'ruby', { transactionName: 'WebTransaction/Controller/users/show' }), undefined);
  });

  it('sits at the top in-app frame the folder has; related are the other in-app frames that map, each at its line', () => {
    const frames = parseStack('ruby', STACK);
    const entry = diagnosticEntry({
      applicationId: 7,
      row: ROW,
      frames,
      paths: [undefined, 'app/controllers/orders_controller.rb', 'app/services/pricing.rb', undefined],
      rangeLabel: '30 min',
      callCount: 3870,
    });
    assert.deepEqual(entry && { path: entry.path, line: entry.line, source: entry.source, args: entry.args }, {
      path: 'app/controllers/orders_controller.rb',
      line: 12,
      source: 'Controller/orders/show',
      args: { applicationId: 7, errorClass: 'TimeoutError', transactionName: 'WebTransaction/Controller/orders/show' },
    });
    assert.deepEqual(entry?.related, [
      { path: 'app/services/pricing.rb', line: 40, text: "/srv/app/app/services/pricing.rb:40:in 'quote'" },
    ]);
    assert.equal(entry?.folded, '1 library frame and 1 other frame — Show Error for the full stack');
  });

  it('lists no frame at the diagnostic itself: library and unmapped frames are one summary line', () => {
    const gems = (n: number) => `/usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/core.rb:${n}:in 'find'`;
    const frames = parseStack(
      'ruby',
      [
        gems(253),
        gems(254),
        "/srv/app/app/controllers/orders_controller.rb:12:in 'show'",
        "/srv/app/app/controllers/orders_controller.rb:12:in 'show'", // the same line again (a retry)
        "/srv/app/app/models/gone.rb:3:in 'x'", // in-app, but the folder lacks it
        "/srv/app/app/services/pricing.rb:40:in 'quote'",
        ...Array.from({ length: 10 }, (_, i) => gems(300 + i)),
      ].join('\n'),
    );
    const paths = frames.map((f) =>
      f.path?.includes('/app/controllers/')
        ? 'app/controllers/orders_controller.rb'
        : f.path?.includes('pricing')
          ? 'app/services/pricing.rb'
          : undefined,
    );
    const entry = diagnosticEntry({ applicationId: 7, row: ROW, frames, paths, rangeLabel: '30 min', callCount: 1 });
    assert.deepEqual(
      entry?.related.map((r) => `${r.path}:${r.line}`),
      ['app/services/pricing.rb:40'],
    );
    assert.equal(entry?.folded, '12 library frames and 1 other frame — Show Error for the full stack');
    const alone = diagnosticEntry({
      applicationId: 7,
      row: ROW,
      frames: frames.slice(2, 3),
      paths: paths.slice(2, 3),
      rangeLabel: '30 min',
      callCount: 1,
    });
    assert.deepEqual([alone?.related, alone?.folded], [[], undefined]);
  });

  it('gives no diagnostic when no in-app frame maps to a file of the folder (never guessed)', () => {
    const frames = parseStack('ruby', STACK);
    const args = { applicationId: 7, row: ROW, frames, rangeLabel: '30 min', callCount: 0 };
    assert.equal(diagnosticEntry({ ...args, paths: frames.map(() => undefined) }), undefined);
    // A library frame that maps (a vendored copy) is not where the application threw.
    assert.equal(
      diagnosticEntry({ ...args, paths: ['vendor/net/http.rb', undefined, undefined, undefined] }),
      undefined,
    );
  });

  it('keeps foreign text inert: bidi controls, line breaks, markdown command links and HTML stay plain text', () => {
    const hostile: ErrorClassRow = {
      ...ROW,
      errorClass: 'Evil\u202eCls\nX',
      message: '[click](command:timeslice.setApiKey) <img src=x onerror=alert(1)>',
      transactionName: 'WebTransaction/Controller/\u2066orders\u2069/show',
    };
    const message = diagnosticMessage(hostile, '30 min', 240);
    assert.ok(!/[\u202a-\u202e\u2066-\u2069\n]/.test(message), message);
    assert.ok(message.startsWith('EvilCls X: [click](command:timeslice.setApiKey) <img'), 'shown as text, not dropped');
    assert.equal(transactionLabel(hostile.transactionName), 'Controller/orders/show');
    assert.equal(lensErrorClass({ errorClass: `${'A'.repeat(100)}\u202e`, count: 3 }), `${'A'.repeat(59)}… ×3`);
    const frames = parseStack('ruby', "/srv/app/a.rb:1:in 'x'\n/srv/b\u202e.rb:2:in 'y'");
    const entry = diagnosticEntry({
      applicationId: 1,
      row: hostile,
      frames,
      paths: ['a.rb', 'b\u202e.rb'],
      rangeLabel: '30 min',
      callCount: undefined,
    });
    assert.ok(entry && !/[\u202a-\u202e]/.test(entry.related[0].text), entry?.related[0].text);
  });

  it('links to the application on the service domain of the region only', () => {
    assert.equal(serviceErrorLink('us', 'MXxBUE18QVBQ'), 'https://one.newrelic.com/redirect/entity/MXxBUE18QVBQ');
    assert.equal(serviceErrorLink('eu', 'MXxB'), 'https://one.eu.newrelic.com/redirect/entity/MXxB');
    assert.equal(serviceErrorLink('demo', 'MXxB'), undefined);
    assert.equal(serviceErrorLink('custom', 'MXxB'), undefined);
    assert.equal(serviceErrorLink('us', '../../evil?x=1'), undefined);
    assert.equal(serviceErrorLink('us', ''), undefined);
  });

  it("names Ruby's web transactions by their metric, and leaves the other agents' as they are", () => {
    assert.equal(metricNameOf('ruby', 'WebTransaction/Controller/orders/show'), 'Controller/orders/show');
    assert.equal(
      metricNameOf('ruby', 'OtherTransaction/Background/Job/perform'),
      'OtherTransaction/Background/Job/perform',
    );
    assert.equal(metricNameOf('python', 'WebTransaction/Function/a:b'), 'WebTransaction/Function/a:b');
  });
});
