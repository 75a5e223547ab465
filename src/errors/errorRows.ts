import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { ErrorClassRow } from './errorModel';
import { errorClassKey } from './errorModel';
import { errorText } from './errorText';

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
