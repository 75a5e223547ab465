// On the scheduler's tick (so never while unfocused), and at once when bindings or the session change; a
// new session forgets the old one's records: they were another account's.
import type { ConnectionManager } from '../session/connectionManager';
import { Disposable } from '../util/lifecycle';
import type { BoundAppsPoller } from './boundAppsPoller';
import type { WorkspaceBindings } from './workspaceBinding';

export class BoundAppsRefreshTriggers extends Disposable {
  constructor(
    private readonly poller: BoundAppsPoller,
    bindings: WorkspaceBindings,
    connections: ConnectionManager,
  ) {
    super();
    this._register(
      connections.registerJob({
        name: 'bound applications refresh',
        active: () => bindings.all().length > 0,
        run: () => this.poller.refreshNow(),
      }),
    );
    this._register(
      bindings.onDidChange(() => {
        connections.scheduleChanged();
        this.refresh();
      }),
    );
    this._register(
      connections.onDidChangeSession(() => {
        this.poller.reset();
        connections.focus.run('bound applications', () => this.refresh());
      }),
    );
    this.refresh();
  }

  private refresh(): void {
    void this.poller.refreshNow();
  }
}
