/**
 * Transactions to code, in Node:
 * - the workspace index of a generated 20,000-file workspace (a Rails monorepo: controllers, models,
 *   views' helpers, lib, specs, plus a node_modules folder that is never read), cold: a new index
 *   lists, reads and parses every Ruby file and builds the lookup tables. Beside it, the floor: the
 *   same listing and reading with no parsing. Budget 2 s; and the memory it keeps (heap after GC, the
 *   index alive, over the heap before it), budget 30 MB.
 * - the lenses of one 2,000-line controller (200 actions, all with numbers): parsing the document as it
 *   is now and placing every lens, with the workspace's tables already built (what VS Code's request
 *   for lenses costs the extension host beyond the numbers, which are fetched on the scheduler, not
 *   here). Beside it, the parse alone. Budget 20 ms.
 * - Go to Code for a controller action in the same cold workspace: the name gives the file's path, so
 *   only the files at that path are read. Beside it, the listing alone (the floor of any lookup).
 * The listing is a Node walk here (in VS Code it is findFiles, ripgrep), filtered by the workspace's
 * `.gitignore` through the extension's own rules (ignoreRules.ts) as in VS Code; the reads are the
 * extension's own (localFileReader.ts), as in VS Code for a local folder.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

import type { TransactionStats } from '../../src/api/transactionStats';
import { IgnoreRules } from '../../src/code/ignoreRules';
import { lensesForFile } from '../../src/code/lensModel';
import { LocalFileReader } from '../../src/code/localFileReader';
import { parseSource } from '../../src/code/parseSource';
import type { SourceFiles } from '../../src/code/sourceIndex';
import { SourceIndex } from '../../src/code/sourceIndex';
import { codeTargetOf } from '../../src/code/transactionNames';
import type { Figure } from '../lib/figure';
import { interleaved, median } from '../lib/figure';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

export const INDEX_FIGURE = 'code index of a 20,000-file workspace, cold';
export const INDEX_MEMORY_FIGURE = '  the memory the index keeps';
export const GO_TO_CODE_FIGURE = 'Go to Code in the same workspace, cold';
export const LENSES_FIGURE = 'lenses for a 2,000-line file (200 transactions)';

const FILES = 20_000;
const SKIPPED = new Set(['node_modules', 'vendor', '.git', 'tmp']);

function controller(name: string, actions: number): string {
  const lines = [`class ${name}Controller < ApplicationController`, '  before_action :authenticate_user!', ''];
  for (let a = 0; a < actions; a++) {
    lines.push(`  # Action ${a}: renders the ${name.toLowerCase()} page ${a}`);
    lines.push(`  def action_${a}`, `    @record = ${name}.find(params[:id])`, `    render :show_${a}`, '  end');
    lines.push('', '', '', '', '');
  }
  lines.push('end');
  return lines.join('\n');
}

/** A Rails monorepo of `FILES` Ruby files (and 2,000 files under node_modules that must not be read). */
function generateWorkspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-index-'));
  const kinds = ['app/controllers', 'app/models', 'app/helpers', 'lib/tasks', 'spec/models'];
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(root, `engine_${i % 40}`, kinds[i % kinds.length], `area_${i % 25}`);
    fs.mkdirSync(dir, { recursive: true });
    const text =
      i % 5 === 0 ? controller(`Thing${i}`, 8) : `class Thing${i}\n${'  def helper\n    1\n  end\n'.repeat(12)}end\n`;
    fs.writeFileSync(path.join(dir, `thing_${i}${i % 5 === 0 ? '_controller' : ''}.rb`), text);
  }
  fs.writeFileSync(path.join(root, '.gitignore'), '/coverage/\n*.generated.rb\nlog/\n!log/keep.rb\n');
  const modules = path.join(root, 'node_modules', 'some-gem');
  fs.mkdirSync(modules, { recursive: true });
  for (let i = 0; i < 2000; i++) {
    fs.writeFileSync(path.join(modules, `f${i}.rb`), controller(`Vendored${i}`, 2));
  }
  return root;
}

function nodeFiles(root: string): SourceFiles {
  const reader = new LocalFileReader();
  return {
    list(extensions, limit) {
      const rules = new IgnoreRules([{ dir: '', text: fs.readFileSync(path.join(root, '.gitignore'), 'utf8') }]);
      const out: string[] = [];
      const walk = (rel: string) => {
        for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
          const child = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (!SKIPPED.has(entry.name)) walk(child);
          } else if (
            out.length < limit &&
            extensions.some((e) => entry.name.endsWith(`.${e}`)) &&
            !rules.ignores(child)
          ) {
            out.push(child);
          }
        }
      };
      walk('');
      return Promise.resolve(out);
    },
    read(file, maxBytes, signal) {
      return reader.read(path.join(root, file), maxBytes, signal);
    },
  };
}

function settledHeap(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

export async function codeIndexFigures(runs: number): Promise<Figure[]> {
  const root = generateWorkspace();
  try {
    const files = nodeFiles(root);
    let listed = 0;
    const samples = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        const index = new SourceIndex(files);
        await index.codeMap(['ruby'], new AbortController().signal);
        listed = index.size;
        return performance.now() - t0;
      },
      async () => {
        const t0 = performance.now();
        const paths = await files.list(['rb'], 50_000, new AbortController().signal);
        let next = 0;
        const worker = async () => {
          while (next < paths.length) await files.read(paths[next++], 512 * 1024, new AbortController().signal);
        };
        await Promise.all(Array.from({ length: 16 }, worker));
        return performance.now() - t0;
      },
    );
    // A controller action in the middle of the workspace (thing_10000_controller.rb, action 3).
    const target = codeTargetOf('ruby', 'Controller/area_0/thing_10000/action_3');
    let found = '';
    const goToCode = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        const at = await new SourceIndex(files).locate(['ruby'], target!, new AbortController().signal);
        found = at ? `${at.path}:${at.line + 1}` : 'nothing';
        return performance.now() - t0;
      },
      async () => {
        const t0 = performance.now();
        await files.list(['rb'], 50_000, new AbortController().signal);
        return performance.now() - t0;
      },
    );
    const before = settledHeap();
    const kept = new SourceIndex(files);
    await kept.codeMap(['ruby'], new AbortController().signal);
    const memoryMb = (settledHeap() - before) / 2 ** 20;
    void kept.size; // alive until measured

    // One 2,000-line controller with 200 actions, each with numbers.
    const text = controller('Report', 200).split('\n').slice(0, 2000).join('\n');
    const map = await kept.codeMap(['ruby'], new AbortController().signal);
    const stats: TransactionStats[] = Array.from({ length: 200 }, (_, a) => ({
      name: `Controller/report/action_${a}`,
      kind: 'web',
      callCount: 1000 + a,
      callsPerMinute: 33 + a,
      averageMs: 40 + a,
      errorRate: 0.001 * (a % 7),
      apdex: 0.9,
      timeShare: 1 / 200,
    }));
    let placed = 0;
    const lens = await interleaved(
      runs * 4,
      () => {
        const t0 = performance.now();
        const file = {
          path: 'app/controllers/report_controller.rb',
          language: 'ruby' as const,
          parsed: parseSource('ruby', text),
        };
        placed = lensesForFile(map, file, 'ruby', stats, '30 min').length;
        return Promise.resolve(performance.now() - t0);
      },
      () => {
        const t0 = performance.now();
        parseSource('ruby', text);
        return Promise.resolve(performance.now() - t0);
      },
    );
    return [
      {
        name: INDEX_FIGURE,
        unit: 'ms',
        ours: median(samples.ours),
        anchor: median(samples.anchor),
        anchorName: 'listing and reading the same files, no parsing',
        budget: { kind: 'atMost', max: 2000 },
        samples,
        note: `${listed.toLocaleString('en')} Ruby files listed, read and parsed (2,000 more under node_modules never read), with the extension's own reads`,
      },
      {
        name: INDEX_MEMORY_FIGURE,
        unit: 'MB',
        ours: memoryMb,
        budget: { kind: 'atMost', max: 30 },
        samples: { ours: [memoryMb] },
        note: 'heap after GC with the index alive, over the heap before it',
      },
      {
        name: GO_TO_CODE_FIGURE,
        unit: 'ms',
        ours: median(goToCode.ours),
        anchor: median(goToCode.anchor),
        anchorName: 'listing the same files',
        budget: { kind: 'atMost', max: 2000 },
        samples: goToCode,
        note: `Controller/area_0/thing_10000/action_3 found at ${found}: the name gives the file's path, so one file is read and parsed`,
      },
      {
        name: LENSES_FIGURE,
        unit: 'ms',
        ours: median(lens.ours),
        anchor: median(lens.anchor),
        anchorName: 'parsing the file alone',
        budget: { kind: 'atMost', max: 20 },
        samples: lens,
        note: `${placed} lenses placed; the numbers are already fetched (no request here)`,
      },
    ];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
