/**
 * The one switch for test behaviour, and what activate() returns to the tests.
 *
 * Test harnesses (and `npm run demo`) set one environment variable, TIMESLICE_TEST_HARNESS, to a list
 * of switches; no other variable changes what Timeslice does. An environment variable, because a
 * setting could be written by a workspace and an environment variable cannot.
 *
 * activate() returns nothing in normal use, because an extension's exports are readable by every
 * other installed extension. Only in the test build and under the `api` switch do the integration
 * tests get this narrow surface, and even then never the ApiKeyStore: keys can be stored and removed
 * for a test, never read back.
 */
import type { TransactionLensProvider } from './code/transactionLensProvider';
import type { Region } from './api/regions';
import type { ApiKeyStore } from './auth/apiKeyStore';
import type { ConnectionManager } from './session/connectionManager';
import type { DemoController } from './demo/demoController';
import type { PanelManager } from './panels/panelManager';
import type { Services } from './services';
import type { ApdexStatusBar } from './status/apdexStatusBar';
import type { BoundAppsPoller } from './status/boundAppsPoller';
import type { HealthAlertNotifier } from './status/healthAlertNotifier';
import type { WorkspaceBindings } from './status/workspaceBinding';
import type { ApplicationsView } from './tree/applicationsView';
import type { ApplicationsTreeProvider } from './tree/applicationsTreeProvider';

/** Set by the harnesses in the extension host's environment: switches separated by commas, e.g. `api,quiet`. */
export const TEST_HARNESS_ENV = 'TIMESLICE_TEST_HARNESS';

/** What the harness asked for; everything off when the variable is absent. */
export interface HarnessSwitches {
  /** `api`: activate() returns the test API (only the test build has one; see extension.ts). */
  api: boolean;
  /** `quiet`: neither the first-run walkthrough nor the end-of-life notice shows (tests not about them). */
  quiet: boolean;
  /** `demo`, or `demo=restV2|nerdGraph`: the demo starts with the extension, speaking that backend first. */
  demo?: { backend?: string };
  /** `names=test`: the demo serves the names that catch markup injection; else plausible ones, as users see. */
  demoNames: 'test' | 'demo';
  /**
   * `clockShift=<minutes>`: the demo's data clock runs that far ahead of the real one (behind when
   * negative), so what a test sees (a deployment in the last half hour or not) never depends on the date
   * and hour it runs at.
   */
  demoClockShift?: number;
}

/** Reads the switches; words it does not know are ignored, so an old harness cannot turn on anything. */
export function harnessSwitches(env: NodeJS.ProcessEnv = process.env): HarnessSwitches {
  const words = (env[TEST_HARNESS_ENV] ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  const demo = words.find((w) => w === 'demo' || w.startsWith('demo='));
  const shift = words.find((w) => /^clockShift=-?\d{1,9}$/.test(w));
  return {
    api: words.includes('api'),
    quiet: words.includes('quiet'),
    demo: demo === undefined ? undefined : demo === 'demo' ? {} : { backend: demo.slice('demo='.length) },
    demoNames: words.includes('names=test') ? 'test' : 'demo',
    ...(shift ? { demoClockShift: Number(shift.slice('clockShift='.length)) } : {}),
  };
}

/** The variable's value for `switches`, for the TypeScript harnesses (the JS ones write it by hand). */
export function harnessValue(switches: Partial<HarnessSwitches>): string {
  return [
    ...(switches.api ? ['api'] : []),
    ...(switches.quiet ? ['quiet'] : []),
    ...(switches.demo ? [switches.demo.backend ? `demo=${switches.demo.backend}` : 'demo'] : []),
    ...(switches.demoNames === 'test' ? ['names=test'] : []),
    ...(switches.demoClockShift !== undefined ? [`clockShift=${switches.demoClockShift}`] : []),
  ].join(',');
}

/** Write-only access to the stored keys, so a test can connect without the input box. */
export interface TestKeys {
  /** `origin`: where a custom-region key may go (see auth/keyRecord.ts). */
  set(region: Region, key: string, origin?: string): Promise<void>;
  delete(region: Region): Promise<void>;
  /** Whether a key is stored, without handing it out. */
  has(region: Region): Promise<boolean>;
  /** The NerdGraph account stored with the region's key (not a secret; see auth/keyRecord.ts), if one was chosen. */
  accountId(region: Region): Promise<number | undefined>;
}

export interface TimesliceTestApi {
  tree: ApplicationsTreeProvider;
  connections: ConnectionManager;
  demo: DemoController;
  keys: TestKeys;
  panels: PanelManager;
  /** The Applications view (its message shows the age of stale data). */
  applicationsView: ApplicationsView;
  /** The last lines written to the "Timeslice" log, already redacted. */
  recentLogLines(): readonly string[];
  /**
   * Workspace bindings, the bound applications' poller (`refreshNow()`), the Apdex and open-alerts items'
   * views (and the last deployment's update after a refresh), health alerts shown.
   */
  status: {
    bindings: Pick<WorkspaceBindings, 'all' | 'active' | 'refused'>;
    poller: Pick<BoundAppsPoller, 'refreshNow' | 'snapshot'>;
    statusBar: Pick<ApdexStatusBar, 'view' | 'alertsView' | 'lastDeploymentSettled'>;
    alerts: Pick<HealthAlertNotifier, 'shown'>;
  };
  /** The lenses' numbers, fetched now (as the scheduler's tick would). */
  codeLenses: Pick<TransactionLensProvider, 'refresh'>;
}

/** What the composition root offers to build the test API from. */
export interface TestApiSource extends Omit<TimesliceTestApi, 'keys'> {
  apiKeys: Pick<ApiKeyStore, 'set' | 'delete' | 'get' | 'record'>;
}

/**
 * Everything the test API may be built from; never handed out as such. Only the test build calls it
 * (extension.ts), so the production bundle has none of this.
 */
export function testApiSourceOf(services: Services): TestApiSource {
  return {
    tree: services.tree,
    connections: services.connections,
    demo: services.demo,
    apiKeys: services.apiKeys,
    panels: services.panels,
    applicationsView: services.applicationsView,
    recentLogLines: () => services.recentLines.all(),
    status: {
      bindings: services.bindings,
      poller: services.boundApps,
      statusBar: services.apdexStatusBar,
      alerts: services.healthAlerts,
    },
    codeLenses: services.codeLenses,
  };
}

/** The test API under the harness's `api` switch, else undefined (what other extensions see). */
export function testApiFor(source: TestApiSource, switches: HarnessSwitches): TimesliceTestApi | undefined {
  if (!switches.api) {
    return undefined;
  }
  const { apiKeys } = source;
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
    panels: source.panels,
    applicationsView: source.applicationsView,
    recentLogLines: () => source.recentLogLines(),
    status: source.status,
    codeLenses: source.codeLenses,
  };
}
