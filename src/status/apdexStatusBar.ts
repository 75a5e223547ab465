import type { Config } from '../config';
import type { ConnectionManager } from '../session/connectionManager';
import { Disposable } from '../util/lifecycle';
import { ApdexItem } from './apdexItem';
import type { BindingRegion } from './binding';
import type { BoundAppsPoller } from './boundAppsPoller';
import { LastDeploymentUpdates } from './lastDeploymentUpdates';
import type { LatestImpactUpdates } from './latestImpactUpdates';
import { OpenAlertsItem } from './openAlertsItem';
import type { StatusInput } from './statusModel';
import type { WorkspaceBindings } from './workspaceBinding';

/** The tooltip says how old the data is: redraw now and then (on the session's scheduler) so "3 min ago" stays true. */
const AGE_REDRAW_MS = 30_000;

export class ApdexStatusBar extends Disposable {
  readonly apdex: ApdexItem;
  readonly openAlerts: OpenAlertsItem;
  readonly deployments: LastDeploymentUpdates;

  constructor(
    private readonly bindings: WorkspaceBindings,
    private readonly poller: BoundAppsPoller,
    private readonly connections: ConnectionManager,
    private readonly connectionRegion: () => BindingRegion | undefined,
    config: Config,
    /** The latest deployment's verdict per bound application (its tooltip and colour). */
    private readonly latest?: Pick<LatestImpactUpdates, 'get' | 'onDidChange'>,
  ) {
    super();
    const render = () => this.render();
    // First, so a new session's deployments are forgotten before the items are drawn again.
    this.deployments = this._register(
      new LastDeploymentUpdates(
        poller,
        connections,
        () => {
          const input = this.input();
          return input.kind === 'bound' && input.snapshot?.app ? input.binding : undefined;
        },
        render,
      ),
    );
    this.apdex = this._register(new ApdexItem(connections, config));
    this.openAlerts = this._register(new OpenAlertsItem());
    this._register(bindings.onDidChange(render));
    this._register(bindings.onDidChangeActive(render));
    this._register(poller.onDidRefresh(render));
    if (latest) {
      this._register(latest.onDidChange(render));
    }
    this._register(connections.onDidChangeSession(render));
    this._register(
      config.onDidChange((e) => {
        if (e.affectsConfiguration('timeslice.statusBar')) {
          render();
        }
      }),
    );
    this._register(
      connections.registerJob({
        name: 'status bar age',
        everyMs: AGE_REDRAW_MS,
        // Only an item that shows an application's data has an age to keep true.
        active: () => this.apdex.showsData,
        run: render,
      }),
    );
    this.render();
  }

  private input(): StatusInput {
    const active = this.bindings.active();
    if (!active) {
      return { kind: 'unbound' };
    }
    const { binding } = active;
    const region = this.connectionRegion();
    if (region === undefined) {
      return { kind: 'noConnection', binding };
    }
    if (region !== binding.region) {
      return { kind: 'otherRegion', binding, connectionRegion: region };
    }
    return {
      kind: 'bound',
      binding,
      snapshot: this.poller.snapshot(binding),
      otherBound: this.bindings.all().length - 1,
      via: this.connections.current?.backendLabel,
      deployment: this.deployments.get(binding),
      deploymentFailure: this.deployments.failure(binding),
      latestImpact: this.latest?.get(binding.id),
    };
  }

  render(): void {
    const input = this.input();
    this.apdex.render(input);
    this.openAlerts.render(input);
  }
}
