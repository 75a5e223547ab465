// Open alerts through one `aiIssues` query over all GUIDs (docs/service.md#open-alerts); where `timeWindow` goes is
// open: sent as an argument of `issues`.
import type { OpenAlert } from '../openAlerts';
import { OPEN_ALERTS_WINDOW_MS, parseAiIssue } from '../openAlerts';
import type { GraphqlClient } from './graphqlClient';

export const OPEN_ISSUES = `query($account: Int!, $guids: [EntityGuid!], $window: TimeWindowInput, $cursor: String) { actor { account(id: $account) { aiIssues { issues(filter: { entityGuids: $guids, states: [ACTIVATED, CREATED] }, timeWindow: $window, cursor: $cursor) { issues { issueId title priority state activatedAt createdAt closedAt deepLinkUrl entityGuids conditionName } nextCursor } } } } }`;

// Safety stop on `nextCursor`; 50 pages hold far more open issues than a developer's bound applications have.
export const MAX_ISSUE_PAGES = 50;

export async function openIssues(
  gql: GraphqlClient,
  accountId: Promise<number>,
  guidOf: (applicationId: number) => Promise<string>,
  applicationIds: readonly number[],
  now: number,
  signal?: AbortSignal,
): Promise<OpenAlert[]> {
  const appOfGuid = new Map<string, number>();
  for (const id of applicationIds) {
    appOfGuid.set(await guidOf(id), id);
  }
  const account = await accountId;
  if (appOfGuid.size === 0) {
    return [];
  }
  const window = { startTime: now - OPEN_ALERTS_WINDOW_MS, endTime: now };
  const guids = [...appOfGuid.keys()];
  const alerts: OpenAlert[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_ISSUE_PAGES; page++) {
    const result = await gql.query(OPEN_ISSUES, { account, guids, window, cursor }, signal);
    const raw = gql.field(result, ['actor', 'account', 'aiIssues', 'issues', 'issues']);
    alerts.push(...(Array.isArray(raw) ? raw : []).flatMap((i) => parseAiIssue(i, appOfGuid)));
    const next = gql.field(result, ['actor', 'account', 'aiIssues', 'issues', 'nextCursor']);
    if (typeof next !== 'string' || next === '') {
      break;
    }
    cursor = next;
  }
  return alerts;
}
