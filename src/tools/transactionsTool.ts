/**
 * `timeslice_transactions`: an application's transactions as the tree's Transactions group lists them
 * (web first, then by time consumed), with the tree's numbers over the same whole-minute window.
 */
import type { TransactionStats } from '../api/transactionStats';
import { transactionWindow } from '../api/transactionStats';
import { TREE_TRANSACTIONS_MINUTES } from '../tree/treeWindows';
import { answer, describeWindow, foreign, rounded } from './toolAnswer';
import { APPLICATION_FIELDS, applicationRef, inputObject, rangeMinutes } from './toolInput';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool } from './toolTypes';

/** At most this many transactions in one answer. */
export const MAX_TRANSACTIONS = 50;

/** One transaction's numbers, in the views' units (the lens's and the tree row's). */
export function transactionRow(t: TransactionStats) {
  return {
    name: foreign(t.name),
    kind: t.kind,
    calls: t.callCount,
    throughputRpm: rounded(t.callsPerMinute, 1),
    responseTimeMs: rounded(t.averageMs, 1),
    errorRatePercent: rounded(t.errorRate * 100),
    ...(t.apdex !== undefined ? { apdex: rounded(t.apdex) } : {}),
    timeSharePercent: rounded(t.timeShare * 100, 1),
  };
}

export const TRANSACTION_UNITS =
  "Units: responseTimeMs average in ms, throughputRpm calls per minute, errorRatePercent % of calls, timeSharePercent the share of the application's time of that kind (web or background).";

export const transactionsTool: TimesliceTool = {
  name: 'timeslice_transactions',
  async run(input, ctx) {
    const fields = inputObject(input, [...APPLICATION_FIELDS, 'minutes']);
    const minutes = rangeMinutes(fields, TREE_TRANSACTIONS_MINUTES);
    const app = await resolveApplication(applicationRef(fields), ctx);
    const window = transactionWindow(ctx.now(), minutes);
    const stats = await ctx.session.api.getTransactionStats(
      { applicationId: app.id, language: app.language, ...window },
      { signal: ctx.signal, metricNames: ctx.session.metricNames },
    );
    return answer({
      heading: `Transactions of application ${app.id} (web first, then by time consumed)`,
      range: describeWindow(window.from, window.to),
      notes: [TRANSACTION_UNITS],
      key: 'transactions',
      rows: stats.map(transactionRow),
      maxRows: MAX_TRANSACTIONS,
      narrowHint: 'the first ones consume the most time',
    });
  },
};
