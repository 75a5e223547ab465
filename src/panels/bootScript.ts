/**
 * The panel page's boot script (dist/webview/panelBoot.js) as text for html.ts to inline, read once:
 * it is our own build's output and under a kilobyte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let cached: { path: string; text: string } | undefined;

export function panelBootScript(extensionPath: string): string {
  const path = join(extensionPath, 'dist', 'webview', 'panelBoot.js');
  if (cached?.path !== path) {
    // A source map comment would name a file relative to the page, which has none: dropped.
    cached = { path, text: readFileSync(path, 'utf8').replace(/\/\/# sourceMappingURL=\S*\s*$/, '') };
  }
  return cached.text;
}
