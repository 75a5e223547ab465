import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

const FILES: Record<keyof PanelPageText, string[]> = {
  boot: ['dist', 'webview', 'panelBoot.js'],
  script: ['dist', 'webview', 'panel.js'],
  style: ['media', 'panel.css'],
};
const NAMES = (Object.keys(FILES) as Array<keyof PanelPageText>).filter((k) => k !== 'script' || INLINE_PANEL_BUNDLE);

let cached: { root: string; page: PanelPageText | undefined } | undefined;

/** Read once a session; undefined when a file cannot be read or written into the page (it is then fetched). */
export function inlinePanelPage(extensionPath: string): PanelPageText | undefined {
  if (!INLINE_PANEL_PAGE) {
    return undefined;
  }
  if (cached?.root !== extensionPath) {
    let texts: string[] | undefined;
    try {
      texts = NAMES.map((name) => readFileSync(join(extensionPath, ...FILES[name]), 'utf8'));
    } catch {
      texts = undefined;
    }
    cached = { root: extensionPath, page: checkedPage(texts) };
  }
  return cached.page;
}

let pending: { root: string; read: Promise<void> } | undefined;

/** What inlinePanelPage() reads, read without blocking, for the first panel to find in place; one read at a time. */
export function preloadPanelPage(extensionPath: string): Promise<void> {
  if (!INLINE_PANEL_PAGE || cached?.root === extensionPath) {
    return Promise.resolve();
  }
  if (pending?.root !== extensionPath) {
    const read = Promise.all(NAMES.map((name) => readFile(join(extensionPath, ...FILES[name]), 'utf8')))
      .catch(() => undefined)
      .then((texts) => {
        if (cached?.root !== extensionPath) {
          cached = { root: extensionPath, page: checkedPage(texts) };
        }
        if (pending?.read === read) {
          pending = undefined;
        }
      });
    pending = { root: extensionPath, read };
  }
  return pending.read;
}

function checkedPage(texts: string[] | undefined): PanelPageText | undefined {
  if (!texts || !texts.every(isInlineSafe)) {
    return undefined;
  }
  return Object.fromEntries(NAMES.map((name, i) => [name, texts[i]])) as unknown as PanelPageText;
}
