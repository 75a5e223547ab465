/**
 * The current connection session (connectionSession.ts), rebuilt only when a setting it is made of, the key or
 * the demo changes, and replaced only when the rebuilt ConnectionSpec differs (connectionSpec.ts).
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

import * as vscode from 'vscode';

import type { NrqlClient } from '../api/backend';
import { createBackendApi, createNrqlClient } from '../api/backend';
import type { BackendDecision } from '../api/backendChoice';
import { BackendSelector, describeDecision } from '../api/backendChoice';
import type { TimesliceApi } from '../api/timesliceApi';
import type { HttpTimesliceApiOptions } from '../api/rest/client';
import { HttpTimesliceApi } from '../api/rest/client';
import { ApiError } from '../api/apiError';
import { LimiterRegistry } from '../api/limiter';
import type { RequestLayer } from '../api/pipeline';
import type { ProxyOptions } from '../api/proxy';
import { chooseProxy, redactProxyUrl } from '../api/proxy';
import type { Region } from '../api/regions';
import { baseUrlFor, REGION_LABELS } from '../api/regions';
import { parseBaseUrl } from '../api/transport';
import { trustedCertificates } from '../api/trust';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import { keyForOrigin, originOf } from '../auth/keyRecord';
import type { Config } from '../config';
import { requiresNewConnection } from '../connectionSettings';
import { CONTEXT } from '../constants';
import type { DemoController } from '../demo/demoController';
import type { Logger } from '../log';
import { ConnectionSession } from './connectionSession';
import type { ConnectionSpec } from './connectionSpec';
import { FocusGate } from './focusGate';
import { sameSpec } from './connectionSpec';
import type { ScheduledJob } from './scheduler';
import type { IDisposable } from '../util/lifecycle';
import { Disposable } from '../util/lifecycle';

export type ConnectionState =
  | { kind: 'ready'; connection: ConnectionSession }
  | { kind: 'noKey'; region: Region }
  | {
      kind: 'invalidConfig';
      message: string;
      /** The setting to open to fix it (default: the `timeslice` settings). */
      setting?: string;
      /** Fixed by setting the key again (the custom key was stored for another origin). */
      setKey?: boolean;
    };

export class ConnectionManager extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<ConnectionState>());
  readonly onDidChangeSession = this.changed.event;
  private stateValue: ConnectionState = { kind: 'noKey', region: 'us' };
  private generation = 0;
  /** The first build always announces itself, even when it finds the initial state. */
  private built = false;
  private lastProxyLine: string | undefined;
  private readonly jobs = new Set<ScheduledJob>();
  /** The rebuild started last (by an event), so tests and callers can wait for it to settle. */
  private latest: Promise<void> = Promise.resolve();
  private lastDecisionLine: string | undefined;
  /** What a new session asks for waits here while the window is unfocused (focusGate.ts). */
  readonly focus = new FocusGate(vscode.window.state.focused);

  constructor(
    private readonly config: Config,
    private readonly keys: ApiKeyStore,
    private readonly demo: DemoController,
    private readonly log: Logger,
    readonly backends: BackendSelector = new BackendSelector(),
    /** Outlives sessions, so a new session for the same key counts in the same minute and in-flight slots. */
    private readonly limiters: LimiterRegistry = new LimiterRegistry(),
  ) {
    super();
    const rebuild = () => {
      this.latest = this.rebuild();
    };
    this._register(backends.onDidChange(rebuild));
    this._register(keys.onDidChange(rebuild));
    this._register(demo.onDidChange(rebuild));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (requiresNewConnection(e)) {
          rebuild();
        } else if (e.affectsConfiguration('timeslice.refreshIntervalSeconds')) {
          this.current?.scheduler.update();
        }
      }),
    );
    this._register(
      vscode.window.onDidChangeWindowState((state) => {
        this.current?.scheduler.setFocused(state.focused);
        this.focus.setFocused(state.focused);
      }),
    );
  }

  /** Jobs run while the window has focus and the job is active (retries also unfocused: scheduler.ts). */
  registerJob(job: ScheduledJob): IDisposable {
    this.jobs.add(job);
    this.current?.scheduler.add(job);
    return {
      dispose: () => {
        this.jobs.delete(job);
        this.current?.scheduler.remove(job);
      },
    };
  }

  scheduleChanged(): void {
    this.current?.scheduler.update();
  }

  /** Runs `job` at `at` (epoch ms) unless its regular tick comes first: a retry after a passing failure. */
  retryAt(job: ScheduledJob, at: number): void {
    this.current?.scheduler.runAt(job, at);
  }

  whenSettled(): Promise<void> {
    return this.latest;
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  get current(): ConnectionSession | undefined {
    return this.stateValue.kind === 'ready' ? this.stateValue.connection : undefined;
  }

  async rebuild(): Promise<void> {
    const generation = ++this.generation;
    const next = await this.build();
    if (generation !== this.generation) {
      if (next.kind === 'ready') {
        this.close(next.connection);
      }
      return; // A newer rebuild started while this one waited for the key.
    }
    const previous = this.stateValue;
    if (this.built && sameState(previous, next)) {
      // Nothing the connection is made of changed (a key saved again fires twice, for one): keep it.
      if (next.kind === 'ready' && next !== previous) {
        this.close(next.connection);
      }
      return;
    }
    this.stateValue = next;
    this.built = true;
    if (previous.kind === 'ready') {
      this.close(previous.connection);
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
      const decision = this.decide(demo.backend ?? this.config.demoBackend, originOf(demo.baseUrl));
      const options = {
        baseUrl: demo.baseUrl,
        getApiKey: () => Promise.resolve(demo.key),
        ca: demo.certPem,
        log: this.log.scoped('api'),
        format: this.config.responseFormat,
        limiters: this.limiters,
      };
      const spec = { demo: true, backend: decision.backend, baseUrl: demo.baseUrl, format: options.format };
      return this.ready({
        spec,
        label: vscode.l10n.t('Demo'),
        api: (layers) =>
          createBackendApi(spec.backend, {
            ...options,
            layers,
            onRestGone: () => this.backends.markRestGone(originOf(demo.baseUrl)),
          }),
        nrql: (layers) => createNrqlClient({ ...options, layers }),
      });
    }
    const region = this.config.region;
    let baseUrl: string;
    let ca: string[] | undefined;
    try {
      baseUrl = parseBaseUrl(baseUrlFor(region, this.config.customBaseUrl)).href;
      ca = this.extraCa(); // A bad CA or proxy setting is a configuration error, shown before any request.
    } catch (e) {
      const message =
        e instanceof ApiError
          ? e.message
          : region === 'custom' && !this.config.customBaseUrl
            ? vscode.l10n.t(
                'The region is "Custom base URL" but no base URL is set. Set "timeslice.customBaseUrl" or switch the region.',
              )
            : String(e instanceof Error ? e.message : e);
      return { kind: 'invalidConfig', message };
    }
    let proxy: ProxyOptions | undefined;
    try {
      proxy = this.proxyFor(baseUrl);
      this.logProxyChoice(proxy);
    } catch (e) {
      return { kind: 'invalidConfig', message: e instanceof Error ? e.message : String(e), setting: 'http.proxy' };
    }
    const origin = originOf(baseUrl);
    const record = await this.keys.record(region);
    const found = keyForOrigin(record, region === 'custom', origin);
    if (!found) {
      return { kind: 'noKey', region };
    }
    if ('mismatch' in found) {
      return {
        kind: 'invalidConfig',
        setKey: true,
        message: vscode.l10n.t(
          'The API key of the custom region was stored for {0}, and "timeslice.customBaseUrl" now points to {1}. Set the key again for the new URL: a key is only sent where it was entered for.',
          found.mismatch ?? vscode.l10n.t('another base URL'),
          origin,
        ),
      };
    }
    // Checked again at each request: the key read then must still belong to this origin.
    const getKey = async () => {
      const now = keyForOrigin(await this.keys.record(region), region === 'custom', origin);
      return now && 'key' in now ? now.key : undefined;
    };
    const accountId = record?.accountId;
    const options = { ...this.optionsWith(baseUrl, getKey, ca, proxy), accountId };
    const spec: ConnectionSpec = {
      demo: false,
      backend: this.decide(this.config.backend, origin).backend,
      accountId,
      region,
      baseUrl,
      format: options.format ?? 'json',
      keyHeader: options.keyHeader,
      caFile: this.config.caCertificatePath,
      timeoutMs: options.timeoutMs,
      proxy,
      keyHash: createHash('sha256').update(found.key).digest('hex'),
    };
    return this.ready({
      spec,
      label: REGION_LABELS[region],
      api: (layers) =>
        createBackendApi(spec.backend, {
          ...options,
          layers,
          onRestGone: () => this.backends.markRestGone(origin),
          onAccountPicked: (a) => this.log.info(`NerdGraph: the key sees one account, ${a.id}: NRQL runs there`),
        }),
      // Typed NRQL goes to the NerdGraph endpoint of the same host whichever backend the views speak.
      nrql: (layers) => createNrqlClient({ ...options, layers }),
    });
  }

  private decide(setting: Parameters<BackendSelector['decide']>[0], origin: string): BackendDecision {
    const decision = this.backends.decide(setting, origin);
    const line = `backend: ${describeDecision(decision)}`;
    if (line !== this.lastDecisionLine) {
      this.lastDecisionLine = line;
      this.log.info(line);
    }
    return decision;
  }

  /** Also the client "Set API Key…" checks a new key with before storing it. */
  clientFor(baseUrl: string, getApiKey: () => Promise<string | undefined>, maxTries?: number): HttpTimesliceApi {
    return new HttpTimesliceApi(this.clientOptions(baseUrl, getApiKey, maxTries));
  }

  clientOptions(
    baseUrl: string,
    getApiKey: () => Promise<string | undefined>,
    maxTries?: number,
  ): HttpTimesliceApiOptions {
    return { ...this.optionsWith(baseUrl, getApiKey, this.extraCa(), this.proxyFor(baseUrl)), maxTries };
  }

  /** The same, with the CA and proxy a rebuild has already read (each is read once per build). */
  private optionsWith(
    baseUrl: string,
    getApiKey: () => Promise<string | undefined>,
    ca: string[] | undefined,
    proxy: ProxyOptions | undefined,
  ): HttpTimesliceApiOptions {
    return {
      baseUrl,
      getApiKey,
      ca,
      log: this.log.scoped('api'),
      format: this.config.responseFormat,
      keyHeader: this.config.apiKeyHeader,
      timeoutMs: this.config.requestTimeoutMs,
      proxy,
      limiters: this.limiters,
    };
  }

  private proxyFor(baseUrl: string): ProxyOptions | undefined {
    const settings = this.config.proxySettings;
    // undefined: the user turned proxy support off for extensions.
    return settings && chooseProxy(new URL(baseUrl), { ...settings, env: process.env }).proxy;
  }

  /** One log line per change of proxy use; proxy credentials never reach the log. */
  private logProxyChoice(proxy: ProxyOptions | undefined): void {
    const described = proxy
      ? `requests go through the proxy ${redactProxyUrl(proxy.url)} (CONNECT tunnel)`
      : 'no proxy';
    const relaxed = proxy && !proxy.strictSSL && proxy.url.startsWith('https:');
    const line = `${described}${relaxed ? "; http.proxyStrictSSL is false, so the https proxy's own certificate is NOT verified (the API server's certificate still is, inside the tunnel)" : ''}`;
    if (line !== this.lastProxyLine) {
      this.lastProxyLine = line;
      if (relaxed) {
        this.log.warn(line);
      } else {
        this.log.info(line);
      }
    }
  }

  private ready(connection: {
    spec: ConnectionSpec;
    label: string;
    api: (layers: RequestLayer[]) => TimesliceApi;
    nrql: (layers: RequestLayer[]) => NrqlClient;
  }): ConnectionState {
    const session = new ConnectionSession({
      ...connection,
      jobs: this.jobs,
      intervalMs: () => this.config.refreshIntervalSeconds * 1000,
      focused: vscode.window.state.focused,
      onJobError: (job, e) => this.log.warn(`${job.name} failed: ${e instanceof Error ? e.message : String(e)}`),
    });
    return { kind: 'ready', connection: session };
  }

  private close(connection: ConnectionSession): void {
    connection.dispose();
  }

  private extraCa(): string[] | undefined {
    return trustedCertificates({ caFile: this.config.caCertificatePath, extraCaFile: process.env.NODE_EXTRA_CA_CERTS });
  }

  override dispose(): void {
    if (this.stateValue.kind === 'ready') {
      this.close(this.stateValue.connection);
    }
    super.dispose();
  }
}

function sameState(a: ConnectionState, b: ConnectionState): boolean {
  if (a.kind === 'ready' || b.kind === 'ready') {
    return a.kind === 'ready' && b.kind === 'ready' && sameSpec(a.connection.spec, b.connection.spec);
  }
  return isDeepStrictEqual(a, b);
}
