/**
 * The user checks the whole revision and description before they are written for good. REST v2 has no account id,
 * only "the account the key belongs to" (its docs), so it says that of the region's key.
 */
import * as l10n from '@vscode/l10n';

import { MAX_REVISION_LENGTH } from '../api/deployments';
import { safeText } from '../util/safeText';

/** The longest description written (the agent's tool refuses a longer one): the dialog shows all of it. */
export const MAX_DESCRIPTION_LENGTH = 1000;

export interface ConfirmationTarget {
  revision: string;
  description?: string;
  applicationName: string;
  connectionLabel: string;
  accountId?: number;
  backendLabel: string;
}

export function deploymentConfirmation(t: ConfirmationTarget): string {
  const account =
    t.accountId !== undefined
      ? l10n.t('account {0} ({1})', t.accountId, safeText(t.connectionLabel))
      : l10n.t('the account the {0} key belongs to', safeText(t.connectionLabel));
  const question = l10n.t(
    'Record deployment {0} of "{1}" in {2}, through {3}?',
    safeText(t.revision.trim(), MAX_REVISION_LENGTH),
    safeText(t.applicationName),
    account,
    t.backendLabel,
  );
  const description = t.description
    ?.trim()
    .split('\n')
    .map((line) => safeText(line, MAX_DESCRIPTION_LENGTH))
    .join('\n');
  return description ? `${question}\n\n${l10n.t('Description: {0}', description)}` : question;
}
