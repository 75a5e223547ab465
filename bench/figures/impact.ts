/**
 * What Moved at a deployment at scale: 200 transactions and a 1,000-file diff range in a Rails repository
 * generated here with git (fixed authors, committers and dates). Timed from the data in hand (both windows'
 * stats, and git's answers: the diff text, both sides of each changed file, the logs) to the view's rows and
 * the code join, through the product's own path: `loadDeploymentImpact` over an API that answers at once,
 * `loadDeploymentCode` (src/tree/deploymentCodeLoad.ts, the bound folder's git through gitCommits.ts) with
 * each git call answered from a recording of the same call, and `impactViewModel`. The anchor, same start and
 * stop: parsing the diff and both sides of the same files, the floor any join stands on. Then the same view
 * with git run for real, beside one `git diff` of the range; the git calls per view by kind; and the
 * requests per view on both backends against the simulator, with a 200-transaction application.
 */
import { EventEmitter } from 'node:events';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Deployment } from '../../src/api/deployments';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { TransactionStats } from '../../src/api/transactionStats';
import { REST_MAX_NAMES_QUERY_CHARS } from '../../src/api/transactionStatsLoader';
import { parseSource } from '../../src/code/parseSource';
import { SourceIndex } from '../../src/code/sourceIndex';
import { DIFF_ARGUMENTS, parseDiff } from '../../src/impact/diffHunks';
import { loadDeploymentImpact } from '../../src/impact/impactLoader';
import type { ImpactViewModel } from '../../src/impact/impactView';
import { impactViewModel } from '../../src/impact/impactView';
import { MemoryLogger } from '../../src/log';
import { agentNamesOf } from '../../src/simulator/agentNaming';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';
import type { Figure } from '../lib/figure';
import { countFigure, interleaved, timedFigure } from '../lib/figure';
import { nodeFiles } from './codeIndex';

export const IMPACT_IN_HAND = 'What Moved, 200 transactions, a 1,000-file range: data in hand to rows and code';
export const IMPACT_GIT_CALLS = '  git calls per view (resolve + diff + reads + logs)';
export const IMPACT_REQUESTS_NG = 'What Moved requests per view, NerdGraph, 200 transactions (names cached)';

const CONTROLLERS = 50;
const ACTIONS = ['index', 'show', 'create', 'update'] as const;
/** Changed models and views in the range, beside the 50 controllers: 1,000 files in all (a tenth of the others when quick). */
const MODELS = 550;
const VIEWS = 400;
const COMMITS = 5;
const APP_ID = 4242;
// The module object itself (an `import *` is a read-only copy of it): gitCommits.ts's execFile and spawn are looked up on it per call.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const childProcess = require('node:child_process') as typeof import('node:child_process');
const pad = (n: number, w: number) => String(n).padStart(w, '0');

// ------------------------------------------------------------------------------------------------
// The repository: a base commit, then COMMITS commits that each change a fifth of the 1,000 files.
// ------------------------------------------------------------------------------------------------

function controller(i: number, edited: boolean): string {
  const name = `C${pad(i, 2)}Controller`;
  // c00–c09 change `show` (a moved transaction with its method changed); the others change `update`.
  const changes = edited ? (i < 10 ? 'show' : 'update') : undefined;
  const body = (action: string) =>
    [
      `  def ${action}`,
      `    @items = Item${i}.where(kind: '${action}').limit(${changes === action ? 50 : 20})`,
      ...(changes === action ? [`    @items = @items.includes(:parts)`] : []),
      `    render json: @items`,
      `  end`,
    ].join('\n');
  return `class ${name} < ApplicationController\n${ACTIONS.map(body).join('\n\n')}\nend\n`;
}

function model(i: number, edited: boolean): string {
  return [
    `class M${pad(i, 3)} < ApplicationRecord`,
    `  def total`,
    `    parts.sum(:price)${edited ? ' * rate' : ''}`,
    `  end`,
    ``,
    `  def label`,
    `    "#{name} (${i})"`,
    `  end`,
    `end`,
    ``,
  ].join('\n');
}

const view = (i: number, edited: boolean) => `<h1><%= @item.name %></h1>\n<p>${i}</p>\n${edited ? '<p>new</p>\n' : ''}`;

/** Every file of the tree, by path, with the files edited so far. */
function tree(edited: (k: number) => boolean, scale: number): Map<string, string> {
  const files = new Map<string, string>([
    ['app/controllers/application_controller.rb', 'class ApplicationController\nend\n'],
  ]);
  let k = 0;
  for (let i = 0; i < CONTROLLERS; i++)
    files.set(`app/controllers/c${pad(i, 2)}_controller.rb`, controller(i, edited(k++)));
  for (let i = 0; i < MODELS / scale; i++) files.set(`app/models/m${pad(i, 3)}.rb`, model(i, edited(k++)));
  for (let i = 0; i < VIEWS / scale; i++) files.set(`app/views/items/v${pad(i, 3)}.html.erb`, view(i, edited(k++)));
  return files;
}

function git(root: string, args: string[], date?: string): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@timeslice.invalid',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@timeslice.invalid',
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
  };
  const r = childProcess.spawnSync('git', args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The repository with its base and head commits; the same SHAs on every machine. */
function makeRepository(scale: number): { root: string; base: string; head: string; files: number } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-impact-bench-'));
  git(root, ['init', '-q', '-b', 'main']);
  git(root, ['config', 'commit.gpgsign', 'false']);
  const total = CONTROLLERS + (MODELS + VIEWS) / scale;
  const shas: string[] = [];
  for (let c = 0; c <= COMMITS; c++) {
    // Commit c edits the files k with k % COMMITS < c: each file is edited by exactly one commit.
    for (const [file, text] of tree((k) => k % COMMITS < c, scale)) {
      fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    git(root, ['add', '-A']);
    git(root, ['commit', '-q', '-m', c === 0 ? 'Base' : `Change ${c}`], `2026-11-20T0${c}:00:00Z`);
    shas.push(git(root, ['rev-parse', 'HEAD']));
  }
  return { root, base: shas[0], head: shas[COMMITS], files: total };
}

// ------------------------------------------------------------------------------------------------
// The data in hand: both windows' numbers of 200 transactions.
// ------------------------------------------------------------------------------------------------

const transactionNames = () =>
  Array.from({ length: CONTROLLERS }, (_, i) => ACTIONS.map((a) => `Controller/c${pad(i, 2)}/${a}`)).flat();

function windowStats(after: boolean): TransactionStats[] {
  return transactionNames().map((name, i) => {
    // c00–c19#show 1.6× slower (half with their method changed), c40–c44#index twice as fast.
    const [, c, action] = name.split('/');
    const n = Number(c.slice(1));
    const factor = !after ? 1 : action === 'show' && n < 20 ? 1.6 : action === 'index' && n >= 40 && n < 45 ? 0.5 : 1;
    const callCount = 600 + (i % 7) * 100;
    const averageMs = (80 + (i % 13) * 10) * factor;
    const satisfied = Math.round(callCount * (factor > 1 ? 0.7 : 0.95));
    const frustrated = Math.round(callCount * 0.01);
    return {
      name,
      kind: 'web',
      callCount,
      callsPerMinute: callCount / 60,
      averageMs,
      errorRate: 0.002,
      apdex: (satisfied + (callCount - satisfied - frustrated) / 2) / callCount,
      apdexCounts: { satisfied, tolerating: callCount - satisfied - frustrated, frustrated, count: callCount },
      timeShare: 1 / 200,
    };
  });
}

// ------------------------------------------------------------------------------------------------
// git through the product's own runners (gitCommits.ts's execFile, and spawn for `cat-file --batch`), counted,
// recorded or replayed. A spawned process is one call, however many files it reads.
// ------------------------------------------------------------------------------------------------

type ExecFile = typeof childProcess.execFile;
type Spawn = typeof childProcess.spawn;
type Callback = (error: Error | null, stdout: string, stderr: string) => void;

class GitTap {
  mode: 'real' | 'replay' = 'real';
  readonly recorded = new Map<string, { error: Error | null; stdout: string }>();
  /** A spawned git's output by its arguments and its whole input. */
  readonly streamed = new Map<string, Buffer[]>();
  calls: string[][] = [];
  private readonly original: ExecFile = childProcess.execFile;
  private readonly originalSpawn: Spawn = childProcess.spawn;

  install(): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const tap = this;
    const patched = function (file: string, args: readonly string[], options: object, callback: Callback) {
      if (file !== 'git')
        return (tap.original as unknown as (...a: unknown[]) => unknown)(file, args, options, callback);
      // The runner's own first arguments (no locks, quoted paths, no fsmonitor) are the same on every call.
      const sub = args.slice(5);
      tap.calls.push(sub);
      const key = args.join('\0');
      if (tap.mode === 'replay') {
        const r = tap.recorded.get(key);
        setImmediate(() =>
          callback(r ? r.error : new Error(`not recorded: git ${sub.join(' ')}`), r?.stdout ?? '', ''),
        );
        return undefined;
      }
      return tap.original(file, args, options, (error, stdout, stderr) => {
        tap.recorded.set(key, { error, stdout: String(stdout) });
        callback(error, String(stdout), String(stderr));
      });
    };
    (childProcess as { execFile: unknown }).execFile = patched;
    (childProcess as { spawn: unknown }).spawn = (file: string, args: readonly string[], options: object) => {
      if (file !== 'git') return (tap.originalSpawn as unknown as (...a: unknown[]) => unknown)(file, args, options);
      tap.calls.push(args.slice(5));
      return tap.mode === 'replay' ? tap.replayed(args) : tap.recording(tap.originalSpawn(file, args, options), args);
    };
  }

  /** A real child whose input (one `end`, as readBlobs writes it) and output are kept under their key. */
  private recording(child: ReturnType<Spawn>, args: readonly string[]): ReturnType<Spawn> {
    const end = child.stdin!.end.bind(child.stdin!) as (input: string) => void;
    (child.stdin as unknown as { end: (input: string) => void }).end = (input) => {
      const out: Buffer[] = [];
      this.streamed.set([...args, input].join('\0'), out);
      child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
      end(input);
    };
    return child;
  }

  /** A child that answers its input with the recorded output, then exits. */
  private replayed(args: readonly string[]): ReturnType<Spawn> {
    const child = Object.assign(new EventEmitter(), {
      stdout: new EventEmitter(),
      exitCode: null as number | null,
      kill: () => true,
      stdin: Object.assign(new EventEmitter(), {
        end: (input: string) => {
          const out = this.streamed.get([...args, input].join('\0'));
          setImmediate(() => {
            for (const chunk of out ?? []) child.stdout.emit('data', chunk);
            child.exitCode = out ? 0 : 1;
            child.emit('close', child.exitCode);
          });
        },
      }),
    });
    return child as unknown as ReturnType<Spawn>;
  }

  uninstall(): void {
    (childProcess as { execFile: unknown }).execFile = this.original;
    (childProcess as { spawn: unknown }).spawn = this.originalSpawn;
  }

  /** The calls since the last `take`, by kind. */
  take(): Record<'resolve' | 'diff' | 'reads' | 'logs', number> {
    const by = { resolve: 0, diff: 0, reads: 0, logs: 0 };
    for (const sub of this.calls) {
      if (sub[0] === 'diff') by.diff++;
      else if (sub[0] === 'log') by.logs++;
      else if (sub[0] === 'cat-file' && sub[1] !== '-t') by.reads++;
      else by.resolve++;
    }
    this.calls = [];
    return by;
  }
}

/** The `vscode` the loaders import: the git extension's API (its git is the PATH's) and English messages. */
function installVscode(root: string): () => void {
  const noEvent = () => ({ dispose: () => undefined });
  const uri = { scheme: 'file', fsPath: root, path: root };
  const api = {
    git: { path: 'git' },
    repositories: [],
    getRepository: () => ({ rootUri: uri, state: { onDidChange: noEvent } }),
  };
  const vscode = {
    extensions: { getExtension: () => ({ isActive: true, exports: { enabled: true, getAPI: () => api } }) },
    l10n: {
      t: (message: string, ...args: unknown[]) =>
        message.replace(/\{(\d+)\}/g, (m, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : m)),
    },
    Uri: {
      joinPath: (base: { path: string }, ...parts: string[]) => ({ ...uri, path: [base.path, ...parts].join('/') }),
    },
    EventEmitter: class {
      event = noEvent;
      fire(): void {}
      dispose(): void {}
    },
  };
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? vscode : original.call(this, request, ...rest);
  };
  return () => (loader._load = original);
}

// ------------------------------------------------------------------------------------------------

/** `quick`: one run each, a tenth of the models and views, and git run for real once (its calls are some 2,000 processes). */
export async function impactFigures(runs: number, quick = false): Promise<Figure[]> {
  const scale = quick ? 10 : 1;
  const repo = makeRepository(scale);
  const tap = new GitTap();
  const uninstallVscode = installVscode(repo.root);
  tap.install();
  try {
    // Loaded after the stub: the module imports `vscode`.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { loadDeploymentCode, MAX_LOGGED_FILES, MAX_LOGGED_METHODS } =
      require('../../src/tree/deploymentCodeLoad') as typeof import('../../src/tree/deploymentCodeLoad');
    const { MAX_CHANGED_SOURCE_FILES } =
      require('../../src/tree/changeImpactLoad') as typeof import('../../src/tree/changeImpactLoad');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const at = Date.parse('2026-11-20T12:00:20Z');
    const previous: Deployment = { id: 'p', revision: repo.base, time: at - 6 * 3_600_000 };
    const current: Deployment = { id: 'c', revision: repo.head, time: at };
    const before = windowStats(false);
    const after = windowStats(true);
    const api = {
      getTransactionStats: (q: { to: number }) => Promise.resolve(q.to <= at ? before : after),
    };
    const sourceIndex = new SourceIndex(nodeFiles(repo.root));
    const deps = {
      bindings: { all: () => [{ binding: { id: APP_ID }, folder: { uri: { scheme: 'file', fsPath: repo.root } } }] },
      sources: { indexOf: () => sourceIndex },
    } as unknown as Parameters<typeof loadDeploymentCode>[0];

    const view = async (): Promise<ImpactViewModel> => {
      const impact = await loadDeploymentImpact(api, {
        application: { id: APP_ID, name: 'storefront-web', language: 'ruby' },
        deployment: current,
        deployments: [previous, current],
        now: at + 2 * 3_600_000,
      });
      if (impact.kind !== 'impact') throw new Error('the bench deployment has no windows');
      const moved = impact.rows.flatMap((r) =>
        r.status === 'worse' || r.status === 'better' ? [{ name: r.name, status: r.status }] : [],
      );
      const code = await loadDeploymentCode(
        deps,
        { applicationId: APP_ID, agentLanguage: 'ruby', previous, current, moved },
        new AbortController().signal,
      );
      return impactViewModel(impact, code);
    };

    // One real run records every git answer and counts the calls.
    tap.mode = 'real';
    let t0 = performance.now();
    const first = await view();
    const withGit = { ours: [performance.now() - t0], anchor: [] as number[] };
    const calls = tap.take();
    check(first);
    const diffKey = ['--no-optional-locks', '-c', 'core.quotePath=true', '-c', 'core.fsmonitor=false'];
    const diffText = tap.recorded.get(
      [...diffKey, ...DIFF_ARGUMENTS, '--relative', repo.base, repo.head, '--'].join('\0'),
    )!.stdout;
    const sides = [...tap.streamed.values()].flatMap((out) => batchTexts(Buffer.concat(out)));

    tap.mode = 'replay';
    const inHand = await interleaved(
      runs,
      async () => {
        const t0 = performance.now();
        await view();
        return performance.now() - t0;
      },
      () => {
        const t0 = performance.now();
        parseDiff(diffText);
        for (const text of sides) parseSource('ruby', text);
        return Promise.resolve(performance.now() - t0);
      },
    );
    tap.take();

    tap.mode = 'real';
    const gitDiff = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        childProcess.execFile(
          'git',
          [...diffKey, ...DIFF_ARGUMENTS, '--relative', repo.base, repo.head, '--'],
          { cwd: repo.root, maxBuffer: 64 * 1024 * 1024 },
          (error) => (error ? reject(new Error(error.message)) : resolve(performance.now() - started)),
        );
      });
    withGit.anchor.push(await gitDiff());
    if (!quick) {
      // Two more of each: a run is tens of seconds on a busy 2-core machine.
      const more = await interleaved(
        2,
        async () => {
          t0 = performance.now();
          await view();
          return performance.now() - t0;
        },
        gitDiff,
        0,
      );
      withGit.ours.push(...more.ours);
      withGit.anchor.push(...more.anchor);
    }
    tap.take();

    const requests = await requestsPerView();
    const sourceFiles = CONTROLLERS + MODELS / scale;
    return [
      timedFigure(
        IMPACT_IN_HAND,
        inHand,
        'parsing the diff and both sides of the same files, no join',
        { kind: 'atMost', max: 1000 },
        `${first.rows.length} rows, ${first.rows.filter((r) => r.code).length} with code; ${repo.files} files changed in ${COMMITS} commits, ${sides.length} file sides read (${Math.min(sourceFiles, MAX_CHANGED_SOURCE_FILES)} of ${sourceFiles} source files: the read cap)`,
      ),
      timedFigure(
        '  the same view with git run for real',
        withGit,
        'one `git diff` of the same range',
        undefined,
        `wall time, ${withGit.ours.length} runs (the first recorded every git answer for the figure above): both sides of every file read by one \`git cat-file --batch\``,
      ),
      countFigure(
        IMPACT_GIT_CALLS,
        'calls',
        calls.resolve + calls.diff + calls.reads + calls.logs,
        { kind: 'atMost', max: 2 * 3 + 1 + 1 + MAX_LOGGED_FILES + MAX_LOGGED_METHODS },
        `resolve ${calls.resolve}, diff ${calls.diff}, reads ${calls.reads} (one \`cat-file --batch\` for every side), logs ${calls.logs} (at most ${MAX_LOGGED_FILES} files' and ${MAX_LOGGED_METHODS} methods')`,
      ),
      ...requests,
    ];
  } finally {
    tap.uninstall();
    uninstallVscode();
    fs.rmSync(repo.root, { recursive: true, force: true });
  }
}

/** The files' texts in a recorded `cat-file --batch` output (`<oid> blob <size>` LF, the bytes, LF; else one line). */
function batchTexts(out: Buffer): string[] {
  const texts: string[] = [];
  for (let at = 0; at < out.length;) {
    const lf = out.indexOf(0x0a, at);
    const found = /^[0-9a-f]+ blob (\d+)$/.exec(out.subarray(at, lf).toString());
    at = lf + 1;
    if (found) {
      texts.push(out.subarray(at, at + Number(found[1])).toString('utf8'));
      at += Number(found[1]) + 1;
    }
  }
  return texts;
}

/** The join found what the repository holds: the regressions with their method changed, and the others without. */
function check(v: ImpactViewModel): void {
  const row = (name: string) => v.rows.find((r) => r.name === name);
  const changed =
    row('Controller/c03/show')
      ?.code?.map((c) => c.text)
      .join(' ') ?? '';
  const unchanged =
    row('Controller/c13/show')
      ?.code?.map((c) => c.text)
      .join(' ') ?? '';
  if (!/C03Controller#show at app\/controllers\/c03_controller\.rb:\d+, in [0-9a-f]{7}/.test(changed)) {
    throw new Error(`the changed method was not joined: ${changed}`);
  }
  if (!/did not change/.test(unchanged) || row('Controller/c03/show')?.status !== 'worse') {
    throw new Error(`an unchanged method was joined: ${unchanged}`);
  }
}

/**
 * Requests per view against the simulator, names cached: a Ruby application given 200 web transactions
 * before its first request. NerdGraph asks one NRQL per window whatever the count; REST splits the names
 * (each with its errors and Apdex) by URL length.
 */
async function requestsPerView(): Promise<Figure[]> {
  const key = 'NRAK-IMPACTBENCH000000000000001';
  const now = Date.parse('2026-11-20T12:00:30Z');
  const sim = await Simulator.start({ usKey: key, now: () => new Date(now) });
  const app = sim.datasets.us.apps.find((a) => a.reporting && a.language === 'ruby')!;
  app.profile.transactions = transactionNames().map((name) => ({
    name,
    names: agentNamesOf(name),
    label: name,
    weight: 1 / 200,
    speed: 1,
    errorProneness: 1,
  }));
  const common = {
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(key),
    ca: sim.certPem,
    log: new MemoryLogger(),
    timeoutMs: 15_000,
    backoffBaseMs: 10,
  };
  const apis = {
    ng: new NerdGraphTimesliceApi({ ...common, accountId: SIMULATED_ACCOUNTS.us.id, now: () => new Date(now) }),
    rest: new HttpTimesliceApi(common),
  };
  try {
    const figures: Figure[] = [];
    const d: Deployment = { id: 'd', revision: 'r', time: now - 2 * 3_600_000 };
    const query = {
      application: { id: app.id, name: app.name, language: app.language },
      deployment: d,
      deployments: [d],
      now,
    };
    for (const backend of ['ng', 'rest'] as const) {
      const metricNames = new MetricNamesCache(apis[backend]);
      await loadDeploymentImpact(apis[backend], query, { metricNames }); // warms the names listing
      sim.clearRequests();
      const impact = await loadDeploymentImpact(apis[backend], query, { metricNames });
      const rows = impact.kind === 'impact' ? impact.rows.length : 0;
      const count = sim.requests.length;
      figures.push(
        backend === 'ng'
          ? countFigure(IMPACT_REQUESTS_NG, 'requests', count, { kind: 'exactly', value: 2 }, `${rows} rows`)
          : countFigure(
              '  REST, the same application',
              'requests',
              count,
              undefined,
              `${rows} rows; each window's 600 names (transaction, errors, Apdex) split at ${REST_MAX_NAMES_QUERY_CHARS.toLocaleString('en')} characters of query string`,
            ),
      );
    }
    return figures;
  } finally {
    await Promise.all([apis.rest.dispose(), apis.ng.dispose()]);
    await sim.stop();
  }
}
