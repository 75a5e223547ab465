/**
 * The rows of the error queries (errorQueries.ts) as the views use them: the classes per transaction,
 * and the latest occurrence with a stack per transaction and class. Rows of another shape are skipped.
 * No `vscode`.
 */
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { ErrorClassRow } from './errorModel';
import { errorClassKey } from './errorModel';
import { errorText } from './errorText';

/** The latest occurrence of a class with a stack: its id for `exception(occurrenceId)`. */
export interface Occurrence {
  id: string;
  message: string;
  timestamp: Date;
}

/** A FACET row's values: NerdGraph puts several attributes' values in `facet` as an array. */
function facetValues(row: Record<string, unknown>, count: number): string[] | undefined {
  const facet = row.facet;
  const values: unknown = count === 1 && !Array.isArray(facet) ? [facet] : facet;
  return Array.isArray(values) && values.length === count && values.every((v) => typeof v === 'string')
    ? values
    : undefined;
}

function dateOf(v: unknown): Date | undefined {
  const d = typeof v === 'number' ? new Date(v) : undefined;
  return d && Number.isFinite(d.getTime()) ? d : undefined;
}

function countOf(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0;
}

/** The (transaction, class) keys a `FACET transactionName, error.class` answer names (errorClassKey). */
export function classKeysOf(result: NrqlResult): Set<string> {
  const keys = new Set<string>();
  for (const row of result.results) {
    const facet = facetValues(row, 2);
    if (facet) {
      keys.add(errorClassKey(facet[0], facet[1]));
    }
  }
  return keys;
}

/** The rows of the classes query, most frequent first; rows without a transaction, class or count are dropped. */
export function classRows(result: NrqlResult): ErrorClassRow[] {
  const rows: ErrorClassRow[] = [];
  for (const row of result.results) {
    const facet = facetValues(row, 2);
    const count = countOf(row.count);
    const lastSeen = dateOf(row['latest.timestamp']);
    if (!facet || count === 0 || !lastSeen || facet[1].length === 0) {
      continue;
    }
    const [transactionName, errorClass] = facet;
    rows.push({
      transactionName,
      errorClass,
      message: errorText(row['latest.error.message'], 'message'),
      count,
      lastSeen,
    });
  }
  return rows.sort(
    (a, b) =>
      b.count - a.count ||
      b.lastSeen.getTime() - a.lastSeen.getTime() ||
      a.transactionName.localeCompare(b.transactionName) ||
      a.errorClass.localeCompare(b.errorClass),
  );
}

/** The latest occurrence per transaction and class, from the per-transaction ErrorTrace query. */
export function occurrencesOf(result: NrqlResult): Map<string, Occurrence> {
  const out = new Map<string, Occurrence>();
  for (const row of result.results) {
    const facet = facetValues(row, 2);
    const id = row['latest.id'];
    const timestamp = dateOf(row['latest.timestamp']);
    if (facet && typeof id === 'string' && id.length > 0 && timestamp) {
      out.set(errorClassKey(facet[0], facet[1]), {
        id,
        message: errorText(row['latest.error.message'], 'message'),
        timestamp,
      });
    }
  }
  return out;
}
