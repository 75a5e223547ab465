/** Error classes new since the latest deployment (docs/errors.md, "New since a deployment"). */
import * as assert from 'node:assert/strict';

import type { Deployment } from '../../src/api/deployments';
import type { NrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import { diagnosticMessage } from '../../src/errors/errorDiagnosticModel';
import { ErrorDetails } from '../../src/errors/errorDetails';
import type { ErrorDetailsClient } from '../../src/errors/errorDetails';
import type { ErrorClassRow } from '../../src/errors/errorModel';
import { errorClassKey } from '../../src/errors/errorModel';
import { errorClassesNrql } from '../../src/errors/errorQueries';
import {
  classesBeforeNrql,
  markNewClasses,
  MAX_FACETS,
  NEW_ERROR_LOOKBACK_MS,
  NEW_ERROR_MAX_DEPLOYMENT_AGE_MS,
  NewErrorClasses,
} from '../../src/errors/newErrorClasses';
import { DEMO_DATA_SET } from '../../src/simulator/dataset';
import { DEMO_STORY } from '../../src/simulator/demoStory';
import { deploymentsBetween } from '../../src/simulator/deployments';
import { wireSimulator } from '../support/wireSimulator';

const MINUTE = 60_000;
const DEPLOYED = Date.UTC(2026, 10, 20, 9, 0);
const NOW = DEPLOYED + 3 * 60 * MINUTE;
const TXN = 'WebTransaction/Controller/orders/create';
const DEPLOYMENT: Deployment = { id: '4711', revision: '0922c089f44c0f264cd45dc1089f778b7104a995', time: DEPLOYED };

function row(errorClass: string, lastSeen: number, transactionName = TXN): ErrorClassRow {
  return { transactionName, errorClass, message: '', count: 3, lastSeen: new Date(lastSeen) };
}

function facets(...pairs: Array<[string, string]>): NrqlResult {
  return { results: pairs.map((facet) => ({ facet, count: 1 })), metadata: {} } as unknown as NrqlResult;
}

/** A marker over fixed deployments; `answer` is the before window's NRQL answer (or failure). */
function marker(answer: (nrql: string) => Promise<NrqlResult>, deployments: Deployment[] = [DEPLOYMENT]) {
  const asked: string[] = [];
  const logged: string[] = [];
  const marks = new NewErrorClasses({
    deployments: (_id, range) =>
      Promise.resolve(
        deployments.filter((d) => d.time >= range.from.getTime() && d.time <= range.to.getTime()).reverse(),
      ),
    now: () => NOW,
    log: (m) => logged.push(m),
  });
  const run = (nrql: string) => (asked.push(nrql), answer(nrql));
  return { marks, run, asked, logged };
}

describe('error classes new since the latest deployment', () => {
  it('is new when seen exactly at the deployment and never before; not when seen once before, nor when unknown', () => {
    const rows = [row('Aws::SQS::Errors::NonExistentQueue', DEPLOYED), row('NoMethodError', NOW)];
    const seen = new Set([errorClassKey(TXN, 'NoMethodError')]);
    const marked = markNewClasses(rows, DEPLOYMENT, seen);
    assert.deepEqual(marked[0].newSince, { deploymentId: '4711', revision: DEPLOYMENT.revision, time: DEPLOYED });
    assert.equal(marked[1].newSince, undefined, 'one occurrence before: not new');
    assert.ok(
      markNewClasses(rows, DEPLOYMENT, undefined).every((r) => r.newSince === undefined),
      'unknown is not new',
    );
    // Last seen a millisecond before the deployment: nothing after it, so nothing new about it.
    assert.equal(markNewClasses([row('X', DEPLOYED - 1)], DEPLOYMENT, new Set())[0].newSince, undefined);
    // Per transaction: the class thrown before by another transaction is new in this one.
    const other = new Set([errorClassKey('WebTransaction/Controller/orders/show', 'NoMethodError')]);
    assert.ok(markNewClasses([row('NoMethodError', NOW)], DEPLOYMENT, other)[0].newSince);
  });

  it('asks the look-back window ending at the deployment, every class expected or not', () => {
    assert.equal(
      classesBeforeNrql(42, DEPLOYED),
      `SELECT count(*) FROM TransactionError WHERE appId = 42 FACET transactionName, error.class SINCE ${
        DEPLOYED - NEW_ERROR_LOOKBACK_MS
      } UNTIL ${DEPLOYED} LIMIT MAX`,
    );
    assert.throws(() => classesBeforeNrql(0, DEPLOYED), RangeError);
  });

  it('asks once per application and deployment, and the diagnostic says "New since 0922c08 · "', async () => {
    const m = marker(() => Promise.resolve(facets([TXN, 'NoMethodError'])));
    const rows = [row('Aws::SQS::Errors::NonExistentQueue', NOW), row('NoMethodError', NOW)];
    const first = await m.marks.mark(m.run, 42, rows);
    const second = await m.marks.mark(m.run, 42, rows);
    assert.equal(m.asked.length, 1);
    assert.deepEqual(first, second);
    assert.deepEqual(
      first.map((r) => r.newSince !== undefined),
      [true, false],
    );
    assert.match(
      diagnosticMessage(first[0], '30 min', undefined),
      /^New since 0922c08 · Aws::SQS::Errors::NonExistentQueue — 3 in/,
    );
    assert.doesNotMatch(diagnosticMessage(first[1], '30 min', undefined), /New since/);
  });

  it('marks nothing when the before query fails, logs it once, and asks again at the next refresh', async () => {
    let fail = true;
    const m = marker(() => (fail ? Promise.reject(new Error('The NRQL query timed out.')) : Promise.resolve(facets())));
    const rows = [row('Aws::SQS::Errors::NonExistentQueue', NOW)];
    for (let i = 0; i < 2; i++) {
      assert.equal((await m.marks.mark(m.run, 42, rows))[0].newSince, undefined);
    }
    assert.equal(m.asked.length, 2);
    assert.equal(m.logged.length, 1);
    assert.match(m.logged[0], /application 42: nothing marked new: The NRQL query timed out/);
    fail = false;
    assert.ok((await m.marks.mark(m.run, 42, rows))[0].newSince);
  });

  it('marks nothing for an answer LIMIT MAX may have cut, a deployment too old for the events kept, or none', async () => {
    const full = facets(...Array.from({ length: MAX_FACETS }, (_, i): [string, string] => [TXN, `E${i}`]));
    const cut = marker(() => Promise.resolve(full));
    assert.equal((await cut.marks.mark(cut.run, 42, [row('New', NOW)]))[0].newSince, undefined);
    const old = { ...DEPLOYMENT, time: NOW - NEW_ERROR_MAX_DEPLOYMENT_AGE_MS - MINUTE };
    const tooOld = marker(() => Promise.resolve(facets()), [old]);
    assert.equal((await tooOld.marks.mark(tooOld.run, 42, [row('New', NOW)]))[0].newSince, undefined);
    assert.equal(tooOld.asked.length, 0, 'nothing asked');
    const none = marker(() => Promise.resolve(facets()), []);
    assert.equal((await none.marks.mark(none.run, 42, [row('New', NOW)]))[0].newSince, undefined);
  });

  it("reaches the classes answer of ErrorDetails, the views' one source", async () => {
    const m = marker((nrql) =>
      Promise.resolve(nrql.includes('latest(') ? classesAnswer() : facets([TXN, 'NoMethodError'])),
    );
    const classesAnswer = () =>
      ({
        results: [
          { facet: [TXN, 'Aws::SQS::Errors::NonExistentQueue'], count: 9, 'latest.timestamp': NOW - MINUTE },
          { facet: [TXN, 'NoMethodError'], count: 2, 'latest.timestamp': NOW - MINUTE },
        ],
        metadata: {},
      }) as unknown as NrqlResult;
    const client: ErrorDetailsClient = {
      runNrql: (q) => m.run(q),
      entityGuid: () => Promise.resolve('GUID'),
      exception: () => Promise.resolve(null),
    };
    const details = new ErrorDetails({ client: () => client, now: () => NOW, maxAgeMs: () => 60_000, marker: m.marks });
    const answer = await details.classes(
      { id: 42, language: 'ruby' },
      { from: new Date(NOW - 30 * MINUTE), to: new Date(NOW) },
    );
    assert.equal(answer.kind, 'classes');
    assert.deepEqual(
      answer.kind === 'classes' && answer.rows.map((r) => [r.errorClass, r.newSince?.revision.slice(0, 7)]),
      [
        ['Aws::SQS::Errors::NonExistentQueue', '0922c08'],
        ['NoMethodError', undefined],
      ],
    );
  });
});

describe("the demo story's new class, over the simulator's NRQL", function () {
  this.timeout(30_000);
  const STORY_NOW = Date.UTC(2026, 10, 24, 10, 30, 17);
  const wire = wireSimulator({
    usKey: 'NRAK-NEWCLASSES0000000000000001',
    now: () => new Date(STORY_NOW),
    ...DEMO_DATA_SET,
    names: 'demo',
    demoStory: true,
  });

  it('orders/create throws Aws::SQS::Errors::NonExistentQueue from 0922c08 on, never in the week before: marked new, nothing else', async () => {
    const app = wire.sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
    const listed = deploymentsBetween(wire.sim.datasets.us, app, STORY_NOW - 24 * 60 * MINUTE, STORY_NOW);
    const story = DEMO_STORY['storefront-web'];
    assert.equal(listed[0].revision, story[story.length - 1].revision);
    const run = async (q: string) => (await wire.nrql(q, 'results')) as NrqlResult;
    const marks = new NewErrorClasses({
      deployments: () => Promise.resolve(listed.map((d) => ({ id: String(d.id), revision: d.revision, time: d.at }))),
      now: () => STORY_NOW,
      log: (m) => assert.fail(m),
    });
    const window = { from: new Date(STORY_NOW - 30 * MINUTE), to: new Date(STORY_NOW) };
    const { results } = await run(errorClassesNrql(app.id, window));
    const rows = results.map((r) =>
      row((r.facet as string[])[1], r['latest.timestamp'] as number, (r.facet as string[])[0]),
    );
    const marked = await marks.mark(run, app.id, rows);
    assert.deepEqual(
      marked.filter((r) => r.newSince).map((r) => [r.transactionName, r.errorClass, r.newSince!.revision.slice(0, 7)]),
      [[TXN, 'Aws::SQS::Errors::NonExistentQueue', '0922c08']],
    );
    assert.ok(marked.length > 1, 'the other classes are there, not new');
  });
});
