import { metricNameOf, transactionLabel } from '../errors/errorDiagnosticModel';
import type { ErrorClassRow, StackAnswer } from '../errors/errorModel';
import { errorText } from '../errors/errorText';
import type { StackFrame } from '../errors/stackFrame';
import { foreign, isoMinute } from './toolAnswer';
import type { ApplicationRef } from './toolInput';
import {
  APPLICATION_FIELDS,
  applicationRef,
  inputObject,
  MAX_RANGE_MINUTES,
  optionalInteger,
  optionalText,
  ToolInputError,
} from './toolInput';

// Each new occurrence costs one `exception` request (errors/errorDetails.ts keeps them).
export const MAX_ERROR_CLASSES = 25;

export interface ErrorsInput {
  application: ApplicationRef;
  /** A transaction's name as the tools and views give it (`Controller/orders/show`) or as the events do. */
  transaction?: string;
  path?: string;
  /** Undefined: the lenses' and diagnostics' range. */
  minutes?: number;
}

export function errorsInput(input: unknown): ErrorsInput {
  const fields = inputObject(input, [...APPLICATION_FIELDS, 'transaction', 'path', 'minutes']);
  const transaction = optionalText(fields, 'transaction');
  const path = optionalText(fields, 'path', 1000);
  if (transaction !== undefined && path !== undefined) {
    throw new ToolInputError('Give "transaction" or "path", not both.');
  }
  const minutes = optionalInteger(fields, 'minutes', 1, MAX_RANGE_MINUTES);
  return { application: applicationRef(fields), transaction, path, minutes };
}

/** Whether `given` names the class's transaction: its events' full name, its metric name or the views' label. */
export function isTransaction(row: ErrorClassRow, language: string, given: string): boolean {
  return [row.transactionName, metricNameOf(language, row.transactionName), transactionLabel(row.transactionName)].some(
    (name) => name === given,
  );
}

export interface LocatedFrame {
  relativePath: string;
  line: number;
}

/**
 * The top in-app frame: the first a bound folder has (where the diagnostic stands), else the first in-app
 * frame with the server's path; `index` says which frame, to compare a file against.
 */
export function topFrame(
  frames: readonly StackFrame[],
  located: ReadonlyArray<LocatedFrame | undefined>,
): { index: number; text: string; inWorkspace: boolean } | undefined {
  const mapped = located.findIndex((t) => t !== undefined);
  if (mapped >= 0) {
    const t = located[mapped]!;
    return { index: mapped, text: `${t.relativePath}:${t.line}`, inWorkspace: true };
  }
  const index = frames.findIndex((f) => f.inApp && f.path !== undefined);
  if (index < 0) {
    return undefined;
  }
  const f = frames[index];
  return { index, text: `${f.path}${f.line !== undefined ? `:${f.line}` : ''}`, inWorkspace: false };
}

const STACK_WORDS = { stack: 'no in-app frame', 'aged-out': 'aged out', none: 'none', unread: 'not read' } as const;

/** One class as the answer holds it; foreign text only in JSON strings, made plain. */
export function errorClassRow(
  row: ErrorClassRow,
  language: string,
  stack: StackAnswer | undefined,
  top: ReturnType<typeof topFrame>,
) {
  return {
    class: foreign(errorText(row.errorClass, 'class')),
    message: foreign(row.message),
    count: row.count,
    lastSeen: isoMinute(row.lastSeen.getTime()),
    transaction: foreign(metricNameOf(language, row.transactionName)),
    ...(top
      ? { topFrame: foreign(top.text), topFrameInWorkspace: top.inWorkspace }
      : { stack: STACK_WORDS[stack?.kind ?? 'unread'] }),
  };
}

export const ERRORS_NOTES = [
  'count: error events over the range (agents sample them, so a floor); lastSeen in UTC; expected errors are left out.',
  "topFrame: the top in-app frame of the latest stack, as file:line of the workspace when topFrameInWorkspace (where the editor's Problems panel shows it), else the server's path.",
];

export const NEEDS_NERDGRAPH_TEXT =
  'Error classes and stacks come from NerdGraph, which this key cannot query (REST API v2 gives error counts only): the user can set a user key with NerdGraph access ("Timeslice: Set API Key").';
