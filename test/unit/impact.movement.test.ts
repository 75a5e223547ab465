/**
 * What moved at a deployment (docs/impact.md): the equal windows, each row's measures and thresholds, the
 * ranking, and the application's verdict with the rows it rests on.
 */
import * as assert from 'node:assert/strict';

import type { TransactionStats } from '../../src/api/transactionStats';
import { impactWindows } from '../../src/impact/impactWindows';
import {
  apdexScore,
  movementRow,
  rankMovement,
  type TransactionWindows,
  type WindowNumbers,
  windowNumbersOf,
} from '../../src/impact/movement';
import { MIN_CALLS_PER_WINDOW, VERDICT_MIN_TIME_COVERAGE } from '../../src/impact/thresholds';
import { applicationVerdict } from '../../src/impact/verdict';

const MINUTE = 60_000;

/** Numbers over a 60-minute window: `calls` calls of `ms` each, `errors` of them failing. */
function w(calls: number, ms: number, errors = 0, apdex?: WindowNumbers['apdex']): WindowNumbers {
  return {
    callCount: calls,
    averageMs: ms,
    callsPerMinute: calls / 60,
    errorCount: errors,
    ...(apdex ? { apdex } : {}),
  };
}

function t(name: string, before: WindowNumbers | undefined, after: WindowNumbers | undefined): TransactionWindows {
  return { name, ...(before ? { before } : {}), ...(after ? { after } : {}) };
}

describe('impact: the windows around a deployment', () => {
  const at = Date.UTC(2026, 10, 20, 12, 0, 30); // half a minute into 12:00

  const table: Array<[string, number, Parameters<typeof impactWindows>[2], [string, string, number] | undefined]> = [
    ['the deployment minute is left out, both sides an hour', at + 3 * 3_600_000, {}, ['11:00', '12:01', 60]],
    ['the after window waits for whole minutes', at + 20 * MINUTE, {}, ['11:41', '12:01', 19]],
    ['less than a whole minute after: nothing yet', at + 40_000, {}, undefined],
    [
      'the previous deployment clips the before window',
      at + 3_600_000 * 3,
      { previousAt: at - 25 * MINUTE },
      ['11:36', '12:01', 24],
    ],
    [
      'the next deployment clips the after window',
      at + 3_600_000 * 3,
      { nextAt: at + 10 * MINUTE },
      ['11:51', '12:01', 9],
    ],
    ['a shorter maximum', at + 3_600_000 * 3, { maxMinutes: 15 }, ['11:45', '12:01', 15]],
  ];
  for (const [what, now, options, expected] of table) {
    it(what, () => {
      const windows = impactWindows(at, now, options);
      if (!expected) {
        assert.equal(windows, undefined);
        return;
      }
      const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
      assert.ok(windows);
      assert.deepEqual([hhmm(windows.before.from), hhmm(windows.after.from), windows.minutes], expected);
      assert.equal(windows.before.to - windows.before.from, windows.after.to - windows.after.from, 'equal windows');
      assert.ok(windows.before.to <= at && windows.after.from > at);
    });
  }
});

describe('impact: a row and its thresholds', () => {
  const table: Array<[string, TransactionWindows, string, string[]]> = [
    // [what, numbers, status, moved signals as "measure direction"]
    ['three calls a window decide nothing, however slow', t('a', w(3, 100), w(3, 900, 3)), 'tooFewCalls', []],
    [
      'one side below the minimum decides nothing',
      t('a', w(MIN_CALLS_PER_WINDOW - 1, 100), w(600, 300)),
      'tooFewCalls',
      [],
    ],
    ['a transaction that appeared after the deployment', t('a', undefined, w(600, 100)), 'tooFewCalls', []],
    [
      'slower on every call: time and average past their floors',
      t('a', w(600, 100), w(600, 200)),
      'worse',
      ['time worse'],
    ],
    ['faster', t('a', w(600, 200), w(600, 100)), 'better', ['time better']],
    ['10 % more time is under the relative floor', t('a', w(600, 100), w(600, 110)), 'unchanged', []],
    // 60 calls a minute × 2 ms → 3 ms: +60 ms a minute, far under one second a minute.
    ['a small transaction under the absolute floor', t('a', w(3600, 2), w(3600, 3)), 'unchanged', []],
    ['more calls, each as fast: busier, not worse', t('a', w(600, 100), w(1200, 100)), 'unchanged', []],
    ['errors up 10 points on 600 calls', t('a', w(600, 100, 6), w(600, 100, 66)), 'worse', ['errorRate worse']],
    ['two more errors on 50 calls is noise', t('a', w(50, 100, 0), w(50, 100, 2)), 'unchanged', []],
    [
      'half a point on 100,000 calls is real but under the points floor',
      t('a', w(1e5, 100, 1000), w(1e5, 100, 1500)),
      'unchanged',
      [],
    ],
    [
      'Apdex down 0.2',
      t(
        'a',
        w(600, 100, 0, { satisfied: 600, tolerating: 0, frustrated: 0 }),
        w(600, 100, 0, { satisfied: 360, tolerating: 0, frustrated: 240 }),
      ),
      'worse',
      ['apdex worse'],
    ],
    [
      'slower and failing: worse on both',
      t('a', w(600, 100, 0), w(600, 200, 60)),
      'worse',
      ['time worse', 'errorRate worse'],
    ],
    [
      'faster but failing: worse wins',
      t('a', w(600, 200, 0), w(600, 100, 60)),
      'worse',
      ['time better', 'errorRate worse'],
    ],
  ];
  for (const [what, numbers, status, moved] of table) {
    it(what, () => {
      const row = movementRow(numbers);
      assert.equal(row.status, status);
      assert.deepEqual(
        row.signals.filter((s) => s.moved).map((s) => `${s.measure} ${s.direction}`),
        moved,
      );
    });
  }

  it('carries its evidence: both windows, the calls, the changes and the thresholds passed and failed', () => {
    const windows = impactWindows(0, 3 * 3_600_000);
    const row = movementRow(t('Controller/orders/show', w(600, 100), w(1200, 105)), windows);
    assert.equal(row.windows, windows);
    assert.deepEqual([row.before.callCount, row.after.callCount], [600, 1200]);
    // 10 calls a minute × 100 ms → 20 × 105: 1,000 → 2,100 ms of time a minute.
    assert.deepEqual(row.time, { before: 1000, after: 2100, change: 1100, relative: 1.1 });
    assert.equal(row.status, 'unchanged');
    const time = row.signals.find((s) => s.measure === 'time');
    assert.deepEqual(time, {
      measure: 'time',
      direction: 'worse',
      passes: ['timeRelative', 'timeAbsolute'],
      fails: ['averageRelative'],
      moved: false,
    });
  });

  it('a too-few-calls row still shows its numbers, and no signal', () => {
    const row = movementRow(t('a', w(3, 100), w(3, 900, 3)));
    assert.deepEqual([row.average.before, row.average.after, row.errorRate.after], [100, 900, 1]);
    assert.deepEqual(row.signals, []);
  });

  it('a window from the summarized numbers the tree and the lenses read', () => {
    const stats = {
      name: 'a',
      kind: 'web' as const,
      callCount: 600,
      callsPerMinute: 10,
      averageMs: 84,
      errorRate: 0.05,
      timeShare: 0.2,
    };
    assert.deepEqual(windowNumbersOf(stats), { callCount: 600, averageMs: 84, callsPerMinute: 10, errorCount: 30 });
  });

  it("the Apdex counts of the tree's numbers reach the window, and an Apdex drop alone makes the row worse", () => {
    const stats = (satisfied: number, tolerating: number, frustrated: number): TransactionStats => ({
      name: 'a',
      kind: 'web',
      callCount: 600,
      callsPerMinute: 10,
      averageMs: 84,
      errorRate: 0,
      apdex: (satisfied + tolerating / 2) / 600,
      apdexCounts: { satisfied, tolerating, frustrated, count: 600 },
      timeShare: 0.2,
    });
    const before = windowNumbersOf(stats(570, 30, 0));
    assert.deepEqual(before.apdex, { satisfied: 570, tolerating: 30, frustrated: 0 });
    // Time and errors unchanged; 0.975 → 0.85: only the Apdex signal can say so.
    const row = movementRow({ name: 'a', before, after: windowNumbersOf(stats(480, 60, 60)) });
    assert.equal(row.status, 'worse');
    assert.deepEqual(
      row.signals.map((s) => [s.measure, s.direction, s.moved]),
      [['apdex', 'worse', true]],
    );
    near(row.apdex!.change, 0.85 - 0.975);
  });

  it('Apdex decides nothing with fewer samples than the calls minimum on a side', () => {
    const few = MIN_CALLS_PER_WINDOW - 1;
    const row = movementRow(
      t(
        'a',
        w(600, 100, 0, { satisfied: few, tolerating: 0, frustrated: 0 }),
        w(600, 100, 0, { satisfied: 0, tolerating: 0, frustrated: few }),
      ),
    );
    assert.equal(row.apdex?.change, -1);
    assert.deepEqual(row.signals, []);
    assert.equal(row.status, 'unchanged');
  });

  it('Apdex from its counts; none without samples', () => {
    assert.equal(apdexScore({ satisfied: 60, tolerating: 30, frustrated: 10 }), 0.75);
    assert.equal(apdexScore({ satisfied: 0, tolerating: 0, frustrated: 0 }), undefined);
  });
});

describe('impact: the ranking', () => {
  it('worse, better, unchanged, too few calls; within each by the change in time consumed per minute', () => {
    const rows = rankMovement([
      t('tiny-but-3x-slower', w(60, 100), w(60, 300)), // 100 → 300 ms a minute: under the absolute floor
      t('few', w(3, 10), w(3, 5000)),
      t('busy-slower', w(6000, 100), w(6000, 130)), // +3,000 ms a minute
      t('page-much-slower', w(120, 500), w(120, 1500)), // +2,000 ms a minute
      t('failing', w(600, 100, 0), w(600, 100, 60)),
      t('faster', w(600, 300), w(600, 100)),
      t('steady', w(600, 100), w(600, 101)),
    ]);
    assert.deepEqual(
      rows.map((r) => `${r.status} ${r.name}`),
      [
        'worse busy-slower',
        'worse page-much-slower',
        'worse failing',
        'better faster',
        'unchanged tiny-but-3x-slower',
        'unchanged steady',
        'tooFewCalls few',
      ],
    );
  });
});

describe('impact: the verdict per application', () => {
  const rows = (...list: TransactionWindows[]) => rankMovement(list);

  it('worse on a single row that moved the wrong way, naming it', () => {
    const v = applicationVerdict(rows(t('slow', w(600, 100), w(600, 300)), t('ok', w(600, 100), w(600, 100))));
    assert.equal(v.verdict, 'worse');
    assert.deepEqual(
      v.restsOn.map((r) => r.name),
      ['slow'],
    );
    assert.match(v.message, /Worse: 1 of 2/);
  });

  it('better when rows improved and none got worse', () => {
    const v = applicationVerdict(rows(t('fast', w(600, 300), w(600, 100)), t('ok', w(600, 100), w(600, 100))));
    assert.equal(v.verdict, 'better');
    assert.deepEqual(
      v.restsOn.map((r) => r.name),
      ['fast'],
    );
  });

  it('unchanged rests on every row with enough calls', () => {
    const v = applicationVerdict(
      rows(t('a', w(600, 100), w(600, 100)), t('b', w(600, 50), w(600, 51)), t('c', w(3, 1), w(3, 1))),
    );
    assert.equal(v.verdict, 'unchanged');
    assert.deepEqual(v.restsOn.map((r) => r.name).sort(), ['a', 'b']);
  });

  it('not enough calls yet: only 3-call minutes, or rows holding too little of the time', () => {
    assert.equal(applicationVerdict(rows(t('a', w(3, 100), w(3, 900)))).verdict, 'notEnoughCalls');
    assert.equal(applicationVerdict([]).verdict, 'notEnoughCalls');
    // The checked row holds 1,000 of 3,000 ms a minute before: under the coverage floor.
    const v = applicationVerdict(
      rows(t('checked', w(600, 100), w(600, 100)), t('busy-but-few', w(40, 3000), w(2, 10))),
    );
    assert.ok(v.coverage < VERDICT_MIN_TIME_COVERAGE);
    assert.equal(v.verdict, 'notEnoughCalls');
    assert.match(v.message, /33 %/);
  });

  it('worse needs no coverage: one regression is enough', () => {
    const v = applicationVerdict(rows(t('slow', w(600, 100), w(600, 300)), t('busy-but-few', w(40, 30000), w(2, 10))));
    assert.equal(v.verdict, 'worse');
  });
});

function near(a: number, b: number): void {
  assert.ok(Math.abs(a - b) < 1e-9, `${a} vs ${b}`);
}
