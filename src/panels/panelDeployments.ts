// The one place every chart gets its deployment markers from: deployments are data of the application.
import type { CachedAnswer, DeploymentCache } from '../api/deploymentCache';
import type { Deployment } from '../api/deployments';
import { RECENT_DEPLOYMENTS_MS, shortRevision } from '../api/deployments';
import type { DeploymentMarker } from './deploymentMarkers';
import { MAX_MARKERS } from './deploymentMarkers';
import type { PanelRange } from './panelRange';
import type { PanelEntity } from './protocol';

export function deploymentMarker(d: Deployment): DeploymentMarker {
  return {
    id: d.id,
    time: d.time,
    revision: d.revision,
    short: shortRevision(d.revision),
    ...(d.user !== undefined ? { user: d.user } : {}),
    ...(d.description !== undefined ? { description: d.description } : {}),
    ...(d.changelog !== undefined ? { changelog: d.changelog } : {}),
    ...(d.commit !== undefined ? { commit: d.commit } : {}),
  };
}

/** What a chart's marker asks of `timeslice.showDeploymentImpact` (src/commands/impactCommands.ts): the host's own copy. */
export interface DeploymentImpactArgs {
  applicationId: number;
  deployment: Deployment;
}

/** The deployment a marker was made from (`deploymentMarker`), for What Moved; undefined for a marker without an id. */
export function markerDeployment(m: DeploymentMarker): Deployment | undefined {
  if (m.id === undefined) {
    return undefined;
  }
  const { short: _short, id, ...rest } = m;
  return { id, ...rest };
}

/** Told when markers come from an older answer because the refresh failed: when that answer was heard, and why. */
export type OnOlderMarkers = (fetchedAt: number, refreshError: Error) => void;

/** Undefined for a typed NRQL query; a failure shows no markers rather than no chart. */
export function panelDeployments(
  cache: DeploymentCache | undefined,
  entity: PanelEntity,
  range: PanelRange,
  signal?: AbortSignal,
  onOlder?: OnOlderMarkers,
): Promise<DeploymentMarker[] | undefined> {
  return markersBetween(cache, entity, range.requested.from, range.requested.to, MAX_MARKERS, signal, onOlder);
}

const MAX_AROUND_CHOICES = 30;

export function panelDeploymentChoices(
  cache: DeploymentCache | undefined,
  entity: PanelEntity,
  now: number,
  signal?: AbortSignal,
): Promise<DeploymentMarker[] | undefined> {
  const from = new Date(now - RECENT_DEPLOYMENTS_MS);
  return markersBetween(cache, entity, from, new Date(now), MAX_AROUND_CHOICES, signal);
}

function markersBetween(
  cache: DeploymentCache | undefined,
  entity: PanelEntity,
  from: Date,
  to: Date,
  max: number,
  signal?: AbortSignal,
  onOlder?: OnOlderMarkers,
): Promise<DeploymentMarker[] | undefined> {
  return applicationMarkers(
    entity,
    cache && ((applicationId) => cache.answer(applicationId, { from, to }, signal)),
    (deployments) => deployments.slice(0, max).map(deploymentMarker),
    onOlder,
  );
}

/** A failure gives no markers rather than no chart; an older answer kept after a failed refresh tells `onOlder`. */
export async function applicationMarkers<T, M>(
  entity: PanelEntity,
  ask: ((applicationId: number) => Promise<CachedAnswer<T>>) | undefined,
  markersOf: (value: T) => M[],
  onOlder?: OnOlderMarkers,
): Promise<M[] | undefined> {
  if (!ask || (entity.kind === 'explorer' && entity.nrql)) {
    return undefined;
  }
  try {
    const answer = await ask(entity.applicationId);
    if (answer.refreshError) {
      onOlder?.(answer.fetchedAt, answer.refreshError);
    }
    return markersOf(answer.value);
  } catch {
    return undefined;
  }
}
