/**
 * The GraphQL text of the NerdGraph backend's requests, and the two requests that repeat: every page
 * of an entity search, and several NRQL queries as aliases of one request (one round trip where the
 * notes allow it). NRQL always travels as a `Nrql!` variable, never inside the GraphQL text. No `vscode`.
 */
import * as l10n from '@vscode/l10n';

import { ApiError } from '../apiError';
import type { RequestOptions } from '../types';
import type { Fields } from './entities';
import { asRecord, asString, ENTITY_FIELDS } from './entities';
import type { GqlResult, GraphqlClient } from './graphqlClient';

const ENTITY_SEARCH = `query($q: String!, $cursor: String) { actor { entitySearch(query: $q) { count results(cursor: $cursor) { nextCursor
  entities { ${ENTITY_FIELDS} } } } } }`;
const NRQL_FIELDS = 'results metadata { timeWindow { begin end } facets }';

/** The `details` of an application's agent instances (docs/service.md#hosts-and-instances), nothing else. */
export const AGENT_INSTANCES = `query($guid: EntityGuid!) { actor { entity(guid: $guid) { ... on ApmApplicationEntity {
      applicationInstances { details { host id } } } } } }`;

/** Details of key transactions by GUID, with their parent application's id (docs/service.md#key-transactions). */
export const KEY_TRANSACTION_DETAILS = `query($guids: [EntityGuid!]!) { actor { entities(guids: $guids) { guid name reporting alertSeverity
      ... on KeyTransactionEntity { apdexTarget metricName application { guid entity { guid ... on ApmApplicationEntityOutline { applicationId } } } } } } }`;

/** An application's agent instances (entity) and one NRQL query (`$q`) in one request. */
export function instancesAndSummariesQuery(timeoutSeconds: number): string {
  return `query($guid: EntityGuid!, $id: Int!, $q: Nrql!) { actor {
      entity(guid: $guid) { ... on ApmApplicationEntity { applicationInstances { details { host hostDisplayName id instanceName language name } } } }
      account(id: $id) { nrql(query: $q, timeout: ${timeoutSeconds}) { ${NRQL_FIELDS} } } } }`;
}

/** The accounts the key's user can see (docs/service.md#accounts), in `scope` when one is set. */
export function accountsRequest(scope: string | undefined): { query: string; variables: Record<string, unknown> } {
  return scope
    ? { query: 'query($scope: RegionScope) { actor { accounts(scope: $scope) { id name } } }', variables: { scope } }
    : { query: '{ actor { accounts { id name } } }', variables: {} };
}

/** Every page of an entity search, with progress and cancel; stops at `maxPages` or a repeated cursor. */
export async function searchEntities(
  gql: GraphqlClient,
  q: string,
  maxPages: number,
  options?: RequestOptions,
): Promise<Fields[]> {
  const out: Fields[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (let page = 1; ; page++) {
    if (page > maxPages || (cursor !== null && seen.has(cursor))) {
      throw new ApiError(
        'badResponse',
        l10n.t(
          'NerdGraph kept sending more entity pages ({0} so far). Narrow the request with a name filter.',
          page - 1,
        ),
      );
    }
    if (cursor !== null) {
      seen.add(cursor);
    }
    const result = await gql.query(ENTITY_SEARCH, { q, cursor }, options?.signal);
    const results = asRecord(gql.field(result, ['actor', 'entitySearch', 'results']));
    const entities = Array.isArray(results.entities) ? results.entities.map(asRecord) : [];
    out.push(...entities);
    options?.onProgress?.({ pagesDone: page, itemsSoFar: out.length });
    cursor = asString(results.nextCursor) ?? null;
    if (cursor === null) {
      return out;
    }
  }
}

/** One alias of a request: its value, or the failure the service reported at its path. */
export type AliasAnswer = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Each of `paths` in `result`, read on its own: a null with an error whose path names it is that
 * alias's failure (an ApiError), while the other aliases' answers stay usable.
 */
export function readAliases(gql: GraphqlClient, result: GqlResult, paths: readonly string[][]): AliasAnswer[] {
  return paths.map((path): AliasAnswer => {
    try {
      return { ok: true, value: gql.field(result, path) };
    } catch (error) {
      return { ok: false, error };
    }
  });
}

/**
 * The one document of NRQL queries in one account as aliases of one request: `r0`… answer `$q0`…
 * (`Nrql!` variables, never spliced into the text), each at its own path.
 */
export function aliasedNrqlRequest(
  accountId: number,
  queries: readonly string[],
  timeoutSeconds: number,
): { query: string; variables: Record<string, unknown>; paths: string[][] } {
  const variables: Record<string, unknown> = { id: accountId };
  const params = queries.map((q, i) => {
    variables[`q${i}`] = q;
    return `$q${i}: Nrql!`;
  });
  const timeout = Math.max(1, Math.floor(timeoutSeconds));
  const fields = queries.map((_, i) => `r${i}: nrql(query: $q${i}, timeout: ${timeout}) { ${NRQL_FIELDS} }`);
  return {
    query: `query($id: Int!, ${params.join(', ')}) { actor { account(id: $id) { ${fields.join(' ')} } } }`,
    variables,
    paths: queries.map((_, i) => ['actor', 'account', `r${i}`]),
  };
}

/**
 * Runs NRQL queries in `accountId` as aliases of one request; one result list per query, in order, or
 * the first failed query's error (for answers that need every query).
 */
export async function aliasedNrql(
  gql: GraphqlClient,
  accountId: number,
  queries: readonly string[],
  timeoutSeconds: number,
  signal?: AbortSignal,
): Promise<Fields[][]> {
  const { query, variables, paths } = aliasedNrqlRequest(accountId, queries, timeoutSeconds);
  return readAliases(gql, await gql.query(query, variables, signal), paths).map((a) => {
    if (!a.ok) {
      throw a.error;
    }
    const r = asRecord(a.value);
    return Array.isArray(r.results) ? r.results.map(asRecord) : [];
  });
}
