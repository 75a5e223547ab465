/**
 * What a change will touch (src/impact/changeImpact.ts): changed methods joined with the transactions
 * they serve, the shares, the summary and the Markdown.
 */
import * as assert from 'node:assert/strict';

import type { TransactionStats } from '../../src/api/transactionStats';
import type { MethodChange } from '../../src/impact/changedMethods';
import { changeMarkdown, changeSummary, joinChangeImpact, unservedSummary } from '../../src/impact/changeImpact';

function change(path: string, name: string, line: number, endLine: number, kind: MethodChange['kind'] = 'changed') {
  const method = { kind: 'method' as const, name, container: ['OrdersController'], line, endLine };
  return { kind, path, method, hunks: [] } satisfies MethodChange;
}

function stats(name: string, timeShare: number, extra: Partial<TransactionStats> = {}): TransactionStats {
  return { name, kind: 'web', callCount: 600, callsPerMinute: 20, averageMs: 80, errorRate: 0.01, timeShare, ...extra };
}

const SHOW = 'Controller/orders/show';
const INDEX = 'Controller/orders/index';
const JOB = 'OtherTransaction/Job/Cleanup';

describe('impact: what a change will touch', () => {
  const show = change('app/orders_controller.rb', 'show', 10, 20);
  const index = change('app/orders_controller.rb', 'index', 2, 8);
  const helper = change('app/helpers.rb', 'format', 1, 4);
  const removed = change('app/jobs.rb', 'perform', 3, 9, 'removed');

  const impact = () =>
    joinChangeImpact({
      applicationName: 'storefront-web',
      changes: [index, show, helper, removed],
      elsewhere: 2,
      served: [
        { name: SHOW, side: 'new', path: 'app/orders_controller.rb', line: 10 },
        { name: INDEX, side: 'new', path: 'app/orders_controller.rb', line: 2 },
        // The old side of a removed method serves a background transaction.
        { name: JOB, side: 'old', path: 'app/jobs.rb', line: 3 },
        // Another method of the file, not changed: no row.
        { name: 'Controller/orders/new', side: 'new', path: 'app/orders_controller.rb', line: 30 },
        // The new side's line of a removed method's file is another method.
        { name: 'Controller/other', side: 'new', path: 'app/jobs.rb', line: 3 },
      ],
      stats: [stats(SHOW, 0.3), stats(INDEX, 0.08, { errorRate: 0 }), stats(JOB, 0.05, { kind: 'background' })],
      topErrorClassOf: (name) => (name === SHOW ? 'TimeoutError' : name === JOB ? 'KeyError' : undefined),
    });

  it('joins each changed method with the transactions it serves, largest share first', () => {
    const found = impact();
    assert.deepEqual(
      found.rows.map((r) => [r.change.method.name, r.transactions.map((t) => t.name)]),
      [
        ['show', [SHOW]],
        ['index', [INDEX]],
        ['perform', [JOB]],
      ],
    );
    assert.deepEqual(
      found.unserved.map((c) => c.method.name),
      ['format'],
    );
    assert.ok(Math.abs(found.webShare - 0.38) < 1e-9);
    assert.equal(found.backgroundShare, 0.05);
    assert.deepEqual(found.errorClasses, ['TimeoutError', 'KeyError']);
  });

  it('says the shares and error classes in one line, and the methods serving none apart', () => {
    const found = impact();
    assert.equal(
      changeSummary(found),
      "touches code serving 38 % of storefront-web's web time and 5 % of its background time and 2 error classes",
    );
    assert.equal(unservedSummary(found), '1 changed methods serve no transaction; 2 files changed outside any method');
  });

  it('counts a transaction served by two changed methods once', () => {
    const found = joinChangeImpact({
      applicationName: 'a',
      changes: [show, index],
      elsewhere: 0,
      served: [
        { name: SHOW, side: 'new', path: show.path, line: 12 },
        { name: SHOW, side: 'new', path: index.path, line: 3 },
      ],
      stats: [stats(SHOW, 0.3)],
    });
    assert.equal(found.rows.length, 2);
    assert.equal(found.webShare, 0.3);
    assert.equal(changeSummary(found), "touches code serving 30 % of a's web time and 0 error classes");
  });

  it('says when no changed method serves a transaction', () => {
    const found = joinChangeImpact({ applicationName: 'a', changes: [helper], elsewhere: 0, served: [], stats: [] });
    assert.equal(changeSummary(found), 'touches no code serving a transaction of a');
    assert.match(
      changeMarkdown(found, 'working tree against HEAD', '30 min'),
      /1 changed methods serve no transaction/,
    );
  });

  it('writes a Markdown table with every foreign name escaped', () => {
    const hostile = '<img src=x onerror=alert(1)>|`x`|[link](command:timeslice.removeApiKey)\nnext';
    const found = joinChangeImpact({
      applicationName: 'shop*|',
      changes: [change('a|b.rb', 'show', 0, 3)],
      elsewhere: 0,
      served: [{ name: hostile, side: 'new', path: 'a|b.rb', line: 0 }],
      stats: [stats(hostile, 0.5)],
      topErrorClassOf: () => '<script>',
    });
    const md = changeMarkdown(found, 'working tree against HEAD', '30 min');
    const rows = md.split('\n').filter((l) => l.startsWith('| OrdersController'));
    assert.equal(rows.length, 1);
    // Every column separator is ours: a name's pipes are escaped.
    assert.equal(rows[0].split(/(?<!\\)\|/).length, 8);
    assert.doesNotMatch(md, /<img|<script|\]\(command|`x`/);
    assert.doesNotMatch(md, /\nnext/);
    assert.match(md, /50 %/);
  });
});
