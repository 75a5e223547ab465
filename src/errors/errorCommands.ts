// The panel registers the command; this module only names it, so no surface imports the panel.

import { COMMAND } from '../constants';

export const SHOW_ERROR_COMMAND = COMMAND.showError;

export interface ShowErrorArgs {
  applicationId: number;
  errorClass: string;
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
