// NerdGraph does not infer the account from the key (docs/service.md#accounts); the choice is stored with it.
import * as vscode from 'vscode';

import type { AccountPick } from '../api/backend';
import { listAccounts, pickAccount } from '../api/backend';
import type { NerdGraphAccount } from '../api/nerdgraph/accounts';
import { baseUrlFor, REGION_LABELS } from '../api/regions';
import { parseBaseUrl } from '../api/transport';
import type { RequestOptions } from '../api/types';
import { keyForOrigin, originOf } from '../auth/keyRecord';
import type { Services } from '../services';
import { safeText } from '../util/safeText';

interface AccountItem extends vscode.QuickPickItem {
  account: NerdGraphAccount;
}

export function listingAccounts(
  list: (options: RequestOptions) => Promise<NerdGraphAccount[]>,
): Thenable<NerdGraphAccount[]> {
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t("Listing the key's accounts through NerdGraph…"),
      cancellable: true,
    },
    (_progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return list({ signal: abort.signal });
    },
  );
}

/** The accounts of a key not stored yet, with progress and cancel; one try (the user is waiting). */
export async function fetchAccounts(services: Services, baseUrl: string, key: string): Promise<NerdGraphAccount[]> {
  return listingAccounts((options) =>
    listAccounts(
      services.connections.clientOptions(baseUrl, () => Promise.resolve(key), 1),
      options,
    ),
  );
}

async function choose(
  accounts: NerdGraphAccount[],
  currentId: number | undefined,
  title: string,
): Promise<NerdGraphAccount | undefined> {
  const items: AccountItem[] = accounts.map((account) => ({
    account,
    label: safeText(account.name),
    description: String(account.id),
    detail: account.id === currentId ? vscode.l10n.t('current account') : undefined,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Which account should NRQL queries run in?'),
    ignoreFocusOut: true,
    matchOnDescription: true,
  });
  return picked?.account;
}

/** The only one without asking; undefined when dismissed; throws when the key sees no account. */
export async function askAccount(accounts: NerdGraphAccount[], storedId?: number): Promise<number | undefined> {
  const pick: AccountPick = pickAccount(accounts, storedId);
  switch (pick.kind) {
    case 'use':
      return pick.account.id;
    case 'none':
      throw new Error(
        vscode.l10n.t(
          "The key's user sees no account through NerdGraph, so NRQL has nowhere to run. Set a key of a user with access to an account.",
        ),
      );
    case 'ask':
      return (
        await choose(pick.accounts, storedId, vscode.l10n.t('Choose the account ({0} found)', pick.accounts.length))
      )?.id;
  }
}

export function switchAccount(services: Services) {
  return async (): Promise<void> => {
    const region = services.config.region;
    const baseUrl = parseBaseUrl(baseUrlFor(region, services.config.customBaseUrl)).href;
    const record = await services.apiKeys.record(region);
    const found = keyForOrigin(record, region === 'custom', originOf(baseUrl));
    if (!record || !found || !('key' in found)) {
      const setKey = vscode.l10n.t('Set API Key…');
      const set = await vscode.window.showWarningMessage(
        vscode.l10n.t('No usable API key is stored for {0}: set one first.', REGION_LABELS[region]),
        setKey,
      );
      if (set === setKey) {
        await vscode.commands.executeCommand('timeslice.setApiKey', region);
      }
      return;
    }
    const accounts = await fetchAccounts(services, baseUrl, found.key);
    if (accounts.length === 0) {
      void vscode.window.showWarningMessage(vscode.l10n.t("The key's user sees no account through NerdGraph."));
      return;
    }
    const picked = await choose(
      [...accounts].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
      record.accountId,
      vscode.l10n.t('Switch Account ({0})', REGION_LABELS[region]),
    );
    if (!picked || picked.id === record.accountId) {
      return;
    }
    await services.apiKeys.setAccount(region, picked.id);
    const name = safeText(picked.name);
    void vscode.window.showInformationMessage(
      services.connections.current?.backend === 'nerdGraph'
        ? vscode.l10n.t('NRQL now runs in {0} ({1}).', name, picked.id)
        : vscode.l10n.t(
            'NRQL now runs in {0} ({1}) when the backend is NerdGraph (see "timeslice.backend").',
            name,
            picked.id,
          ),
    );
  };
}
