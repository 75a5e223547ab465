/**
 * The current connection to the service: an API client for the chosen region (or the demo) and the
 * key stored for it. Rebuilt when the region, base URL, format, header, CA, key or demo changes; the
 * old client's in-flight work belongs to it and is closed with it.
 */
import * as fs from 'node:fs';
import * as tls from 'node:tls';

import * as vscode from 'vscode';

import type { TimesliceApi } from './api/client';
import { HttpTimesliceApi } from './api/client';
import { ApiError } from './api/errors';
import { MetricNamesCache } from './api/metricNamesCache';
import type { Region } from './api/regions';
import { baseUrlFor, REGION_LABELS } from './api/regions';
import { parseBaseUrl } from './api/transport';
import type { ApiKeyStore } from './auth/apiKeyStore';
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
}

export type ConnectionState =
  | { kind: 'ready'; connection: Connection }
  | { kind: 'noKey'; region: Region }
  | { kind: 'invalidConfig'; message: string };

export class ConnectionManager extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<ConnectionState>());
  readonly onDidChange = this.changed.event;
  private stateValue: ConnectionState = { kind: 'noKey', region: 'us' };
  private generation = 0;

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
      return this.ready(new HttpTimesliceApi({
        baseUrl: demo.baseUrl, getApiKey: async () => demo.key, ca: demo.certPem, log: this.log.scoped('api'), format: this.config.responseFormat,
      }), 'Demo', true);
    }
    const region = this.config.region;
    let baseUrl: string;
    try {
      baseUrl = parseBaseUrl(baseUrlFor(region, this.config.customBaseUrl)).href;
      this.extraCa(); // A bad CA setting is a configuration error, shown before any request.
    } catch (e) {
      const message = e instanceof ApiError ? e.message : region === 'custom' && !this.config.customBaseUrl
        ? 'The region is "Custom base URL" but no base URL is set. Set "timeslice.customBaseUrl" or switch the region.'
        : String(e instanceof Error ? e.message : e);
      return { kind: 'invalidConfig', message };
    }
    const key = await this.keys.get(region);
    if (!key) {
      return { kind: 'noKey', region };
    }
    return this.ready(this.clientFor(baseUrl, () => this.keys.get(region)), REGION_LABELS[region], false);
  }

  /**
   * A client for a region's base URL with the user's settings (CA, header, format, timeout): the
   * connection's, and the one "Set API Key…" checks a new key with before storing it.
   */
  clientFor(baseUrl: string, getApiKey: () => Promise<string | undefined>, maxTries?: number): HttpTimesliceApi {
    return new HttpTimesliceApi({
      baseUrl, getApiKey, ca: this.extraCa(), log: this.log.scoped('api'), format: this.config.responseFormat, keyHeader: this.config.apiKeyHeader,
      timeoutMs: this.config.requestTimeoutMs, maxTries,
    });
  }

  private ready(api: TimesliceApi, label: string, demo: boolean): ConnectionState {
    return { kind: 'ready', connection: { api, metricNames: new MetricNamesCache(api), label, demo } };
  }

  /** The CA setting's certificates on top of the system ones (a `ca` option replaces the defaults). */
  private extraCa(): string[] | undefined {
    const file = this.config.caCertificatePath;
    if (!file) {
      return undefined;
    }
    let pem: string;
    try {
      pem = fs.readFileSync(file, 'utf8');
    } catch {
      throw new ApiError('invalidConfig', `The CA certificate file "${file}" (setting timeslice.caCertificatePath) cannot be read. Fix the path or clear the setting.`);
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new ApiError('invalidConfig', `"${file}" (setting timeslice.caCertificatePath) holds no PEM certificate.`);
    }
    const extra = process.env.NODE_EXTRA_CA_CERTS ? safeRead(process.env.NODE_EXTRA_CA_CERTS) : undefined;
    return [...tls.rootCertificates, ...(extra ? [extra] : []), pem];
  }

  override dispose(): void {
    if (this.stateValue.kind === 'ready') {
      void this.stateValue.connection.api.dispose();
    }
    super.dispose();
  }
}

function safeRead(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
