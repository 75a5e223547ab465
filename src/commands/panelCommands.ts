/** Commands that open chart panels, from a tree node or (palette) a picked application. */
import type { PanelEntity, PanelKind } from '../panels/protocol';
import { explorerEntity } from '../panels/explorerScope';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { Services } from '../services';
import type { MonitorNode } from '../tree/nodes';
import { showAroundDeployment } from './deploymentCommands';

/** The entity of an application-level panel: the dashboard, the breakdown, or the explorer over the whole application. */
function applicationEntity(
  kind: Extract<PanelKind, 'application' | 'breakdown' | 'explorer'>,
  app: { id: number; name: string },
): PanelEntity {
  return kind === 'explorer'
    ? explorerEntity({ kind: 'application', applicationId: app.id }, app.name)
    : { kind, applicationId: app.id, title: app.name };
}

/** Opens the application-level panel `kind` for a node or a picked application. */
export function openApplicationPanel(
  services: Services,
  kind: Extract<PanelKind, 'application' | 'breakdown' | 'explorer'>,
) {
  return async (node?: MonitorNode): Promise<void> => {
    let app: { id: number; name: string } | undefined = node?.kind === 'application' ? node.app : undefined;
    if (!app) {
      const conn = requireConnection(services.connections.current);
      app = conn && (await pickApplication(conn));
    }
    if (app) {
      services.panels.show(applicationEntity(kind, app));
    }
  };
}

export function openEntityPanel(services: Services) {
  return (node?: MonitorNode): void => {
    if (!node) {
      return;
    }
    switch (node.kind) {
      case 'host':
        services.panels.show({
          kind: 'host',
          applicationId: node.parent.parent.app.id,
          hostId: node.host.id,
          title: node.host.host,
        });
        return;
      case 'instance':
        services.panels.show({
          kind: 'instance',
          applicationId: node.parent.parent.app.id,
          instanceId: node.instance.id,
          title: `${node.instance.host}:${node.instance.port ?? ''}`,
        });
        return;
      case 'keyTransaction':
        services.panels.show({
          kind: 'keyTransaction',
          applicationId: node.parent.parent.app.id,
          keyTransactionId: node.keyTransaction.id,
          title: node.keyTransaction.name,
        });
        return;
      case 'application':
        services.panels.show({ kind: 'application', applicationId: node.app.id, title: node.app.name });
        return;
      case 'deployment':
        showAroundDeployment(services, node.parent.parent.app, node.deployment);
        return;
      default:
        return;
    }
  };
}
