/**
 * The current connection to the service: an API client for the chosen region (or the demo) and the
 * key stored for it. Rebuilt when the region, base URL, format, header, CA, proxy, key or demo changes; the
 * old client's in-flight work belongs to it and is closed with it.
 */
import * as vscode from 'vscode';

import type { TimesliceApi } from './api/client';
import { HttpTimesliceApi } from './api/client';
import { ApiError } from './api/errors';
import { MetricNamesCache } from './api/metricNamesCache';
import type { ProxyOptions } from './api/proxy';
import { chooseProxy, redactProxyUrl } from './api/proxy';
import type { Region } from './api/regions';
import { baseUrlFor, REGION_LABELS } from './api/regions';
import { parseBaseUrl } from './api/transport';
import { trustedCertificates } from './api/trust';
import type { ApiKeyStore } from './auth/apiKeyStore';
import { keyForOrigin, originOf } from './auth/keyRecord';
import type { Config } from './config';
import { CONTEXT } from './constants';
import type { DemoController } from './demo/demoController';
import type { Logger } from './log';
import { Disposable } from './util/lifecycle';

export interface Connection {
  api: TimesliceApi;
  metricNames: MetricNamesCache;
  /** "US", "EU", "Custom base URL" or "Demo". */
  label: string;
  demo: boolean;
  /** The configured region (undefined for the demo). */
  region?: Region;
}

export type ConnectionState =
  | { kind: 'ready'; connection: Connection }
  | { kind: 'noKey'; region: Region }
  | {
    kind: 'invalidConfig';
    message: string;
    /** The setting to open to fix it (default: the `timeslice` settings). */
    setting?: string;
    /** Fixed by setting the key again (the custom key was stored for another origin). */
    setKey?: boolean;
  };

/** `http.*` settings that change how we connect. */
const PROXY_SETTINGS = ['proxy', 'proxyStrictSSL', 'proxyAuthorization', 'noProxy', 'proxySupport'];

export class ConnectionManager extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<ConnectionState>());
  readonly onDidChange = this.changed.event;
  private stateValue: ConnectionState = { kind: 'noKey', region: 'us' };
  private generation = 0;
  private lastProxyLine: string | undefined;

  constructor(
    private readonly config: Config,
    private readonly keys: ApiKeyStore,
    private readonly demo: DemoController,
    private readonly log: Logger,
  ) {
    super();
    const rebuild = () => void this.rebuild();
    this._register(config.onDidChange(rebuild));
    this._register(keys.onDidChange(rebuild));
    this._register(demo.onDidChange(rebuild));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => {
      if (PROXY_SETTINGS.some((s) => e.affectsConfiguration(`http.${s}`))) {
        rebuild();
      }
    }));
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** The client, or undefined when there is no usable connection. */
  get current(): Connection | undefined {
    return this.stateValue.kind === 'ready' ? this.stateValue.connection : undefined;
  }

  async rebuild(): Promise<void> {
    const generation = ++this.generation;
    const next = await this.build();
    if (generation !== this.generation) {
      if (next.kind === 'ready') {
        void next.connection.api.dispose();
      }
      return; // A newer rebuild started while this one waited for the key.
    }
    const previous = this.stateValue;
    this.stateValue = next;
    if (previous.kind === 'ready') {
      void previous.connection.api.dispose();
    }
    // Both keys in one round trip: listeners hear of the new state only after this.
    await Promise.all([
      vscode.commands.executeCommand('setContext', CONTEXT.hasApiKey, next.kind === 'ready' && !next.connection.demo),
      vscode.commands.executeCommand('setContext', CONTEXT.connected, next.kind === 'ready'),
    ]);
    this.changed.fire(next);
  }

  private async build(): Promise<ConnectionState> {
    const demo = this.demo.endpoint;
    if (demo) {
      // The demo simulator is on loopback in this process: never through a proxy.
      return this.ready(new HttpTimesliceApi({
        baseUrl: demo.baseUrl, getApiKey: async () => demo.key, ca: demo.certPem, log: this.log.scoped('api'), format: this.config.responseFormat,
      }), 'Demo', true, undefined);
    }
    const region = this.config.region;
    let baseUrl: string;
    try {
      baseUrl = parseBaseUrl(baseUrlFor(region, this.config.customBaseUrl)).href;
      this.extraCa(); // A bad CA or proxy setting is a configuration error, shown before any request.
    } catch (e) {
      const message = e instanceof ApiError ? e.message : region === 'custom' && !this.config.customBaseUrl
        ? 'The region is "Custom base URL" but no base URL is set. Set "timeslice.customBaseUrl" or switch the region.'
        : String(e instanceof Error ? e.message : e);
      return { kind: 'invalidConfig', message };
    }
    try {
      this.logProxyChoice(this.proxyFor(baseUrl));
    } catch (e) {
      return { kind: 'invalidConfig', message: e instanceof Error ? e.message : String(e), setting: 'http.proxy' };
    }
    const origin = originOf(baseUrl);
    const found = keyForOrigin(await this.keys.record(region), region === 'custom', origin);
    if (!found) {
      return { kind: 'noKey', region };
    }
    if ('mismatch' in found) {
      return {
        kind: 'invalidConfig', setKey: true,
        message: `The API key of the custom region was stored for ${found.mismatch ?? 'another base URL'}, and "timeslice.customBaseUrl" now points to ${origin}. `
          + 'Set the key again for the new URL: a key is only sent where it was entered for.',
      };
    }
    // Checked again at each request: the key read then must still belong to this origin.
    const getKey = async () => {
      const now = keyForOrigin(await this.keys.record(region), region === 'custom', origin);
      return now && 'key' in now ? now.key : undefined;
    };
    return this.ready(this.clientFor(baseUrl, getKey), REGION_LABELS[region], false, region);
  }

  /**
   * A client for a region's base URL with the user's settings (CA, header, format, timeout): the
   * connection's, and the one "Set API Key…" checks a new key with before storing it.
   */
  clientFor(baseUrl: string, getApiKey: () => Promise<string | undefined>, maxTries?: number): HttpTimesliceApi {
    const proxy = this.proxyFor(baseUrl);
    return new HttpTimesliceApi({
      baseUrl, getApiKey, ca: this.extraCa(), log: this.log.scoped('api'), format: this.config.responseFormat, keyHeader: this.config.apiKeyHeader,
      timeoutMs: this.config.requestTimeoutMs, maxTries, proxy,
    });
  }

  /** VS Code's proxy settings (`http.proxy` wins over HTTPS_PROXY), minus NO_PROXY / `http.noProxy` hosts. */
  private proxyFor(baseUrl: string): ProxyOptions | undefined {
    const http = vscode.workspace.getConfiguration('http');
    if (http.get<string>('proxySupport') === 'off') {
      return undefined; // The user turned proxy support off for extensions.
    }
    return chooseProxy(new URL(baseUrl), {
      setting: http.get<string>('proxy'),
      strictSSL: http.get<boolean>('proxyStrictSSL', true),
      authorization: http.get<string | null>('proxyAuthorization') ?? undefined,
      noProxy: http.get<string[]>('noProxy') ?? [],
      env: process.env,
    }).proxy;
  }

  /** One log line per change of proxy use; proxy credentials never reach the log. */
  private logProxyChoice(proxy: ProxyOptions | undefined): void {
    const described = proxy ? `requests go through the proxy ${redactProxyUrl(proxy.url)} (CONNECT tunnel)` : 'no proxy';
    const relaxed = proxy && !proxy.strictSSL && proxy.url.startsWith('https:');
    const line = `${described}${relaxed ? '; http.proxyStrictSSL is false, so the https proxy\'s own certificate is NOT verified (the API server\'s certificate still is, inside the tunnel)' : ''}`;
    if (line !== this.lastProxyLine) {
      this.lastProxyLine = line;
      if (relaxed) {
        this.log.warn(line);
      } else {
        this.log.info(line);
      }
    }
  }

  private ready(api: TimesliceApi, label: string, demo: boolean, region: Region | undefined): ConnectionState {
    return { kind: 'ready', connection: { api, metricNames: new MetricNamesCache(api), label, demo, region } };
  }

  /** The CA setting's certificates on top of the system ones and NODE_EXTRA_CA_CERTS. */
  private extraCa(): string[] | undefined {
    return trustedCertificates({ caFile: this.config.caCertificatePath, extraCaFile: process.env.NODE_EXTRA_CA_CERTS });
  }

  override dispose(): void {
    if (this.stateValue.kind === 'ready') {
      void this.stateValue.connection.api.dispose();
    }
    super.dispose();
  }
}
