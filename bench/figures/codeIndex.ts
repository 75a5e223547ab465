/**
 * Transactions to code, in Node:
 * - the workspace index of a generated 100,000-file monorepo: five Rails applications of 20,000 Ruby
 *   files each (controllers, models, helpers, lib, specs, plus a node_modules folder that is never
 *   read), one folder bound to the application whose code is looked for, one bound to another, three
 *   bound to none. The folders and languages are chosen as the extension chooses them (codeFolders.ts,
 *   the agent's languages), so only the bound folder's 20,000 files are indexed. Cold: a new index
 *   lists, reads and parses them and builds the lookup tables. Budget 1 s and 30 MB.
 * - the same 100,000 files opened as one folder bound to the application, by need: the first lens in an
 *   open controller, cold (a new index; beside it, reading and parsing that file alone; budget 300 ms),
 *   what a lookup needs of the whole folder (the names-only listing and the frames' suffix map; beside
 *   it, the listing alone; budget 1.2×), and a full pass, every file read and parsed (what Go to Code
 *   needs for a route or a name no file is named after; beside it, listing and reading; budget 2.5 s
 *   and 60 MB). The memory is the heap after GC with the index alive over the heap before it, in a fresh
 *   Node process per figure (the parsers' table of shared names is global, so a process that indexed
 *   before would count less). Each note gives the 1-minute load average at the figure's end.
 * - the lenses of one 2,000-line controller (200 actions, all with numbers): parsing the document as it
 *   is now and placing every lens, with the workspace's tables already built (what VS Code's request
 *   for lenses costs the extension host beyond the numbers, which are fetched on the scheduler, not
 *   here). Beside it, the parse alone. Budget 20 ms.
 * - Go to Code for a controller action in the whole folder, cold: the name gives the file's path, so
 *   only the files at that path are read. Beside it, the listing alone (the floor of any lookup).
 * The listing is a Node walk here (in VS Code it is findFiles, ripgrep), filtered by the folder's
 * `.gitignore` through the extension's own rules (ignoreRules.ts) as in VS Code; the reads are the
 * extension's own (localFileReader.ts), as in VS Code for a local folder.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

import type { TransactionStats } from '../../src/api/transactionStats';
import type { FolderWithBinding } from '../../src/code/codeFolders';
import { codeFolders } from '../../src/code/codeFolders';
import { IgnoreRules } from '../../src/code/ignoreRules';
import { lensesForFile } from '../../src/code/lensModel';
import { LocalFileReader } from '../../src/code/localFileReader';
import { parseSource } from '../../src/code/parseSource';
import type { SourceFiles } from '../../src/code/sourceIndex';
import { INDEX_LIMITS, SourceIndex } from '../../src/code/sourceIndex';
import { sourceLanguagesOfAgent } from '../../src/code/symbols';
import { codeTargetOf } from '../../src/code/transactionNames';
import type { Figure } from '../lib/figure';
import { interleaved, median } from '../lib/figure';

const count = (n: number) => n.toLocaleString('en');
const load = () => `load average ${os.loadavg()[0].toFixed(1)}`;
const boundIndexFigure = (perApp: number) =>
  `code index, ${count(perApp * APPS.length)}-file workspace, one bound folder of ${count(perApp)}, cold`;
const BOUND_MEMORY_FIGURE = "  the memory the bound folder's index keeps";
const wholeIndexFigure = (perApp: number) =>
  `code index, a full pass over the same ${count(perApp * APPS.length)} files as one bound folder, cold`;
const WHOLE_MEMORY_FIGURE = "  the memory the whole folder's full pass keeps";
const firstLensFigure = (perApp: number) =>
  `first lens in an open file of a ${count(perApp * APPS.length)}-file bound folder, cold`;
const byNeedFigure = (perApp: number) =>
  `code index by need, the same ${count(perApp * APPS.length)} files as one bound folder: names-only listing + frames' suffix map, cold`;
export const GO_TO_CODE_FIGURE = 'Go to Code in the whole bound folder, cold';
export const LENSES_FIGURE = 'lenses for a 2,000-line file (200 transactions)';

const APPS = ['storefront-web', 'billing-api', 'legacy-admin', 'checkout-service', 'partner-admin'];
/** Files per application: 20,000 in a full run; `npm test`'s quick run uses fewer (only its figures' presence is checked). */
export const FILES_PER_APP = 20_000;
/** The application whose code is looked for (storefront-web) and the one billing-api is bound to. */
const APP = { id: 1000013, region: 'demo', language: 'ruby' };
const OTHER_APP = { id: 1000027, region: 'demo' };
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

/** One Rails application of `files` Ruby files numbered from `first` (and 400 under node_modules, never read). */
function generateApp(dir: string, first: number, files: number): void {
  const kinds = ['app/controllers', 'app/models', 'app/helpers', 'lib/tasks', 'spec/models'];
  for (let i = first; i < first + files; i++) {
    const sub = path.join(dir, `engine_${i % 40}`, kinds[i % kinds.length], `area_${i % 25}`);
    fs.mkdirSync(sub, { recursive: true });
    const text =
      i % 5 === 0 ? controller(`Thing${i}`, 8) : `class Thing${i}\n${'  def helper\n    1\n  end\n'.repeat(12)}end\n`;
    fs.writeFileSync(path.join(sub, `thing_${i}${i % 5 === 0 ? '_controller' : ''}.rb`), text);
  }
  fs.writeFileSync(path.join(dir, '.gitignore'), '/coverage/\n*.generated.rb\nlog/\n!log/keep.rb\n');
  const modules = path.join(dir, 'node_modules', 'some-gem');
  fs.mkdirSync(modules, { recursive: true });
  for (let i = 0; i < 400; i++) {
    fs.writeFileSync(path.join(modules, `f${i}.rb`), controller(`Vendored${i}`, 2));
  }
}

/** The monorepo: one folder per application under `root`, which holds the 100,000 files. */
function generateWorkspace(perApp: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-index-'));
  APPS.forEach((app, k) => generateApp(path.join(root, app), k * perApp, perApp));
  return root;
}

/** A folder's files as the index sees them, counting the reads. */
export function nodeFiles(root: string): SourceFiles & { reads: number } {
  const reader = new LocalFileReader();
  const files = {
    reads: 0,
    list(extensions: readonly string[], limit: number) {
      // As the extension: every `.gitignore` of the folder and the candidates, then the rules applied once.
      const ignoreFiles: Array<{ dir: string; text: string }> = [];
      const found: string[] = [];
      const walk = (rel: string) => {
        for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
          const child = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (!SKIPPED.has(entry.name)) walk(child);
          } else if (entry.name === '.gitignore') {
            ignoreFiles.push({ dir: rel, text: fs.readFileSync(path.join(root, child), 'utf8') });
          } else if (extensions.some((e) => entry.name.endsWith(`.${e}`))) {
            found.push(child);
          }
        }
      };
      walk('');
      const rules = new IgnoreRules(ignoreFiles);
      return Promise.resolve(found.filter((p) => !rules.ignores(p)).slice(0, limit));
    },
    read(file: string, maxBytes: number, signal: AbortSignal) {
      files.reads++;
      return reader.read(path.join(root, file), maxBytes, signal);
    },
  };
  return files;
}

/** The workspace's folders with their bindings, as the extension reads them from each folder's settings. */
function workspaceFolders(root: string) {
  return APPS.map((app, k) => ({
    folder: path.join(root, app),
    binding: k === 0 ? APP : k === 1 ? OTHER_APP : undefined,
  }));
}

/** Indexes the code of APP the way the lenses and Go to Code do: its folders, its agent's languages. */
async function indexApp(folders: ReadonlyArray<FolderWithBinding<string>>) {
  const languages = sourceLanguagesOfAgent(APP.language);
  const indexes = codeFolders(folders, APP).map((folder) => ({ files: nodeFiles(folder), folder }));
  const kept: SourceIndex[] = [];
  for (const { files } of indexes) {
    const index = new SourceIndex(files);
    await index.codeMap(languages, new AbortController().signal);
    kept.push(index);
  }
  return { kept, reads: indexes.reduce((n, i) => n + i.files.reads, 0), folders: indexes.map((i) => i.folder) };
}

/** Listing and reading the same folders' files with the same reader, no parsing: the floor. */
async function listAndRead(folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    const files = nodeFiles(folder);
    const paths = await files.list(['rb'], INDEX_LIMITS.maxFiles, new AbortController().signal);
    let next = 0;
    const worker = async () => {
      while (next < paths.length) await files.read(paths[next++], 512 * 1024, new AbortController().signal);
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }
}

/**
 * In a fresh process (`node -r esbuild-register codeIndex.ts --memory <root> bound|whole`): the heap
 * after GC with the index alive, over the heap before it, in MB, printed.
 */
async function memoryChild(root: string, scenario: string): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const settled = () => {
    for (let i = 0; i < 3; i++) gc();
    return process.memoryUsage().heapUsed;
  };
  const folders = scenario === 'whole' ? [{ folder: root, binding: APP }] : workspaceFolders(root);
  const before = settled();
  const { kept, reads } = await indexApp(folders);
  const mb = (settled() - before) / 2 ** 20;
  process.stdout.write(JSON.stringify({ mb, reads, files: kept.reduce((n, i) => n + i.size, 0) }));
}

function memoryOf(root: string, scenario: 'bound' | 'whole'): { mb: number; reads: number; files: number } {
  const child = spawnSync(process.execPath, ['-r', 'esbuild-register', __filename, '--memory', root, scenario], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) {
    throw new Error(`the memory run (${scenario}) failed: ${child.stderr}`);
  }
  return JSON.parse(child.stdout) as { mb: number; reads: number; files: number };
}

export async function codeIndexFigures(runs: number, perApp = FILES_PER_APP): Promise<Figure[]> {
  const root = generateWorkspace(perApp);
  try {
    const workspace = workspaceFolders(root);
    let bound = { reads: 0, folders: [] as string[] };
    const boundTimes = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        const r = await indexApp(workspace);
        const ms = performance.now() - t0;
        bound = r;
        return ms;
      },
      async () => {
        const t0 = performance.now();
        await listAndRead(codeFolders(workspace, APP));
        return performance.now() - t0;
      },
    );
    let wholeReads = 0;
    const wholeTimes = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        const r = await indexApp([{ folder: root, binding: APP }]);
        const ms = performance.now() - t0;
        wholeReads = r.reads;
        return ms;
      },
      async () => {
        const t0 = performance.now();
        await listAndRead([root]);
        return performance.now() - t0;
      },
    );
    const wholeLoad = load();
    const boundMemory = memoryOf(root, 'bound');
    const wholeMemory = memoryOf(root, 'whole');

    // Go to Code: a controller action in the middle of the bound folder (thing_10000_controller.rb in a full
    // run, action 3; a multiple of 1,000 is a controller in area_0 of engine_0).
    const files = nodeFiles(path.join(root, APPS[0]));
    const whole = nodeFiles(root);
    const transaction = `Controller/area_0/thing_${perApp / 2}/action_3`;
    const target = codeTargetOf('ruby', transaction);
    let found = '';
    const goToCode = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        const at = await new SourceIndex(whole).locate(['ruby'], target!, new AbortController().signal);
        found = at ? `${at.path}:${at.line + 1}` : 'nothing';
        return performance.now() - t0;
      },
      async () => {
        const t0 = performance.now();
        await whole.list(['rb'], INDEX_LIMITS.maxFiles, new AbortController().signal);
        return performance.now() - t0;
      },
    );
    const goToCodeLoad = load();

    // The first lens in that controller, the folder whole and bound, a new index: the file and nothing else.
    const open = `${APPS[0]}/engine_0/app/controllers/area_0/thing_${perApp / 2}_controller.rb`;
    const openStats = Array.from({ length: 8 }, (_, a) => ({
      name: `Controller/area_0/thing_${perApp / 2}/action_${a}`,
      kind: 'web' as const,
      callCount: 100,
      callsPerMinute: 3,
      averageMs: 40,
      errorRate: 0,
      apdex: 1,
      timeShare: 1 / 8,
    }));
    const reader = new LocalFileReader();
    const readOpen = async () =>
      (await reader.read(path.join(root, open), 512 * 1024, new AbortController().signal)) as string;
    let firstLens = { lenses: 0, reads: 0, parsed: 0 };
    const lensCold = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        const folder = nodeFiles(root);
        const index = new SourceIndex(folder);
        const map = await index.lensMap(['ruby'], new AbortController().signal);
        const file = { path: open, language: 'ruby' as const, parsed: parseSource('ruby', await readOpen()) };
        const lenses = lensesForFile(map, file, 'ruby', openStats, '30 min').length;
        const ms = performance.now() - t0;
        firstLens = { lenses, reads: folder.reads, parsed: index.size };
        return ms;
      },
      async () => {
        const t0 = performance.now();
        parseSource('ruby', await readOpen());
        return performance.now() - t0;
      },
    );
    const lensLoad = load();

    // What a lookup needs of the whole folder: the names (no reading), and the frames' suffix map over them.
    let byNeedReads = 0;
    const byNeed = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        const folder = nodeFiles(root);
        await new SourceIndex(folder).fileMap(['ruby'], new AbortController().signal);
        const ms = performance.now() - t0;
        byNeedReads = folder.reads;
        return ms;
      },
      async () => {
        const t0 = performance.now();
        await nodeFiles(root).list(['rb'], INDEX_LIMITS.maxFiles, new AbortController().signal);
        return performance.now() - t0;
      },
    );
    const byNeedLoad = load();

    // One 2,000-line controller with 200 actions, each with numbers.
    const text = controller('Report', 200).split('\n').slice(0, 2000).join('\n');
    const map = await new SourceIndex(files).codeMap(['ruby'], new AbortController().signal);
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
    const anchorName = 'listing and reading the same files, no parsing';
    return [
      {
        name: boundIndexFigure(perApp),
        unit: 'ms',
        ours: median(boundTimes.ours),
        anchor: median(boundTimes.anchor),
        anchorName,
        budget: { kind: 'atMost', max: 1000 },
        samples: boundTimes,
        note: `${bound.reads.toLocaleString('en')} Ruby files read and parsed, all in ${bound.folders.map((f) => path.basename(f)).join(', ')}; the other four folders' ${count(perApp * (APPS.length - 1))} (one bound to another application) never listed`,
      },
      {
        name: BOUND_MEMORY_FIGURE,
        unit: 'MB',
        ours: boundMemory.mb,
        budget: { kind: 'atMost', max: 30 },
        samples: { ours: [boundMemory.mb] },
        note: `${boundMemory.files.toLocaleString('en')} files kept; heap after GC with the index alive over the heap before it, in a fresh process`,
      },
      {
        name: wholeIndexFigure(perApp),
        unit: 'ms',
        ours: median(wholeTimes.ours),
        anchor: median(wholeTimes.anchor),
        anchorName,
        budget: { kind: 'atMost', max: 2500 },
        samples: wholeTimes,
        note: `${wholeReads.toLocaleString('en')} Ruby files read and parsed (${count(400 * APPS.length)} more under node_modules never read); no lens, frame or Go to Code of a Rails controller needs it; ${wholeLoad}`,
      },
      {
        name: firstLensFigure(perApp),
        unit: 'ms',
        ours: median(lensCold.ours),
        anchor: median(lensCold.anchor),
        anchorName: 'reading and parsing the open file alone',
        budget: { kind: 'atMost', max: 300 },
        samples: lensCold,
        note: `${firstLens.lenses} lenses placed; the index listed nothing, read ${firstLens.reads} files, parsed ${firstLens.parsed}; ${lensLoad}`,
      },
      {
        name: byNeedFigure(perApp),
        unit: 'ms',
        ours: median(byNeed.ours),
        anchor: median(byNeed.anchor),
        anchorName: 'listing the same files',
        budget: { kind: 'ratio', max: 1.2 },
        samples: byNeed,
        note: `${byNeedReads} files read; ${byNeedLoad}`,
      },
      {
        name: WHOLE_MEMORY_FIGURE,
        unit: 'MB',
        ours: wholeMemory.mb,
        budget: { kind: 'atMost', max: 60 },
        samples: { ours: [wholeMemory.mb] },
        note: `${wholeMemory.files.toLocaleString('en')} files kept; heap after GC with the index alive over the heap before it, in a fresh process`,
      },
      {
        name: GO_TO_CODE_FIGURE,
        unit: 'ms',
        ours: median(goToCode.ours),
        anchor: median(goToCode.anchor),
        anchorName: 'listing the same files',
        budget: { kind: 'atMost', max: 2000 },
        samples: goToCode,
        note: `${transaction} found at ${found}: the name gives the file's path, so one file is read and parsed; ${goToCodeLoad}`,
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

if (process.argv[2] === '--memory') {
  void memoryChild(process.argv[3], process.argv[4]);
}
