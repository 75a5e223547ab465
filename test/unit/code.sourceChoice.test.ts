/**
 * Which files Go to Code and the lenses read and open: a folder's `.gitignore` rules, the folders of the
 * transaction's application, and the source over its compiled copy when several files serve a name.
 */
import * as assert from 'node:assert/strict';

import { CodeMap } from '../../src/code/codeMatch';
import { codeFolders } from '../../src/code/codeFolders';
import { IgnoreRules, tractablePatterns } from '../../src/code/ignoreRules';
import { parseSource } from '../../src/code/parseSource';
import { preferredSource, sourceRank } from '../../src/code/sourcePreference';
import { sourceLanguageOf } from '../../src/code/symbols';
import { codeTargetOf } from '../../src/code/transactionNames';

function codeMap(files: Record<string, string>): CodeMap {
  return new CodeMap(
    Object.entries(files).map(([path, text]) => {
      const language = sourceLanguageOf(path)!;
      return { path, language, parsed: parseSource(language, text) };
    }),
  );
}

describe('transactions to code: which file serves a name', () => {
  const ROUTE = "const express = require('express');\nconst app = express();\n\napp.get('/api/items/:id', show);\n";

  it('the source over its compiled copy: src/app.ts over dist/app.js, .ts over the .js beside it', () => {
    const target = codeTargetOf('nodejs', 'WebTransaction/Expressjs/GET//api/items/:id')!;
    // dist/ sorts before src/: path order alone would open the compiled copy.
    assert.equal(codeMap({ 'dist/app.js': ROUTE, 'src/app.ts': ROUTE }).locate(target)?.path, 'src/app.ts');
    assert.equal(codeMap({ 'src/app.js': ROUTE, 'src/app.ts': ROUTE }).locate(target)?.path, 'src/app.ts');
    assert.equal(codeMap({ 'build/app.ts': ROUTE, 'lib/app.js': ROUTE }).locate(target)?.path, 'lib/app.js');
    // Alone, a compiled-looking file still serves.
    assert.equal(codeMap({ 'out/app.js': ROUTE }).locate(target)?.path, 'out/app.js');
  });

  it('ranks paths by build-output folder first, then compiled extension; ties keep their order', () => {
    assert.deepEqual(['src/a.ts', 'src/a.js', 'dist/a.ts', 'dist/a.js', 'a/dist.js'].map(sourceRank), [0, 1, 2, 3, 1]);
    assert.deepEqual(preferredSource([{ path: 'b.rb' }, { path: 'a.rb' }]), { path: 'b.rb' });
    assert.equal(preferredSource([]), undefined);
  });
});

describe('transactions to code: .gitignore rules', () => {
  it("ignores what git ignores: directory patterns, globs, negations, anchors; not what it doesn't", () => {
    const rules = new IgnoreRules([{ dir: '', text: '# build\ndist/\n*.gen.ts\n!keep.gen.ts\n/tmp\n' }]);
    assert.equal(rules.ignores('dist/app.js'), true);
    assert.equal(rules.ignores('packages/web/dist/app.js'), true);
    assert.equal(rules.ignores('src/api.gen.ts'), true);
    assert.equal(rules.ignores('src/keep.gen.ts'), false);
    assert.equal(rules.ignores('tmp/x.rb'), true);
    assert.equal(rules.ignores('app/tmp/x.rb'), false, '/tmp is anchored at the root');
    assert.equal(rules.ignores('src/app.ts'), false);
  });

  it('a nested .gitignore applies below its folder only, may re-include, and is not read inside an ignored folder', () => {
    const rules = new IgnoreRules([
      { dir: 'web/generated', text: '!*.ts\n' },
      { dir: 'web', text: 'compiled/\n*.js\n' },
      { dir: '', text: 'generated/\n' },
    ]);
    assert.equal(rules.ignores('web/compiled/app.ts'), true);
    assert.equal(rules.ignores('compiled/app.ts'), false, "web's rules stay in web/");
    assert.equal(rules.ignores('web/app.js'), true);
    assert.equal(rules.ignores('app.js'), false);
    assert.equal(rules.ignores('web/generated/api.ts'), true, 'its folder is ignored: its own .gitignore is not read');
    const reinclude = new IgnoreRules([
      { dir: '', text: '*.js\n' },
      { dir: 'legacy', text: '!*.js\n' },
    ]);
    assert.equal(reinclude.ignores('legacy/app.js'), false);
    assert.equal(reinclude.ignores('app.js'), true);
  });

  it('leaves out patterns that would backtrack (a run of **, several * in one name), keeps the others', () => {
    const hostile = ['a/**/'.repeat(12) + 'x', '*a*a*a*a*a*a*b', `${'x'.repeat(600)}*`, 'dist/'].join('\n');
    const rules = new IgnoreRules([{ dir: '', text: hostile }]);
    const deep = `${'a/'.repeat(40)}app.py`;
    const longName = `${'a'.repeat(250)}.py`;
    assert.equal(rules.ignores(deep), false, 'the run of ** is left out (it took seconds on this path)');
    assert.equal(rules.ignores(longName), false, 'the * run is left out');
    assert.equal(rules.ignores('dist/app.js'), true, 'an ordinary rule beside them still applies');
    assert.deepEqual(tractablePatterns('**/build/**\n*.log\nsrc/*.min.js\n*.min.*.js\na/**/b/**/c/**'), [
      '**/build/**',
      '*.log',
      'src/*.min.js',
    ]);
  });

  it('no .gitignore ignores nothing', () => {
    assert.equal(new IgnoreRules([]).ignores('dist/app.js'), false);
  });
});

describe("transactions to code: the application's folders", () => {
  const folders = [
    { folder: 'a', binding: { id: 1, region: 'us' } },
    { folder: 'b', binding: { id: 2, region: 'us' } },
    { folder: 'c', binding: undefined },
    { folder: 'd', binding: { id: 2, region: 'eu' } },
  ];

  it("reads only the folders bound to the application (of the connection's region)", () => {
    assert.deepEqual(codeFolders(folders, { id: 2, region: 'us' }), ['b']);
    assert.deepEqual(codeFolders(folders, { id: 2 }), ['b', 'd']);
    assert.deepEqual(codeFolders(folders, { id: 1, region: 'us' }), ['a']);
  });

  it("without a folder bound to it, the unbound folders; never another application's", () => {
    assert.deepEqual(codeFolders(folders, { id: 3, region: 'us' }), ['c']);
    assert.deepEqual(codeFolders(folders.slice(0, 2), { id: 3 }), []);
    assert.deepEqual(codeFolders([{ folder: 'only', binding: undefined }], { id: 3 }), ['only']);
  });
});
