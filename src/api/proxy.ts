// Proxy choice and dispatcher. HTTPS always goes through a CONNECT tunnel, so the proxy never sees the key.
import type { ProxyAgent } from 'undici';

import * as l10n from '@vscode/l10n';
import { undici } from './undiciModule';

import { ApiError } from './apiError';

export interface ProxyOptions {
  url: string;
  /** false: this client's connections through the proxy accept certificates that do not verify. */
  strictSSL: boolean;
  /** A Proxy-Authorization value (VS Code's `http.proxyAuthorization`), instead of credentials in the URL. */
  authorization?: string;
}

export interface ProxySources {
  /** VS Code's `http.proxy`; wins over the environment, as in VS Code itself. */
  setting?: string;
  strictSSL?: boolean;
  authorization?: string;
  /** VS Code's `http.noProxy`, added to NO_PROXY. */
  noProxy?: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
}

export interface ProxyChoice {
  proxy?: ProxyOptions;
  reason: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The proxy for requests to `target`: `http.proxy`, else HTTPS_PROXY (or HTTP_PROXY), unless NO_PROXY matches. */
export function chooseProxy(target: URL, sources: ProxySources): ProxyChoice {
  const fromSetting = sources.setting?.trim();
  // Like curl and undici, an HTTP_PROXY alone also serves https URLs.
  const env = sources.env;
  const fromEnv = (env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy)?.trim();
  const raw = fromSetting || fromEnv;
  if (!raw) {
    return { reason: 'no proxy configured' };
  }
  const origin = fromSetting
    ? l10n.t('the "http.proxy" setting')
    : env.HTTPS_PROXY || env.https_proxy
      ? 'HTTPS_PROXY'
      : 'HTTP_PROXY';
  const url = parseProxyUrl(raw, origin);
  const noProxy = [...splitNoProxy(sources.env.NO_PROXY ?? sources.env.no_proxy), ...(sources.noProxy ?? [])];
  if (matchesNoProxy(target, noProxy)) {
    return { reason: `${target.host} is in NO_PROXY / http.noProxy, so the proxy from ${origin} is not used` };
  }
  return {
    proxy: {
      url: url.href,
      strictSSL: sources.strictSSL ?? true,
      authorization: sources.authorization?.trim() || undefined,
    },
    reason: `proxy ${redactProxyUrl(url.href)} from ${origin}`,
  };
}

/** Validates a proxy URL. A bare "host:port" means http://host:port, as curl and VS Code read it. */
export function parseProxyUrl(raw: string, origin = 'the "http.proxy" setting'): URL {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ApiError(
      'invalidConfig',
      l10n.t('The proxy in {0} is not a URL. Use http://host:port (or http://user:password@host:port).', origin),
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError(
      'invalidConfig',
      l10n.t(
        'The proxy in {0} uses {1}//, which Timeslice does not support. Use an http:// or https:// proxy.',
        origin,
        url.protocol,
      ),
    );
  }
  return url;
}

export function redactProxyUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.username || url.password) {
      url.username = '***';
      url.password = '';
    }
    return url.href.replace(/\/$/, '');
  } catch {
    return raw.replace(/\/\/[^@/]*@/, '//***@');
  }
}

function splitNoProxy(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter((e) => e.length > 0);
}

/**
 * NO_PROXY as curl reads it: `*`, host names (which also match their subdomains), `.domain` or
 * `*.domain`, IP addresses, each optionally with `:port`. Any loopback entry matches every loopback
 * address, so `NO_PROXY=localhost` also covers 127.0.0.1.
 */
export function matchesNoProxy(target: URL, entries: readonly string[]): boolean {
  const host = target.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const rawEntry of entries) {
    const entry = rawEntry.trim().toLowerCase();
    if (entry === '*') {
      return true;
    }
    const parsed = /^(\[[^\]]+\]|[^:]+|[0-9a-f:]+)(?::(\d+))?$/.exec(
      entry.includes('::') && !entry.startsWith('[') ? `[${entry}]` : entry,
    );
    if (!parsed) {
      continue;
    }
    const entryHost = parsed[1].replace(/^\[(.*)\]$/, '$1').replace(/^\*?\./, '.');
    if (parsed[2] !== undefined && parsed[2] !== port) {
      continue;
    }
    if (LOOPBACK.has(host) && LOOPBACK.has(entryHost)) {
      return true;
    }
    const bare = entryHost.replace(/^\./, '');
    if (host === bare || host.endsWith(`.${bare}`)) {
      return true;
    }
  }
  return false;
}

/** `http.proxyStrictSSL: false` relaxes only the hop to the proxy; the API server's certificate carries the key, so it is always verified. */
export function proxyTlsOptions(
  proxy: Pick<ProxyOptions, 'strictSSL'>,
  ca?: string | string[],
): { requestTls: { ca?: string | string[] }; proxyTls: { ca?: string | string[]; rejectUnauthorized?: boolean } } {
  const trusted = ca ? { ca } : {};
  return {
    requestTls: { ...trusted },
    proxyTls: { ...trusted, ...(proxy.strictSSL ? {} : { rejectUnauthorized: false }) },
  };
}

/** `ca` (system certificates plus extra ones) is trusted for the service and for an https proxy. */
export function createProxyDispatcher(proxy: ProxyOptions, ca?: string | string[]): ProxyAgent {
  return new (undici().ProxyAgent)({
    uri: proxy.url,
    ...(proxy.authorization ? { token: proxy.authorization } : {}),
    ...proxyTlsOptions(proxy, ca),
  });
}
