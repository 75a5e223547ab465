/**
 * The simulator's long NRQL answers in slices: the demo's simulator shares the user's extension host, so a week
 * of error events must not hold the event loop; and the faster grouping must count as the plain one did.
 */
import * as assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { Dataset, DEMO_DATA_SET } from '../../src/simulator/dataset';
import { runNrql } from '../../src/simulator/nerdgraph/nrqlEngine';
import { inTurn, Slices } from '../../src/simulator/slices';

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY_MS = 86_400_000;

/** Whether a turn of the event loop queued before `work` starts runs before `work` ends. */
async function letsTheLoopRun(work: () => Promise<unknown>): Promise<boolean> {
  let turned = false;
  void nextTurn().then(() => {
    turned = true;
  });
  let endedFirst = false;
  await work().then(() => {
    endedFirst = !turned;
  });
  return !endedFirst;
}

describe('the simulator answers long NRQL queries in slices', () => {
  it('a pause inside its slice returns without giving the loop a turn; past it, after one', async () => {
    assert.equal(await letsTheLoopRun(() => new Slices(60_000).pause()), false);
    assert.equal(await letsTheLoopRun(() => new Slices(0).pause()), true);
  });

  it('long answers of one data set run one after another, the first ending first, a failed one too', async () => {
    const order: string[] = [];
    const owner = {};
    const work =
      (name: string, fail = false) =>
      async () => {
        order.push(`${name} starts`);
        await nextTurn();
        await nextTurn();
        order.push(`${name} ends`);
        if (fail) {
          throw new Error(name);
        }
        return name;
      };
    const answers = await Promise.allSettled([
      inTurn(owner, work('a', true)),
      inTurn(owner, work('b')),
      inTurn({}, work('other')),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status),
      ['rejected', 'fulfilled', 'fulfilled'],
    );
    assert.deepEqual(order, ['a starts', 'other starts', 'a ends', 'b starts', 'other ends', 'b ends']);
  });

  const dataset = new Dataset({ ...DEMO_DATA_SET, names: 'demo' });
  const ctx = { dataset, accountId: 1, now: NOW };
  const app = dataset.apps.find((a) => a.reporting && a.name === 'search-gateway')!;
  // A day of search-gateway's error storm: about 300,000 events.
  const day = `SINCE ${NOW.getTime() - DAY_MS} UNTIL ${NOW.getTime()}`;

  it("a day of an application's error events by transaction and class gives the event loop turns while it counts", async () => {
    const nrql = `SELECT count(*) FROM TransactionError WHERE appId = ${app.id} FACET transactionName, error.class ${day} LIMIT MAX`;
    let rows: Array<Record<string, unknown>> = [];
    assert.ok(
      await letsTheLoopRun(async () => {
        rows = (await runNrql(ctx, nrql)).results;
      }),
    );
    assert.ok(rows.length > 1, `${rows.length} rows`);
    // Grouped through the events' shared attributes: the counts add up to the total.
    const total = (await runNrql(ctx, `SELECT count(*) FROM TransactionError WHERE appId = ${app.id} ${day}`))
      .results[0] as { count: number };
    assert.equal(
      rows.reduce((sum, r) => sum + Number(r.count), 0),
      total.count,
    );
  });

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
