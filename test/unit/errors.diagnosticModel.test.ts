import * as assert from 'node:assert/strict';

import {
  diagnosticEntry,
  diagnosticMessage,
  lensErrorClass,
  metricNameOf,
  serviceErrorLink,
  transactionLabel,
} from '../../src/errors/errorDiagnosticModel';
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
  it("reads like the issue's example, the rate from the metrics", () => {
    assert.equal(
      diagnosticMessage(ROW, '30 min', 0.031),
      'TimeoutError: upstream timed out — 120 in the last 30 min (3.1 % of Controller/orders/show)',
    );
    assert.equal(diagnosticMessage({ ...ROW, message: '' }, '1 h', undefined), 'TimeoutError — 120 in the last 1 h');
  });

  it('sits at the top in-app frame the folder has; every other frame is related, mapped or as text', () => {
    const frames = parseStack('ruby', STACK);
    const entry = diagnosticEntry({
      applicationId: 7,
      row: ROW,
      frames,
      paths: [undefined, 'app/controllers/orders_controller.rb', 'app/services/pricing.rb', undefined],
      rangeLabel: '30 min',
      errorRate: 0.031,
    });
    assert.deepEqual(entry && { path: entry.path, line: entry.line, source: entry.source, args: entry.args }, {
      path: 'app/controllers/orders_controller.rb',
      line: 12,
      source: 'Controller/orders/show',
      args: { applicationId: 7, errorClass: 'TimeoutError', transactionName: 'WebTransaction/Controller/orders/show' },
    });
    assert.deepEqual(entry?.related, [
      { text: "/usr/local/bundle/gems/net-http/lib/net/http.rb:10:in 'read'" },
      { path: 'app/services/pricing.rb', line: 40, text: "/srv/app/app/services/pricing.rb:40:in 'quote'" },
      { text: 'process_action' },
    ]);
  });

  it('gives no diagnostic when no in-app frame maps to a file of the folder (never guessed)', () => {
    const frames = parseStack('ruby', STACK);
    const args = { applicationId: 7, row: ROW, frames, rangeLabel: '30 min', errorRate: 0 };
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
    const message = diagnosticMessage(hostile, '30 min', 0.5);
    assert.ok(!/[\u202a-\u202e\u2066-\u2069\n]/.test(message), message);
    assert.ok(message.startsWith('EvilCls X: [click](command:timeslice.setApiKey) <img'), 'shown as text, not dropped');
    assert.equal(transactionLabel(hostile.transactionName), 'Controller/orders/show');
    assert.equal(lensErrorClass({ errorClass: `${'A'.repeat(100)}\u202e`, count: 3 }), `${'A'.repeat(59)}… ×3`);
    const frames = parseStack('ruby', "/srv/app/a.rb:1:in 'x'\n/srv/b\u202e.rb:2:in 'y'");
    const entry = diagnosticEntry({
      applicationId: 1,
      row: hostile,
      frames,
      paths: ['a.rb', undefined],
      rangeLabel: '30 min',
      errorRate: undefined,
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
