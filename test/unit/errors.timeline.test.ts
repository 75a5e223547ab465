/**
 * The error panel's per-bucket counts per class (src/errors/errorTimeline.ts): the NRQL with a hostile
 * transaction name, and the simulator answering it over the wire with the sampled unexpected events of
 * each minute (docs/errors.md#queries, docs/service.md#nrql-results: "TIMESERIES rows carry
 * beginTimeSeconds / endTimeSeconds", "FACET rows carry facet … plus the attribute's key").
 */
import assert from 'node:assert/strict';

import { readNrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import { errorTimelineNrql, MAX_TIMELINE_CLASSES, readErrorTimeline } from '../../src/errors/errorTimeline';
import { DEMO_DATA_SET } from '../../src/simulator/dataset';
import { errorOccurrences } from '../../src/simulator/errorEvents';
import { wireSimulator } from '../support/wireSimulator';

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-ERRTIMELINEKEY000000001';
const RANGE = { from: new Date('2026-11-20T11:30:00Z'), to: new Date('2026-11-20T12:00:00Z') };
const SINCE_UNTIL = `SINCE ${RANGE.from.getTime()} UNTIL ${RANGE.to.getTime()}`;

describe('errors: counts per bucket and class for the error panel', () => {
  it('asks for one transaction of one application, expected errors left out, a bucket per period', () => {
    assert.equal(
      errorTimelineNrql({
        applicationId: 42,
        transactionName: 'WebTransaction/Controller/orders/show',
        range: RANGE,
        periodSeconds: 60,
      }),
      "SELECT count(*) AS 'errors' FROM TransactionError WHERE appId = 42 AND transactionName = " +
        "'WebTransaction/Controller/orders/show' AND error.expected IS NOT true FACET error.class " +
        `TIMESERIES 1 minute ${SINCE_UNTIL} LIMIT ${MAX_TIMELINE_CLASSES}`,
    );
    assert.match(
      errorTimelineNrql({ applicationId: 1, transactionName: 't', range: RANGE, periodSeconds: 1800 }),
      / TIMESERIES 30 minutes /,
    );
  });

  it('quotes a hostile transaction name into one literal, and refuses ids, periods and ranges it cannot send', () => {
    const hostile = "a' OR appId > 0 FACET x --\\'\n";
    const nrql = errorTimelineNrql({ applicationId: 7, transactionName: hostile, range: RANGE, periodSeconds: 60 });
    const literal = nrql.slice(nrql.indexOf('transactionName = ') + 'transactionName = '.length);
    assert.ok(literal.startsWith(`'a\\' OR appId > 0 FACET x --\\\\\\'\n' AND error.expected`), literal);
    const ok = { applicationId: 1, transactionName: 't', range: RANGE, periodSeconds: 60 };
    for (const bad of [
      { ...ok, applicationId: 0 },
      { ...ok, applicationId: 1.5 },
      { ...ok, periodSeconds: 90 },
      { ...ok, periodSeconds: 0 },
      { ...ok, range: { from: RANGE.to, to: RANGE.from } },
      { ...ok, range: { from: new Date(Number.NaN), to: RANGE.to } },
    ]) {
      assert.throws(() => errorTimelineNrql(bad), RangeError, JSON.stringify(bad));
    }
  });

  it('reads each class in the order answered, points by bucket start, a missing count as 0, rows without a class or bucket skipped', () => {
    const result = readNrqlResult({
      results: [
        { facet: 'B', 'error.class': 'B', beginTimeSeconds: 120, endTimeSeconds: 180, errors: 2 },
        { facet: 'B', 'error.class': 'B', beginTimeSeconds: 60, endTimeSeconds: 120, errors: 1 },
        { facet: 'A', beginTimeSeconds: 60, endTimeSeconds: 120, errors: null },
        { facet: ['A'], beginTimeSeconds: 120, endTimeSeconds: 180, errors: 4 },
        { facet: 'C', errors: 9 },
        { beginTimeSeconds: 60, errors: 9 },
      ],
    });
    assert.deepEqual(readErrorTimeline(result), [
      {
        errorClass: 'B',
        points: [
          [60_000, 1],
          [120_000, 2],
        ],
      },
      {
        errorClass: 'A',
        points: [
          [60_000, 0],
          [120_000, 4],
        ],
      },
    ]);
  });

  describe('the simulator answers it', function () {
    this.timeout(20_000);
    const wire = wireSimulator({ usKey: KEY, euKey: `${KEY}EU`, now: () => NOW, ...DEMO_DATA_SET, names: 'demo' });

    it('with a row per class and minute whose count is that minute’s sampled unexpected events of the transaction', async () => {
      const app = wire.sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
      // The transaction with the most errors in the window, so the check is not vacuous.
      const perTransaction = new Map<string, number>();
      const expected = new Map<string, number>();
      for (let minute = RANGE.from.getTime() / 60_000; minute < RANGE.to.getTime() / 60_000; minute++) {
        for (const o of errorOccurrences(wire.sim.datasets.us, app, minute).filter((x) => x.sampled && !x.expected)) {
          perTransaction.set(o.transactionName, (perTransaction.get(o.transactionName) ?? 0) + 1);
          const key = JSON.stringify([o.transactionName, o.kind.errorClass, minute * 60]);
          expected.set(key, (expected.get(key) ?? 0) + 1);
        }
      }
      const [transactionName] = [...perTransaction].sort((a, b) => b[1] - a[1])[0];
      const node = await wire.nrql(
        errorTimelineNrql({ applicationId: app.id, transactionName, range: RANGE, periodSeconds: 60 }),
        'results metadata { facets }',
      );
      const timeline = readErrorTimeline(readNrqlResult(node));
      assert.ok(timeline.length >= 1, 'the transaction has error classes');
      let total = 0;
      for (const { errorClass, points } of timeline) {
        assert.equal(points.length, 30, `${errorClass}: a point per minute`);
        for (const [at, count] of points) {
          assert.equal(count, expected.get(JSON.stringify([transactionName, errorClass, at / 1000])) ?? 0);
          total += count;
        }
      }
      assert.equal(total, perTransaction.get(transactionName));
    });
  });
});
