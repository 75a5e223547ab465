/** "Set API Key…", "Remove API Key…" and "Switch Region…". Keys go to SecretStorage only. */
import * as vscode from 'vscode';

import type { HttpTimesliceApi } from '../api/client';
import { isApiError } from '../api/errors';
import type { Region } from '../api/regions';
import { baseUrlFor, otherRegion, REGION_BASE_URLS, REGION_LABELS, wrongRegionAdvice } from '../api/regions';
import { parseBaseUrl } from '../api/transport';
import { originOf } from '../auth/keyRecord';
import type { Services } from '../services';
import { safeText } from '../util/safeText';

interface RegionItem extends vscode.QuickPickItem {
  region: Region;
}

async function pickRegion(services: Services, title: string, only?: Region[]): Promise<Region | undefined> {
  const withKeys = new Set(await services.apiKeys.regionsWithKeys());
  const current = services.config.region;
  const items: RegionItem[] = (only ?? (['us', 'eu', 'custom'] as Region[])).map((region) => ({
    region,
    label: REGION_LABELS[region],
    description: region === 'custom' ? services.config.customBaseUrl || 'a proxy or the simulator' : REGION_BASE_URLS[region],
    detail: [region === current ? 'current region' : '', withKeys.has(region) ? 'key set' : 'no key'].filter(Boolean).join(' · '),
  }));
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'Where does your account live?', ignoreFocusOut: true });
  return picked?.region;
}

async function askCustomBaseUrl(services: Services): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Custom base URL',
    prompt: 'HTTPS base URL of the REST API v2 (a proxy, or the simulator)',
    value: services.config.customBaseUrl || 'https://',
    ignoreFocusOut: true,
    validateInput: (v) => {
      try {
        parseBaseUrl(v);
        return undefined;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
  });
}

/** One request with the candidate key before it is stored. */
async function checkKey(services: Services, region: Region, key: string, baseUrl: string): Promise<void> {
  let api: HttpTimesliceApi;
  try {
    // The same CA, header and timeout settings as the connection the key will serve; one try only.
    api = services.connections.clientFor(baseUrl, async () => key, 1);
  } catch (e) {
    throw isApiError(e) ? e : new Error(String(e));
  }
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Checking the key with ${REGION_LABELS[region]}…`, cancellable: true },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return api.rawRequest('/v2/applications.json', new URLSearchParams({ 'filter[ids]': '0' }), { signal: abort.signal });
      },
    );
  } finally {
    void api.dispose();
  }
}

export function setApiKey(services: Services) {
  return async (presetRegion?: Region): Promise<void> => {
    const region = presetRegion ?? await pickRegion(services, 'Set API Key: region');
    if (!region) {
      return;
    }
    let baseUrl = region === 'custom' ? services.config.customBaseUrl : baseUrlFor(region);
    if (region === 'custom') {
      const entered = await askCustomBaseUrl(services);
      if (!entered) {
        return;
      }
      baseUrl = parseBaseUrl(entered).href.replace(/\/$/, '');
    }
    const legacyHeader = services.config.apiKeyHeader === 'X-Api-Key';
    const key = await vscode.window.showInputBox({
      title: `Set API Key: ${REGION_LABELS[region]}`,
      prompt: 'Your User API key (create one under your account\'s API keys page; it starts with NRAK-)',
      placeHolder: 'NRAK-…',
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => {
        const t = v.trim();
        if (!t) {
          return 'Enter the key.';
        }
        if (/\s/.test(t)) {
          return 'A key has no spaces.';
        }
        if (!legacyHeader && !t.startsWith('NRAK-')) {
          return 'Only User keys are accepted (they start with NRAK-).';
        }
        return undefined;
      },
    });
    if (!key) {
      return;
    }
    try {
      await checkKey(services, region, key.trim(), baseUrl);
    } catch (e) {
      const message = isApiError(e) ? e.message : String(e);
      if (isApiError(e) && e.kind === 'cancelled') {
        return;
      }
      const other = otherRegion(region);
      if (isApiError(e) && e.kind === 'wrongRegion' && other) {
        // The service told us where the key lives: offer to store it there instead of asking again.
        const choice = await vscode.window.showErrorMessage(`The key was not saved: ${wrongRegionAdvice(region)}`, `Save for ${REGION_LABELS[other]}`, 'Show Log');
        if (choice === `Save for ${REGION_LABELS[other]}`) {
          await saveCheckedKey(services, other, key.trim(), baseUrlFor(other));
        } else if (choice === 'Show Log') {
          services.showLog();
        }
        return;
      }
      const again = await vscode.window.showErrorMessage(`The key was not saved: ${safeText(message, 1000)}`, 'Try Again', 'Show Log');
      if (again === 'Try Again') {
        await vscode.commands.executeCommand('timeslice.setApiKey', region);
      } else if (again === 'Show Log') {
        services.showLog();
      }
      return;
    }
    await storeKey(services, region, key.trim(), baseUrl);
  };
}

/** Checks a key with the region's service, then stores it and makes that region the current one. */
async function saveCheckedKey(services: Services, region: Region, key: string, baseUrl: string): Promise<void> {
  try {
    await checkKey(services, region, key, baseUrl);
  } catch (e) {
    if (!(isApiError(e) && e.kind === 'cancelled')) {
      void vscode.window.showErrorMessage(`The key was not saved for ${REGION_LABELS[region]} either: ${safeText(e instanceof Error ? e.message : String(e), 1000)}`);
    }
    return;
  }
  await storeKey(services, region, key, baseUrl);
}

async function storeKey(services: Services, region: Region, key: string, baseUrl: string | undefined): Promise<void> {
  // Settings first, then the key, so the connection is rebuilt once with both.
  if (region === 'custom') {
    await services.config.update('customBaseUrl', baseUrl);
  }
  if (services.config.region !== region) {
    await services.config.update('region', region);
  }
  await services.apiKeys.set(region, key, region === 'custom' && baseUrl ? originOf(baseUrl) : undefined);
  void vscode.window.showInformationMessage(`API key for ${REGION_LABELS[region]} saved in VS Code's secret storage.`);
}

export function removeApiKey(services: Services) {
  return async (): Promise<void> => {
    const regions = await services.apiKeys.regionsWithKeys();
    if (regions.length === 0) {
      void vscode.window.showInformationMessage('No API key is stored.');
      return;
    }
    const region = await pickRegion(services, 'Remove API Key', regions);
    if (!region) {
      return;
    }
    const confirm = await vscode.window.showWarningMessage(`Remove the API key for ${REGION_LABELS[region]}?`, { modal: true }, 'Remove');
    if (confirm === 'Remove') {
      await services.apiKeys.delete(region);
    }
  };
}

export function switchRegion(services: Services) {
  return async (): Promise<void> => {
    const region = await pickRegion(services, 'Switch Region');
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

