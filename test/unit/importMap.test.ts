/**
 * The import map: the neutral modules (settings, shared presentation, the API layer and the small
 * utilities) never import a feature folder, so every feature can use them and none of them needs a
 * view to be built or tested. Type-only imports count too: they still tie the layers together.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '../../src');

/** Folders that hold features (views, panels, commands); nothing neutral may import from them. */
const FEATURE_FOLDERS = ['tree', 'panels', 'status', 'commands', 'palette', 'demo'];

/** Neutral modules: single files and whole folders under src/. */
const NEUTRAL = ['config.ts', 'constants.ts', 'log.ts', 'connectionSettings.ts', 'format', 'api', 'util', 'auth'];

function tsFiles(entry: string): string[] {
  const full = path.join(SRC, entry);
  if (fs.statSync(full).isFile()) {
    return [full];
  }
  return (fs.readdirSync(full, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(full, f));
}

/** Every module a file names: `import … from`, `export … from`, bare `import '…'`, `require('…')`, `import('…')`. */
function importedSpecifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      found.push(m[1]);
    }
  }
  return found;
}

/** The feature folder a relative import lands in, or undefined. */
function featureOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) {
    return undefined;
  }
  const target = path.relative(SRC, path.resolve(path.dirname(file), specifier));
  const top = target.split(path.sep)[0];
  return FEATURE_FOLDERS.includes(top) ? top : undefined;
}

describe('import map', () => {
  it('reads every kind of import', () => {
    const text =
      "import type { A } from '../a';\nimport * as b from \"./b\";\nexport { c } from '../c';\nimport './d';\nrequire('../e');\nawait import('./f');";
    assert.deepEqual(importedSpecifiers(text).sort(), ['../a', '../c', '../e', './b', './d', './f']);
  });

  it('has no arrow from a neutral module (config, presentation, api/, util/, auth/) into a feature folder', () => {
    const arrows: string[] = [];
    const files = NEUTRAL.flatMap(tsFiles);
    assert.ok(
      files.some((f) => f.endsWith(path.join('src', 'config.ts'))) &&
        files.some((f) => f.includes(`${path.sep}format${path.sep}`)),
    );
    for (const file of files) {
      for (const specifier of importedSpecifiers(fs.readFileSync(file, 'utf8'))) {
        const feature = featureOf(file, specifier);
        if (feature) {
          arrows.push(`${path.relative(SRC, file)} → ${specifier}`);
        }
      }
    }
    assert.deepEqual(arrows, []);
  });

  it('has no arrow from the simulator into a view (tree/, panels/, status/, palette/, commands/)', () => {
    const views = ['tree', 'panels', 'status', 'palette', 'commands'];
    const arrows: string[] = [];
    const files = tsFiles('simulator');
    assert.ok(files.some((f) => f.endsWith(path.join('simulator', 'server.ts'))));
    for (const file of files) {
      for (const specifier of importedSpecifiers(fs.readFileSync(file, 'utf8'))) {
        const feature = featureOf(file, specifier);
        if (feature && views.includes(feature)) {
          arrows.push(`${path.relative(SRC, file)} → ${specifier}`);
        }
      }
    }
    assert.deepEqual(arrows, []);
  });
});
