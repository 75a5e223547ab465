/**
 * The metric explorer's entity and the metric scope it charts and searches names in, both ways
 * (a panel's state, "Query Metric…"'s pick). Pure, beside protocol.ts.
 */
import type { MetricScope } from '../api/types';
import type { ExplorerEntity } from './protocol';

/** The scope the explorer charts and searches metric names in. */
export function explorerScope(e: ExplorerEntity): MetricScope {
  if (e.hostId !== undefined) {
    return { kind: 'host', applicationId: e.applicationId, hostId: e.hostId };
  }
  if (e.instanceId !== undefined) {
    return { kind: 'instance', applicationId: e.applicationId, instanceId: e.instanceId };
  }
  return { kind: 'application', applicationId: e.applicationId };
}

/** The explorer's entity for a metric scope (what "Query Metric…" picked). */
export function explorerEntity(scope: MetricScope, title: string): ExplorerEntity {
  switch (scope.kind) {
    case 'application':
      return { kind: 'explorer', applicationId: scope.applicationId, title };
    case 'host':
      return { kind: 'explorer', applicationId: scope.applicationId, hostId: scope.hostId, title };
    case 'instance':
      return { kind: 'explorer', applicationId: scope.applicationId, instanceId: scope.instanceId, title };
  }
}
