// Classes, messages and frames come from the account: display text only, never HTML (docs/security.md).

export const MAX_ERROR_NAME = 1000;

export interface ErrorEntity {
  kind: 'error';
  applicationId: number;
  title: string;
  errorClass: string;
  transactionName: string;
  /** The application's agent language (which parser reads its frames); read from its record when absent. */
  language?: string;
}

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ERROR_NAME;

export function hasErrorFields(v: Record<string, unknown>): boolean {
  return v.kind === 'error'
    ? isName(v.errorClass) &&
        isName(v.transactionName) &&
        (v.language === undefined || (typeof v.language === 'string' && v.language.length <= 40))
    : v.errorClass === undefined;
}

export interface ErrorFrameView {
  text: string;
  /** The application's own code, not a library's (library frames are listed dimmed, folded away). */
  inApp: boolean;
  opens?: string;
}

export type ErrorStackView =
  | { kind: 'stack'; message: string; occurredAt: string; frames: ErrorFrameView[] }
  /** The occurrence is known, its stack is gone (older than the service keeps, or never kept). */
  | { kind: 'agedOut'; message: string; occurredAt: string }
  | { kind: 'none' }
  | { kind: 'needsNerdGraph'; message: string };

export interface ErrorClassView {
  /** What opening its error panel takes, never shown as is. */
  errorClass: string;
  /** One line, without control or bidi characters (src/errors/errorText.ts). */
  label: string;
  transactionName: string;
  message: string;
  count: number;
  lastSeen: string;
}

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
      note: string;
    };

export type ErrorPanelMessage = { type: 'openFrame'; index: number } | { type: 'showError'; errorClass: string };

/** The parsers keep 300 per stack (src/errors/stackFrame.ts). */
export const MAX_PANEL_FRAMES = 300;

export function isErrorPanelMessage(v: Record<string, unknown>): boolean {
  return v.type === 'openFrame'
    ? typeof v.index === 'number' && Number.isSafeInteger(v.index) && v.index >= 0 && v.index < MAX_PANEL_FRAMES
    : v.type === 'showError' && isName(v.errorClass);
}
