import type { MetricScope } from '../api/types';
import type { ExplorerEntity } from './protocol';

export function explorerScope(e: ExplorerEntity): MetricScope {
  if (e.hostId !== undefined) {
    return { kind: 'host', applicationId: e.applicationId, hostId: e.hostId };
  }
  if (e.instanceId !== undefined) {
    return { kind: 'instance', applicationId: e.applicationId, instanceId: e.instanceId };
  }
  return { kind: 'application', applicationId: e.applicationId };
}

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
