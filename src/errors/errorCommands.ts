/**
 * The command that opens an error class's panel, as every surface that offers it calls it (the
 * diagnostics' code action, the tree). The panel registers it; this module only names it and its
 * argument, so no surface imports the panel. No `vscode`.
 */

import { COMMAND } from '../constants';

/** Opens the error panel of one class of one transaction. */
export const SHOW_ERROR_COMMAND = COMMAND.showError;

export interface ShowErrorArgs {
  applicationId: number;
  /** As the service names it. */
  errorClass: string;
  /** The full name: `WebTransaction/Controller/orders/show`. */
  transactionName: string;
}

/** Whether a command's argument is a ShowErrorArgs (arguments can come from keybindings or other extensions). */
export function isShowErrorArgs(v: unknown): v is ShowErrorArgs {
  const a = v as Partial<ShowErrorArgs> | undefined;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.applicationId === 'number' &&
    Number.isSafeInteger(a.applicationId) &&
    a.applicationId > 0 &&
    typeof a.errorClass === 'string' &&
    a.errorClass.length > 0 &&
    typeof a.transactionName === 'string' &&
    a.transactionName.length > 0
  );
}
