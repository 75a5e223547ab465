/**
 * Demo mode: the built-in API simulator, started on loopback inside the extension host. Its key stays
 * in memory and its certificate is trusted by the demo connection only.
 */
import * as vscode from 'vscode';

import type { BackendSetting } from '../api/backendChoice';
import type { Logger } from '../log';
import type { Simulator } from '../simulator/server';
import { Disposable } from '../util/lifecycle';

/** The demo keeps only its last requests (tests look at recent ones; a demo may run for days). */
export const DEMO_RECORDED_REQUESTS = 500;

export interface DemoEndpoint {
  baseUrl: string;
  key: string;
  certPem: string;
  /** The backend asked of this demo by Start Demo's argument; else `timeslice.demo.backend` decides. */
  backend?: BackendSetting;
}

// A plain `require` of dist/demo.js (esbuild.js), so the simulator loads only when the demo starts.
function startSimulator(
  names: 'test' | 'demo',
  clockShiftMinutes: number | undefined,
  story: boolean,
  storyUntil: string | undefined,
) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Simulator: Sim, DEMO_DATA_SET } = require('../simulator/server') as typeof import('../simulator/server');
  return Sim.start({
    ...DEMO_DATA_SET,
    maxRecordedRequests: DEMO_RECORDED_REQUESTS,
    names,
    // The demo's story (its code's git history) when the data clock is the real one; the harnesses shift it
    // and compute what they expect from the data set alone.
    ...(clockShiftMinutes !== undefined ? { clockShiftMinutes, demoStory: story } : { demoStory: true }),
    ...(story && storyUntil !== undefined ? { demoStoryUntil: storyUntil } : {}),
  });
}

export class DemoController extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private sim: Simulator | undefined;
  private starting: Promise<Simulator> | undefined;
  private backend: BackendSetting | undefined;
  /** A harness turns the demo's story on for the next start, its data clock still shifted (impact.test.ts). */
  story = false;
  /** With `story`: its last deployment by revision prefix, so a test can make an earlier one the latest. */
  storyUntil: string | undefined;

  constructor(
    private readonly log: Logger,
    private readonly names: 'test' | 'demo' = 'demo',
    private readonly clockShiftMinutes?: number,
  ) {
    super();
  }

  get active(): boolean {
    return this.sim !== undefined;
  }

  get simulator(): Simulator | undefined {
    return this.sim;
  }

  get endpoint(): DemoEndpoint | undefined {
    return this.sim
      ? { baseUrl: this.sim.baseUrls.us, key: this.sim.keys.us, certPem: this.sim.certPem, backend: this.backend }
      : undefined;
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
    this.starting ??= startSimulator(this.names, this.clockShiftMinutes, this.story, this.storyUntil);
    try {
      this.sim = await this.starting;
    } finally {
      this.starting = undefined;
    }
    this.log.info(`demo simulator listening on ${this.sim.baseUrls.us}`);
    await vscode.commands.executeCommand('setContext', 'timeslice.demoActive', true);
    this.changed.fire();
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
