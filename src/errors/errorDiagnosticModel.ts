/**
 * What a production error looks like in the editor: the line of the top in-app frame that the
 * workspace has, a message with the class, the message's first line, how many in the range and that
 * count's share of the transaction's calls (its metrics over the same window, never the transaction's
 * whole error rate: docs/errors.md), the stack's other in-app frames that the folder has as related
 * information, and the rest summed up in one line. Pure: the class, its stack, the frames' workspace
 * paths and the calls come in; plain text goes out.
 */
import * as l10n from '@vscode/l10n';

import type { Region } from '../api/regions';
import type { TransactionStats } from '../api/transactionStats';
import { compactPercent } from '../format/presentation';
import type { ShowErrorArgs } from './errorCommands';
import type { ErrorClassRow } from './errorModel';
import { errorText } from './errorText';
import { newSinceLabel } from './newErrorClasses';
import type { StackFrame } from './stackFrame';

/** An in-app frame beside the diagnostic, at its own workspace file and line. */
export interface RelatedFrame {
  path: string;
  /** One-based. */
  line: number;
  text: string;
}

export interface ErrorDiagnosticEntry {
  /** The bound folder's file (relative, `/`-separated) and the one-based line of the top in-app frame. */
  path: string;
  line: number;
  message: string;
  /** The transaction, as the Problems panel's source. */
  source: string;
  /** The stack's other in-app frames the folder has, outermost last, none at the diagnostic's own line. */
  related: RelatedFrame[];
  /** The frames not listed, in one line ("12 library frames — Show Error for the full stack"); none when all are. */
  folded?: string;
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

/** The calls of a class's transaction over the window, from its metrics; undefined when they were not found. */
export function callCountOf(
  stats: readonly TransactionStats[],
  agentLanguage: string,
  row: Pick<ErrorClassRow, 'transactionName'>,
): number | undefined {
  return stats.find((s) => s.name === metricNameOf(agentLanguage, row.transactionName))?.callCount;
}

/**
 * A class's share of its transaction's calls over the same window: undefined when the calls are unknown
 * or none, or fewer than the class's events (the two figures would not both hold).
 */
export function classShare(count: number, callCount: number | undefined): number | undefined {
  return callCount !== undefined && callCount > 0 && count <= callCount ? count / callCount : undefined;
}

/**
 * `TimeoutError: upstream timed out — 120 in the last 30 min (0.4 % of the calls to Controller/orders/show)`,
 * after `New since 0922c08 · ` for a class new since the latest deployment (the code field stays as it is).
 */
export function diagnosticMessage(row: ErrorClassRow, rangeLabel: string, callCount: number | undefined): string {
  const head = row.message
    ? `${errorText(row.errorClass, 'class')}: ${row.message}`
    : errorText(row.errorClass, 'class');
  const count = l10n.t('{0} in the last {1}', row.count, rangeLabel);
  const share = classShare(row.count, callCount);
  const rate =
    share === undefined
      ? ''
      : ` ${l10n.t('({0} of the calls to {1})', compactPercent(share), transactionLabel(row.transactionName))}`;
  const fresh = row.newSince ? `${newSinceLabel(row.newSince)} · ` : '';
  return `${fresh}${head} — ${count}${rate}`;
}

/**
 * "12 library frames and 1 other frame — Show Error for the full stack": the frames a diagnostic does not
 * list (other: in-app ones the folder lacks, and lines no parser read).
 */
export function foldedFrames(library: number, other: number): string | undefined {
  const parts = [
    ...(library === 0 ? [] : [library === 1 ? l10n.t('1 library frame') : l10n.t('{0} library frames', library)]),
    ...(other === 0 ? [] : [other === 1 ? l10n.t('1 other frame') : l10n.t('{0} other frames', other)]),
  ];
  if (parts.length === 0) {
    return undefined;
  }
  const what = parts.length === 2 ? l10n.t('{0} and {1}', parts[0], parts[1]) : parts[0];
  return l10n.t('{0} — Show Error for the full stack', what);
}

/** `TimeoutError ×120`: a transaction's top class for its lens. */
export function lensErrorClass(row: Pick<ErrorClassRow, 'errorClass' | 'count'>): string {
  return `${errorText(row.errorClass, 'class', MAX_LENS_CLASS_LENGTH)} ×${row.count}`;
}

/**
 * The diagnostic of one class: at the first in-app frame whose file the folder has (`paths`: each
 * frame's workspace path, as WorkspaceFileMap.mapFrames gives them), or none when no in-app frame maps
 * (a frame is never guessed). The other in-app frames that map are related, each at its own line; library
 * frames, in-app ones the folder lacks and unread lines are only counted: a location for them would be a guess.
 */
export function diagnosticEntry(options: {
  applicationId: number;
  row: ErrorClassRow;
  frames: readonly StackFrame[];
  paths: ReadonlyArray<string | undefined>;
  rangeLabel: string;
  /** The transaction's calls over the same window, when its metrics are known. */
  callCount: number | undefined;
}): ErrorDiagnosticEntry | undefined {
  const { frames, paths, row } = options;
  const maps = (f: StackFrame, i: number) => f.inApp && f.line !== undefined && paths[i] !== undefined;
  const top = frames.findIndex(maps);
  if (top < 0) {
    return undefined;
  }
  const path = paths[top]!;
  const line = frames[top].line!;
  const related: RelatedFrame[] = [];
  let library = 0;
  let other = 0;
  frames.forEach((f, i) => {
    if (i === top) {
      return;
    }
    if (f.parsed && !f.inApp) {
      library++;
    } else if (!maps(f, i)) {
      other++;
    } else if (paths[i] !== path || f.line !== line) {
      related.push({ path: paths[i]!, line: f.line!, text: errorText(f.text, 'frame') });
    }
  });
  const folded = foldedFrames(library, other);
  return {
    path,
    line,
    message: diagnosticMessage(row, options.rangeLabel, options.callCount),
    source: transactionLabel(row.transactionName),
    related,
    ...(folded === undefined ? {} : { folded }),
    args: { applicationId: options.applicationId, errorClass: row.errorClass, transactionName: row.transactionName },
  };
}
