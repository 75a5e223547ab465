/**
 * The UI suite's fixture: a fresh code-server (VS Code 1.100.3) with Timeslice loaded from the repo,
 * a workspace in a temp dir and headless Chromium, plus one page object per area of the workbench.
 *
 *   const wb = await startWorkbench({ theme: 'Default Dark Modern' });
 *   try { await wb.sidebar.open(); await screenshot(wb.page, 'sidebar-dark'); } finally { await wb.close(); }
 *
 * Each call starts its own server and user-data dir (about 5 s on 2 cores), so start one per
 * `describe` in a `before` hook and share it between that block's tests where they don't interfere.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import type { HarnessSwitches } from '../../../src/testHarness';
import { harnessValue, TEST_HARNESS_ENV } from '../../../src/testHarness';
import { dataClockShift } from '../../support/dataClock';
import { codeServer, type CodeServer } from './codeServer';
import { Notifications } from './pageObjects/notifications';
import { QuickInput } from './pageObjects/quickInput';
import { Sidebar } from './pageObjects/sidebar';
import { StatusBar } from './pageObjects/statusBar';

export type Theme = 'Default Dark Modern' | 'Default Light Modern';

export interface WorkbenchOptions {
  theme?: Theme;
  /** Added to the environment of the server and its extension host. */
  env?: Record<string, string | undefined>;
  /**
   * Timeslice's test switches (src/testHarness.ts). Default: a quiet start (the walkthrough opens on a
   * first start; tests that are not about it start without it), and a demo started from the view
   * serves the names that catch markup injection.
   */
  harness?: Partial<HarnessSwitches>;
  /** User settings, e.g. `{ 'timeslice.region': 'eu' }`. */
  settings?: Record<string, unknown>;
  /** The browser window's size (default 1400 × 900). */
  viewport?: { width: number; height: number };
  /** Timeslice from this packaged .vsix, installed as a user installs it, instead of the repository's build. */
  vsix?: string;
  /** Fills the workspace folder before the window opens it (a large tree is then no burst of watcher events). */
  prepare?: (workspaceFolder: string) => void;
}

export interface Workbench {
  page: Page;
  server: CodeServer;
  browser: Browser;
  /** The folder the window has open (empty at the start). */
  workspaceFolder: string;
  sidebar: Sidebar;
  quickInput: QuickInput;
  statusBar: StatusBar;
  notifications: Notifications;
  /** Uncaught errors of the workbench page, for tests that assert there were none. */
  pageErrors: string[];
  /** Closes the browser, stops the server and removes the temp dirs. Safe to call twice. */
  close(): Promise<void>;
}

const SCREENSHOT_DIR = path.join(codeServer.REPO_ROOT, '.vscode-test', 'screenshots');

/** Workbenches started and not yet closed, for the failure screenshots (see ./hooks.ts). */
const running = new Set<Workbench>();

export function openWorkbenches(): readonly Workbench[] {
  return [...running];
}

export async function startWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const { theme = 'Default Dark Modern', env = {}, settings = {}, viewport } = options;
  const harness = options.harness ?? { quiet: true, demoNames: 'test' };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-e2e-'));
  const workspaceFolder = path.join(tmp, 'workspace');
  const hostTmp = path.join(tmp, 'tmp');
  fs.mkdirSync(workspaceFolder);
  fs.mkdirSync(hostTmp);

  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let closing: Promise<void> | undefined;
  let workbench: Workbench | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      if (workbench) {
        running.delete(workbench);
      }
      await browser?.close().catch(() => undefined);
      await server?.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    })());

  try {
    options.prepare?.(workspaceFolder);
    server = await codeServer.startCodeServer({
      extensionDirs: options.vsix ? [] : [{ path: codeServer.REPO_ROOT, id: 'timeslice.timeslice' }],
      vsix: options.vsix,
      workspaceFolder,
      settings: { 'workbench.colorTheme': theme, ...settings },
      env: {
        // Set whole: demo mode only when a test asks for it, whatever the caller's shell has; the demo's
        // data clock set unless the test sets its own (test/support/dataClock.js).
        [TEST_HARNESS_ENV]: harnessValue({ demoClockShift: dataClockShift(), ...harness }),
        // The server's temp files (the git extension's socket) go away with our temp dir.
        TMPDIR: hostTmp,
        ...env,
      },
    });
    browser = await codeServer.launchBrowser();
    const page = await codeServer.openWorkbench(browser, server.url, workspaceFolder, {
      colorScheme: theme === 'Default Light Modern' ? 'light' : 'dark',
      ...(viewport ? { viewport } : {}),
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    workbench = {
      page,
      server,
      browser,
      workspaceFolder,
      sidebar: new Sidebar(page),
      quickInput: new QuickInput(page),
      statusBar: new StatusBar(page),
      notifications: new Notifications(page),
      pageErrors,
      close,
    };
    running.add(workbench);
    return workbench;
  } catch (e) {
    const output = server?.output().slice(-3000);
    await close();
    if (output && e instanceof Error) {
      e.message += `\n--- code-server output (tail) ---\n${output}`;
    }
    throw e;
  }
}

/** A workbench in demo mode (the `demo` switch) with the Timeslice view open and its applications listed. */
/** `names: 'demo'` shows the demo as a user sees it; tests default to the names that catch injection. */
export async function startDemoWorkbench(
  options: WorkbenchOptions & { names?: 'test' | 'demo' } = {},
): Promise<Workbench> {
  const { names = 'test', ...rest } = options;
  const wb = await startWorkbench({ ...rest, harness: { quiet: true, demo: {}, demoNames: names, ...rest.harness } });
  await wb.sidebar.open();
  await wb.sidebar.waitForRows(5);
  return wb;
}

/**
 * Saves a screenshot of the whole window as .vscode-test/screenshots/<name>.png (an ignored folder)
 * and returns its path. Take one of every state a test checks, and look at them.
 */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Let the last layout and theme paint settle, so the picture shows what the check saw.
  // (A string: this project's TypeScript has no DOM types.)
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  if (options.part) {
    await page.locator(options.part).first().screenshot({ path: file });
  } else {
    await page.screenshot({ path: file });
  }
  return file;
}

export interface ScreenshotOptions {
  /** Only this part of the window (a selector, e.g. `.part.editor`): a smaller picture of what it shows. */
  part?: string;
}

/**
 * A picture the project ships (README, walkthrough): saved like `screenshot`, and written to
 * `repoPath` (e.g. `media/screenshots/dark-tree.png`) when TIMESLICE_UPDATE_SCREENSHOTS=1, so a run
 * that only checks leaves the committed pictures alone.
 */
export async function publishScreenshot(
  page: Page,
  repoPath: string,
  options: ScreenshotOptions = {},
): Promise<string> {
  const file = await screenshot(page, `published-${repoPath.replace(/[\\/]/g, '-').replace(/\.png$/, '')}`, options);
  if (process.env.TIMESLICE_UPDATE_SCREENSHOTS === '1') {
    const target = path.join(codeServer.REPO_ROOT, repoPath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  return file;
}
