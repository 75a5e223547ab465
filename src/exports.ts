/** What activate() returns: a small typed surface for integration tests (and other extensions). */
import type { ApiKeyStore } from './auth/apiKeyStore';
import type { ConnectionManager } from './connection';
import type { DemoController } from './demo/demoController';
import type { PanelManager } from './panels/panelManager';
import type { ApdexStatusBar } from './status/apdexStatusBar';
import type { BoundAppsPoller } from './status/boundAppsPoller';
import type { HealthAlertNotifier } from './status/healthAlertNotifier';
import type { WorkspaceBindings } from './status/workspaceBinding';
import type { ApplicationsView } from './tree/applicationsView';
import type { MonitorTreeProvider } from './tree/monitorTreeProvider';

export interface TimesliceExports {
  tree: MonitorTreeProvider;
  connections: ConnectionManager;
  demo: DemoController;
  apiKeys: ApiKeyStore;
  panels: PanelManager;
  /** The Applications view (its message shows the age of stale data). */
  applicationsView: ApplicationsView;
  /** The last lines written to the "Timeslice" log, already redacted. */
  recentLogLines(): readonly string[];
  /** Workspace bindings, the bound applications' poller (`refreshNow()`), the Apdex item's view, health alerts shown. */
  status: {
    bindings: Pick<WorkspaceBindings, 'all' | 'active'>;
    poller: Pick<BoundAppsPoller, 'refreshNow' | 'snapshot'>;
    statusBar: Pick<ApdexStatusBar, 'view'>;
    alerts: Pick<HealthAlertNotifier, 'shown'>;
  };
}
