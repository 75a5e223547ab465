/**
 * One refresh's error details for the bound applications, as the diagnostics and the lens need them:
 * each application's classes (asked together, so their NRQL travels in one request), the latest stacks
 * of its top STACKS_PER_APPLICATION classes, and those transactions' error rates from their metrics
 * (one numbers request per application, the lenses' own). No `vscode`: the bench counts its requests.
 */
import type { TransactionStats, TransactionStatsQuery } from '../api/transactionStats';
import type { ErrorDetails } from './errorDetails';
import { metricNameOf } from './errorDiagnosticModel';
import type { ErrorClassRow, StackAnswer } from './errorModel';
import { STACKS_PER_APPLICATION } from './errorModel';

/**
 * How often the diagnostics are asked again (at least the refresh interval). Production errors in the
 * Problems panel need not be current to the minute, and each refresh costs a transaction-numbers
 * request per bound application: every 5 minutes keeps 10 bound applications inside 1 % of the key's
 * budget beside the tree (bench: key budget).
 */
export const ERROR_DIAGNOSTICS_INTERVAL_MS = 5 * 60_000;

export interface ApplicationErrors {
  applicationId: number;
  language: string;
  /** Every class, most frequent first (empty when NerdGraph gave none). */
  rows: ErrorClassRow[];
  /** The top classes, and their stacks in the same order. */
  top: ErrorClassRow[];
  stacks: StackAnswer[];
  /** The top classes' transactions' numbers (their error rates). */
  stats: TransactionStats[];
}

/** The error rate of a class's transaction, from its metrics. */
export function errorRateOf(errors: ApplicationErrors, row: ErrorClassRow): number | undefined {
  return errors.stats.find((s) => s.name === metricNameOf(errors.language, row.transactionName))?.errorRate;
}

/**
 * One application's refresh: its classes, stacks and rates, or the failure of any of them. Applications
 * settle on their own, so one application's failure (a timed-out query, a 429 on its rates) leaves the
 * others' answers usable and says which one failed.
 */
export type ApplicationErrorsOutcome =
  ({ kind: 'ok' } & ApplicationErrors) | { kind: 'failed'; applicationId: number; language: string; error: unknown };

export async function applicationErrors(options: {
  details: ErrorDetails;
  rates: (query: TransactionStatsQuery & { names: string[]; language: string }) => Promise<TransactionStats[]>;
  applications: ReadonlyArray<{ applicationId: number; language: string }>;
  /** Epoch ms, whole minutes (transactionWindow). */
  window: { from: number; to: number };
}): Promise<ApplicationErrorsOutcome[]> {
  const { details, window } = options;
  const range = { from: new Date(window.from), to: new Date(window.to) };
  const one = async (applicationId: number, language: string): Promise<ApplicationErrors> => {
    const app = { id: applicationId, language };
    const answer = await details.classes(app, range);
    if (answer.kind !== 'classes') {
      return { applicationId, language, rows: [], top: [], stacks: [], stats: [] };
    }
    const top = answer.rows.slice(0, STACKS_PER_APPLICATION);
    const names = [...new Set(top.map((r) => metricNameOf(language, r.transactionName)))];
    const [stacks, stats] = await Promise.all([
      Promise.all(top.map((r) => details.latestStack(app, r.errorClass, r.transactionName, range))),
      names.length > 0 ? options.rates({ applicationId, ...window, names, language }) : [],
    ]);
    return { applicationId, language, rows: answer.rows, top, stacks, stats };
  };
  return Promise.all(
    options.applications.map(({ applicationId, language }) =>
      one(applicationId, language).then(
        (errors): ApplicationErrorsOutcome => ({ kind: 'ok', ...errors }),
        (error: unknown): ApplicationErrorsOutcome => ({ kind: 'failed', applicationId, language, error }),
      ),
    ),
  );
}
