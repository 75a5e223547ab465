/**
 * NRQL over the simulator's deployment markers (docs/service.md#change-tracking): `FROM Deployment`,
 * `FROM ChangeTrackingEvent` or both, as attribute maps for nrqlEvents.ts to filter, list or aggregate.
 * Generated deployments and those recorded through REST or the legacy mutation are `Deployment` events;
 * `changeTrackingCreateEvent`'s are `ChangeTrackingEvent`s, and while the write-through to REST is on
 * (changeEventsListed) each also has its REST twin, a `Deployment` of its own id from
 * `api.rest.deployments.v2`: the same change seen as both kinds, which a reader has to merge.
 */
import { changeEventsListed, changesBetween } from '../deployments';
import type { SimDeployment } from '../deployments';
import { appGuid } from './entities';
import type { Cond, EventType, NrqlQuery } from './nrqlSyntax';
import { EVENT_TYPE_ATTR } from './nrqlSyntax';
import type { AttrValue, NrqlContext } from './nrqlUnits';
import { matches } from './nrqlUnits';

/** The service keeps change-tracking data 13 months (docs/service.md#deployments). */
export const CHANGE_EVENT_RETENTION_MS = 396 * 86_400_000;

type EventAttrs = Record<string, AttrValue>;

function common(d: SimDeployment, guid: string, appName: string): EventAttrs {
  const out: EventAttrs = {
    timestamp: d.at,
    version: d.revision,
    'entity.guid': guid,
    'entity.name': appName,
    entityGuid: guid,
    appId: d.appId,
    appName,
  };
  const optional = { commit: d.commit, changelog: d.changelog, description: d.description, user: d.user };
  for (const [k, v] of Object.entries(optional)) {
    if (v) {
      out[k] = v;
    }
  }
  return out;
}

function deploymentEvent(d: SimDeployment, guid: string, appName: string, source: string): EventAttrs {
  return {
    ...common(d, guid, appName),
    [EVENT_TYPE_ATTR]: 'Deployment',
    deploymentId: String(d.id),
    deploymentType: d.deploymentType ?? 'BASIC',
    'newrelic.source': source,
  };
}

/** The events of `d`: one, or a change event and its REST twin. */
function eventsOfMarker(d: SimDeployment, guid: string, appName: string, listed: boolean): EventAttrs[] {
  if (!d.change) {
    return [deploymentEvent(d, guid, appName, d.source)];
  }
  const c = d.change;
  const event: EventAttrs = {
    ...common(d, guid, appName),
    [EVENT_TYPE_ATTR]: 'ChangeTrackingEvent',
    changeTrackingId: c.changeTrackingId,
    category: c.category,
    type: c.type,
    'newrelic.source': d.source,
  };
  for (const [k, v] of Object.entries({
    shortDescription: c.shortDescription,
    groupId: d.groupId,
    deepLink: d.deepLink,
  })) {
    if (v) {
      event[k] = v;
    }
  }
  return listed ? [event, deploymentEvent(d, guid, appName, 'api.rest.deployments.v2')] : [event];
}

/** The application a top-level `entity.guid = '…'` (or `entityGuid`, `appId`) names, so only its markers are built. */
function onlyApp(where: Cond | undefined): (attrs: { guid: string; appId: number }) => boolean {
  const parts = where === undefined ? [] : where.k === 'and' ? where.parts : [where];
  for (const p of parts) {
    if (p.k === 'cmp' && p.op === '=' && ['entity.guid', 'entityGuid'].includes(p.attr.name)) {
      return ({ guid }) => guid === String(p.value);
    }
    if (p.k === 'cmp' && p.op === '=' && p.attr.name === 'appId') {
      return ({ appId }) => String(appId) === String(p.value);
    }
  }
  return () => true;
}

/** The change-tracking events of `types` in [since, until) that the query's WHERE keeps. */
export function changeEvents(
  ctx: NrqlContext,
  q: NrqlQuery,
  types: readonly EventType[],
  since: number,
  until: number,
): EventAttrs[] {
  const start = Math.max(since, ctx.now.getTime() - CHANGE_EVENT_RETENTION_MS);
  const end = Math.min(until, ctx.now.getTime() + 1);
  const keep = onlyApp(q.where);
  const listed = changeEventsListed(ctx.dataset);
  const out: EventAttrs[] = [];
  for (const app of ctx.dataset.apps) {
    const guid = appGuid(ctx.accountId, app);
    if (start >= end || !keep({ guid, appId: app.id })) {
      continue;
    }
    for (const d of changesBetween(ctx.dataset, app, start, end - 1)) {
      for (const attrs of eventsOfMarker(d, guid, app.name, listed)) {
        if (types.includes(attrs[EVENT_TYPE_ATTR] as EventType) && (!q.where || matches(q.where, { attrs }))) {
          out.push(attrs);
        }
      }
    }
  }
  return out;
}
