/**
 * The Transactions group's rows: one summarized read of the application's transactions over the
 * tree's window (the session's cached names listing, then one request on NerdGraph; REST splits
 * only by URL length), or the empty state.
 */
import * as vscode from 'vscode';

import { transactionWindow } from '../api/transactionStats';
import type { ConnectionSession } from '../session/connectionSession';
import type { MonitorNode } from './nodes';
import { MessageNode } from './nodes';
import { TransactionNode, TransactionsGroupNode } from './transactionNodes';
import { TREE_TRANSACTIONS_MINUTES } from './treeWindows';

export async function loadTransactionNodes(
  conn: Pick<ConnectionSession, 'api' | 'metricNames'>,
  group: TransactionsGroupNode,
  now = Date.now(),
): Promise<MonitorNode[]> {
  const app = group.parent.app;
  const stats = await conn.api.getTransactionStats(
    { applicationId: app.id, language: app.language, ...transactionWindow(now, TREE_TRANSACTIONS_MINUTES) },
    { metricNames: conn.metricNames },
  );
  if (stats.length === 0) {
    return [
      new MessageNode(
        `${group.id}/empty`,
        vscode.l10n.t('No transactions in the last {0} minutes', TREE_TRANSACTIONS_MINUTES),
        'info',
      ),
    ];
  }
  return stats.map((s) => new TransactionNode(group, s));
}
