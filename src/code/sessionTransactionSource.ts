import { transactionNamesOf } from '../api/transactionCompanions';
import { NERDGRAPH_TRANSACTION_PLAN, REST_TRANSACTION_PLAN } from '../api/transactionStatsLoader';
import type { ConnectionSession } from '../session/connectionSession';
import type { TransactionSource } from './transactionLensProvider';

export const sessionTransactionSource: TransactionSource = {
  async names(session: ConnectionSession, applicationId: number, agentLanguage: string): Promise<string[]> {
    const plan = session.backend === 'nerdGraph' ? NERDGRAPH_TRANSACTION_PLAN : REST_TRANSACTION_PLAN;
    const scope = { kind: 'application', applicationId } as const;
    const lists = await Promise.all(plan.nameFilters(agentLanguage).map((f) => session.metricNames.get(scope, f)));
    return transactionNamesOf(
      agentLanguage,
      lists.flat().map((m) => m.name),
    );
  },
  stats: (session, query) =>
    session.api.getTransactionStats(query, { signal: session.signal, metricNames: session.metricNames }),
};
