/** Commands that open chart panels, from a tree node or (palette) a picked application. */
import { ROW_CLICK } from '../constants';
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

/** `how`: ROW_CLICK when the row's own click runs it (a preview); a context menu passes the selection. */
export function openEntityPanel(services: Services) {
  return (node?: MonitorNode, how?: unknown): void => {
    if (!node) {
      return;
    }
    const opened = { preview: how === ROW_CLICK };
    switch (node.kind) {
      case 'host':
        services.panels.show(
          {
            kind: 'host',
            applicationId: node.parent.parent.app.id,
            hostId: node.host.id,
            title: node.host.host,
          },
          undefined,
          opened,
        );
        return;
      case 'instance':
        services.panels.show(
          {
            kind: 'instance',
            applicationId: node.parent.parent.app.id,
            instanceId: node.instance.id,
            title: `${node.instance.host}:${node.instance.port ?? ''}`,
          },
          undefined,
          opened,
        );
        return;
      case 'keyTransaction':
        services.panels.show(
          {
            kind: 'keyTransaction',
            applicationId: node.parent.parent.app.id,
            keyTransactionId: node.keyTransaction.id,
            title: node.keyTransaction.name,
          },
          undefined,
          opened,
        );
        return;
      case 'application':
        services.panels.show(
          { kind: 'application', applicationId: node.app.id, title: node.app.name },
          undefined,
          opened,
        );
        return;
      case 'deployment':
        showAroundDeployment(services, node.parent.parent.app, node.deployment, opened.preview);
        return;
      default:
        return;
    }
  };
}
