// Types only, no `vscode`. Where the data comes from and what it leaves out: docs/errors.md.
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { TimeRange } from '../api/timeRange';
import type { StackFrame } from './stackFrame';

export interface ErrorApplication {
  id: number;
  /** As the application record names it (`ruby`, `java`, `nodejs`, …); an unknown one leaves frames unparsed. */
  language: string;
}

export interface ErrorClassRow {
  /** Foreign text: not for display as is. */
  transactionName: string;
  /** Foreign text: show it through `errorText(…, 'class')`. */
  errorClass: string;
  message: string;
  /** Events counted over the range: a floor, since agents sample error events (docs/errors.md#queries). */
  count: number;
  lastSeen: Date;
  /** Set when the class first appeared after the application's latest deployment (newErrorClasses.ts). */
  newSince?: NewSince;
}

export interface NewSince {
  deploymentId: string;
  /** Foreign text: show it through `newSinceLabel`. */
  revision: string;
  time: number;
}

export interface ErrorClassMarker {
  /** Never rejects: what it cannot tell (unknown) it leaves unmarked. */
  mark(
    runNrql: (nrql: string) => Promise<NrqlResult>,
    applicationId: number,
    rows: ErrorClassRow[],
  ): Promise<ErrorClassRow[]>;
  clear(): void;
}

export type ErrorClassesAnswer =
  | {
      kind: 'classes';
      applicationId: number;
      range: TimeRange;
      rows: ErrorClassRow[];
      /** Always true: errors the application marks expected are not counted, as the service's error rate leaves them out. */
      expectedLeftOut: true;
    }
  /** NerdGraph cannot answer for this connection (REST v2 alone gives counts only); `message` says why, for the view. */
  | { kind: 'needs-nerdgraph'; message: string };

export type StackAnswer =
  | {
      kind: 'stack';
      occurrenceId: string;
      message: string;
      timestamp: Date;
      /** Foreign text in `text`, `name` and `path`. */
      frames: StackFrame[];
    }
  /** The occurrence is known but its stack is gone (older than the service keeps) or was never kept. */
  | { kind: 'aged-out'; occurrenceId: string; message: string; timestamp: Date }
  | { kind: 'none' };

export function errorClassKey(transactionName: string, errorClass: string): string {
  return JSON.stringify([transactionName, errorClass]);
}

// Classes without a known stack first, most frequent first: every class gets its stack over a few
// refreshes while the cost per refresh stays bounded (applicationErrors.ts).
export const STACKS_PER_APPLICATION = 5;
