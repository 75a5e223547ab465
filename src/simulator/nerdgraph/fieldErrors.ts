/**
 * Fields the simulator answers as timed out, alias by alias (the `setNrqlFieldErrors` switch,
 * docs/simulator.md): the field is null and an error names its path, as the service answers a query
 * past its timeout (docs/service.md#nerdgraph-errors); the request's other aliases answer as usual.
 */
import { GraphQLError } from 'graphql';

import { entityGuid } from './entities';

/**
 * Which fields time out: every NRQL field (`{}`), or those whose query names `applicationId` (`appId = N`,
 * or the application's entity GUID); with `fields: 'exception'` the `exception` (stack) fields of every
 * application, or of that one, instead.
 */
export interface NrqlFieldErrors {
  applicationId?: number;
  fields?: 'nrql' | 'exception';
}

/** The service's words for an NRQL query past its timeout (quoted in argoproj/argo-rollouts#3741). */
export const NRQL_DURATION_EXCEEDED = 'NRDB query duration exceeded the set timeout';

export function timedOutError(): GraphQLError {
  return new GraphQLError(NRQL_DURATION_EXCEEDED, { extensions: { errorClass: 'TIMEOUT' } });
}

/** Whether the NRQL field of `query` in account `accountId` times out. */
export function nrqlTimesOut(errors: NrqlFieldErrors | undefined, query: string, accountId: number): boolean {
  if (!errors || errors.fields === 'exception') {
    return false;
  }
  const id = errors.applicationId;
  return (
    id === undefined ||
    new RegExp(`\\bappId\\s*=\\s*${id}(?!\\d)`).test(query) ||
    query.includes(`'${entityGuid(accountId, 'APM', 'APPLICATION', id)}'`)
  );
}

/** Whether the `exception` field of application `applicationId`'s entity times out. */
export function exceptionTimesOut(errors: NrqlFieldErrors | undefined, applicationId: number | undefined): boolean {
  return (
    errors?.fields === 'exception' && (errors.applicationId === undefined || errors.applicationId === applicationId)
  );
}
