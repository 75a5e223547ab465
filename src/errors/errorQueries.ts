/**
 * The queries behind errors at the line: error classes per transaction from `TransactionError` events,
 * the latest `ErrorTrace` occurrence per class, and the stack of one occurrence through NerdGraph's
 * `exception(occurrenceId)`. Ids go in as numbers and names as quoted NRQL literals; the NRQL and the
 * occurrence id travel as GraphQL variables. Attributes and their sources: docs/errors.md.
 */
import { nrqlString } from '../api/nerdgraph/metricValues';
import type { TimeRange } from '../api/timeRange';

/**
 * Errors the application marked expected are left out, as the service leaves them out of the error
 * rate. `IS NOT true` rather than `NOT error.expected`: agents that predate the attribute send none,
 * and their errors are unexpected.
 */
export const UNEXPECTED_ONLY = 'error.expected IS NOT true';

function applicationIdOf(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new RangeError(`Not an application id: ${String(id)}`);
  }
  return id;
}

function sinceUntil(range: TimeRange): string {
  const from = range.from.getTime();
  const to = range.to.getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) {
    throw new RangeError('The range must start before it ends.');
  }
  return `SINCE ${from} UNTIL ${to}`;
}

/**
 * Every error class of every transaction of one application in the range, in one request: how often,
 * when last, and the last message. Counts from events are a floor (the agents sample error events).
 */
export function errorClassesNrql(applicationId: number, range: TimeRange): string {
  return (
    `SELECT count(*), latest(timestamp), latest(error.message) FROM TransactionError ` +
    `WHERE appId = ${applicationIdOf(applicationId)} AND ${UNEXPECTED_ONLY} ` +
    `FACET transactionName, error.class ${sinceUntil(range)} LIMIT MAX`
  );
}

/**
 * The latest occurrence with a stack per error class of one application (its entity guid), optionally
 * of one class and one transaction (its full name, e.g. `WebTransaction/Controller/orders/show`).
 * `perTransaction`: one row per transaction and class (FACET transactionName, error.class), so one
 * request answers every class of every transaction.
 */
export function latestOccurrencesNrql(options: {
  entityGuid: string;
  range: TimeRange;
  errorClass?: string;
  transactionName?: string;
  perTransaction?: boolean;
}): string {
  const only = [
    options.errorClass === undefined ? '' : ` AND error.class = ${nrqlString(options.errorClass)}`,
    options.transactionName === undefined ? '' : ` AND transactionName = ${nrqlString(options.transactionName)}`,
  ].join('');
  return (
    `SELECT latest(id), latest(timestamp), latest(error.message), count(*) FROM ErrorTrace ` +
    `WHERE entityGuid = ${nrqlString(options.entityGuid)} AND ${UNEXPECTED_ONLY}${only} ` +
    `FACET ${options.perTransaction ? 'transactionName, ' : ''}error.class ${sinceUntil(options.range)} LIMIT MAX`
  );
}

/** The stack of one occurrence; null when its stack has aged out. */
export const EXCEPTION_STACK = `query($guid: EntityGuid!, $occurrenceId: String!) { actor { entity(guid: $guid) { ... on ApmApplicationEntity { exception(occurrenceId: $occurrenceId) { message stackTrace { frames { filepath formatted line name } } } } } } }`;

/** The variables of EXCEPTION_STACK: values are never spliced into the document. */
export function exceptionStackVariables(entityGuid: string, occurrenceId: string): Record<string, string> {
  return { guid: entityGuid, occurrenceId };
}

/**
 * The stacks of `count` occurrences in one request: `e<i>` is the entity `$g<i>`, its `exception` the
 * occurrence `$o<i>`. Each answers as EXCEPTION_STACK does; guids and ids travel as variables only.
 */
export function exceptionStacksGraphql(count: number): string {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const params = indexes.map((i) => `$g${i}: EntityGuid!, $o${i}: String!`).join(', ');
  const fields = indexes.map(
    (i) =>
      `e${i}: entity(guid: $g${i}) { ... on ApmApplicationEntity { exception(occurrenceId: $o${i}) { message stackTrace { frames { filepath formatted line name } } } } }`,
  );
  return `query(${params}) { actor { ${fields.join(' ')} } }`;
}
