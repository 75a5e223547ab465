/**
 * The import map: the neutral modules (settings, shared presentation, the API layer and the small
 * utilities) never import a feature folder, so every feature can use them and none of them needs a
 * view to be built or tested. The layers below the views keep their order too: the API client knows
 * no session (api/ imports nothing from session/), and the session no view. Type-only imports count
 * too: they still tie the layers together.
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

/** The folder of `folders` a relative import lands in, or undefined. */
function folderOf(file: string, specifier: string, folders: readonly string[]): string | undefined {
  if (!specifier.startsWith('.')) {
    return undefined;
  }
  const target = path.relative(SRC, path.resolve(path.dirname(file), specifier));
  const top = target.split(path.sep)[0];
  return folders.includes(top) ? top : undefined;
}

/** Every import from a file of `entries` into one of `folders`, as "file → specifier". */
function arrows(entries: readonly string[], folders: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of entries.flatMap(tsFiles)) {
    for (const specifier of importedSpecifiers(fs.readFileSync(file, 'utf8'))) {
      if (folderOf(file, specifier, folders)) {
        found.push(`${path.relative(SRC, file)} → ${specifier}`);
      }
    }
  }
  return found;
}

describe('import map', () => {
  it('reads every kind of import', () => {
    const text =
      "import type { A } from '../a';\nimport * as b from \"./b\";\nexport { c } from '../c';\nimport './d';\nrequire('../e');\nawait import('./f');";
    assert.deepEqual(importedSpecifiers(text).sort(), ['../a', '../c', '../e', './b', './d', './f']);
  });

  it('has no arrow from a neutral module (config, presentation, api/, util/, auth/) into a feature folder', () => {
    const files = NEUTRAL.flatMap(tsFiles);
    assert.ok(
      files.some((f) => f.endsWith(path.join('src', 'config.ts'))) &&
        files.some((f) => f.includes(`${path.sep}format${path.sep}`)),
    );
    assert.deepEqual(arrows(NEUTRAL, FEATURE_FOLDERS), []);
  });

  it('has no arrow from api/ (both backends and the transport) into session/', () => {
    assert.ok(
      tsFiles('api').some((f) => f.includes(`${path.sep}rest${path.sep}`)),
      'api/rest/ is read too',
    );
    assert.deepEqual(arrows(['api'], ['session']), []);
  });

  it('has no arrow from session/ into a view (tree/, panels/, status/, palette/)', () => {
    assert.ok(tsFiles('session').some((f) => f.endsWith('connectionManager.ts')));
    assert.deepEqual(arrows(['session'], ['tree', 'panels', 'status', 'palette']), []);
  });

  it('has no arrow from the simulator into a view (tree/, panels/, status/, palette/, commands/)', () => {
    assert.ok(tsFiles('simulator').some((f) => f.endsWith(path.join('simulator', 'server.ts'))));
    assert.deepEqual(arrows(['simulator'], ['tree', 'panels', 'status', 'palette', 'commands']), []);
  });
});
