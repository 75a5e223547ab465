// Open alerts as both backends give them (docs/service.md#open-alerts); titles and names are foreign text.
import type { Region } from './regions';
import { parseOffsetTime } from './deployments';
import { record, text } from './fieldReaders';

export type AlertPriority = 'critical' | 'high' | 'medium' | 'low' | 'warning';

export interface OpenAlert {
  id: string;
  applicationId: number;
  title: string;
  priority: AlertPriority;
  openedAt: number;
  conditionName?: string;
  policyName?: string;
  /** The issue's page as the account gave it: foreign, opened only when `isServiceLink(link, region)` holds. */
  link?: string;
}

// Without a window `aiIssues` searches the last 24 hours and misses an issue opened days ago (docs/service.md#open-alerts).
export const OPEN_ALERTS_WINDOW_MS = 30 * 86_400_000;

const SERVICE_HOSTS: Readonly<Record<string, string>> = { us: 'one.newrelic.com', eu: 'one.eu.newrelic.com' };

/** Whether a link from the account may be opened: https on the service's own UI host for the region. */
export function isServiceLink(link: unknown, region: Region | undefined): link is string {
  const host = region === 'us' || region === 'eu' ? SERVICE_HOSTS[region] : undefined;
  if (typeof link !== 'string' || !host) {
    return false; // A custom base URL or the demo: no domain is the service's own.
  }
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname === host && url.port === '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Epoch ms (a number, as client-go reads REST's times) or an ISO time with an offset; undefined otherwise (not documented: docs/service.md#open-alerts). */
function time(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : parseOffsetTime(v);
}

function priorityOf(v: unknown): AlertPriority {
  const p = typeof v === 'string' ? v.toLowerCase() : '';
  return p === 'critical' || p === 'high' || p === 'medium' || p === 'low' ? p : 'warning';
}

export function parseRestViolation(v: unknown): OpenAlert | undefined {
  const r = record(v);
  const entity = record(r?.entity);
  const openedAt = time(r?.opened_at);
  if (
    !r ||
    typeof entity?.id !== 'number' ||
    openedAt === undefined ||
    (r.closed_at !== undefined && r.closed_at !== null)
  ) {
    return undefined;
  }
  return {
    id: String(r.id),
    applicationId: entity.id,
    title: text(r.label) ?? text(r.condition_name) ?? '',
    priority: priorityOf(r.priority),
    openedAt,
    conditionName: text(r.condition_name),
    policyName: text(r.policy_name),
  };
}

export function parseAiIssue(v: unknown, appOfGuid: ReadonlyMap<string, number>): OpenAlert[] {
  const r = record(v);
  const openedAt = time(r?.activatedAt) ?? time(r?.createdAt);
  if (!r || openedAt === undefined || (r.closedAt !== undefined && r.closedAt !== null) || r.state === 'CLOSED') {
    return [];
  }
  const titles = Array.isArray(r.title) ? r.title.filter((t): t is string => typeof t === 'string') : [];
  const conditions = Array.isArray(r.conditionName) ? r.conditionName.filter((t) => typeof t === 'string') : [];
  const guids = Array.isArray(r.entityGuids) ? r.entityGuids : [];
  return guids.flatMap((g) => {
    const applicationId = typeof g === 'string' ? appOfGuid.get(g) : undefined;
    return applicationId === undefined
      ? []
      : [
          {
            id: String(r.issueId),
            applicationId,
            title: titles.join(' · '),
            priority: priorityOf(r.priority),
            openedAt,
            conditionName: conditions.length > 0 ? conditions.join(', ') : undefined,
            link: text(r.deepLinkUrl),
          },
        ];
  });
}
