// Never the request, a header or the key. Pure (no `vscode`).
import { isApiError } from '../api/apiError';
import type { ErrorAction } from '../session/errorPolicy';
import { errorPolicy } from '../session/errorPolicy';
import { DATA_NOTICE, foreign } from './toolAnswer';
import { ToolInputError } from './toolInput';

const ACTION_WORDS: Partial<Record<ErrorAction, string>> = {
  setApiKey: 'The user can set a key with "Timeslice: Set API Key".',
  switchRegion: 'The user can switch region with "Timeslice: Switch Region".',
  switchAccount: 'The user can choose the account with "Timeslice: Switch Account".',
  openBackendSetting: 'The user can choose the backend in the setting timeslice.backend.',
  openProxySettings: "The user can check the proxy's settings.",
  openCaSetting: 'The user can set timeslice.caCertificatePath.',
  openSettings: "The user can check Timeslice's settings.",
  retry: 'Retrying later may work.',
};

export function toolErrorText(e: unknown): string {
  if (e instanceof ToolInputError) {
    return e.data ? `Error: ${e.message}\n${DATA_NOTICE}\n${JSON.stringify(e.data)}` : `Error: ${e.message}`;
  }
  const message = foreign(e instanceof Error ? e.message : String(e)) ?? '';
  if (!isApiError(e)) {
    return `Error: ${message}`;
  }
  const action = errorPolicy(e)
    .actions.map((a) => ACTION_WORDS[a])
    .find((w) => w !== undefined);
  return `Error: ${message}${action ? ` ${action}` : ''}`;
}

/** The answer while no session exists (the tools are hidden then; a call racing a disconnect gets this). */
export function noConnectionText(state: { kind: string; message?: string }): string {
  return state.kind === 'invalidConfig'
    ? `Error: Timeslice is not connected: ${foreign(state.message ?? '')}`
    : 'Error: Timeslice has no API key: the user can set one ("Timeslice: Set API Key") or start the demo ("Timeslice: Start Demo").';
}
