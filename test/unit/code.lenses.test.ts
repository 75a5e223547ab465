/** What a lens says, where it sits, and which transactions a refresh asks numbers for. */
import * as assert from 'node:assert/strict';

import type { TransactionStats } from '../../src/api/transactionStats';
import { CodeMap } from '../../src/code/codeMatch';
import { lensesForFile, lensTitle, lensTooltip, namesServedBy } from '../../src/code/lensModel';
import { parseSource } from '../../src/code/parseSource';

const stats = (over: Partial<TransactionStats>): TransactionStats => ({
  name: 'Controller/users/show',
  kind: 'web',
  callCount: 36_000,
  callsPerMinute: 1200,
  averageMs: 84.2,
  errorRate: 0.004,
  apdex: 0.94,
  timeShare: 0.12,
  ...over,
});

const USERS = 'class UsersController\n  def index\n  end\n\n  def show\n  end\nend';
const ORDERS = 'class OrdersController\n  def create\n  end\nend';
const files = [
  { path: 'app/controllers/users_controller.rb', language: 'ruby' as const, parsed: parseSource('ruby', USERS) },
  { path: 'app/controllers/orders_controller.rb', language: 'ruby' as const, parsed: parseSource('ruby', ORDERS) },
];

describe('transaction lenses', () => {
  it('reads like the issue: time, throughput, errors, range', () => {
    assert.equal(lensTitle(stats({}), '30 min'), '84 ms · 1.2k rpm · 0.4 % errors · 30 min');
    assert.equal(lensTitle(stats({ errorRate: 0 }), '1 h'), '84 ms · 1.2k rpm · 0 % errors · 1 h');
    assert.equal(lensTitle(stats({ callCount: 0, callsPerMinute: 0 }), '30 min'), 'no calls · 30 min');
  });

  it("gains the transaction's top error class when it has errors", () => {
    assert.equal(
      lensTitle(stats({}), '30 min', 'TimeoutError ×120'),
      '84 ms · 1.2k rpm · 0.4 % errors · TimeoutError ×120 · 30 min',
    );
    assert.equal(
      lensTitle(stats({ errorRate: 0 }), '30 min', 'TimeoutError ×1'),
      '84 ms · 1.2k rpm · 0 % errors · 30 min',
    );
    // 120 errors in 30 million calls: under the display precision, never "0 %" beside its class.
    assert.equal(
      lensTitle(stats({ errorRate: 120 / 30_000_000 }), '30 min', 'TimeoutError ×120'),
      '84 ms · 1.2k rpm · < 0.01 % errors · TimeoutError ×120 · 30 min',
    );
    const topClassOf = (name: string) => (name === 'Controller/users/show' ? 'TimeoutError ×120' : undefined);
    const lenses = lensesForFile(new CodeMap(files), files[0], 'ruby', [stats({})], '30 min', topClassOf);
    assert.deepEqual(
      lenses.map((l) => l.title),
      ['84 ms · 1.2k rpm · 0.4 % errors · TimeoutError ×120 · 30 min'],
    );
  });

  it('says Apdex and the share of time in the tooltip, and shows a hostile name as text', () => {
    const tip = lensTooltip(stats({ name: 'Controller/[x](command:evil)/\u202eshow' }));
    assert.match(tip, /^Apdex 0\.94 · 12 % of the application's web time\n/);
    assert.doesNotMatch(tip, /\]\(/);
    assert.doesNotMatch(tip, /\u202e/);
  });

  it('puts each transaction on the line that serves it, in the file as it is now', () => {
    const map = new CodeMap(files);
    const all = [
      stats({}),
      stats({ name: 'Controller/users/index', averageMs: 20 }),
      stats({ name: 'Controller/orders/create' }),
      stats({ name: 'Controller/missing/index' }),
    ];
    const entries = lensesForFile(map, files[0], 'ruby', all, '30 min');
    assert.deepEqual(
      entries.map((e) => [e.line, e.stats.name]),
      [
        [1, 'Controller/users/index'],
        [4, 'Controller/users/show'],
      ],
    );
    // An unsaved edit moves the method: the lens follows the document, not the index.
    const edited = { ...files[0], parsed: parseSource('ruby', `# a new comment\n${USERS}`) };
    assert.deepEqual(
      lensesForFile(map, edited, 'ruby', all, '30 min').map((e) => e.line),
      [2, 5],
    );
  });

  it('asks numbers only for the transactions the open files serve', () => {
    const map = new CodeMap(files);
    const names = ['Controller/users/show', 'Controller/users/index', 'Controller/orders/create', 'Controller/x/y'];
    assert.deepEqual(namesServedBy(map, [files[0]], 'ruby', names), [
      'Controller/users/show',
      'Controller/users/index',
    ]);
    assert.deepEqual(namesServedBy(map, [], 'ruby', names), []);
  });
});
