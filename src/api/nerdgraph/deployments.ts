/**
 * Deployments through NerdGraph (docs/service.md#deployments): `deploymentSearch` on the application's
 * entity (why this reader and not NRQL: NERDGRAPH_DEPLOYMENT_READER in ../deployments.ts) and the
 * `changeTrackingCreateDeployment` mutation. A search answers at most DEPLOYMENT_SEARCH_LIMIT results,
 * newest first; a full answer is asked again for the older part of the window.
 */
import * as l10n from '@vscode/l10n';

import type { Deployment, DeploymentRange, DeploymentWrite } from '../deployments';
import { DEPLOYMENT_SEARCH_LIMIT, inRange, parseNerdGraphDeployment } from '../deployments';
import { ApiError } from '../errors';
import type { GraphqlClient } from './graphqlClient';

const FIELDS = 'deploymentId version commit changelog description user timestamp';

export const DEPLOYMENT_SEARCH = `query($guid: EntityGuid!, $start: EpochMilliseconds, $end: EpochMilliseconds) { actor { entity(guid: $guid) { ... on ApmApplicationEntity { deploymentSearch(filter: { timeWindow: { startTime: $start, endTime: $end }, limit: ${DEPLOYMENT_SEARCH_LIMIT} }) { results { ${FIELDS} } } } } } }`;

export const CREATE_DEPLOYMENT = `mutation($deployment: ChangeTrackingDeploymentInput!) { changeTrackingCreateDeployment(deployment: $deployment) { ${FIELDS} } }`;

/** Safety stop: windows asked per listing. */
const MAX_SEARCHES = 20;

export async function searchDeployments(
  gql: GraphqlClient,
  guid: string,
  range: DeploymentRange,
  signal?: AbortSignal,
): Promise<Deployment[]> {
  const start = range.from.getTime();
  let end = range.to.getTime();
  const found: Deployment[] = [];
  for (let i = 0; i < MAX_SEARCHES && end >= start; i++) {
    const result = await gql.query(DEPLOYMENT_SEARCH, { guid, start, end }, signal);
    const raw = gql.field(result, ['actor', 'entity', 'deploymentSearch', 'results']);
    const rows = Array.isArray(raw) ? raw : [];
    const page = rows.map(parseNerdGraphDeployment).filter((d) => d !== undefined);
    found.push(...page);
    if (range.newestOnly || rows.length < DEPLOYMENT_SEARCH_LIMIT || page.length === 0) {
      break;
    }
    end = Math.min(...page.map((d) => d.time)) - 1;
  }
  return inRange(found, range);
}

export async function createDeployment(
  gql: GraphqlClient,
  guid: string,
  write: DeploymentWrite,
  signal?: AbortSignal,
): Promise<Deployment> {
  const deployment = {
    entityGuid: guid,
    version: write.revision,
    user: write.user,
    description: write.description,
    changelog: write.changelog,
    timestamp: write.time?.getTime(),
  };
  const result = await gql.query(CREATE_DEPLOYMENT, { deployment }, signal);
  const stored = parseNerdGraphDeployment(gql.field(result, ['changeTrackingCreateDeployment']));
  if (!stored) {
    throw new ApiError('badResponse', l10n.t('The service did not answer the deployment it recorded.'), {
      path: '/graphql',
    });
  }
  return stored;
}
