/** "Set API Key…", "Remove API Key…" and "Switch Region…". Keys go to SecretStorage only. */
import * as vscode from 'vscode';

import type { HttpTimesliceApi } from '../api/rest/client';
import type { NerdGraphAccount } from '../api/nerdgraph/accounts';
import { isApiError } from '../api/apiError';
import type { Region } from '../api/regions';
import { baseUrlFor, otherRegion, REGION_BASE_URLS, REGION_LABELS } from '../api/regions';
import { parseBaseUrl } from '../api/transport';
import { originOf } from '../auth/keyRecord';
import type { Services } from '../services';
import { QuickSteps } from '../palette/quickSteps';
import { safeText } from '../util/safeText';
import { askAccount, fetchAccounts } from './accountCommands';

interface RegionItem extends vscode.QuickPickItem {
  region: Region;
}

function regionItems(services: Services, withKeys: ReadonlySet<Region>, only?: Region[]): RegionItem[] {
  const current = services.config.region;
  return (only ?? (['us', 'eu', 'custom'] as Region[])).map((region) => ({
    region,
    label: REGION_LABELS[region],
    description:
      region === 'custom'
        ? services.config.customBaseUrl || vscode.l10n.t('a proxy or the simulator')
        : REGION_BASE_URLS[region],
    detail: [
      region === current ? vscode.l10n.t('current region') : '',
      withKeys.has(region) ? vscode.l10n.t('key set') : vscode.l10n.t('no key'),
    ]
      .filter(Boolean)
      .join(' · '),
  }));
}

const REGION_PLACEHOLDER = () => vscode.l10n.t('Where does your account live?');

async function pickRegion(services: Services, title: string, only?: Region[]): Promise<Region | undefined> {
  const items = regionItems(services, new Set(await services.apiKeys.regionsWithKeys()), only);
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: REGION_PLACEHOLDER(),
    ignoreFocusOut: true,
  });
  return picked?.region;
}

const CUSTOM_BASE_URL_STEP = (services: Services) => ({
  title: vscode.l10n.t('Custom base URL'),
  prompt: vscode.l10n.t('HTTPS base URL of the REST API v2 (a proxy, or the simulator)'),
  value: services.config.customBaseUrl || 'https://',
  validate: (v: string) => {
    try {
      parseBaseUrl(v);
      return undefined;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  },
});

async function askCustomBaseUrl(services: Services): Promise<string | undefined> {
  const step = CUSTOM_BASE_URL_STEP(services);
  return vscode.window.showInputBox({
    title: step.title,
    prompt: step.prompt,
    value: step.value,
    ignoreFocusOut: true,
    validateInput: step.validate,
  });
}

/**
 * One request with the candidate key before it is stored, to the backend the connection will speak:
 * REST v2 lists no application; NerdGraph lists the key's accounts (returned, so one can be chosen).
 */
async function checkKey(
  services: Services,
  region: Region,
  key: string,
  baseUrl: string,
): Promise<NerdGraphAccount[] | undefined> {
  if (services.connections.backends.decide(services.config.backend, originOf(baseUrl)).backend === 'nerdGraph') {
    return fetchAccounts(services, baseUrl, key);
  }
  let api: HttpTimesliceApi;
  try {
    // The same CA, header and timeout settings as the connection the key will serve; one try only.
    api = services.connections.clientFor(baseUrl, () => Promise.resolve(key), 1);
  } catch (e) {
    throw isApiError(e) ? e : new Error(String(e));
  }
  try {
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Checking the key with {0}…', REGION_LABELS[region]),
        cancellable: true,
      },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return api.rawRequest('/v2/applications.json', new URLSearchParams({ 'filter[ids]': '0' }), {
          signal: abort.signal,
        });
      },
    );
  } finally {
    void api.dispose();
  }
  return undefined;
}

export function setApiKey(services: Services) {
  return async (presetRegion?: Region): Promise<void> => {
    // Region, base URL and key as steps of one quick input (see QuickSteps for why).
    const steps = new QuickSteps();
    let region: Region | undefined;
    let baseUrl: string | undefined;
    let key: string | undefined;
    try {
      region =
        presetRegion ??
        (
          await steps.pick(regionItems(services, new Set(await services.apiKeys.regionsWithKeys())), {
            title: vscode.l10n.t('Set API Key: region'),
            placeholder: REGION_PLACEHOLDER(),
          })
        )?.region;
      if (!region) {
        return;
      }
      baseUrl = region === 'custom' ? services.config.customBaseUrl : baseUrlFor(region);
      if (region === 'custom') {
        const entered = await steps.input(CUSTOM_BASE_URL_STEP(services));
        if (!entered) {
          return;
        }
        baseUrl = parseBaseUrl(entered).href.replace(/\/$/, '');
      }
      const legacyHeader = services.config.apiKeyHeader === 'X-Api-Key';
      key = await steps.input({
        title: vscode.l10n.t('Set API Key: {0}', REGION_LABELS[region]),
        prompt: vscode.l10n.t(
          "Your User API key (create one under your account's API keys page; it starts with NRAK-)",
        ),
        placeholder: 'NRAK-…',
        password: true,
        validate: (v) => {
          const t = v.trim();
          if (!t) {
            return vscode.l10n.t('Enter the key.');
          }
          if (/\s/.test(t)) {
            return vscode.l10n.t('A key has no spaces.');
          }
          if (!legacyHeader && !t.startsWith('NRAK-')) {
            return vscode.l10n.t('Only User keys are accepted (they start with NRAK-).');
          }
          return undefined;
        },
      });
    } finally {
      steps.dispose();
    }
    if (!key) {
      return;
    }
    let accounts: NerdGraphAccount[] | undefined;
    try {
      accounts = await checkKey(services, region, key.trim(), baseUrl);
    } catch (e) {
      const message = isApiError(e) ? e.message : String(e);
      if (isApiError(e) && e.kind === 'cancelled') {
        return;
      }
      const other = otherRegion(region);
      if (isApiError(e) && e.kind === 'wrongRegion' && other) {
        // The service told us where the key lives: offer to store it there instead of asking again.
        // Not wrongRegionAdvice's "switch the region": saving the key for its region is this command's own answer.
        const choice = await vscode.window.showErrorMessage(
          vscode.l10n.t(
            'The key was not saved: it belongs to an account in the {0} region, not {1}. Save it for {0} instead (that also makes {0} the current region).',
            REGION_LABELS[other],
            REGION_LABELS[region],
          ),
          vscode.l10n.t('Save for {0}', REGION_LABELS[other]),
          vscode.l10n.t('Show Log'),
        );
        if (choice === vscode.l10n.t('Save for {0}', REGION_LABELS[other])) {
          await saveCheckedKey(services, other, key.trim(), baseUrlFor(other));
        } else if (choice === vscode.l10n.t('Show Log')) {
          services.showLog();
        }
        return;
      }
      if (isApiError(e) && e.kind === 'auth') {
        // The error's own advice is to run Set API Key, the command the user is in. Through NerdGraph a
        // key of the other region is refused the same way (401, no region page): say so, and offer that region.
        const text = other
          ? vscode.l10n.t(
              'The key was not saved: the {0} service rejected it. Check that it is a User key (it starts with NRAK-) of an account in the {0} region: a key of the {1} region is rejected the same way.',
              REGION_LABELS[region],
              REGION_LABELS[other],
            )
          : vscode.l10n.t(
              'The key was not saved: the service at this base URL rejected it. Check that it is a User key (it starts with NRAK-) the service accepts.',
            );
        const tryOther = other ? vscode.l10n.t('Save for {0}', REGION_LABELS[other]) : undefined;
        const choice = await vscode.window.showErrorMessage(
          text,
          ...[vscode.l10n.t('Try Again'), ...(tryOther ? [tryOther] : []), vscode.l10n.t('Show Log')],
        );
        if (choice === vscode.l10n.t('Try Again')) {
          await vscode.commands.executeCommand('timeslice.setApiKey', region);
        } else if (other && choice === tryOther) {
          await saveCheckedKey(services, other, key.trim(), baseUrlFor(other));
        } else if (choice === vscode.l10n.t('Show Log')) {
          services.showLog();
        }
        return;
      }
      const again = await vscode.window.showErrorMessage(
        vscode.l10n.t('The key was not saved: {0}', safeText(message, 1000)),
        vscode.l10n.t('Try Again'),
        vscode.l10n.t('Show Log'),
      );
      if (again === vscode.l10n.t('Try Again')) {
        await vscode.commands.executeCommand('timeslice.setApiKey', region);
      } else if (again === vscode.l10n.t('Show Log')) {
        services.showLog();
      }
      return;
    }
    await storeKey(services, region, key.trim(), baseUrl, accounts);
  };
}

/** Checks a key with the region's service, then stores it and makes that region the current one. */
async function saveCheckedKey(services: Services, region: Region, key: string, baseUrl: string): Promise<void> {
  let accounts: NerdGraphAccount[] | undefined;
  try {
    accounts = await checkKey(services, region, key, baseUrl);
  } catch (e) {
    if (!(isApiError(e) && e.kind === 'cancelled')) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'The key was not saved for {0} either: {1}',
          REGION_LABELS[region],
          safeText(e instanceof Error ? e.message : String(e), 1000),
        ),
      );
    }
    return;
  }
  await storeKey(services, region, key, baseUrl, accounts);
}

async function storeKey(
  services: Services,
  region: Region,
  key: string,
  baseUrl: string | undefined,
  accounts?: NerdGraphAccount[],
): Promise<void> {
  // NerdGraph: the account NRQL runs in, stored with the key (asked only when the key sees several).
  let accountId: number | undefined;
  if (accounts) {
    try {
      accountId = await askAccount(accounts);
    } catch (e) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('The key was not saved: {0}', safeText(e instanceof Error ? e.message : String(e), 1000)),
      );
      return;
    }
    if (accountId === undefined) {
      return; // Dismissed: nothing is stored.
    }
  }
  // Settings first, then the key, so the connection is rebuilt once with both.
  if (region === 'custom') {
    await services.config.update('customBaseUrl', baseUrl);
  }
  if (services.config.region !== region) {
    await services.config.update('region', region);
  }
  await services.apiKeys.set(region, key, region === 'custom' && baseUrl ? originOf(baseUrl) : undefined, accountId);
  void vscode.window.showInformationMessage(
    vscode.l10n.t("API key for {0} saved in VS Code's secret storage.", REGION_LABELS[region]),
  );
}

export function removeApiKey(services: Services) {
  return async (): Promise<void> => {
    const regions = await services.apiKeys.regionsWithKeys();
    if (regions.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No API key is stored.'));
      return;
    }
    const region = await pickRegion(services, vscode.l10n.t('Remove API Key'), regions);
    if (!region) {
      return;
    }
    const confirm = await vscode.window.showWarningMessage(
      vscode.l10n.t('Remove the API key for {0}?', REGION_LABELS[region]),
      { modal: true },
      vscode.l10n.t('Remove'),
    );
    if (confirm === vscode.l10n.t('Remove')) {
      await services.apiKeys.delete(region);
    }
  };
}

export function switchRegion(services: Services) {
  return async (): Promise<void> => {
    const region = await pickRegion(services, vscode.l10n.t('Switch Region'));
    if (!region) {
      return;
    }
    if (region === 'custom' && !services.config.customBaseUrl) {
      const entered = await askCustomBaseUrl(services);
      if (!entered) {
        return;
      }
      await services.config.update('customBaseUrl', parseBaseUrl(entered).href.replace(/\/$/, ''));
    }
    await services.config.update('region', region);
  };
}
