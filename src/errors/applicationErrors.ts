// One refresh's error details for the bound applications; no `vscode`, so the bench counts its requests.
import type { TransactionStats, TransactionStatsQuery } from '../api/transactionStats';
import type { ErrorDetails, KnownStack } from './errorDetails';
import { metricNameOf } from './errorDiagnosticModel';
import type { ErrorClassRow, StackAnswer } from './errorModel';
import { STACKS_PER_APPLICATION } from './errorModel';

// Each refresh costs a numbers request per bound application: every 5 minutes keeps 10 applications
// inside 1 % of the key's budget beside the tree (bench: key budget).
export const ERROR_DIAGNOSTICS_INTERVAL_MS = 5 * 60_000;

export interface ApplicationErrors {
  applicationId: number;
  language: string;
  rows: ErrorClassRow[];
  top: ErrorClassRow[];
  stacks: StackAnswer[];
  stats: TransactionStats[];
  /** The first failed stack lookup of this refresh, if any: its class keeps its last stack, or none yet; asked again next time. */
  stackError?: unknown;
}

function hasInAppFrame(answer: StackAnswer): boolean {
  return answer.kind === 'stack' && answer.frames.some((f) => f.inApp);
}

// A class known to throw outside the application's code never takes a lookup from one that may reach
// the Problems panel.
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

// Applications settle on their own: one's failure (a timed-out query, a 429) leaves the others usable.
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
