/**
 * Deployments through NerdGraph (docs/service.md#change-tracking): one NRQL over `FROM Deployment,
 * ChangeTrackingEvent`, so a marker shows however it was recorded, the same change seen as both kinds merged.
 */
import * as l10n from '@vscode/l10n';

import type { Deployment, DeploymentRange, DeploymentWrite } from '../deployments';
import { inRange } from '../deployments';
import { ApiError } from '../apiError';
import { record, textOrNumber } from '../fieldReaders';
import type { GraphqlClient } from './graphqlClient';
import { nrqlString } from './metricValues';

export type NrqlRows = (nrql: string, signal?: AbortSignal) => Promise<Array<Record<string, unknown>>>;

/**
 * A `ChangeTrackingEvent` and the `Deployment` its write-through to REST made have different ids but one call
 * stamps both; charts draw per minute, so one version twice within a minute is one change (or a retry).
 */
export const DUPLICATE_WINDOW_MS = 60_000;
/** `LIMIT MAX` of a query that lists events (docs/service.md#nrql-limits); a full answer is asked again, older. */
export const CHANGE_EVENTS_LIMIT = 5000;
const MAX_QUERIES = 20;

const COLUMNS = 'timestamp, deploymentId, changeTrackingId, version, revision, commit, changelog, description, user';

/** The query of the docs' pattern for both kinds (query-data.mdx), by entity GUID over [from, until). */
export function changeEventsNrql(guid: string, from: number, until: number, limit: number): string {
  return (
    `SELECT ${COLUMNS} FROM Deployment, ChangeTrackingEvent WHERE entity.guid = ${nrqlString(guid)} AND ` +
    `(eventType() = 'Deployment' OR (eventType() = 'ChangeTrackingEvent' AND category = 'Deployment')) ` +
    `SINCE ${Math.floor(from)} UNTIL ${Math.floor(until)} LIMIT ${limit}`
  );
}

interface Marker extends Deployment {
  changeTrackingId?: string;
  deploymentId?: string;
}

export function markerOf(row: unknown): Marker | undefined {
  const r = record(row);
  const revision = textOrNumber(r?.version) ?? textOrNumber(r?.revision);
  const time = typeof r?.timestamp === 'number' ? r.timestamp : undefined;
  if (!r || revision === undefined || time === undefined || !Number.isFinite(time)) {
    return undefined;
  }
  const changeTrackingId = textOrNumber(r.changeTrackingId);
  const deploymentId = textOrNumber(r.deploymentId);
  return {
    id: changeTrackingId ?? deploymentId ?? `${revision}@${time}`,
    revision,
    commit: textOrNumber(r.commit),
    user: textOrNumber(r.user),
    description: textOrNumber(r.description),
    changelog: textOrNumber(r.changelog),
    time,
    changeTrackingId,
    deploymentId,
  };
}

/** Whether two markers are one change: an id in common, or one version (no two commits) within DUPLICATE_WINDOW_MS. */
function sameChange(a: Marker, b: Marker): boolean {
  const ids = (m: Marker) => [m.changeTrackingId, m.deploymentId].filter((x) => x !== undefined);
  if (ids(a).some((id) => ids(b).includes(id))) {
    return true;
  }
  return (
    a.revision === b.revision &&
    Math.abs(a.time - b.time) <= DUPLICATE_WINDOW_MS &&
    (a.commit === undefined || b.commit === undefined || a.commit === b.commit)
  );
}

/** Newest first, each change once: the change event's fields first (the recommended record), gaps from its twin. */
export function mergeChangeRows(rows: readonly unknown[]): Deployment[] {
  const markers = rows.map(markerOf).filter((m) => m !== undefined);
  markers.sort((a, b) => Number(b.changeTrackingId !== undefined) - Number(a.changeTrackingId !== undefined));
  const kept: Marker[] = [];
  for (const m of markers) {
    const twin = kept.find((k) => sameChange(k, m));
    if (!twin) {
      kept.push(m);
      continue;
    }
    twin.commit ??= m.commit;
    twin.user ??= m.user;
    twin.description ??= m.description;
    twin.changelog ??= m.changelog;
  }
  return kept
    .map(({ changeTrackingId: _c, deploymentId: _d, ...d }) => d)
    .sort((a, b) => b.time - a.time || a.id.localeCompare(b.id));
}

export async function readDeployments(
  run: NrqlRows,
  guid: string,
  range: DeploymentRange,
  signal?: AbortSignal,
): Promise<Deployment[]> {
  const start = range.from.getTime();
  let until = range.to.getTime() + 1; // UNTIL is exclusive; the range's end is not.
  const limit = range.newestOnly ? 1 : CHANGE_EVENTS_LIMIT;
  const rows: unknown[] = [];
  for (let i = 0; i < MAX_QUERIES && until > start; i++) {
    const page = await run(changeEventsNrql(guid, start, until, limit), signal);
    rows.push(...page);
    const times = page.map((r) => r.timestamp).filter((t): t is number => typeof t === 'number');
    if (page.length < limit || range.newestOnly || times.length === 0) {
      break;
    }
    // The oldest instant again (rows beyond the limit may share it; the merge drops the repeats),
    // unless the whole answer was that instant: then before it.
    const oldest = Math.min(...times);
    until = oldest + 1 < until ? oldest + 1 : oldest;
  }
  return inRange(mergeChangeRows(rows), range);
}

export const CREATE_CHANGE_EVENT = `mutation($event: ChangeTrackingCreateEventInput!) { changeTrackingCreateEvent(changeTrackingEvent: $event) { changeTrackingEvent { changeTrackingId timestamp category type user description entity { guid name } } messages } }`;

/** A full commit id (SHA-1, or SHA-256 in a repository that uses it): git's ids, nothing else has that form. */
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

export function commitOf(write: DeploymentWrite): string | undefined {
  return write.commit ?? (FULL_SHA.test(write.revision) ? write.revision : undefined);
}

export function changeEventInput(guid: string, write: DeploymentWrite): Record<string, unknown> {
  const commit = commitOf(write);
  return {
    categoryAndTypeData: {
      kind: { category: 'Deployment', type: 'Basic' },
      categoryFields: { deployment: { version: write.revision, commit, changelog: write.changelog } },
    },
    entitySearch: { query: `id = '${guid.replace(/['\\]/g, '')}'` },
    description: write.description,
    user: write.user,
    timestamp: write.time?.getTime(),
  };
}

export async function createDeployment(
  gql: GraphqlClient,
  guid: string,
  write: DeploymentWrite,
  signal?: AbortSignal,
): Promise<Deployment> {
  const event = changeEventInput(guid, write);
  const result = await gql.query(CREATE_CHANGE_EVENT, { event }, signal);
  const answer = record(gql.field(result, ['changeTrackingCreateEvent']));
  const stored = record(answer?.changeTrackingEvent);
  const id = textOrNumber(stored?.changeTrackingId);
  const time = stored?.timestamp;
  if (id === undefined || typeof time !== 'number') {
    const messages = Array.isArray(answer?.messages) ? answer.messages.filter((m) => typeof m === 'string') : [];
    throw new ApiError(
      'badResponse',
      messages.length > 0
        ? l10n.t('The service did not record the deployment: {0}', messages.join(' ').slice(0, 300))
        : l10n.t('The service did not answer the deployment it recorded.'),
      { path: '/graphql' },
    );
  }
  return {
    id,
    revision: write.revision,
    commit: commitOf(write),
    user: textOrNumber(stored?.user) ?? write.user,
    description: textOrNumber(stored?.description) ?? write.description,
    changelog: write.changelog,
    time,
  };
}
