// The two transaction panel kinds (shared with the webview); the transaction's name is foreign text, never HTML.

export type TransactionPanelKind = 'transaction' | 'transactions';
export const TRANSACTION_PANEL_KINDS: readonly TransactionPanelKind[] = ['transaction', 'transactions'];

/** The longest transaction name a panel accepts (a restored state with a longer one is refused). */
export const MAX_TRANSACTION_NAME = 1000;

export type TransactionEntity =
  | {
      kind: 'transaction';
      applicationId: number;
      title: string;
      transactionName: string;
      /** The application's language: picks the agent's companion names (src/api/transactionCompanions.ts). */
      language?: string;
    }
  | { kind: 'transactions'; applicationId: number; title: string; language?: string };

const isLanguage = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= 40);

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

export interface OpenTransactionRequest {
  applicationId: number;
  name: string;
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

export type TransactionRowAction = 'openTransaction' | 'goToCode';

/** The shape of a row action's name (the rest is checked against what the host sent: transactionRowRequest). */
export function isTransactionName(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_TRANSACTION_NAME;
}

/** The webview is untrusted: it may only name a transaction it was given, of the panel's own application. */
export function transactionRowRequest(
  entity: { kind: string; applicationId: number; language?: string },
  table: { rows: ReadonlyArray<{ metric: string }> } | undefined,
  name: string,
): OpenTransactionRequest | undefined {
  if (entity.kind !== 'transactions' || !table?.rows.some((r) => r.metric === name)) {
    return undefined;
  }
  return { applicationId: entity.applicationId, name, ...(entity.language ? { language: entity.language } : {}) };
}
