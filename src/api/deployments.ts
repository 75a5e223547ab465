// Deployments as both backends give them (docs/service.md#deployments). REST timestamps are parsed with their
// offset, never assumed UTC: a record without one is skipped.
import { record, textOrNumber } from './fieldReaders';

export interface Deployment {
  /** REST's numeric id, or NerdGraph's `changeTrackingId` / `deploymentId`, as text. */
  id: string;
  revision: string;
  /** NerdGraph `commit` when given (REST has none): what finds the commit, before `revision`. */
  commit?: string;
  user?: string;
  description?: string;
  changelog?: string;
  time: number;
}

export interface DeploymentRange {
  from: Date;
  to: Date;
  /** Only the newest deployment in the range is wanted: one page (REST, when newest first) or one search (NerdGraph). */
  newestOnly?: boolean;
}

// The service keeps change-tracking data 13 months (docs.newrelic.com, change tracking: view and analyze data).
export const DEPLOYMENT_HISTORY_MS = 396 * 86_400_000;

// Shared by the tree, a panel's choices and the cache, so all three read one list with one request.
export const RECENT_DEPLOYMENT_DAYS = 7;
export const RECENT_DEPLOYMENTS_MS = RECENT_DEPLOYMENT_DAYS * 86_400_000;

/** What Record Deployment sends (REST: `revision` ≤ 127 and `user` ≤ 31 characters). */
export interface DeploymentWrite {
  revision: string;
  user?: string;
  description?: string;
  changelog?: string;
  /** The full commit SHA when the caller knows the revision is one (NerdGraph's `commit`; REST has none). */
  commit?: string;
  /** Defaults to the service's now. */
  time?: Date;
}

export const MAX_REVISION_LENGTH = 127;
export const MAX_USER_LENGTH = 31;

/** REST's order is undocumented (docs/service.md#deployments): stop early only on a page seen newest first. */
export function pageEndsBefore(page: readonly Deployment[], from: number): boolean {
  if (page.length === 0) {
    return false;
  }
  const descending = page.every((d, i) => i === 0 || page[i - 1].time >= d.time);
  return descending && page[page.length - 1].time < from;
}

const OFFSET_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})$/i;

/** Milliseconds of an ISO 8601 time with an explicit offset (`Z`, `±hh:mm` or `±hhmm`); undefined otherwise. */
export function parseOffsetTime(text: unknown): number | undefined {
  if (typeof text !== 'string') {
    return undefined;
  }
  const m = OFFSET_TIME.exec(text.trim());
  if (!m) {
    return undefined;
  }
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const fields = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? '0')];
  if (fields[1] < 1 || fields[1] > 12 || fields[2] < 1 || fields[2] > 31 || fields[3] > 23 || fields[4] > 59) {
    return undefined;
  }
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  const local = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], ms);
  if (zone.toUpperCase() === 'Z') {
    return local;
  }
  const digits = zone.replace(':', '');
  const offset = (digits.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  return local - offset * 60_000;
}

export function parseRestDeployment(v: unknown): Deployment | undefined {
  const r = record(v);
  const revision = textOrNumber(r?.revision);
  const time = parseOffsetTime(r?.timestamp);
  if (!r || revision === undefined || time === undefined) {
    return undefined;
  }
  return {
    id: textOrNumber(r.id) ?? `${revision}@${time}`,
    revision,
    user: textOrNumber(r.user),
    description: textOrNumber(r.description),
    changelog: textOrNumber(r.changelog),
    time,
  };
}

/** Newest first, inside the range, each once (pages of a changing list may repeat a record). */
export function inRange(list: readonly Deployment[], range: DeploymentRange): Deployment[] {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const seen = new Set<string>();
  return list
    .filter((d) => d.time >= from && d.time <= to && !seen.has(d.id) && (seen.add(d.id), true))
    .sort((a, b) => b.time - a.time);
}

export function shortRevision(revision: string): string {
  return /^[0-9a-f]{8,40}$/i.test(revision)
    ? revision.slice(0, 7)
    : revision.length > 12
      ? `${revision.slice(0, 11)}…`
      : revision;
}

/** REST's POST body (docs/service.md#deployments). */
export function restDeploymentBody(write: DeploymentWrite): string {
  return JSON.stringify({
    deployment: {
      revision: write.revision,
      user: write.user,
      description: write.description,
      changelog: write.changelog,
      timestamp: write.time?.toISOString(),
    },
  });
}
