import type { ConnectionSession } from '../session/connectionSession';
import { explorerScope } from './explorerScope';
import type { PanelEntity, ToWebview } from './protocol';

/** One answer lists at most this many names: the list is for picking, and the query narrows it. */
const MAX_NAMES = 200;

/** Undefined without a connection, and for any panel but the explorer (only it searches names). */
export async function metricNameSearch(
  conn: ConnectionSession | undefined,
  entity: PanelEntity,
  query: string,
): Promise<ToWebview | undefined> {
  if (!conn || entity.kind !== 'explorer') {
    return undefined;
  }
  try {
    const names = await conn.metricNames.get(explorerScope(entity), query.trim());
    return { type: 'metricNames', query, names: names.slice(0, MAX_NAMES) };
  } catch (err) {
    return { type: 'error', message: err instanceof Error ? err.message : String(err), retryable: true };
  }
}
