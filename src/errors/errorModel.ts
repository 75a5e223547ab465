/**
 * What Timeslice knows about an application's production errors, as the views use it: error classes
 * per transaction (from `TransactionError` events through NerdGraph) and the latest stack of a class
 * (an `ErrorTrace` occurrence and its `exception(occurrenceId)` frames). Types only, no `vscode`.
 * Where the data comes from and what it leaves out: docs/errors.md.
 */
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { TimeRange } from '../api/timeRange';
import type { StackFrame } from './stackFrame';

/** The application an answer is about: its id, and its agent's language (which frame parser reads its stacks). */
export interface ErrorApplication {
  id: number;
  /** As the application record names it (`ruby`, `java`, `nodejs`, …); an unknown one leaves frames unparsed. */
  language: string;
}

/** One error class of one transaction over the range. */
export interface ErrorClassRow {
  /** The full name as the events carry it: `WebTransaction/Controller/orders/show`. Foreign text: not for display as is. */
  transactionName: string;
  /** As the service names it, e.g. `ActiveRecord::RecordNotFound`. Foreign text: show it through `errorText(…, 'class')`. */
  errorClass: string;
  /** The latest message's first line, already made plain by `errorText` (may be empty). */
  message: string;
  /** Events counted over the range: a floor, since agents sample error events (docs/errors.md#queries). */
  count: number;
  lastSeen: Date;
  /** Set when the class first appeared after the application's latest deployment (newErrorClasses.ts). */
  newSince?: NewSince;
}

/** The deployment a class is new since: seen at or after it, never in the look-back window before it. */
export interface NewSince {
  deploymentId: string;
  /** Foreign text: show it through `newSinceLabel`. */
  revision: string;
  /** Epoch ms. */
  time: number;
}

/** Marks the classes new since the application's latest deployment (newErrorClasses.ts). */
export interface ErrorClassMarker {
  /** Never rejects: what it cannot tell (unknown) it leaves unmarked. */
  mark(
    runNrql: (nrql: string) => Promise<NrqlResult>,
    applicationId: number,
    rows: ErrorClassRow[],
  ): Promise<ErrorClassRow[]>;
  /** Forgets every answer (another connection). */
  clear(): void;
}

export type ErrorClassesAnswer =
  | {
      kind: 'classes';
      applicationId: number;
      range: TimeRange;
      /** Most frequent first, then the latest; expected errors are left out (`expectedLeftOut`). */
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
      /** The occurrence's message, made plain by `errorText`. */
      message: string;
      timestamp: Date;
      /** Parsed with the application's agent's parser; foreign text in `text`, `name` and `path`. */
      frames: StackFrame[];
    }
  /** The occurrence is known but its stack is gone (older than the service keeps) or was never kept. */
  | { kind: 'aged-out'; occurrenceId: string; message: string; timestamp: Date }
  /** No occurrence of this class and transaction with a stack in the range. */
  | { kind: 'none' };

/** The key of a class within an application: the transaction's full name and the class. */
export function errorClassKey(transactionName: string, errorClass: string): string {
  return JSON.stringify([transactionName, errorClass]);
}

/**
 * Stacks looked up per application and refresh at most (a class's stack is kept for longer, errorDetails.ts
 * CLASS_STACK_MAX_AGE_MS): classes without a known stack first, most frequent first, so every class gets
 * its stack over a few refreshes while the cost per refresh stays bounded however many classes an
 * application has (applicationErrors.ts); a class opened by the user is fetched anyway.
 */
export const STACKS_PER_APPLICATION = 5;
