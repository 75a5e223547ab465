/**
 * The demo's simulator in its worker thread when it goes wrong, with a stand-in worker
 * (test/support/fakeDemoWorker.js) and an in-memory `vscode`: a worker that cannot start makes Start
 * Demo fail with its reason; one that ends by itself turns the demo off and tells the user, whose
 * "Start Demo" starts it again on the same API; Stop Demo's own end says nothing.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';

import type { DemoController } from '../../src/demo/demoController';
import { MemoryLogger } from '../../src/log';
import type { FakeVscodeControl } from '../support/fakeVscode';
import { installFakeVscode } from '../support/fakeVscode';
import { until } from '../support/until';

const FAKE_WORKER = path.join(__dirname, '..', 'support', 'fakeDemoWorker.js');

describe("the demo's simulator worker, when it fails", () => {
  let vscode: FakeVscodeControl & { uninstall(): void };
  let Controller: typeof DemoController;
  let demo: DemoController | undefined;
  let log: MemoryLogger;

  before(() => {
    vscode = installFakeVscode();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the fake is installed
    Controller = (require('../../src/demo/demoController') as typeof import('../../src/demo/demoController'))
      .DemoController;
  });

  after(() => vscode.uninstall());

  beforeEach(() => {
    vscode.warnings.length = 0;
    vscode.executed.length = 0;
    vscode.answerWarnings(() => undefined);
    log = new MemoryLogger();
  });

  afterEach(async () => {
    await demo?.stop();
    demo?.dispose();
    demo = undefined;
    delete process.env.TIMESLICE_FAKE_DEMO_WORKER;
  });

  function startWith(behaviour: 'fail' | 'throw' | 'ready', backend?: 'restV2' | 'nerdGraph'): Promise<void> {
    process.env.TIMESLICE_FAKE_DEMO_WORKER = behaviour;
    demo = new Controller(log, 'demo', undefined, false, FAKE_WORKER);
    return demo.start(backend);
  }

  it('one that answers it could not start: Start Demo fails with its reason, and the demo stays off', async () => {
    await assert.rejects(startWith('fail'), /EADDRINUSE/);
    assert.equal(demo!.active, false);
    assert.equal(demo!.endpoint, undefined);
  });

  it('one that throws as it loads: Start Demo fails with the error, and the demo stays off', async () => {
    await assert.rejects(startWith('throw'), /the bundle is broken/);
    assert.equal(demo!.active, false);
  });

  it('one that ends by itself: the demo is off, the user is told with its exit code, and Start Demo starts it on the same API', async () => {
    await startWith('ready', 'nerdGraph');
    assert.equal(demo!.active, true);
    assert.equal(demo!.endpoint?.backend, 'nerdGraph');
    vscode.answerWarnings((_text, buttons) => buttons.find((b) => b === 'Start Demo'));
    const changed = new Promise<void>((resolve) => demo!.onDidChange(() => resolve()));
    const channel = new BroadcastChannel('timeslice-fake-demo-worker');
    try {
      channel.postMessage('crash');
      await changed;
    } finally {
      channel.close();
    }
    assert.equal(demo!.active, false);
    assert.equal(demo!.endpoint, undefined);
    assert.ok(
      vscode.executed.some((c) => c[0] === 'setContext' && c[1] === 'timeslice.demoActive' && c[2] === false),
      'the demo-only commands are hidden',
    );
    await until(() => vscode.executed.some((c) => c[0] === 'timeslice.startDemo'), 'Start Demo run again');
    assert.equal(vscode.warnings.length, 1);
    assert.match(vscode.warnings[0].text, /stopped unexpectedly \(exit code 3\)/);
    assert.deepEqual(vscode.warnings[0].buttons, ['Start Demo']);
    assert.deepEqual(
      vscode.executed.find((c) => c[0] === 'timeslice.startDemo'),
      ['timeslice.startDemo', 'nerdGraph'],
    );
    assert.ok(log.lines.some((l) => l.startsWith('warn') && l.includes('exit code 3')));
  });

  it('one stopped by Stop Demo: nothing is said', async () => {
    await startWith('ready');
    await demo!.stop();
    assert.equal(demo!.active, false);
    assert.deepEqual(vscode.warnings, []);
    assert.ok(!vscode.executed.some((c) => c[0] === 'timeslice.startDemo'));
  });
});
