/**
 * One refresh's error details for the bound applications, as the diagnostics and the lens need them:
 * each application's classes (asked together, so their NRQL travels in one request), the latest stacks
 * of its classes (each kept for a while; at most STACKS_PER_APPLICATION looked up per refresh, see
 * `stackLookups`), and those transactions' error rates from their metrics (one numbers request per
 * application, the lenses' own). No `vscode`: the bench counts its requests.
 */
import type { TransactionStats, TransactionStatsQuery } from '../api/transactionStats';
import type { ErrorDetails, KnownStack } from './errorDetails';
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
  /** The classes whose latest stack is known (or was looked up now), most frequent first, and their stacks in the same order. */
  top: ErrorClassRow[];
  stacks: StackAnswer[];
  /** The numbers of the transactions of the classes with a stack (their error rates). */
  stats: TransactionStats[];
  /** The first failed stack lookup of this refresh, if any: its class keeps its last stack, or none yet; asked again next time. */
  stackError?: unknown;
}

/** Whether a stack has a frame of the application's own code: a diagnostic needs one. */
function hasInAppFrame(answer: StackAnswer): boolean {
  return answer.kind === 'stack' && answer.frames.some((f) => f.inApp);
}

/**
 * The classes whose stacks to look up this refresh, as indexes into `rows` (most frequent first), at
 * most STACKS_PER_APPLICATION: first the classes never looked up (a class whose stack in another
 * transaction has no in-app frame after the others), then those whose answer was no stack, then the
 * due stacks with an in-app frame, then the due ones without. A class known to throw outside the
 * application's code never takes a lookup from one that may reach the Problems panel.
 */
export function stackLookups(rows: readonly ErrorClassRow[], known: ReadonlyArray<KnownStack | undefined>): number[] {
  const libraryOnly = new Set(
    rows
      .filter((_, i) => known[i]?.answer.kind === 'stack' && !hasInAppFrame(known[i].answer))
      .map((r) => r.errorClass),
  );
  const rank = (row: ErrorClassRow, k: KnownStack | undefined): number => {
    if (!k) {
      return libraryOnly.has(row.errorClass) ? 1 : 0;
    }
    if (!k.due) {
      return -1;
    }
    return k.answer.kind === 'none' ? 2 : hasInAppFrame(k.answer) ? 3 : 4;
  };
  return rows
    .map((row, i) => ({ i, rank: rank(row, known[i]) }))
    .filter((c) => c.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .slice(0, STACKS_PER_APPLICATION)
    .map((c) => c.i);
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
    const { rows } = answer;
    const known = rows.map((r) => details.knownStack(app, r.errorClass, r.transactionName));
    const answers: Array<StackAnswer | undefined> = known.map((k) => k?.answer);
    let stackError: unknown;
    await Promise.all(
      stackLookups(rows, known).map((i) =>
        details.latestStack(app, rows[i].errorClass, rows[i].transactionName, range).then(
          (stack) => (answers[i] = stack),
          (e: unknown) => (stackError ??= e), // the known answer stays; nothing failed is kept
        ),
      ),
    );
    const shown = rows.flatMap((row, i) => (answers[i] ? [{ row, stack: answers[i] }] : []));
    const top = shown.map((s) => s.row);
    const stacks = shown.map((s) => s.stack);
    const withStack = shown.filter((s) => s.stack.kind === 'stack');
    const names = [...new Set(withStack.map((s) => metricNameOf(language, s.row.transactionName)))];
    const stats = names.length > 0 ? await options.rates({ applicationId, ...window, names, language }) : [];
    return { applicationId, language, rows, top, stacks, stats, ...(stackError === undefined ? {} : { stackError }) };
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
