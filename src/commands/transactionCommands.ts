// Transaction panels and tables. Arguments are checked: any extension or command link could run these with anything.
import * as vscode from 'vscode';

import { codeFolders } from '../code/codeFolders';
import { goToCode } from '../code/goToCode';
import { shortTransactionName } from '../format/transactions';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { OpenTransactionRequest } from '../panels/transactionEntity';
import { isOpenTransactionRequest } from '../panels/transactionEntity';
import type { Services } from '../services';
import type { MonitorNode } from '../tree/nodes';
import { TransactionNode } from '../tree/transactionNodes';

/** Undefined when the arguments are not a transaction request or there is no connection to ask. */
async function withAgentLanguage(
  services: Services,
  args: unknown,
): Promise<(OpenTransactionRequest & { language: string }) | undefined> {
  if (!isOpenTransactionRequest(args)) {
    return undefined;
  }
  if (args.language !== undefined) {
    return { ...args, language: args.language };
  }
  const conn = requireConnection(services.connections.current);
  return conn && { ...args, language: (await conn.api.getApplication(args.applicationId)).language };
}

export function openTransaction(services: Services) {
  return async (args?: unknown): Promise<void> => {
    const request = await withAgentLanguage(services, args);
    if (!request) {
      return;
    }
    services.panels.show({
      kind: 'transaction',
      applicationId: request.applicationId,
      transactionName: request.name,
      language: request.language,
      title: shortTransactionName(request.name),
    });
  };
}

export function openTransactionsTable(services: Services) {
  return async (node?: MonitorNode): Promise<void> => {
    let app: { id: number; name: string; language: string } | undefined =
      node?.kind === 'application' ? node.app : node?.kind === 'transactions' ? node.parent.app : undefined;
    if (!app) {
      const conn = requireConnection(services.connections.current);
      app = conn && (await pickApplication(conn));
    }
    if (app) {
      services.panels.show({ kind: 'transactions', applicationId: app.id, title: app.name, language: app.language });
    }
  };
}

export function goToTransactionCode(services: Services) {
  return async (args?: unknown): Promise<void> => {
    const request = await withAgentLanguage(services, args instanceof TransactionNode ? args.openArgs : args);
    if (!request) {
      return;
    }
    const folders = codeFolders(
      (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ folder, binding: services.bindings.of(folder) })),
      { id: request.applicationId, region: services.connectionRegion() },
    );
    await goToCode(services.sources, folders, { name: request.name, agentLanguage: request.language });
  };
}
