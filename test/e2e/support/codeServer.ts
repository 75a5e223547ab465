/**
 * Types for scripts/vscode/codeServer.js (plain JS shared with the integration runner and the demo),
 * covering the part the UI tests use.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface StartCodeServerOptions {
  /** Extension folders (with a package.json) to load; `id` guards against loading the wrong folder. */
  extensionDirs?: Array<{ path: string; id?: string }>;
  workspaceFolder?: string;
  /** User settings, written to settings.json before the server starts. */
  settings?: Record<string, unknown>;
  /** Extra environment of the server and so of its extension host; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** code-server's stdout and stderr are appended here. */
  logFile?: string;
  /** A packaged extension installed first with `code-server --install-extension`, as a user installs one. */
  vsix?: string;
  timeoutMs?: number;
}

export interface CodeServer {
  url: string;
  port: number;
  pid: number;
  userDataDir: string;
  extensionsDir: string;
  startupMs: number;
  /** The last ~100 kB of code-server's output. */
  output(): string;
  /** Stops the server's whole process group and removes its user-data and extensions dirs. */
  stop(): Promise<void>;
}

export interface CodeServerModule {
  REPO_ROOT: string;
  codeServerBin(): string;
  startCodeServer(options: StartCodeServerOptions): Promise<CodeServer>;
  launchBrowser(options?: { headless?: boolean; args?: string[] }): Promise<Browser>;
  openWorkbench(
    browser: Browser,
    url: string,
    folder: string | undefined,
    options?: {
      colorScheme?: 'light' | 'dark';
      viewport?: { width: number; height: number };
      timeoutMs?: number;
      context?: BrowserContext;
    },
  ): Promise<Page>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without its own types
export const codeServer = require('../../../scripts/vscode/codeServer.js') as CodeServerModule;
