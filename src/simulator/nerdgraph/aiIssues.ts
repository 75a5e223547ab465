/**
 * NerdGraph's `aiIssues` over the one violation model (docs/service.md#open-alerts). Where `timeWindow` goes is
 * open: served as an argument of `issues`, where the client sends it.
 */
import { GraphQLError } from 'graphql';

import type { Dataset } from '../dataset';
import { violations } from '../alerts';
import type { Region } from '../restAnswer';
import { decodeCursor, encodeCursor } from './cursor';
import { appGuid } from './entities';

export const AI_ISSUES_SDL = `
enum AiIssuesIssueState { CREATED ACTIVATED DEACTIVATED CLOSED }
enum AiIssuesPriority { LOW MEDIUM HIGH CRITICAL }
input AiIssuesFilterIssues { entityGuids: [EntityGuid!] states: [AiIssuesIssueState!] }
input TimeWindowInput { startTime: EpochMilliseconds! endTime: EpochMilliseconds! }
type AiIssuesIssue {
  issueId: ID
  title: [String]
  priority: AiIssuesPriority
  state: AiIssuesIssueState
  activatedAt: EpochMilliseconds
  createdAt: EpochMilliseconds
  closedAt: EpochMilliseconds
  deepLinkUrl: String
  entityGuids: [EntityGuid]
  entityNames: [String]
  totalIncidents: Int
  conditionName: [String]
}
type AiIssuesIssueData { issues: [AiIssuesIssue] nextCursor: String }
type AiIssuesForAccount {
  issues(filter: AiIssuesFilterIssues, timeWindow: TimeWindowInput, cursor: String): AiIssuesIssueData
}
`;

// Undocumented page size; small enough that an account with many open issues pages.
export const AI_ISSUES_PAGE_SIZE = 25;

export const DEFAULT_ISSUE_WINDOW_MS = 24 * 3_600_000;

interface IssuesArgs {
  cursor?: string | null;
  filter?: { entityGuids?: string[] | null; states?: string[] | null } | null;
  timeWindow?: { startTime: number; endTime: number } | null;
}

export function aiIssuesFor(
  dataset: Dataset,
  accountId: number,
  region: Region,
  now: () => Date,
  pageSize = AI_ISSUES_PAGE_SIZE,
) {
  return {
    issues: ({ cursor, filter, timeWindow }: IssuesArgs) => {
      const offset = cursor ? decodeCursor(cursor) : 0;
      if (offset === undefined) {
        throw new GraphQLError('Invalid cursor', { extensions: { errorClass: 'INVALID_INPUT' } });
      }
      const end = Number(timeWindow?.endTime ?? now().getTime());
      const start = Number(timeWindow?.startTime ?? end - DEFAULT_ISSUE_WINDOW_MS);
      const host = region === 'eu' ? 'one.eu.newrelic.com' : 'one.newrelic.com';
      const issues = violations(dataset, now().getTime())
        .filter((v) => v.openedAt >= start && v.openedAt <= end)
        .map((v) => ({
          issueId: `issue-${v.id}`,
          title: [v.label],
          priority: v.priority === 'Critical' ? 'CRITICAL' : 'HIGH',
          state: v.closedAt === undefined ? 'ACTIVATED' : 'CLOSED',
          activatedAt: v.openedAt,
          createdAt: v.openedAt,
          closedAt: v.closedAt ?? null,
          deepLinkUrl: `https://${host}/alerts-ai/issues/issue-${v.id}?account=${accountId}`,
          entityGuids: [appGuid(accountId, v.app)],
          entityNames: [v.app.name],
          totalIncidents: 1,
          conditionName: [v.conditionName],
        }))
        .filter(
          (i) =>
            (!filter?.entityGuids || i.entityGuids.some((g) => filter.entityGuids!.includes(g))) &&
            (!filter?.states || filter.states.includes(i.state)),
        )
        .sort((a, b) => b.createdAt - a.createdAt);
      const next = offset + pageSize < issues.length ? encodeCursor(offset + pageSize) : null;
      return { issues: issues.slice(offset, offset + pageSize), nextCursor: next };
    },
  };
}
