/** The command table: id → handler, each wrapped once so failures are logged and shown with an action. */
import * as vscode from 'vscode';

import type { CommandId } from '../constants';
import { COMMAND } from '../constants';
import type { Services } from '../services';
import { switchAccount } from './accountCommands';
import { removeApiKey, setApiKey, switchRegion } from './apiKeyCommands';
import { bindWorkspace, openBoundApplication, unbindWorkspace } from './bindingCommands';
import { showApplicationSummary } from './applicationSummary';
import { copyChangeImpact, showChangeImpact } from './changeImpactCommands';
import { openApplicationPanel, openEntityPanel } from './panelCommands';
import { openDemoCode, showOnDemo } from './demoCommands';
import { showError } from './errorPanelCommands';
import { recordDeployment, showChangesSinceDeployment } from './deploymentCommands';
import { pickImpactCommits, showDeploymentImpact } from './impactCommands';
import { openChangedMethod } from './openChangedMethod';
import { openWalkthrough } from '../walkthrough';
import { queryMetric } from './queryMetric';
import { copyAsCurl, runApiRequest, togglePrettyPrint } from './runApiRequest';
import { runNrqlQuery } from './runNrqlQuery';
import { goToTransactionCode, openTransaction, openTransactionsTable } from './transactionCommands';
import {
  clearFilter,
  copyId,
  filterApplications,
  refresh,
  refreshNode,
  showLog,
  startDemo,
  stopDemo,
} from './viewCommands';
import { errorActionCommand, runErrorAction } from '../session/errorActions';
import { errorPolicy } from '../session/errorPolicy';
import { safeText } from '../util/safeText';

/** A handler takes what its callers pass (a tree node, a test's arguments), typed as it needs. */
type Handler = (...args: never[]) => unknown;

/** One handler per declared command id: a missing or unknown id is a compile error. */
export function commandTable(services: Services): Readonly<Record<CommandId, Handler>> {
  return {
    [COMMAND.refresh]: refresh(services),
    [COMMAND.refreshNode]: refreshNode(services),
    [COMMAND.setApiKey]: setApiKey(services),
    [COMMAND.removeApiKey]: removeApiKey(services),
    [COMMAND.switchRegion]: switchRegion(services),
    [COMMAND.switchAccount]: switchAccount(services),
    [COMMAND.startDemo]: startDemo(services),
    [COMMAND.stopDemo]: stopDemo(services),
    [COMMAND.filterApplications]: filterApplications(services),
    [COMMAND.clearFilter]: clearFilter(services),
    [COMMAND.copyId]: copyId(services),
    [COMMAND.showLog]: showLog(services),
    [COMMAND.openDashboard]: openApplicationPanel(services, 'application'),
    [COMMAND.openBreakdown]: openApplicationPanel(services, 'breakdown'),
    [COMMAND.openExplorer]: openApplicationPanel(services, 'explorer'),
    [COMMAND.openEntity]: openEntityPanel(services),
    [COMMAND.openTransaction]: openTransaction(services),
    [COMMAND.showError]: showError(services),
    [COMMAND.goToCode]: goToTransactionCode(services),
    [COMMAND.openTransactionsTable]: openTransactionsTable(services),
    [COMMAND.bindWorkspace]: bindWorkspace(services),
    [COMMAND.unbindWorkspace]: unbindWorkspace(services),
    [COMMAND.openBoundApplication]: openBoundApplication(services),
    [COMMAND.queryMetric]: queryMetric(services),
    [COMMAND.showApplicationSummary]: showApplicationSummary(services),
    [COMMAND.runApiRequest]: runApiRequest(services),
    [COMMAND.runNrqlQuery]: runNrqlQuery(services),
    [COMMAND.copyAsCurl]: copyAsCurl(services),
    [COMMAND.togglePrettyPrint]: togglePrettyPrint(services),
    [COMMAND.openWalkthrough]: () => services.applicationsView.aroundWalkthrough(openWalkthrough),
    [COMMAND.recordDeployment]: recordDeployment(services),
    [COMMAND.showChangesSinceDeployment]: showChangesSinceDeployment(),
    [COMMAND.showDeploymentImpact]: showDeploymentImpact(services),
    [COMMAND.pickImpactCommits]: pickImpactCommits(services),
    [COMMAND.openChangedMethod]: openChangedMethod(services),
    [COMMAND.openDemoCode]: openDemoCode(services),
    [COMMAND.showOnDemo]: showOnDemo(services),
    [COMMAND.showChangeImpact]: showChangeImpact(services),
    [COMMAND.copyChangeImpact]: copyChangeImpact(services),
  } satisfies Record<CommandId, Handler>;
}

/** Registers every handler of the table, each wrapped once. */
export function registerCommands(services: Services): vscode.Disposable[] {
  const table = commandTable(services);
  return (Object.keys(table) as CommandId[]).map((id) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        // A walkthrough opening on the first start would take the keyboard from an input the command
        // shows: let its tab appear first (at most a moment, and only on that start).
        await services.walkthrough?.whenSettled();
        // VS Code hands over whatever the caller passed: each handler checks what it needs (the one cast).
        return await (table[id] as (...a: unknown[]) => unknown)(...args);
      } catch (e) {
        services.log.error(e instanceof Error ? e : String(e));
        // Error text carries the service's words and settings' values: never a link or icon in a notification.
        const message = safeText(e instanceof Error ? e.message : String(e), 1000);
        // The error policy's actions; "Retry" runs the command again with the same arguments.
        const actions = errorPolicy(e).actions.map((action) => ({ action, title: errorActionCommand(action).title }));
        if (actions.length === 0) {
          return undefined; // Cancelled: nothing to tell.
        }
        void vscode.window.showErrorMessage(message, ...actions.map((a) => a.title)).then((choice) => {
          const chosen = actions.find((a) => a.title === choice);
          if (chosen) {
            void runErrorAction(chosen.action, () => vscode.commands.executeCommand(id, ...args));
          }
        });
        return undefined;
      }
    }),
  );
}
