import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { isInlineSafe, type PanelPageText } from './html';

/**
 * A webview fetches each file through VS Code's service worker and the workbench; written into the page,
 * the files need no fetch, and the first script runs before VS Code hands the page what was posted to it
 * (docs/performance.md, click to chart).
 */
export const INLINE_PANEL_PAGE = true;
/** A larger page reaches the webview later, but the bundle's fetch took longer (docs/performance.md). */
export const INLINE_PANEL_BUNDLE = true;

let cached: { root: string; page: PanelPageText | undefined } | undefined;

/** Read once a session; undefined when a file cannot be read or written into the page (it is then fetched). */
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
    const page: PanelPageText = {
      boot: read('dist', 'webview', 'panelBoot.js'),
      ...(INLINE_PANEL_BUNDLE ? { script: read('dist', 'webview', 'panel.js') } : {}),
      style: read('media', 'panel.css'),
    };
    return Object.values(page).every(isInlineSafe) ? page : undefined;
  } catch {
    return undefined;
  }
}
