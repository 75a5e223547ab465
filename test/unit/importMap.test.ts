/**
 * The import map: the neutral modules (settings, shared presentation, the API layer and the small
 * utilities) never import a feature folder, so every feature can use them and none of them needs a
 * view to be built or tested. The layers below the views keep their order too: the API client knows
 * no session (api/ imports nothing from session/), and the session no view. No file of src/ or webview/
 * reaches itself through its imports (no import circle). Type-only imports count too: they still tie the
 * layers together.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '../../src');
const ROOT = path.join(__dirname, '../..');

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

/** Every .ts file under `dir` (absolute), recursively. */
function tsFilesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

/** The file a relative import names (`./a` → `a.ts` or `a/index.ts`), or undefined for a package or a missing file. */
function resolveImport(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) {
    return undefined;
  }
  const base = path.resolve(path.dirname(file), specifier);
  return [base, `${base}.ts`, path.join(base, 'index.ts')].find((f) => f.endsWith('.ts') && fs.existsSync(f));
}

/** The import graph of `files`: each file to the files it imports among them. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedSpecifiers(fs.readFileSync(file, 'utf8'))
      .map((s) => resolveImport(file, s))
      .filter((t): t is string => t !== undefined && known.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles: Tarjan's strongly connected components of more than one file (or a file importing
 * itself), each sorted. Iterative, so a deep import chain cannot overflow the stack.
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) {
      continue;
    }
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const target = edges[top.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || edges.includes(top.node)) {
          circles.push(component.sort());
        }
      }
    }
  }
  return circles;
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

  it('finds a circle and leaves a line alone (the circle finder itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    assert.deepEqual(importCircles(graph), [['a', 'b', 'c'], ['e']]);
  });

  it('has no import circle in src/ or webview/ (type-only imports count)', () => {
    const files = [...tsFilesUnder(SRC), ...tsFilesUnder(path.join(ROOT, 'webview'))];
    const graph = importGraph(files);
    assert.ok(
      graph.get(path.join(ROOT, 'webview/shared/messaging.ts'))?.includes(path.join(SRC, 'panels/protocol.ts')),
      'an import from webview/ into src/ is an arrow of the graph',
    );
    const circles = importCircles(graph).map((c) => c.map((f) => path.relative(ROOT, f)).join(' ↔ '));
    assert.deepEqual(circles, []);
  });
});
