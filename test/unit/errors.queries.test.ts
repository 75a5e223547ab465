import * as assert from 'node:assert/strict';

import {
  errorClassesNrql,
  EXCEPTION_STACK,
  exceptionStackVariables,
  latestOccurrencesNrql,
} from '../../src/errors/errorQueries';

const RANGE = { from: new Date(Date.UTC(2026, 10, 28, 3)), to: new Date(Date.UTC(2026, 10, 28, 4)) };
const SINCE_UNTIL = `SINCE ${RANGE.from.getTime()} UNTIL ${RANGE.to.getTime()}`;

/** NRQL split into its text outside string literals and the literals' values (backslash escapes read). */
function tokens(nrql: string): { skeleton: string; literals: string[] } {
  let skeleton = '';
  const literals: string[] = [];
  for (let i = 0; i < nrql.length; i++) {
    if (nrql[i] !== "'") {
      skeleton += nrql[i];
      continue;
    }
    let value = '';
    for (i++; i < nrql.length && nrql[i] !== "'"; i++) {
      value += nrql[i] === '\\' ? nrql[++i] : nrql[i];
    }
    assert.ok(i < nrql.length, `unterminated literal in ${nrql}`);
    literals.push(value);
    skeleton += '?';
  }
  return { skeleton, literals };
}

describe('errors: NRQL and GraphQL for error classes and stacks', () => {
  it('lists error classes per transaction of one application, expected errors left out', () => {
    assert.equal(
      errorClassesNrql(42, RANGE),
      'SELECT count(*), latest(timestamp), latest(error.message) FROM TransactionError WHERE appId = 42 ' +
        `AND error.expected IS NOT true FACET transactionName, error.class ${SINCE_UNTIL} LIMIT MAX`,
    );
  });

  it('refuses an id that is not a positive integer and a range that does not go forward', () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      assert.throws(() => errorClassesNrql(id, RANGE), RangeError, String(id));
    }
    assert.throws(() => errorClassesNrql(1, { from: RANGE.to, to: RANGE.from }), RangeError);
    assert.throws(() => errorClassesNrql(1, { from: new Date(Number.NaN), to: RANGE.to }), RangeError);
  });

  it('quotes hostile class, transaction and guid values so each stays one literal', () => {
    const hostile = {
      entityGuid: "MXxBUE18QVBQTElDQVRJT058NDI' OR appId > 0 --",
      errorClass: "Foo\\' OR true OR error.class = '",
      transactionName: "WebTransaction/Controller/a'b\nFACET x\r\\",
    };
    const nrql = latestOccurrencesNrql({ ...hostile, range: RANGE });
    assert.deepEqual(tokens(nrql), {
      skeleton:
        'SELECT latest(id), latest(timestamp), latest(error.message), count(*) FROM ErrorTrace WHERE entityGuid = ? ' +
        `AND error.expected IS NOT true AND error.class = ? AND transactionName = ? FACET error.class ${SINCE_UNTIL} LIMIT MAX`,
      literals: [hostile.entityGuid, hostile.errorClass, hostile.transactionName],
    });
    assert.deepEqual(tokens(latestOccurrencesNrql({ entityGuid: 'abc', range: RANGE })).literals, ['abc']);
  });

  it('asks the latest occurrence of every class of every transaction in one query', () => {
    assert.equal(
      latestOccurrencesNrql({ entityGuid: "x' OR 1=1 --", range: RANGE, perTransaction: true }),
      "SELECT latest(id), latest(timestamp), latest(error.message), count(*) FROM ErrorTrace WHERE entityGuid = 'x\\' OR 1=1 --' " +
        `AND error.expected IS NOT true FACET transactionName, error.class ${SINCE_UNTIL} LIMIT MAX`,
    );
  });

  it("asks for one occurrence's stack with the guid and id as variables", () => {
    assert.match(EXCEPTION_STACK, /^query\(\$guid: EntityGuid!, \$occurrenceId: String!\)/);
    assert.match(
      EXCEPTION_STACK,
      /exception\(occurrenceId: \$occurrenceId\) \{ message stackTrace \{ frames \{ filepath formatted line name \} \} \}/,
    );
    const id = '"}) { __typename } #';
    assert.deepEqual(exceptionStackVariables('guid"', id), { guid: 'guid"', occurrenceId: id });
    assert.ok(!EXCEPTION_STACK.includes(id));
  });
});
