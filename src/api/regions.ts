import * as l10n from '@vscode/l10n';

/** Where the service lives. An account uses the deployment of its region (docs/service.md#regions-and-keys). */
export type Region = 'us' | 'eu' | 'custom';

export const REGION_BASE_URLS: Readonly<Record<Exclude<Region, 'custom'>, string>> = {
  us: 'https://api.newrelic.com',
  eu: 'https://api.eu.newrelic.com',
};

export const REGION_LABELS: Readonly<Record<Region, string>> = {
  us: 'US',
  eu: 'EU',
  // A getter: this object is built when the module loads, before activation configures the translations.
  get custom() {
    return l10n.t('Custom base URL');
  },
};

/** The region a key belongs to when the service says it is not valid in `region`: the other of US and EU. */
export function otherRegion(region: Region): Exclude<Region, 'custom'> | undefined {
  return region === 'us' ? 'eu' : region === 'eu' ? 'us' : undefined;
}

export function wrongRegionAdvice(region: Region): string {
  const other = otherRegion(region);
  return other
    ? l10n.t(
        'This key belongs to an account in the {0} region, not {1}: switch the region to {0}.',
        REGION_LABELS[other],
        REGION_LABELS[region],
      )
    : l10n.t('This key belongs to an account in the other region: switch the region to US or EU.');
}

/** The base URL for a region; `custom` uses the user's own URL (a proxy, or the simulator). */
export function baseUrlFor(region: Region, customBaseUrl?: string): string {
  if (region === 'custom') {
    if (!customBaseUrl) {
      throw new Error(l10n.t('The region is "custom" but no custom base URL is set.'));
    }
    return customBaseUrl;
  }
  return REGION_BASE_URLS[region];
}
