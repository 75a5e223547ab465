/**
 * The one place every chart gets its deployment markers from (STYLE.md §1: deployments are data of the
 * application, drawn by every chart from one place): the application of the panel's entity, the
 * session's per-application cache, the panel's requested range. No `vscode`.
 */
import type { DeploymentCache } from '../api/deploymentCache';
import { shortRevision } from '../api/deployments';
import type { OpenAlertsCache } from '../api/openAlertsCache';
import type { AlertMarker, DeploymentMarker } from './deploymentMarkers';
import { MAX_ALERT_MARKERS, MAX_MARKERS } from './deploymentMarkers';
import type { PanelRange } from './panelRange';
import type { PanelEntity, RangeSelection } from './protocol';

/**
 * The markers of the entity's application in the range, newest first; undefined without a cache or
 * for a typed NRQL query (not an application's chart). A failure shows no markers rather than no chart.
 */
export async function panelDeployments(
  cache: DeploymentCache | undefined,
  entity: PanelEntity,
  range: PanelRange,
  signal?: AbortSignal,
): Promise<DeploymentMarker[] | undefined> {
  if (!cache || (entity.kind === 'explorer' && entity.nrql)) {
    return undefined;
  }
  const { from, to } = range.requested;
  try {
    const list = await cache.get(entity.applicationId, { from, to }, signal);
    return list.slice(0, MAX_MARKERS).map((d) => ({
      time: d.time,
      revision: d.revision,
      short: shortRevision(d.revision),
      user: d.user,
      description: d.description,
      changelog: d.changelog,
    }));
  } catch {
    return undefined;
  }
}

/**
 * When each open alert of the entity's application started, newest first; undefined without a cache or
 * for a typed NRQL query. Every chart draws them where their time falls in its range. A failure shows
 * no alert markers rather than no chart.
 */
export async function panelAlerts(
  cache: Pick<OpenAlertsCache, 'get'> | undefined,
  entity: PanelEntity,
  signal?: AbortSignal,
): Promise<AlertMarker[] | undefined> {
  if (!cache || (entity.kind === 'explorer' && entity.nrql)) {
    return undefined;
  }
  try {
    const alerts = await cache.get(entity.applicationId, signal);
    return [...alerts]
      .sort((a, b) => b.openedAt - a.openedAt)
      .slice(0, MAX_ALERT_MARKERS)
      .map((a) => ({
        time: a.openedAt,
        title: a.title || a.conditionName || a.id,
        priority: a.priority,
        ...(a.conditionName ? { condition: a.conditionName } : {}),
      }));
  } catch {
    return undefined;
  }
}

/** The window on each side of a deployment when its dashboard opens (the vendor's IDE extension compares 3 h). */
export const AROUND_DEPLOYMENT_MS = 3 * 3_600_000;

/** A custom range of equal windows before and after `time`, the later one cut at `now`. */
export function rangeAround(time: number, now: number, windowMs = AROUND_DEPLOYMENT_MS): RangeSelection {
  const to = Math.min(now, time + windowMs);
  return {
    preset: 'custom',
    from: new Date(time - windowMs).toISOString(),
    to: new Date(to).toISOString(),
    compare: 'none',
  };
}
