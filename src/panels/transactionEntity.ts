/**
 * The two panel kinds of issue 24, beside protocol.ts (shared with the webview, no `vscode`): one
 * transaction's charts (`transaction`), and an application's transactions as a sortable table
 * (`transactions`). The transaction's name is foreign text: display text only, never HTML.
 */

export type TransactionPanelKind = 'transaction' | 'transactions';
export const TRANSACTION_PANEL_KINDS: readonly TransactionPanelKind[] = ['transaction', 'transactions'];

/** The longest transaction name a panel accepts (a restored state with a longer one is refused). */
export const MAX_TRANSACTION_NAME = 1000;

export type TransactionEntity =
  | {
      kind: 'transaction';
      applicationId: number;
      title: string;
      /** The metric name, e.g. `Controller/admin/users/show`. */
      transactionName: string;
      /** The application's language: picks the agent's companion names (src/api/transactionCompanions.ts). */
      language?: string;
    }
  | { kind: 'transactions'; applicationId: number; title: string; language?: string };

const isLanguage = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= 40);

/**
 * The fields only these kinds have: a transaction panel has a non-empty name, the table none; both
 * may say the language. Any other kind carries none of them.
 */
export function hasTransactionFields(v: Record<string, unknown>): boolean {
  switch (v.kind) {
    case 'transaction':
      return (
        typeof v.transactionName === 'string' &&
        v.transactionName.length > 0 &&
        v.transactionName.length <= MAX_TRANSACTION_NAME &&
        isLanguage(v.language)
      );
    case 'transactions':
      return v.transactionName === undefined && isLanguage(v.language);
    default:
      return v.transactionName === undefined && v.language === undefined;
  }
}

/** What `timeslice.openTransaction` accepts: `{ applicationId, name }`, the language optional. */
export interface OpenTransactionRequest {
  applicationId: number;
  /** The transaction's metric name. */
  name: string;
  /** The application's language, when the caller knows it (saves reading the application). */
  language?: string;
}

export function isOpenTransactionRequest(v: unknown): v is OpenTransactionRequest {
  if (typeof v !== 'object' || v === null) {
    return false;
  }
  const r = v as Record<string, unknown>;
  return (
    typeof r.applicationId === 'number' &&
    Number.isSafeInteger(r.applicationId) &&
    r.applicationId > 0 &&
    typeof r.name === 'string' &&
    r.name.length > 0 &&
    r.name.length <= MAX_TRANSACTION_NAME &&
    (r.language === undefined || (typeof r.language === 'string' && r.language.length <= 40))
  );
}
