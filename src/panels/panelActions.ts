// The webview is untrusted: it may only name what the host sent this panel, and the host acts on its own
// copy (never a path from the page).
import * as vscode from 'vscode';

import { showAtLine } from '../code/goToCode';
import { COMMAND } from '../constants';
import type { Logger } from '../log';
import type { ShowErrorArgs } from '../errors/errorCommands';
import type { PanelData } from './panelLoad';
import type { FromWebview, PanelEntity } from './protocol';
import type { DeploymentImpactArgs } from './panelDeployments';
import { markerDeployment } from './panelDeployments';
import { transactionRowRequest } from './transactionEntity';

export type PanelAction = Extract<
  FromWebview,
  { type: 'openTransaction' | 'goToCode' | 'openFrame' | 'showError' | 'showDeploymentImpact' }
>;

export async function runPanelAction(
  message: PanelAction,
  entity: PanelEntity,
  data: PanelData | undefined,
  log: Logger,
): Promise<void> {
  switch (message.type) {
    case 'openTransaction':
    case 'goToCode': {
      const request = transactionRowRequest(entity, data?.table, message.name);
      if (!request) {
        log.warn(`ignored ${message.type} for a transaction the ${entity.kind} panel was not sent`);
        return;
      }
      await vscode.commands.executeCommand(COMMAND[message.type], request);
      return;
    }
    case 'openFrame': {
      const target = entity.kind === 'error' ? data?.frameTargets?.[message.index] : undefined;
      if (!target) {
        log.warn(`ignored openFrame for a frame the ${entity.kind} panel did not offer`);
        return;
      }
      await showAtLine(vscode.Uri.parse(target.uri, true), target.line - 1);
      return;
    }
    case 'showError': {
      const rows = entity.kind === 'transaction' && data?.errors?.kind === 'classes' ? data.errors.rows : [];
      const row = rows.find((r) => r.errorClass === message.errorClass);
      if (!row) {
        log.warn(`ignored showError for a class the ${entity.kind} panel was not sent`);
        return;
      }
      const request: ShowErrorArgs = {
        applicationId: entity.applicationId,
        errorClass: row.errorClass,
        transactionName: row.transactionName,
      };
      await vscode.commands.executeCommand(COMMAND.showError, request);
      return;
    }
    case 'showDeploymentImpact': {
      const marker = data?.deployments?.find((m) => m.id === message.deploymentId);
      const deployment = marker && !(entity.kind === 'explorer' && entity.nrql) && markerDeployment(marker);
      if (!deployment) {
        log.warn(`ignored showDeploymentImpact for a deployment the ${entity.kind} panel was not sent`);
        return;
      }
      const args: DeploymentImpactArgs = { applicationId: entity.applicationId, deployment };
      await vscode.commands.executeCommand(COMMAND.showDeploymentImpact, args);
      return;
    }
  }
}
