/**
 * Opening a transaction's panel (`timeslice.openTransaction`, from a tree row, the transactions table
 * or the CodeLens) and an application's transactions table. Arguments are checked: any extension or
 * a command link could run these with anything.
 */
import { goToCode } from '../code/goToCode';
import { shortTransactionName } from '../format/transactions';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { OpenTransactionRequest } from '../panels/transactionEntity';
import { isOpenTransactionRequest } from '../panels/transactionEntity';
import type { Services } from '../services';
import type { MonitorNode } from '../tree/nodes';
import { TransactionNode } from '../tree/transactionNodes';

/** The application's agent language: given with the request, or from its record (undefined without a connection). */
async function agentLanguageOf(services: Services, request: OpenTransactionRequest): Promise<string | undefined> {
  if (request.language !== undefined) {
    return request.language;
  }
  const conn = requireConnection(services.connections.current);
  return conn && (await conn.api.getApplication(request.applicationId)).language;
}

export function openTransaction(services: Services) {
  return async (args?: unknown): Promise<void> => {
    const language = isOpenTransactionRequest(args) && (await agentLanguageOf(services, args));
    if (!language || !isOpenTransactionRequest(args)) {
      return;
    }
    services.panels.show({
      kind: 'transaction',
      applicationId: args.applicationId,
      transactionName: args.name,
      language,
      title: shortTransactionName(args.name),
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

/**
 * Go to Code on a transaction (its tree row, or `{ applicationId, name, language? }`): the line that
 * serves it in the workspace, or why none does.
 */
export function goToTransactionCode(services: Services) {
  return async (args?: unknown): Promise<void> => {
    const request = args instanceof TransactionNode ? args.openArgs : args;
    const language = isOpenTransactionRequest(request) && (await agentLanguageOf(services, request));
    if (!language || !isOpenTransactionRequest(request)) {
      return;
    }
    await goToCode(services.sources, { name: request.name, agentLanguage: language });
  };
}
