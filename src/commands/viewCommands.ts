/** Tree commands: refresh, filter, copy ID, demo on/off, show log. */
import * as vscode from 'vscode';

import type { Backend } from '../api/backendChoice';
import { parseBackendSetting } from '../api/backendChoice';
import { isApiError } from '../api/apiError';
import type { Services } from '../services';
import type { MonitorNode } from '../tree/nodes';
import { entityId } from '../tree/nodes';

export function refresh(services: Services) {
  return (): void => {
    services.connections.current?.metricNames.invalidate();
    services.tree.refresh();
  };
}

export function refreshNode(services: Services) {
  return (node?: MonitorNode): void => services.tree.refresh(node);
}

export function filterApplications(services: Services) {
  return async (): Promise<void> => {
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('Filter Applications'),
      prompt: vscode.l10n.t('Show applications whose name contains this text (asked of the service; empty clears)'),
      value: services.tree.filter,
    });
    if (value !== undefined) {
      services.applicationsView.setFilter(value);
    }
  };
}

export function clearFilter(services: Services) {
  return (): void => services.applicationsView.setFilter('');
}

export function copyId(services: Services) {
  return async (node?: MonitorNode): Promise<void> => {
    const selected = node ?? services.applicationsView.view.selection[0];
    const id = selected ? entityId(selected) : undefined;
    if (id === undefined) {
      return;
    }
    await vscode.env.clipboard.writeText(String(id));
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied ID {0}', id), 3000);
  };
}

/** The two APIs the demo can speak, for Start Demo's question. */
function demoBackendItems(): Array<vscode.QuickPickItem & { backend: Backend }> {
  return [
    {
      label: vscode.l10n.t('REST API v2'),
      description: vscode.l10n.t('the API every view was built on; retired on 31 July 2027'),
      backend: 'restV2',
    },
    {
      label: vscode.l10n.t('NerdGraph (successor API)'),
      description: vscode.l10n.t('GraphQL and NRQL: what Timeslice speaks after REST v2'),
      backend: 'nerdGraph',
    },
  ];
}

/**
 * Start Demo; an argument (`restV2`, `nerdGraph`, `auto`) picks the backend. Without one, an explicit
 * `timeslice.demo.backend` decides; when the user never set it, Start Demo asks (Escape: no demo).
 */
export function startDemo(services: Services) {
  return async (backend?: unknown): Promise<void> => {
    let asked = typeof backend === 'string' ? parseBackendSetting(backend) : undefined;
    if (asked === undefined && !services.demo.active && !services.config.demoBackendIsSet) {
      const picked = await vscode.window.showQuickPick(demoBackendItems(), {
        title: vscode.l10n.t('Start Demo'),
        placeHolder: vscode.l10n.t('Which API should the demo speak? Set "timeslice.demo.backend" to answer for good.'),
        // A first start's walkthrough takes the focus when its page is built, whenever that is: the question stays.
        ignoreFocusOut: true,
      });
      if (!picked) {
        return;
      }
      asked = picked.backend;
    }
    try {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting the Timeslice demo…') },
        () => services.demo.start(asked),
      );
      await vscode.commands.executeCommand('timeslice.applications.focus');
    } catch (e) {
      throw isApiError(e)
        ? e
        : new Error(
            vscode.l10n.t('The demo simulator could not start: {0}', e instanceof Error ? e.message : String(e)),
          );
    }
  };
}

export function stopDemo(services: Services) {
  return (): Promise<void> => services.demo.stop();
}

export function showLog(services: Services) {
  return (): void => services.showLog();
}
