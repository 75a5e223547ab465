/**
 * NerdGraph's change tracking over the simulator's one deployment model (docs/service.md#deployments):
 * `deploymentSearch(filter: { timeWindow: { startTime, endTime }, limit })` on an APM application
 * entity, newest first, and the legacy `changeTrackingCreateDeployment` mutation. Deployments recorded
 * through REST appear here too, and change events while CHANGE_EVENTS_IN_DEPLOYMENT_LISTS's reading holds
 * (../deployments.ts).
 */
import { GraphQLError } from 'graphql';

import type { Dataset, SimApp } from '../dataset';
import type { SimDeployment } from '../deployments';
import { deploymentsBetween, recordDeployment } from '../deployments';
import { checkTimestamp } from './changeEvents';
import { apmApplicationOf } from './entities';

export const DEPLOYMENT_SDL = `
enum ChangeTrackingDeploymentType { BASIC BLUE_GREEN CANARY OTHER ROLLING SHADOW }

input ChangeTrackingTimeWindowInput { startTime: EpochMilliseconds endTime: EpochMilliseconds }
input ChangeTrackingSearchFilter { timeWindow: ChangeTrackingTimeWindowInput limit: Int }

type ChangeTrackingDeployment {
  deploymentId: String
  version: String
  commit: String
  changelog: String
  description: String
  user: String
  timestamp: EpochMilliseconds
  entityGuid: EntityGuid
  deploymentType: ChangeTrackingDeploymentType
  deepLink: String
  groupId: String
}

type ChangeTrackingDeploymentSearchResult { results: [ChangeTrackingDeployment] }

input ChangeTrackingDeploymentInput {
  version: String!
  entityGuid: EntityGuid!
  user: String
  timestamp: EpochMilliseconds
  commit: String
  changelog: String
  description: String
  deploymentType: ChangeTrackingDeploymentType
  deepLink: String
  groupId: String
}

type Mutation {
  changeTrackingCreateDeployment(deployment: ChangeTrackingDeploymentInput!): ChangeTrackingDeployment
}
`;

/** The search's default window when the filter has none (the docs do not say; the last 30 days here). */
const DEFAULT_WINDOW_MS = 30 * 86_400_000;
const MAX_LIMIT = 200;

export function deploymentObject(entityGuid: string, d: SimDeployment): Record<string, unknown> {
  return {
    deploymentId: String(d.id),
    version: d.revision,
    commit: d.commit ?? null,
    changelog: d.changelog || null,
    description: d.description || null,
    user: d.user || null,
    timestamp: d.at,
    entityGuid,
    deploymentType: d.deploymentType ?? 'BASIC',
    deepLink: d.deepLink ?? null,
    groupId: d.groupId ?? null,
  };
}

interface SearchArgs {
  filter?: { timeWindow?: { startTime?: number | null; endTime?: number | null } | null; limit?: number | null } | null;
}

/** `entity` with its `deploymentSearch` field when it is an APM application of `dataset`. */
export function withDeploymentSearch(
  entity: Record<string, unknown>,
  dataset: Dataset,
  now: () => Date,
): Record<string, unknown> {
  const app = apmApplicationOf(entity, dataset);
  if (!app) {
    return entity;
  }
  const guid = String(entity.guid);
  const deploymentSearch = ({ filter }: SearchArgs) => {
    const end = Number(filter?.timeWindow?.endTime ?? now().getTime());
    const start = Number(filter?.timeWindow?.startTime ?? end - DEFAULT_WINDOW_MS);
    if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) {
      throw new GraphQLError('Invalid timeWindow', { extensions: { errorClass: 'INVALID_INPUT' } });
    }
    const limit = Math.min(MAX_LIMIT, Math.max(1, filter?.limit ?? MAX_LIMIT));
    const found = deploymentsBetween(dataset, app, start, end).slice(0, limit);
    return { results: found.map((d) => deploymentObject(guid, d)) };
  };
  return { ...entity, deploymentSearch };
}

export interface DeploymentInput {
  version: string;
  entityGuid: string;
  user?: string | null;
  timestamp?: number | null;
  commit?: string | null;
  changelog?: string | null;
  description?: string | null;
  deploymentType?: string | null;
  deepLink?: string | null;
  groupId?: string | null;
}

/** Records `input` on the application `find` resolves from its GUID, or fails as the service would. */
export function createDeployment(
  input: DeploymentInput,
  find: (guid: string) => { dataset: Dataset; app: SimApp } | undefined,
  now: () => Date,
): Record<string, unknown> {
  const target = find(input.entityGuid);
  if (!target) {
    throw new GraphQLError(`Entity ${input.entityGuid} not found or not accessible`, {
      extensions: { errorClass: 'INVALID_INPUT' },
    });
  }
  if (input.version.length === 0) {
    throw new GraphQLError('version must not be empty', { extensions: { errorClass: 'INVALID_INPUT' } });
  }
  const d = recordDeployment(target.dataset, target.app, {
    revision: input.version,
    at: checkTimestamp(input.timestamp, now().getTime()),
    user: input.user ?? undefined,
    description: input.description ?? undefined,
    changelog: input.changelog ?? undefined,
    commit: input.commit ?? undefined,
    deploymentType: input.deploymentType ?? undefined,
    deepLink: input.deepLink ?? undefined,
    groupId: input.groupId ?? undefined,
    source: 'api.graphql.changeTrackingCreateDeployment',
  });
  return deploymentObject(input.entityGuid, d);
}
