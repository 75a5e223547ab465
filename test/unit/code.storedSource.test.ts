/** How the index keeps a parsed file: packed into one string, unpacked unchanged, small at monorepo scale. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

import { CodeMap } from '../../src/code/codeMatch';
import { parseSource } from '../../src/code/parseSource';
import type { SourceFiles } from '../../src/code/sourceIndex';
import { INDEX_LIMITS, SourceIndex } from '../../src/code/sourceIndex';
import { packSymbols, StoredFile, unpackSymbols } from '../../src/code/storedSource';
import { sourceLanguageOf } from '../../src/code/symbols';
import { codeTargetOf } from '../../src/code/transactionNames';

const SAMPLES = path.join(__dirname, '..', '..', 'samples', 'demo-workspace');

function sampleFiles(): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(SAMPLES, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        walk(child);
      } else if (sourceLanguageOf(child)) {
        out.push({ path: child, text: fs.readFileSync(path.join(SAMPLES, child), 'utf8') });
      }
    }
  };
  walk('');
  return out;
}

describe('StoredFile (how the index keeps a parsed file)', () => {
  it("gives back every demo sample's parse unchanged, packed or kept as it is", () => {
    const samples = sampleFiles();
    assert.ok(samples.length > 50, `${samples.length} sample files`);
    let packed = 0;
    for (const { path: p, text } of samples) {
      const language = sourceLanguageOf(p)!;
      const parsed = parseSource(language, text);
      const stored = StoredFile.of(p, language, parsed);
      assert.deepEqual(stored.parsed, parsed, p);
      assert.equal(stored.path, p);
      assert.equal(stored.language, language);
      if (stored.names()) {
        packed++;
      }
    }
    // Controllers and jobs pack; route files (Express, Laravel, Go, Spring) keep their parse.
    assert.ok(packed > 20 && packed < samples.length, `${packed} of ${samples.length} packed`);
  });

  it('packs methods and functions with their containers and lines, and names each once', () => {
    const text = [
      'module Admin',
      '  class UsersController',
      '    def show',
      '    end',
      '    def show',
      '    end',
      '  end',
      'end',
      'def top_level?',
      'end',
    ].join('\n');
    const parsed = parseSource('ruby', text);
    const stored = StoredFile.of('app/controllers/admin/users_controller.rb', 'ruby', parsed);
    assert.deepEqual(stored.names(), { methods: ['show'], functions: ['top_level?'] });
    assert.deepEqual(stored.parsed.symbols, [
      { kind: 'method', name: 'show', container: ['Admin', 'UsersController'], line: 2 },
      { kind: 'method', name: 'show', container: ['Admin', 'UsersController'], line: 4 },
      { kind: 'function', name: 'top_level?', container: [], line: 8 },
    ]);
    assert.deepEqual(unpackSymbols(packSymbols([])!), []);
  });

  it('keeps a parse as it is when a symbol has a route, or a name the packed form cannot hold', () => {
    const route = { kind: 'route' as const, name: '', container: [], line: 3, verb: 'GET', path: '/orders' };
    assert.equal(packSymbols([route]), undefined);
    assert.equal(packSymbols([{ kind: 'method', name: 'a b', container: ['X'], line: 1 }]), undefined);
    assert.equal(packSymbols([{ kind: 'method', name: 'ok', container: ['X\nY'], line: 1 }]), undefined);
    const stored = StoredFile.of('app.js', 'javascript', { symbols: [route], mounts: [{ prefix: '/api' }] });
    assert.equal(stored.names(), undefined);
    assert.deepEqual(stored.parsed, { symbols: [route], mounts: [{ prefix: '/api' }] });
    // A packed file keeps what it holds besides its symbols (a Java file's package).
    const java = parseSource('java', 'package com.example;\nclass A {\n  void b() {\n  }\n}\n');
    assert.deepEqual(StoredFile.of('A.java', 'java', java).parsed, java);
  });

  it('finds in stored files what it finds in the parses themselves', () => {
    const texts: Record<string, string> = {
      'app/controllers/orders_controller.rb': 'class OrdersController\n  def show\n  end\nend',
      'app/controllers/admin/orders_controller.rb':
        'module Admin\n  class OrdersController\n    def show\n    end\n  end\nend',
      'lib/jobs.rb': 'def reindex\nend',
    };
    const plain = Object.entries(texts).map(([p, text]) => ({
      path: p,
      language: 'ruby' as const,
      parsed: parseSource('ruby', text),
    }));
    const stored = plain.map((f) => StoredFile.of(f.path, f.language, f.parsed));
    for (const name of ['Controller/orders/show', 'Controller/admin/orders/show']) {
      const target = codeTargetOf('ruby', name);
      assert.ok(target, name);
      assert.deepEqual(new CodeMap(stored).locate(target), new CodeMap(plain).locate(target), name);
    }
    assert.equal(new CodeMap(stored).locate(codeTargetOf('ruby', 'Controller/admin/orders/show')!)?.line, 2);
  });
});

describe('the index at monorepo scale', () => {
  it('lists a folder of 100,000 files whole', async () => {
    let asked = 0;
    const files: SourceFiles = {
      list: (_extensions, limit) => {
        asked = limit;
        return Promise.resolve([]);
      },
      read: () => Promise.resolve(undefined),
    };
    await new SourceIndex(files).codeMap(['ruby'], new AbortController().signal);
    assert.ok(asked >= 100_000, `listing limited to ${asked} files`);
    assert.equal(asked, INDEX_LIMITS.maxFiles);
  });

  it('keeps under 600 bytes a file for 20,000 Rails files of a dozen methods each', async function () {
    this.timeout(60_000);
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const settled = () => {
      for (let i = 0; i < 3; i++) gc();
      return process.memoryUsage().heapUsed;
    };
    const count = 20_000;
    const pathOf = (i: number) => `engine_${i % 40}/app/models/area_${i % 25}/thing_${i}.rb`;
    const paths = Array.from({ length: count }, (_, i) => pathOf(i));
    // The texts are made on each read, so only what the index keeps is on the heap afterwards.
    const files: SourceFiles = {
      list: () => Promise.resolve(paths),
      read: (p) => {
        const i = Number(/thing_(\d+)/.exec(p)![1]);
        return Promise.resolve(`class Thing${i}\n${'  def helper\n    1\n  end\n'.repeat(12)}end\n`);
      },
    };
    const before = settled();
    const index = new SourceIndex(files);
    await index.codeMap(['ruby'], new AbortController().signal);
    const perFile = (settled() - before) / count;
    assert.equal(index.size, count);
    assert.ok(perFile < 600, `${perFile.toFixed(0)} bytes a file`);
  });
});
