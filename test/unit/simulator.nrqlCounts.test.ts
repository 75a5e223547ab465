/** The simulator's long NRQL event queries: counts without an object per event give the rows the events give. */
import * as assert from 'node:assert/strict';

import { Dataset, DEMO_DATA_SET } from '../../src/simulator/dataset';
import { runNrql } from '../../src/simulator/nerdgraph/nrqlEngine';

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY_MS = 86_400_000;

describe("the simulator's long NRQL event queries", () => {
  const dataset = new Dataset({ ...DEMO_DATA_SET, names: 'demo' });
  const ctx = { dataset, accountId: 1, now: NOW };
  const app = dataset.apps.find((a) => a.reporting && a.name === 'search-gateway')!;
  // A day of search-gateway's error storm: about 300,000 events.
  const day = `SINCE ${NOW.getTime() - DAY_MS} UNTIL ${NOW.getTime()}`;

  it('counts by shared attributes equal the counts of the events themselves, WHERE, FACET and LIMIT alike', async () => {
    const hour = `SINCE ${NOW.getTime() - 3_600_000} UNTIL ${NOW.getTime()}`;
    for (const rest of [
      `FROM TransactionError WHERE appId = ${app.id} FACET transactionName, error.class ${day} LIMIT MAX`,
      `FROM TransactionError WHERE error.expected IS NOT true FACET appName, error.class ${hour} LIMIT 5`,
      `FROM ErrorTrace WHERE appId = ${app.id} FACET host ${hour}`,
      `FROM TransactionError ${hour}`,
    ]) {
      // max(timestamp) reads each event: the second query is answered from the events themselves.
      const counted = (await runNrql(ctx, `SELECT count(*) ${rest}`)).results;
      const read = (await runNrql(ctx, `SELECT count(*), max(timestamp) ${rest}`)).results;
      assert.ok(counted.length > 0 && Number(counted[0].count) > 0, rest);
      assert.deepEqual(
        counted,
        read.map(({ 'max.timestamp': _max, ...row }) => row),
        rest,
      );
    }
  });

  it('a facet on an attribute of each event (an error trace’s id) groups each event alone', async () => {
    const hour = `SINCE ${NOW.getTime() - 3_600_000} UNTIL ${NOW.getTime()}`;
    const rows = (
      await runNrql(ctx, `SELECT count(*) FROM ErrorTrace WHERE appId = ${app.id} FACET id ${hour} LIMIT MAX`)
    ).results as Array<{ id: string; count: number }>;
    const total = (await runNrql(ctx, `SELECT count(*) FROM ErrorTrace WHERE appId = ${app.id} ${hour}`))
      .results[0] as {
      count: number;
    };
    assert.ok(total.count > 1);
    assert.equal(rows.length, total.count);
    assert.ok(rows.every((r) => r.count === 1));
    assert.equal(new Set(rows.map((r) => r.id)).size, rows.length);
  });

  it('min and max over more events than a call takes arguments', async () => {
    const rows = (
      await runNrql(ctx, `SELECT min(timestamp), max(timestamp) FROM TransactionError WHERE appId = ${app.id} ${day}`)
    ).results[0] as Record<string, number>;
    const min = Object.entries(rows).find(([k]) => k.startsWith('min'))![1];
    const max = Object.entries(rows).find(([k]) => k.startsWith('max'))![1];
    assert.ok(min >= NOW.getTime() - DAY_MS && max < NOW.getTime() && min < max, `${min} ${max}`);
  });
});
