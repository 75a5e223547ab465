// Only the http→https upgrade of the service's 301 may change the key's origin; any other redirect elsewhere is
// refused, so the key is never sent where the user did not point it.
import * as l10n from '@vscode/l10n';

import { ApiError } from './apiError';

export class KeyOrigin {
  /** Unset only for a plain-http loopback base until its first 301 names the https origin. */
  private origin: string | undefined;

  constructor(private readonly base: URL) {
    this.origin = base.protocol === 'https:' ? base.origin : undefined;
  }

  mayCarryKey(url: URL): boolean {
    return url.protocol === 'https:' && url.origin === this.origin;
  }

  /** The redirect target, if it may be followed with the key; otherwise a redirectRefused error. */
  follow(from: URL, location: string | undefined): URL {
    const host = this.base.host;
    if (!location) {
      throw new ApiError('badResponse', l10n.t('{0} sent a redirect without a Location. Check the base URL.', host), {
        path: from.pathname,
      });
    }
    let target: URL;
    try {
      target = new URL(location, from);
    } catch {
      throw new ApiError(
        'badResponse',
        l10n.t('{0} sent a redirect to an invalid address. Check the base URL.', host),
        { path: from.pathname },
      );
    }
    if (target.hostname !== this.base.hostname) {
      throw new ApiError(
        'redirectRefused',
        l10n.t(
          '{0} redirected to another host ({1}); the request was not repeated there, so your API key was not sent. Check the base URL setting.',
          host,
          target.host,
        ),
        { path: from.pathname },
      );
    }
    if (target.protocol !== 'https:') {
      throw new ApiError(
        'redirectRefused',
        l10n.t(
          '{0} redirected to plain HTTP ({1}//{2}); the API key is never sent over HTTP. Check the base URL or your proxy.',
          host,
          target.protocol,
          target.host,
        ),
        { path: from.pathname },
      );
    }
    if (from.protocol === 'http:' && this.origin === undefined) {
      this.origin = target.origin;
    } else if (target.origin !== this.origin) {
      throw new ApiError(
        'redirectRefused',
        l10n.t(
          '{0} redirected to another port ({1}); the request was not repeated there, so your API key was not sent. Check the base URL setting.',
          host,
          target.host,
        ),
        { path: from.pathname },
      );
    }
    return target;
  }
}
