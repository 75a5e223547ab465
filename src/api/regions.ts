/** Where the service lives. An account uses the deployment of its region (spec 5.3). */
export type Region = 'us' | 'eu' | 'custom';

export const REGION_BASE_URLS: Readonly<Record<Exclude<Region, 'custom'>, string>> = {
  us: 'https://api.newrelic.com',
  eu: 'https://api.eu.newrelic.com',
};

export const REGION_LABELS: Readonly<Record<Region, string>> = {
  us: 'US',
  eu: 'EU',
  custom: 'Custom base URL',
};

/** The base URL for a region; `custom` uses the user's own URL (a proxy, or the simulator). */
export function baseUrlFor(region: Region, customBaseUrl?: string): string {
  if (region === 'custom') {
    if (!customBaseUrl) {
      throw new Error('The region is "custom" but no custom base URL is set.');
    }
    return customBaseUrl;
  }
  return REGION_BASE_URLS[region];
}
