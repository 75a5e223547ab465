import type { ConnectionManager } from '../session/connectionManager';
import { Disposable } from '../util/lifecycle';
import type { Binding } from './binding';
import type { BoundAppsPoller } from './boundAppsPoller';
import type { LastDeployment } from './boundDeployment';
import { BoundDeploymentTracker } from './boundDeployment';

export class LastDeploymentUpdates extends Disposable {
  private readonly tracker = new BoundDeploymentTracker();
  private run: Promise<void> = Promise.resolve();
  /** Test build only (esbuild.js): resolves when the ask after the latest refresh is in. */
  declare readonly settled?: () => Promise<void>;

  /** `shown`: the binding whose application the item shows, if it shows one; `changed`: redraw. */
  constructor(
    poller: Pick<BoundAppsPoller, 'onDidRefresh'>,
    private readonly connections: Pick<ConnectionManager, 'current' | 'onDidChangeSession'>,
    private readonly shown: () => Binding | undefined,
    private readonly changed: () => void,
  ) {
    super();
    this._register(
      poller.onDidRefresh(() => {
        // In turn, never two at once; the tracker keeps what it knew when a request fails.
        this.run = this.run.then(() => this.update()).catch(() => undefined);
      }),
    );
    this._register(connections.onDidChangeSession(() => this.tracker.reset()));
    if (__TIMESLICE_TEST__) {
      this.settled = () => this.run;
    }
  }

  get(binding: Pick<Binding, 'id' | 'region'>): LastDeployment | undefined {
    return this.tracker.get(binding);
  }

  failure(binding: Pick<Binding, 'id' | 'region'>): string | undefined {
    return this.tracker.failure(binding);
  }

  private async update(): Promise<void> {
    const binding = this.shown();
    const session = this.connections.current;
    if (binding && session && (await this.tracker.update(binding, session))) {
      this.changed();
    }
  }
}
