/**
 * The one place every chart gets its deployment markers from (the style guide's layout: deployments are data of the
 * application, drawn by every chart from one place): the application of the panel's entity, the
 * session's per-application cache, the panel's requested range. No `vscode`.
 */
import type { CachedAnswer, DeploymentCache } from '../api/deploymentCache';
import type { Deployment } from '../api/deployments';
import { RECENT_DEPLOYMENTS_MS, shortRevision } from '../api/deployments';
import type { DeploymentMarker } from './deploymentMarkers';
import { MAX_MARKERS } from './deploymentMarkers';
import type { PanelRange } from './panelRange';
import type { PanelEntity } from './protocol';

/** A deployment as a marker: its label is the short revision; absent fields stay absent. */
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

/**
 * The markers of the entity's application in the range, newest first; undefined without a cache or
 * for a typed NRQL query (not an application's chart). A failure shows no markers rather than no chart;
 * a failed refresh shows the last good ones and tells `onOlder`.
 */
export function panelDeployments(
  cache: DeploymentCache | undefined,
  entity: PanelEntity,
  range: PanelRange,
  signal?: AbortSignal,
  onOlder?: OnOlderMarkers,
): Promise<DeploymentMarker[] | undefined> {
  return markersBetween(cache, entity, range.requested.from, range.requested.to, MAX_MARKERS, signal, onOlder);
}

/** The most deployments the choice lists (the newest). */
const MAX_AROUND_CHOICES = 30;

/**
 * The deployments the panel's "around a deployment" choice offers: the application's recent ones
 * (RECENT_DEPLOYMENTS_MS), newest first, from the same cached list as the markers (no request of its own).
 */
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

/**
 * Markers from the cached answer `ask` gives for the entity's application; undefined without a cache,
 * for a typed NRQL query (no application) or on a failure: no markers rather than no chart. An older
 * answer kept after a failed refresh tells `onOlder`.
 */
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
