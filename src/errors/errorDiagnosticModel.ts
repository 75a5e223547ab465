// A production error in the editor as plain text (pure). Its share is of the transaction's calls over the
// same window, never the whole error rate (docs/errors.md).
import * as l10n from '@vscode/l10n';

import type { Region } from '../api/regions';
import type { TransactionStats } from '../api/transactionStats';
import { compactPercent } from '../format/presentation';
import type { ShowErrorArgs } from './errorCommands';
import type { ErrorClassRow } from './errorModel';
import { errorText } from './errorText';
import { newSinceLabel } from './newErrorClasses';
import type { StackFrame } from './stackFrame';

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
  source: string;
  related: RelatedFrame[];
  folded?: string;
  args: ShowErrorArgs;
}

export const MAX_LENS_CLASS_LENGTH = 60;

// An error group's own page needs an Errors Inbox request per class (docs/errors.md); the entity redirect
// needs only the GUID.
export const SERVICE_ENTITY_REDIRECT: Readonly<Record<Exclude<Region, 'custom'>, string>> = {
  us: 'https://one.newrelic.com/redirect/entity/',
  eu: 'https://one.eu.newrelic.com/redirect/entity/',
};

export function serviceErrorLink(region: string | undefined, entityGuid: string): string | undefined {
  const base = region === 'us' || region === 'eu' ? SERVICE_ENTITY_REDIRECT[region] : undefined;
  // A GUID is base64 (docs/service.md#applications): anything else is not put in a link.
  return base && /^[A-Za-z0-9+/=_-]{1,200}$/.test(entityGuid) ? `${base}${encodeURIComponent(entityGuid)}` : undefined;
}

// Ruby's web metrics are `Controller/…` where its events say `WebTransaction/Controller/…` (docs/service.md#agent-naming).
export function metricNameOf(agentLanguage: string, transactionName: string): string {
  return agentLanguage.toLowerCase() === 'ruby' && transactionName.startsWith('WebTransaction/Controller/')
    ? transactionName.slice('WebTransaction/'.length)
    : transactionName;
}

export function transactionLabel(transactionName: string): string {
  const short = transactionName.replace(/^(WebTransaction|OtherTransaction)\//, '');
  return errorText(short, 'class');
}

export function callCountOf(
  stats: readonly TransactionStats[],
  agentLanguage: string,
  row: Pick<ErrorClassRow, 'transactionName'>,
): number | undefined {
  return stats.find((s) => s.name === metricNameOf(agentLanguage, row.transactionName))?.callCount;
}

// Undefined when the calls are fewer than the class's events (the two figures would not both hold).
export function classShare(count: number, callCount: number | undefined): number | undefined {
  return callCount !== undefined && callCount > 0 && count <= callCount ? count / callCount : undefined;
}

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

export function lensErrorClass(row: Pick<ErrorClassRow, 'errorClass' | 'count'>): string {
  return `${errorText(row.errorClass, 'class', MAX_LENS_CLASS_LENGTH)} ×${row.count}`;
}

// A frame is never guessed: library frames and frames the folder lacks are only counted.
export function diagnosticEntry(options: {
  applicationId: number;
  row: ErrorClassRow;
  frames: readonly StackFrame[];
  paths: ReadonlyArray<string | undefined>;
  rangeLabel: string;
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
