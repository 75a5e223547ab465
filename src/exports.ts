/** What activate() returns: a small typed surface for integration tests (and other extensions). */
import type { ApiKeyStore } from './auth/apiKeyStore';
import type { ConnectionManager } from './connection';
import type { DemoController } from './demo/demoController';
import type { PanelManager } from './panels/panelManager';
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
}
