// Typed access to the `timeslice.*` settings and VS Code's `http.*` proxy settings; each name is declared once.
import * as vscode from 'vscode';

import type { BackendSetting } from './api/backendChoice';
import { parseBackendSetting } from './api/backendChoice';
import type { ProxySources } from './api/proxy';
import type { ApiKeyHeader } from './api/transport';
import type { ApiFormat } from './api/types';
import type { Region } from './api/regions';
import { HTTP_SETTING } from './connectionSettings';
import { Disposable } from './util/lifecycle';

export const SETTING = {
  region: 'region',
  backend: 'backend',
  demoBackend: 'demo.backend',
  customBaseUrl: 'customBaseUrl',
  responseFormat: 'responseFormat',
  refreshIntervalSeconds: 'refreshIntervalSeconds',
  apiKeyHeader: 'apiKeyHeader',
  caCertificatePath: 'caCertificatePath',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
  boundApplication: 'boundApplication',
  statusBarColorMode: 'statusBar.colorMode',
  statusBarApdexWarning: 'statusBar.apdexWarning',
  statusBarApdexError: 'statusBar.apdexError',
  statusBarShowWhenUnbound: 'statusBar.showWhenUnbound',
  alertsEnabled: 'alerts.enabled',
  deploymentsNotifyWorse: 'deployments.notifyWorse',
  codeLensEnabled: 'codeLens.enabled',
  codeLensRange: 'codeLens.range',
  toolsEnabled: 'tools.enabled',
  toolsAllowDeployments: 'tools.allowDeployments',
  errorDiagnosticsEnabled: 'errors.diagnostics.enabled',
  errorDiagnosticsSeverity: 'errors.diagnostics.severity',
  timeZone: 'timeZone',
} as const;

export const MIN_REFRESH_SECONDS = 60;

/** What colours the status bar's Apdex item (`timeslice.statusBar.colorMode`). */
export type ColorMode = 'health' | 'thresholds';

export interface StatusSettings {
  colorMode: ColorMode;
  apdexWarning: number;
  apdexError: number;
  showWhenUnbound: boolean;
}

export class Config extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<vscode.ConfigurationChangeEvent>());
  /** Fires only for changes under `timeslice.`. */
  readonly onDidChange = this.changed.event;

  /** Each getConfiguration call builds a new object (up to ~10 ms in a busy host); any change drops it first. */
  private cached: vscode.WorkspaceConfiguration | undefined;
  private cachedHttp: vscode.WorkspaceConfiguration | undefined;

  /** `minRefreshSeconds`: only the test build goes below MIN_REFRESH_SECONDS (testHarness.ts, `refreshFloor`). */
  constructor(private readonly minRefreshSeconds = MIN_REFRESH_SECONDS) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        this.cached = undefined;
        this.cachedHttp = undefined;
        if (e.affectsConfiguration('timeslice')) {
          this.changed.fire(e);
        }
      }),
    );
  }

  private get section(): vscode.WorkspaceConfiguration {
    this.cached ??= vscode.workspace.getConfiguration('timeslice');
    return this.cached;
  }

  private get httpSection(): vscode.WorkspaceConfiguration {
    this.cachedHttp ??= vscode.workspace.getConfiguration('http');
    return this.cachedHttp;
  }

  /** `http.proxy` wins over HTTPS_PROXY; undefined when the user turned proxy support off for extensions. */
  get proxySettings(): Omit<ProxySources, 'env'> | undefined {
    const http = this.httpSection;
    if (http.get<string>(HTTP_SETTING.proxySupport) === 'off') {
      return undefined;
    }
    return {
      setting: http.get<string>(HTTP_SETTING.proxy),
      strictSSL: http.get<boolean>(HTTP_SETTING.proxyStrictSSL, true),
      authorization: http.get<string | null>(HTTP_SETTING.proxyAuthorization) ?? undefined,
      noProxy: http.get<string[]>(HTTP_SETTING.noProxy) ?? [],
    };
  }

  get region(): Region {
    const r = this.section.get<string>(SETTING.region);
    return r === 'eu' || r === 'custom' ? r : 'us';
  }

  get backend(): BackendSetting {
    return parseBackendSetting(this.section.get<string>(SETTING.backend));
  }

  /** The backend the demo speaks (`auto`: the same date rule as a real connection). */
  get demoBackend(): BackendSetting {
    return parseBackendSetting(this.section.get<string>(SETTING.demoBackend));
  }

  /** Whether the user (or the workspace) set `timeslice.demo.backend`, even to its default: then Start Demo need not ask. */
  get demoBackendIsSet(): boolean {
    const i = this.section.inspect<string>(SETTING.demoBackend);
    return [
      i?.globalValue,
      i?.workspaceValue,
      i?.workspaceFolderValue,
      i?.globalLanguageValue,
      i?.workspaceLanguageValue,
      i?.workspaceFolderLanguageValue,
    ].some((v) => v !== undefined);
  }

  get customBaseUrl(): string {
    return (this.section.get<string>(SETTING.customBaseUrl) ?? '').trim();
  }

  get responseFormat(): ApiFormat {
    return this.section.get<string>(SETTING.responseFormat) === 'xml' ? 'xml' : 'json';
  }

  /** Never below the minimum, whatever the settings file says. */
  get refreshIntervalSeconds(): number {
    const n = Number(this.section.get<number>(SETTING.refreshIntervalSeconds) ?? 60);
    return Number.isFinite(n) ? Math.max(this.minRefreshSeconds, n) : 60;
  }

  get apiKeyHeader(): ApiKeyHeader {
    return this.section.get<string>(SETTING.apiKeyHeader) === 'X-Api-Key' ? 'X-Api-Key' : 'Api-Key';
  }

  get caCertificatePath(): string {
    return (this.section.get<string>(SETTING.caCertificatePath) ?? '').trim();
  }

  get requestTimeoutMs(): number {
    const n = Number(this.section.get<number>(SETTING.requestTimeoutSeconds) ?? 30);
    return (Number.isFinite(n) ? Math.min(300, Math.max(5, n)) : 30) * 1000;
  }

  /** The status-bar item's settings; thresholds are clamped to 0..1, the error one never above the warning one. */
  get statusBar(): StatusSettings {
    const clamp = (v: unknown, fallback: number) => {
      const n = Number(v ?? fallback);
      return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
    };
    const apdexWarning = clamp(this.section.get(SETTING.statusBarApdexWarning), 0.85);
    return {
      colorMode: this.section.get<string>(SETTING.statusBarColorMode) === 'thresholds' ? 'thresholds' : 'health',
      apdexWarning,
      apdexError: Math.min(apdexWarning, clamp(this.section.get(SETTING.statusBarApdexError), 0.7)),
      showWhenUnbound: this.section.get<boolean>(SETTING.statusBarShowWhenUnbound) !== false,
    };
  }

  /** VS Code's own `workbench.editor.enablePreview`: whether a tree row's click opens a reusable preview panel. */
  get editorPreview(): boolean {
    return vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview', true);
  }

  get timeZone(): 'local' | 'utc' {
    return this.section.get<string>(SETTING.timeZone) === 'utc' ? 'utc' : 'local';
  }

  get alertsEnabled(): boolean {
    return this.section.get<boolean>(SETTING.alertsEnabled) !== false;
  }

  /** A notification when the latest deployment's verdict is worse (`timeslice.deployments.notifyWorse`), off by default. */
  get deploymentsNotifyWorse(): boolean {
    return this.section.get<boolean>(SETTING.deploymentsNotifyWorse) === true;
  }

  get codeLensEnabled(): boolean {
    return this.section.get<boolean>(SETTING.codeLensEnabled) !== false;
  }

  /** The lenses' range (`timeslice.codeLens.range`): one of LENS_RANGES' keys, 30 minutes by default. */
  get codeLensRange(): string {
    return this.section.get<string>(SETTING.codeLensRange) ?? '30m';
  }

  get toolsEnabled(): boolean {
    return this.section.get<boolean>(SETTING.toolsEnabled) !== false;
  }

  /** Whether the agent may record deployments (`timeslice.tools.allowDeployments`, a user setting), off by default. */
  get toolsAllowDeployments(): boolean {
    return this.section.get<boolean>(SETTING.toolsAllowDeployments) === true;
  }

  get errorDiagnosticsEnabled(): boolean {
    return this.section.get<boolean>(SETTING.errorDiagnosticsEnabled) !== false;
  }

  get errorDiagnosticsSeverity(): 'error' | 'warning' | 'information' | 'hint' {
    const v = this.section.get<string>(SETTING.errorDiagnosticsSeverity);
    return v === 'error' || v === 'information' || v === 'hint' ? v : 'warning';
  }

  async update(setting: keyof typeof SETTING, value: unknown): Promise<void> {
    await this.section.update(SETTING[setting], value, vscode.ConfigurationTarget.Global);
    this.cached = undefined;
  }
}
