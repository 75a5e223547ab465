// activate() returns this only in the test build under the `api` switch: exports are readable by every other
// extension, and even here keys can be stored and removed, never read back.
import type { TransactionLensProvider } from './code/transactionLensProvider';
import type { ErrorDetails } from './errors/errorDetails';
import type { ErrorDiagnostics } from './errors/errorDiagnostics';
import type { Region } from './api/regions';
import type { ApiKeyStore } from './auth/apiKeyStore';
import type { ConnectionManager } from './session/connectionManager';
import type { DemoController } from './demo/demoController';
import type { PanelManager } from './panels/panelManager';
import type { Services } from './services';
import type { ChartPanel } from './panels/chartPanel';
import type { AlertStatusView } from './status/alertStatus';
import type { StatusView } from './status/statusModel';
import type { BoundAppsPoller } from './status/boundAppsPoller';
import type { HealthAlert } from './status/healthAlerts';
import type { LatestImpact } from './impact/latestImpact';
import type { WorkspaceBindings } from './status/workspaceBinding';
import type { ApplicationsView } from './tree/applicationsView';
import type { ChangeImpactView } from './tree/changeImpactView';
import type { ApplicationsTreeProvider } from './tree/applicationsTreeProvider';
import type { HarnessSwitches } from './testHarness';

/** Write-only access to the stored keys, so a test can connect without the input box. */
export interface TestKeys {
  /** `origin`: where a custom-region key may go (see auth/keyRecord.ts). */
  set(region: Region, key: string, origin?: string): Promise<void>;
  delete(region: Region): Promise<void>;
  has(region: Region): Promise<boolean>;
  /** The NerdGraph account stored with the region's key (not a secret; see auth/keyRecord.ts), if one was chosen. */
  accountId(region: Region): Promise<number | undefined>;
}

/** The panel manager with its open panels, which only the test build keeps (see esbuild.js). */
export interface TestPanels extends PanelManager {
  readonly open: ReadonlyMap<string, ChartPanel>;
}

export interface TestStatusBar {
  readonly view: StatusView | undefined;
  readonly alertsView: AlertStatusView | undefined;
  lastDeploymentSettled(): Promise<void>;
}

/** The latest deployments' impacts, when the ask after the last refresh is in, and the "worse" notifications shown. */
export interface TestLatestImpact {
  get(applicationId: number): LatestImpact | undefined;
  settled(): Promise<void>;
  readonly notifications: readonly string[];
}

export interface TimesliceTestApi {
  tree: ApplicationsTreeProvider;
  connections: ConnectionManager;
  demo: DemoController;
  keys: TestKeys;
  panels: TestPanels;
  applicationsView: ApplicationsView;
  recentLogLines(): readonly string[];
  /**
   * Workspace bindings, the bound applications' poller (`refreshNow()`), the Apdex and open-alerts items'
   * views (and the last deployment's update after a refresh), health alerts shown.
   */
  status: {
    bindings: Pick<WorkspaceBindings, 'all' | 'active' | 'refused'>;
    poller: Pick<BoundAppsPoller, 'refreshNow' | 'snapshot'>;
    statusBar: TestStatusBar;
    alerts: { readonly shown: readonly HealthAlert[] };
    latestImpact: TestLatestImpact;
  };
  codeLenses: Pick<TransactionLensProvider, 'refresh'>;
  /** Production errors as diagnostics: asked now (`refresh()`), and what each file shows with its code actions' data. */
  errorDiagnostics: Pick<ErrorDiagnostics, 'refresh' | 'shownAt'>;
  /** The error details' answers, forgotten (`reset()`) so the next refresh asks the service again. */
  errorDetails: Pick<ErrorDetails, 'reset'>;
  /** The Change Impact view: loaded now (`refresh()`), its rows, its Markdown. */
  changeImpact: Pick<ChangeImpactView, 'refresh' | 'getChildren' | 'getTreeItem' | 'markdown'>;
}

export interface TestApiSource extends Omit<TimesliceTestApi, 'keys' | 'panels'> {
  panels: PanelManager;
  apiKeys: Pick<ApiKeyStore, 'set' | 'delete' | 'get' | 'record'>;
}

/** Only the test build calls it (extension.ts), so the production bundle has none of this. */
export function testApiSourceOf(services: Services): TestApiSource {
  return {
    tree: services.tree,
    connections: services.connections,
    demo: services.demo,
    apiKeys: services.apiKeys,
    panels: services.panels,
    applicationsView: services.applicationsView,
    recentLogLines: () => services.recentLines?.all() ?? [],
    status: {
      bindings: services.bindings,
      poller: services.boundApps,
      statusBar: testStatusBar(services),
      alerts: testHealthAlerts(services),
      latestImpact: testLatestImpact(services),
    },
    codeLenses: services.codeLenses,
    errorDiagnostics: services.errorDiagnostics,
    errorDetails: services.errorDetails,
    changeImpact: services.changeImpactView,
  };
}

function testStatusBar({ apdexStatusBar: bar }: Services): TestStatusBar {
  const { settled } = bar.deployments;
  if (!settled) {
    throw new Error('the status bar has no test hooks: this is not the test build (esbuild.js)');
  }
  return {
    get view() {
      return bar.apdex.view;
    },
    get alertsView() {
      return bar.openAlerts.view;
    },
    lastDeploymentSettled: settled,
  };
}

function testLatestImpact({ latestImpact }: Services): TestLatestImpact {
  const { settled, notifications } = latestImpact;
  if (!settled || !notifications) {
    throw new Error('the latest impact has no test hooks: this is not the test build (esbuild.js)');
  }
  return { get: (id) => latestImpact.get(id), settled, notifications };
}

function testHealthAlerts({ healthAlerts }: Services): { readonly shown: readonly HealthAlert[] } {
  const { shown } = healthAlerts;
  if (!shown) {
    throw new Error('the health alerts keep no list: this is not the test build (esbuild.js)');
  }
  return { shown };
}

function hasOpenPanels(panels: PanelManager): panels is TestPanels {
  return panels.open !== undefined;
}

export function testApiFor(source: TestApiSource, switches: HarnessSwitches): TimesliceTestApi | undefined {
  if (!switches.api) {
    return undefined;
  }
  const { apiKeys, panels } = source;
  if (!hasOpenPanels(panels)) {
    throw new Error('the panel manager has no test hooks: this is not the test build (esbuild.js)');
  }
  return {
    tree: source.tree,
    connections: source.connections,
    demo: source.demo,
    // Closures over the store, not the store: nothing here returns a key.
    keys: {
      set: (region, key, origin) => apiKeys.set(region, key, origin),
      delete: (region) => apiKeys.delete(region),
      has: async (region) => (await apiKeys.get(region)) !== undefined,
      accountId: async (region) => (await apiKeys.record(region))?.accountId,
    },
    panels,
    applicationsView: source.applicationsView,
    recentLogLines: () => source.recentLogLines(),
    status: source.status,
    codeLenses: source.codeLenses,
    errorDiagnostics: source.errorDiagnostics,
    errorDetails: source.errorDetails,
    changeImpact: source.changeImpact,
  };
}
