// A `ca` option replaces Node's default store instead of adding to it, so a user's CA file comes with everything Node
// would trust anyway: its bundled roots and NODE_EXTRA_CA_CERTS.
// Named imports: a namespace import of a Node module is bundled as a copy of all its exports.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

import * as l10n from '@vscode/l10n';
import { ApiError } from './apiError';

export interface TrustSources {
  caFile: string;
  /** NODE_EXTRA_CA_CERTS, which Node adds to its default store but not to a `ca` we pass. */
  extraCaFile?: string;
  readFile?: (file: string) => string;
}

/** The `ca` option for our clients, or undefined to keep Node's default store (which already has NODE_EXTRA_CA_CERTS). */
export function trustedCertificates(sources: TrustSources): string[] | undefined {
  if (!sources.caFile) {
    return undefined;
  }
  const read = sources.readFile ?? ((file: string) => readFileSync(file, 'utf8'));
  let pem: string;
  try {
    pem = read(sources.caFile);
  } catch {
    throw new ApiError(
      'invalidConfig',
      l10n.t(
        'The CA certificate file "{0}" (setting timeslice.caCertificatePath) cannot be read. Fix the path or clear the setting.',
        sources.caFile,
      ),
    );
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new ApiError(
      'invalidConfig',
      l10n.t('"{0}" (setting timeslice.caCertificatePath) holds no PEM certificate.', sources.caFile),
    );
  }
  let extra: string | undefined;
  if (sources.extraCaFile) {
    try {
      extra = read(sources.extraCaFile);
    } catch {
      extra = undefined; // Node itself warns about an unreadable NODE_EXTRA_CA_CERTS at startup.
    }
  }
  return [...rootCertificates, ...(extra?.includes('-----BEGIN CERTIFICATE-----') ? [extra] : []), pem];
}
