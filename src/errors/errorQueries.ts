// Ids go in as numbers, names as quoted NRQL literals; NRQL and occurrence ids travel as GraphQL variables
// (attributes and their sources: docs/errors.md).
import { nrqlString } from '../api/nerdgraph/metricValues';
import type { TimeRange } from '../api/timeRange';

// Expected errors are left out, as the service's error rate leaves them out. `IS NOT true`: agents that
// predate the attribute send none, and their errors are unexpected.
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

export function errorClassesNrql(applicationId: number, range: TimeRange): string {
  return (
    `SELECT count(*), latest(timestamp), latest(error.message) FROM TransactionError ` +
    `WHERE appId = ${applicationIdOf(applicationId)} AND ${UNEXPECTED_ONLY} ` +
    `FACET transactionName, error.class ${sinceUntil(range)} LIMIT MAX`
  );
}

// `perTransaction`: one row per transaction and class, so one request answers every class.
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

export const EXCEPTION_STACK = `query($guid: EntityGuid!, $occurrenceId: String!) { actor { entity(guid: $guid) { ... on ApmApplicationEntity { exception(occurrenceId: $occurrenceId) { message stackTrace { frames { filepath formatted line name } } } } } } }`;

export function exceptionStackVariables(entityGuid: string, occurrenceId: string): Record<string, string> {
  return { guid: entityGuid, occurrenceId };
}

export function exceptionStacksGraphql(count: number): string {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const params = indexes.map((i) => `$g${i}: EntityGuid!, $o${i}: String!`).join(', ');
  const fields = indexes.map(
    (i) =>
      `e${i}: entity(guid: $g${i}) { ... on ApmApplicationEntity { exception(occurrenceId: $o${i}) { message stackTrace { frames { filepath formatted line name } } } } }`,
  );
  return `query(${params}) { actor { ${fields.join(' ')} } }`;
}
