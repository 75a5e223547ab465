/** Sizes of the production bundles: what loads at activation, what loads later, and the webview's. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Figure } from '../lib/figure';
import { countFigure } from '../lib/figure';

const kb = (file: string) => fs.statSync(file).size / 1024;

export function bundleFigures(distDir: string): Figure[] {
  const main = kb(path.join(distDir, 'main.js'));
  const loader = kb(path.join(distDir, 'extension.js'));
  return [
    countFigure(
      'extension bundle (loaded at activation), minified',
      'KB',
      main + loader,
      undefined,
      `dist/main.js ${main.toFixed(1)} KB, compiled with V8's code cache by the loader dist/extension.js ${loader.toFixed(1)} KB`,
    ),
    countFigure(
      'undici bundle (loaded at the first request)',
      'KB',
      kb(path.join(distDir, 'undici.js')),
      undefined,
      'dist/undici.js',
    ),
    countFigure(
      'XML parser bundle (loaded at the first XML answer)',
      'KB',
      kb(path.join(distDir, 'xml.js')),
      undefined,
      'dist/xml.js: fast-xml-parser',
    ),
    countFigure(
      'demo bundle (loaded when the demo starts)',
      'KB',
      kb(path.join(distDir, 'demo.js')),
      undefined,
      'dist/demo.js: simulator + selfsigned',
    ),
    countFigure(
      'webview bundle, minified',
      'KB',
      kb(path.join(distDir, 'webview', 'panel.js')),
      { kind: 'atMost', max: 300 },
      'dist/webview/panel.js',
    ),
    countFigure(
      'webview components (loaded after the first chart), minified',
      'KB',
      kb(path.join(distDir, 'webview', 'panelComponents.js')),
      undefined,
      'dist/webview/panelComponents.js: @vscode-elements + Lit',
    ),
  ];
}
