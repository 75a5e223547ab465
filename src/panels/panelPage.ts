import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { isInlineSafe } from './html';

/**
 * Whether a new panel's page carries its files' text instead of fetching them. A webview fetches each
 * file through VS Code's service worker and the workbench (in code-server, over its connection to the
 * server); the window's first dashboard waited for those fetches (docs/performance.md, click to chart).
 * Written into the page, the first script also runs before VS Code hands the page the messages it held
 * for it, so the extension can post without waiting for the page's 'ready' (src/panels/chartPanel.ts).
 */
export const INLINE_PANEL_PAGE = true;
/**
 * Whether the bundle (246 KB) goes into the page too. A larger page reaches the webview later, but the
 * bundle's fetch took longer: the first dashboard was 226 and 247 ms over its floor with the bundle in
 * the page, 277 ms with it a file (docs/performance.md, click to chart).
 */
export const INLINE_PANEL_BUNDLE = true;

export interface PanelPageText {
  boot: string;
  script?: string;
  style: string;
}

let cached: { root: string; page: PanelPageText | undefined } | undefined;

/**
 * The panel's first script, bundle and stylesheet, read once a session (they do not change under a
 * running extension); undefined when one cannot be read or cannot stand inside its element, and the
 * page then loads the files.
 */
export function inlinePanelPage(extensionPath: string): PanelPageText | undefined {
  if (!INLINE_PANEL_PAGE) {
    return undefined;
  }
  if (cached?.root !== extensionPath) {
    cached = { root: extensionPath, page: readPage(extensionPath) };
  }
  return cached.page;
}

function readPage(root: string): PanelPageText | undefined {
  try {
    const read = (...p: string[]) => readFileSync(join(root, ...p), 'utf8');
    const page = {
      boot: read('dist', 'webview', 'panelBoot.js'),
      ...(INLINE_PANEL_BUNDLE ? { script: read('dist', 'webview', 'panel.js') } : {}),
      style: read('media', 'panel.css'),
    };
    return Object.values(page).every(isInlineSafe) ? page : undefined;
  } catch {
    return undefined;
  }
}
