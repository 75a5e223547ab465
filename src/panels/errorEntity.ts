/**
 * The error panel's part of the panel protocol, beside protocol.ts (shared with the webview, no `vscode`):
 * its entity (one error class of one transaction), what its data adds to a panel's (the latest stack,
 * and the transaction panel's error classes), and the two things its webview may ask. Classes, messages
 * and frames come from the account: display text only, never HTML (docs/security.md).
 */

/** The longest class or transaction name a panel or the command accepts. */
export const MAX_ERROR_NAME = 1000;

export interface ErrorEntity {
  kind: 'error';
  applicationId: number;
  /** The class, as shown in the tab and heading. */
  title: string;
  /** As the service names it, e.g. `ActiveRecord::RecordNotFound`. */
  errorClass: string;
  /** The full name the error events carry, e.g. `WebTransaction/Controller/orders/show`. */
  transactionName: string;
  /** The application's agent language (which parser reads its frames); read from its record when absent. */
  language?: string;
}

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ERROR_NAME;

/** The error kind has a class and a transaction name; every other kind has no class. */
export function hasErrorFields(v: Record<string, unknown>): boolean {
  return v.kind === 'error'
    ? isName(v.errorClass) &&
        isName(v.transactionName) &&
        (v.language === undefined || (typeof v.language === 'string' && v.language.length <= 40))
    : v.errorClass === undefined;
}

/** One frame as the panel lists it. */
export interface ErrorFrameView {
  /** The frame's text on one line, made plain (src/errors/errorText.ts). */
  text: string;
  /** The application's own code, not a library's (library frames are listed dimmed, folded away). */
  inApp: boolean;
  /** Where it opens in the bound folder ("app/models/order.rb:12"); absent when the workspace lacks its file. */
  opens?: string;
}

/** The latest stack of the panel's class, or why there is none. */
export type ErrorStackView =
  | { kind: 'stack'; message: string; occurredAt: string; frames: ErrorFrameView[] }
  /** The occurrence is known, its stack is gone (older than the service keeps, or never kept). */
  | { kind: 'agedOut'; message: string; occurredAt: string }
  | { kind: 'none' }
  /** REST v2 alone: classes and stacks need NerdGraph (`message` says so). */
  | { kind: 'needsNerdGraph'; message: string };

/** One error class of a transaction, for the transaction panel's table. */
export interface ErrorClassView {
  /** As the service names it: what opening its error panel takes, never shown as is. */
  errorClass: string;
  /** The class as shown: one line, without control or bidi characters (src/errors/errorText.ts). */
  label: string;
  /** The full name the events carry (what opening its error panel takes). */
  transactionName: string;
  /** The latest message's first line, plain. */
  message: string;
  count: number;
  /** ISO 8601. */
  lastSeen: string;
}

/** What an error or transaction panel's data adds: the error panel's stack, or the transaction's error classes. */
export type ErrorPanelData =
  | {
      kind: 'stack';
      stack: ErrorStackView;
      /** Why no frame opens a file: no folder of the workspace is bound to the application. */
      unboundNote?: string;
    }
  | {
      kind: 'classes';
      rows: ErrorClassView[];
      /** Said under the table: expected errors left out, or that classes need NerdGraph. */
      note: string;
    };

/** What the error part of a panel asks of the host: open a frame's line (by its index in the stack sent), or a class's panel. */
export type ErrorPanelMessage = { type: 'openFrame'; index: number } | { type: 'showError'; errorClass: string };

/** Frames a panel lists at most (the parsers keep 300 per stack, src/errors/stackFrame.ts). */
export const MAX_PANEL_FRAMES = 300;

export function isErrorPanelMessage(v: Record<string, unknown>): boolean {
  return v.type === 'openFrame'
    ? typeof v.index === 'number' && Number.isSafeInteger(v.index) && v.index >= 0 && v.index < MAX_PANEL_FRAMES
    : v.type === 'showError' && isName(v.errorClass);
}
