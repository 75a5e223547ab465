/**
 * Demo mode: the built-in API simulator, started on loopback in a worker thread of the extension host (in the
 * host itself for the integration suite, which reads it in place). Its key stays in memory and its certificate
 * is trusted by the demo connection only.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import * as vscode from 'vscode';

import type { BackendSetting } from '../api/backendChoice';
import { COMMAND } from '../constants';
import type { Logger } from '../log';
import { DEMO_WORKER_DATA, DEMO_WORKER_STOP, type DemoWorkerMessage } from '../simulator/demoWorkerProtocol';
import type { Simulator, SimulatorOptions } from '../simulator/server';
import { Disposable } from '../util/lifecycle';

/** How long a stopping worker may take to close its listeners before it is terminated. */
const WORKER_STOP_GRACE_MS = 5_000;

/** The demo keeps only its last requests (tests look at recent ones; a demo may run for days). */
export const DEMO_RECORDED_REQUESTS = 500;

export interface DemoEndpoint {
  baseUrl: string;
  key: string;
  certPem: string;
  /** The backend asked of this demo by Start Demo's argument; else `timeslice.demo.backend` decides. */
  backend?: BackendSetting;
}

/** A started simulator, in place or in a worker: where it listens, and how it stops. */
interface RunningSimulator {
  listening: { baseUrls: { us: string }; keys: { us: string }; certPem: string };
  inPlace?: Simulator;
  stop(): Promise<void>;
}

function simulatorOptions(
  names: 'test' | 'demo',
  clockShiftMinutes: number | undefined,
  story: boolean,
  storyUntil: string | undefined,
): SimulatorOptions {
  return {
    maxRecordedRequests: DEMO_RECORDED_REQUESTS,
    names,
    // The demo's story (its code's git history) when the data clock is the real one; the harnesses shift it
    // and compute what they expect from the data set alone.
    ...(clockShiftMinutes !== undefined ? { clockShiftMinutes, demoStory: story } : { demoStory: true }),
    ...(story && storyUntil !== undefined ? { demoStoryUntil: storyUntil } : {}),
  };
}

// A plain `require` of dist/demo.js (esbuild.js), so the simulator loads only when the demo starts.
async function startInPlace(options: SimulatorOptions): Promise<RunningSimulator> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Simulator: Sim, DEMO_DATA_SET } = require('../simulator/server') as typeof import('../simulator/server');
  const sim = await Sim.start({ ...DEMO_DATA_SET, ...options }); // As the worker starts it (demoWorker.ts).
  return { listening: sim, inPlace: sim, stop: () => sim.stop() };
}

/** `file` (dist/demo.js: src/simulator/demoWorker.ts) as a worker thread; `exited` hears of an end nobody asked for. */
function startInWorker(
  file: string,
  options: SimulatorOptions,
  exited: (code: number) => void,
): Promise<RunningSimulator> {
  const worker = new Worker(file, { workerData: { [DEMO_WORKER_DATA]: options } });
  worker.unref(); // The extension host's exit does not wait for it.
  let stopping = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), WORKER_STOP_GRACE_MS);
      worker.once('exit', () => (clearTimeout(timer), resolve()));
      worker.on('message', (m: DemoWorkerMessage) => m.type === 'stopped' && void worker.terminate());
      worker.postMessage(DEMO_WORKER_STOP);
    });
  return new Promise((resolve, reject) => {
    let ready = false;
    worker.once('error', reject);
    worker.once('exit', (code) =>
      stopping ? undefined : ready ? exited(code) : reject(new Error(`exit code ${code}`)),
    );
    worker.once('message', (m: DemoWorkerMessage) => {
      ready = m.type === 'ready';
      return m.type === 'ready'
        ? resolve({ listening: m, stop })
        : reject(new Error(m.type === 'failed' ? m.message : m.type));
    });
  });
}

export class DemoController extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private sim: RunningSimulator | undefined;
  private starting: Promise<RunningSimulator> | undefined;
  private backend: BackendSetting | undefined;
  /** A harness turns the demo's story on for the next start, its data clock still shifted (impact.test.ts). */
  story = false;
  /** With `story`: its last deployment by revision prefix, so a test can make an earlier one the latest. */
  storyUntil: string | undefined;

  constructor(
    private readonly log: Logger,
    private readonly names: 'test' | 'demo' = 'demo',
    private readonly clockShiftMinutes?: number,
    /** The integration suite's harness reads the simulator in place (`simulator`). */
    private readonly inPlace = false,
    private readonly workerFile = join(__dirname, 'demo.js'),
  ) {
    super();
  }

  get active(): boolean {
    return this.sim !== undefined;
  }

  get simulator(): Simulator | undefined {
    return this.sim?.inPlace;
  }

  get endpoint(): DemoEndpoint | undefined {
    const at = this.sim?.listening;
    return at ? { baseUrl: at.baseUrls.us, key: at.keys.us, certPem: at.certPem, backend: this.backend } : undefined;
  }

  /** Starts the simulator; `backend` (REST v2 or NerdGraph, both served) overrides the setting for this demo. */
  async start(backend?: BackendSetting): Promise<void> {
    if (this.sim) {
      if (backend !== undefined && backend !== this.backend) {
        this.backend = backend;
        this.changed.fire(); // Running already: the connection is rebuilt on the other backend.
      }
      return;
    }
    this.backend = backend;
    const options = simulatorOptions(this.names, this.clockShiftMinutes, this.story, this.storyUntil);
    this.starting ??= this.inPlace
      ? startInPlace(options)
      : startInWorker(this.workerFile, options, (code) => void this.ended(code));
    try {
      this.sim = await this.starting;
    } finally {
      this.starting = undefined;
    }
    this.log.info(`demo simulator listening on ${this.sim.listening.baseUrls.us}`);
    await vscode.commands.executeCommand('setContext', 'timeslice.demoActive', true);
    this.changed.fire();
  }

  /** The worker ended by itself (an error in it): the demo is off, as after Stop Demo, and the user is told so. */
  private async ended(code: number): Promise<void> {
    this.log.warn(`the demo's simulator stopped by itself (exit code ${code})`);
    if (!this.sim) {
      return;
    }
    const backend = this.backend;
    this.sim = undefined;
    this.backend = undefined;
    await vscode.commands.executeCommand('setContext', 'timeslice.demoActive', false);
    this.changed.fire();
    const again = vscode.l10n.t('Start Demo');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        "The demo's simulator stopped unexpectedly (exit code {0}): the views show no demo data until it starts again.",
        code,
      ),
      again,
    );
    if (choice === again) {
      await vscode.commands.executeCommand(COMMAND.startDemo, ...(backend === undefined ? [] : [backend]));
    }
  }

  async stop(): Promise<void> {
    const sim = this.sim;
    if (!sim) {
      return;
    }
    this.sim = undefined;
    this.backend = undefined;
    await vscode.commands.executeCommand('setContext', 'timeslice.demoActive', false);
    this.changed.fire();
    await sim.stop();
    this.log.info('demo simulator stopped');
  }

  override dispose(): void {
    void this.sim?.stop();
    this.sim = undefined;
    super.dispose();
  }
}
