/**
 * The `Timeslice` diagnostics (errorDiagnostics.ts) over an in-memory `vscode` and fake sources: an update
 * whose bindings changed while it ran writes nothing, and the rerun it queued clears; an application
 * whose refresh fails keeps its last good diagnostics marked with their age and the failure (logged once)
 * while the others refresh; nested folders bound to one application list each diagnostic once; related
 * information is the in-app frames that map plus one summary line.
 */
import assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import type { TransactionStats } from '../../src/api/transactionStats';
import type { ErrorDiagnostics } from '../../src/errors/errorDiagnostics';
import type { ErrorApplication, ErrorClassesAnswer, StackAnswer } from '../../src/errors/errorModel';
import { parseStack } from '../../src/errors/stackParser';
import { MemoryLogger } from '../../src/log';
import type { FakeVscodeControl } from '../support/fakeVscode';
import { EventEmitter, installFakeVscode } from '../support/fakeVscode';

const MINUTE = 60_000;
const TXN = 'WebTransaction/Controller/orders/show';
const STACK = [
  "/usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/core.rb:253:in 'find'",
  "/srv/app/app/controllers/orders_controller.rb:12:in 'show'",
  "/srv/app/app/services/pricing.rb:40:in 'quote'",
  "/srv/app/app/models/gone.rb:3:in 'x'",
].join('\n');

interface FakeDiagnostic {
  message: string;
  range: { start: { line: number } };
  relatedInformation: Array<{ message: string; location: { uri: { path: string }; range: { line: number } } }>;
}

interface Folder {
  uri: { path: string; toString(): string };
  name: string;
  index: number;
}

const folderAt = (path: string, index: number): Folder => ({
  uri: { path, toString: () => `file://${path}` },
  name: path,
  index,
});

/** A deferred answer: the test decides when an application's classes arrive. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('error diagnostics with fakes (bindings, failures, nested folders)', () => {
  let vscode: FakeVscodeControl & { uninstall(): void };
  let Diagnostics: typeof ErrorDiagnostics;

  before(() => {
    vscode = installFakeVscode();
    /* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the fake is installed */
    Diagnostics = (require('../../src/errors/errorDiagnostics') as typeof import('../../src/errors/errorDiagnostics'))
      .ErrorDiagnostics;
  });

  after(() => vscode.uninstall());

  /** ErrorDiagnostics over fakes; `classes` answers each application's classes (by id). */
  function setUp(options: {
    bound: Array<{ folder: Folder; id: number }>;
    classes: (app: ErrorApplication) => Promise<ErrorClassesAnswer>;
  }) {
    let now = Date.UTC(2026, 10, 20, 12, 0);
    const bindingsChanged = new EventEmitter<void>();
    const log = new MemoryLogger();
    const state = { bound: options.bound, classes: options.classes };
    const session = { signal: new AbortController().signal };
    const stack: StackAnswer = {
      kind: 'stack',
      occurrenceId: 'o1',
      message: 'not found',
      timestamp: new Date(now),
      frames: parseStack('ruby', STACK),
    };
    const stats: TransactionStats[] = [
      {
        name: 'Controller/orders/show',
        kind: 'web',
        callCount: 4000,
        callsPerMinute: 1,
        averageMs: 1,
        errorRate: 0.1,
        timeShare: 1,
      },
    ];
    const diagnostics = new Diagnostics({
      config: {
        errorDiagnosticsEnabled: true,
        codeLensRange: '30m',
        errorDiagnosticsSeverity: 'warning',
        onDidChange: new EventEmitter<never>().event,
      } as never,
      connections: {
        current: session,
        registerJob: () => ({ dispose: () => undefined }),
        scheduleChanged: () => undefined,
        focus: { run: (_key: string, run: () => void) => run() },
        onDidChangeSession: new EventEmitter<void>().event,
      } as never,
      bindings: {
        onDidChange: bindingsChanged.event,
        all: () => state.bound.map(({ folder, id }) => ({ folder, binding: { id, region: 'demo' } })),
      } as never,
      poller: {
        onDidRefresh: new EventEmitter<void>().event,
        snapshot: () => ({ app: { language: 'ruby' } }),
      } as never,
      sources: {
        // The server's /srv/app/ is the outermost folder (/ws): a nested folder's files are under its name.
        indexOf: (folder: Folder) => ({
          fileMap: () =>
            Promise.resolve({
              mapFrames: (frames: Array<{ path?: string }>) =>
                frames.map((f) => {
                  const relative = f.path?.startsWith('/srv/app/') ? f.path.slice('/srv/app/'.length) : undefined;
                  const inside = folder.uri.path.slice('/ws'.length + 1);
                  const path =
                    inside && relative?.startsWith(`${inside}/`) ? relative.slice(inside.length + 1) : relative;
                  return path?.includes('gone') || path?.includes('gems') ? undefined : path;
                }),
            }),
        }),
        uriOf: (folder: Folder, path: string) => ({
          path: `${folder.uri.path}/${path}`,
          toString: () => `file://${folder.uri.path}/${path}`,
        }),
      } as never,
      details: {
        classes: (app: ErrorApplication) => state.classes(app),
        latestStack: () => Promise.resolve(stack),
        knownStack: () => undefined,
        reset: () => undefined,
      } as never,
      rates: () => Promise.resolve(stats),
      region: () => 'demo',
      log,
      now: () => now,
    });
    const shown = () =>
      [...(vscode.diagnostics.get('Timeslice') ?? new Map<string, unknown[]>())].flatMap(([uri, list]) =>
        (list as FakeDiagnostic[]).map((d) => ({ uri, line: d.range.start.line + 1, message: d.message, d })),
      );
    return {
      diagnostics,
      shown,
      log,
      state,
      advance: (ms: number) => (now += ms),
      unbind: () => {
        state.bound = [];
        bindingsChanged.fire();
      },
    };
  }

  const answer = (applicationId: number, count = 120): ErrorClassesAnswer => ({
    kind: 'classes',
    applicationId,
    range: { from: new Date(0), to: new Date(0) },
    rows: [
      { transactionName: TXN, errorClass: `Timeout${applicationId}`, message: 'slow', count, lastSeen: new Date(0) },
    ],
    expectedLeftOut: true,
  });

  it('writes nothing from an update whose folder was unbound while it ran; the queued rerun clears', async () => {
    const pending = deferred<ErrorClassesAnswer>();
    const t = setUp({ bound: [{ folder: folderAt('/ws', 0), id: 7 }], classes: () => pending.promise });
    const running = t.diagnostics.refresh();
    t.unbind(); // clears at once, and asks again (that rerun waits behind the running update)
    assert.deepEqual(t.shown(), []);
    pending.resolve(answer(7));
    await running;
    await t.diagnostics.refresh();
    assert.deepEqual(t.shown(), [], 'no diagnostic of the unbound folder');
    assert.deepEqual(t.diagnostics.classesOf(7), []);
    t.diagnostics.dispose();
  });

  it("keeps a failed application's last good diagnostics, marked with their age and the failure; the others refresh", async () => {
    const fail = new Set<number>();
    const counts = new Map([
      [7, 120],
      [8, 30],
    ]);
    const t = setUp({
      bound: [
        { folder: folderAt('/ws', 0), id: 7 },
        { folder: folderAt('/other', 1), id: 8 },
      ],
      classes: (app) =>
        fail.has(app.id)
          ? Promise.reject(new ApiError('timeout', 'The NRQL query timed out on api.example. Try a shorter range.'))
          : Promise.resolve(answer(app.id, counts.get(app.id))),
    });
    await t.diagnostics.refresh();
    const before = t.shown().find((s) => s.uri.startsWith('file:///ws/'))!;
    assert.equal(
      before.message,
      'Timeout7: slow — 120 in the last 30 min (3 % of the calls to Controller/orders/show)',
    );

    fail.add(7);
    counts.set(8, 31);
    t.advance(12 * MINUTE);
    await t.diagnostics.refresh();
    await t.diagnostics.refresh();
    t.advance(MINUTE);
    await t.diagnostics.refresh();
    const stale = t.shown().find((s) => s.uri.startsWith('file:///ws/'));
    assert.equal(
      stale?.message,
      `${before.message}\nShowing data from 13 min ago — the refresh failed: The NRQL query timed out on api.example.`,
    );
    assert.match(t.shown().find((s) => s.uri.startsWith('file:///other/'))!.message, /^Timeout8: slow — 31 in/);
    assert.equal(t.diagnostics.topClassOf(7, 'ruby', 'Controller/orders/show'), 'Timeout7 ×120', 'the lens keeps it');
    assert.equal(t.log.lines.filter((l) => l.includes('timed out')).length, 1, 'the failure is logged once');

    fail.clear();
    await t.diagnostics.refresh();
    assert.equal(t.shown().find((s) => s.uri.startsWith('file:///ws/'))?.message, before.message);
    t.diagnostics.dispose();
  });

  it('lists each diagnostic once for nested folders bound to one application; related frames lead somewhere', async () => {
    const t = setUp({
      bound: [
        { folder: folderAt('/ws', 0), id: 7 },
        { folder: folderAt('/ws/app', 1), id: 7 },
      ],
      classes: (app) => Promise.resolve(answer(app.id)),
    });
    await t.diagnostics.refresh();
    const all = t.shown();
    assert.deepEqual(
      all.map((s) => `${s.uri}:${s.line}`),
      ['file:///ws/app/controllers/orders_controller.rb:12'],
    );
    assert.deepEqual(
      all[0].d.relatedInformation.map((r) => `${r.location.uri.path}:${r.location.range.line + 1} ${r.message}`),
      [
        "/ws/app/services/pricing.rb:40 /srv/app/app/services/pricing.rb:40:in 'quote'",
        '/ws/app/controllers/orders_controller.rb:12 1 library frame and 1 other frame — Show Error for the full stack',
      ],
    );
    t.diagnostics.dispose();
  });
});
