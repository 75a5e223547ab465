/**
 * What a production error looks like in the editor: the line of the top in-app frame that the
 * workspace has, a message with the class, the message's first line, how many in the range and the
 * transaction's error rate (from its `Errors/<txn>` metric over its calls, as the lens says it, never
 * from the sampled events: docs/errors.md), and every other frame as related information. Pure: the
 * class, its stack, the frames' workspace paths and the rate come in; plain text goes out.
 */
import * as l10n from '@vscode/l10n';

import type { Region } from '../api/regions';
import { compactPercent } from '../code/lensModel';
import type { ShowErrorArgs } from './errorCommands';
import type { ErrorClassRow } from './errorModel';
import { errorText } from './errorText';
import type { StackFrame } from './stackFrame';

/** A frame beside the diagnostic: its workspace file and line when the folder has it, else its text only. */
export interface RelatedFrame {
  path?: string;
  /** One-based. */
  line?: number;
  text: string;
}

export interface ErrorDiagnosticEntry {
  /** The bound folder's file (relative, `/`-separated) and the one-based line of the top in-app frame. */
  path: string;
  line: number;
  message: string;
  /** The transaction, as the Problems panel's source. */
  source: string;
  related: RelatedFrame[];
  args: ShowErrorArgs;
}

/** The longest class shown in a lens (a lens is one line above code). */
export const MAX_LENS_CLASS_LENGTH = 60;

/**
 * Where "Open in the service" goes: the application's page through the service's entity redirect
 * (`https://one.newrelic.com/redirect/entity/<guid>`), whose Errors view lists the class. An error
 * group's own page has a link only through Errors Inbox (`errorGroup { url }`, docs/errors.md), one
 * more request per class; the redirect needs only the GUID the stacks are asked with.
 */
export const SERVICE_ENTITY_REDIRECT: Readonly<Record<Exclude<Region, 'custom'>, string>> = {
  us: 'https://one.newrelic.com/redirect/entity/',
  eu: 'https://one.eu.newrelic.com/redirect/entity/',
};

/** The application's page on the service's own domain for the region; none for the demo or a custom URL. */
export function serviceErrorLink(region: string | undefined, entityGuid: string): string | undefined {
  const base = region === 'us' || region === 'eu' ? SERVICE_ENTITY_REDIRECT[region] : undefined;
  // A GUID is base64 (docs/service.md#applications): anything else is not put in a link.
  return base && /^[A-Za-z0-9+/=_-]{1,200}$/.test(entityGuid) ? `${base}${encodeURIComponent(entityGuid)}` : undefined;
}

/**
 * The metric name of an event's transaction name: Ruby's web metrics are `Controller/…` where its
 * events say `WebTransaction/Controller/…` (docs/service.md#agent-naming); the others' are the same.
 */
export function metricNameOf(agentLanguage: string, transactionName: string): string {
  return agentLanguage.toLowerCase() === 'ruby' && transactionName.startsWith('WebTransaction/Controller/')
    ? transactionName.slice('WebTransaction/'.length)
    : transactionName;
}

/** The transaction as the views name it: without `WebTransaction/` or `OtherTransaction/`, on one plain line. */
export function transactionLabel(transactionName: string): string {
  const short = transactionName.replace(/^(WebTransaction|OtherTransaction)\//, '');
  return errorText(short, 'class');
}

/** `TimeoutError: upstream timed out — 120 in the last 30 min (3.1 % of Controller/orders/show)`. */
export function diagnosticMessage(row: ErrorClassRow, rangeLabel: string, errorRate: number | undefined): string {
  const head = row.message
    ? `${errorText(row.errorClass, 'class')}: ${row.message}`
    : errorText(row.errorClass, 'class');
  const count = l10n.t('{0} in the last {1}', row.count, rangeLabel);
  const rate =
    errorRate === undefined
      ? ''
      : ` ${l10n.t('({0} of {1})', compactPercent(errorRate), transactionLabel(row.transactionName))}`;
  return `${head} — ${count}${rate}`;
}

/** `TimeoutError ×120`: a transaction's top class for its lens. */
export function lensErrorClass(row: Pick<ErrorClassRow, 'errorClass' | 'count'>): string {
  return `${errorText(row.errorClass, 'class', MAX_LENS_CLASS_LENGTH)} ×${row.count}`;
}

/**
 * The diagnostic of one class: at the first in-app frame whose file the folder has (`paths`: each
 * frame's workspace path, as WorkspaceFileMap.mapFrames gives them), or none when no in-app frame maps
 * (a frame is never guessed).
 */
export function diagnosticEntry(options: {
  applicationId: number;
  row: ErrorClassRow;
  frames: readonly StackFrame[];
  paths: ReadonlyArray<string | undefined>;
  rangeLabel: string;
  errorRate: number | undefined;
}): ErrorDiagnosticEntry | undefined {
  const { frames, paths, row } = options;
  const top = frames.findIndex((f, i) => f.inApp && f.line !== undefined && paths[i] !== undefined);
  if (top < 0) {
    return undefined;
  }
  const related = frames.flatMap((f, i): RelatedFrame[] =>
    i === top
      ? []
      : [
          paths[i] !== undefined && f.line !== undefined
            ? { path: paths[i], line: f.line, text: errorText(f.text, 'frame') }
            : { text: errorText(f.text, 'frame') },
        ],
  );
  return {
    path: paths[top]!,
    line: frames[top].line!,
    message: diagnosticMessage(row, options.rangeLabel, options.errorRate),
    source: transactionLabel(row.transactionName),
    related,
    args: { applicationId: options.applicationId, errorClass: row.errorClass, transactionName: row.transactionName },
  };
}
