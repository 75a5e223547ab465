/**
 * The words of Record Deployment's confirmation: the whole revision and the whole description (the user
 * checks them before they are written to the account for good) and the account it goes to, on both backends. NerdGraph names the
 * chosen account; REST v2 has no account id, only "the account the key belongs to" (its docs), so it
 * says that of the region's key. Pure (no `vscode`), so it is unit-tested in plain Node.
 */
import * as l10n from '@vscode/l10n';

import { MAX_REVISION_LENGTH } from '../api/deployments';
import { safeText } from '../util/safeText';

/** The longest description written (the agent's tool refuses a longer one): the dialog shows all of it. */
export const MAX_DESCRIPTION_LENGTH = 1000;

export interface ConfirmationTarget {
  revision: string;
  /** Shown whole, its lines kept. */
  description?: string;
  applicationName: string;
  /** The connection's label (the region, or Demo). */
  connectionLabel: string;
  /** NerdGraph's chosen account; undefined on REST v2. */
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
