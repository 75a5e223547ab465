/** Ids shared by package.json and the code. Unit tests check them against the manifest. */

export const VIEW_CONTAINER_ID = 'timeslice';
export const APPLICATIONS_VIEW_ID = 'timeslice.applications';
export const CHANGE_IMPACT_VIEW_ID = 'timeslice.changeImpact';

export const CONTEXT = {
  hasApiKey: 'timeslice.hasApiKey',
  demoActive: 'timeslice.demoActive',
  filterActive: 'timeslice.filterActive',
  workspaceBound: 'timeslice.workspaceBound',
  connected: 'timeslice.connected',
  /** Connected (a key or the demo) and `timeslice.tools.enabled`: the language-model tools are offered. */
  toolsOffered: 'timeslice.toolsOffered',
  /**
   * The Applications view is visible. The walkthrough's "See your applications" step completes on it:
   * its `onView:` event fires in VS Code 1.100 only when the view opens after the walkthrough is
   * shown, while `onContext:` also counts a key that is already true.
   */
  applicationsVisible: 'timeslice.applicationsVisible',
} as const;

/**
 * What a tree row's own click passes after the node to `timeslice.openEntity`: open it as a preview. A
 * context menu passes the selected nodes there instead, and opens a panel that stays.
 */
export const ROW_CLICK = 'rowClick';

export const COMMAND = {
  refresh: 'timeslice.refresh',
  refreshNode: 'timeslice.refreshNode',
  setApiKey: 'timeslice.setApiKey',
  removeApiKey: 'timeslice.removeApiKey',
  switchRegion: 'timeslice.switchRegion',
  switchAccount: 'timeslice.switchAccount',
  startDemo: 'timeslice.startDemo',
  stopDemo: 'timeslice.stopDemo',
  filterApplications: 'timeslice.filterApplications',
  clearFilter: 'timeslice.clearFilter',
  copyId: 'timeslice.copyId',
  showLog: 'timeslice.showLog',
  openDashboard: 'timeslice.openDashboard',
  openBreakdown: 'timeslice.openBreakdown',
  openExplorer: 'timeslice.openExplorer',
  openEntity: 'timeslice.openEntity',
  openTransaction: 'timeslice.openTransaction',
  showError: 'timeslice.showError',
  goToCode: 'timeslice.goToCode',
  openTransactionsTable: 'timeslice.openTransactionsTable',
  bindWorkspace: 'timeslice.bindWorkspace',
  unbindWorkspace: 'timeslice.unbindWorkspace',
  openBoundApplication: 'timeslice.openBoundApplication',
  queryMetric: 'timeslice.queryMetric',
  showApplicationSummary: 'timeslice.showApplicationSummary',
  runApiRequest: 'timeslice.runApiRequest',
  runNrqlQuery: 'timeslice.runNrqlQuery',
  copyAsCurl: 'timeslice.copyAsCurl',
  togglePrettyPrint: 'timeslice.togglePrettyPrint',
  openWalkthrough: 'timeslice.openWalkthrough',
  recordDeployment: 'timeslice.recordDeployment',
  showChangesSinceDeployment: 'timeslice.showChangesSinceDeployment',
  showDeploymentImpact: 'timeslice.showDeploymentImpact',
  pickImpactCommits: 'timeslice.pickImpactCommits',
  openChangedMethod: 'timeslice.openChangedMethod',
  openDemoCode: 'timeslice.openDemoCode',
  showOnDemo: 'timeslice.showOnDemo',
  showChangeImpact: 'timeslice.showChangeImpact',
  copyChangeImpact: 'timeslice.copyChangeImpact',
} as const;

/**
 * What `timeslice.showOnDemo` can show, by walkthrough step id (its buttons link
 * `command:timeslice.showOnDemo?["<id>"]`); a new step adds its id here and its sight in demoCommands.ts.
 */
export const DEMO_SIGHTS = ['lenses', 'changes', 'alerts', 'errors', 'agent'] as const;
export type DemoSight = (typeof DEMO_SIGHTS)[number];

/**
 * The demo application those sights show: search-gateway (id 1000049 in both name sets) is red, with
 * two open critical alerts and deployments every day; `test/unit/demoCode.test.ts` checks the data set keeps it so.
 */
export const DEMO_SHOWCASE_APPLICATION_ID = 1000049;

/** A command id: one of `COMMAND`'s values. The command table has exactly one handler for each. */
export type CommandId = (typeof COMMAND)[keyof typeof COMMAND];

/**
 * Commands registered on purpose without an entry in package.json's `contributes.commands` (the
 * manifest test allows exactly these). None today: the commands only the tree runs are declared and
 * hidden from the palette with `"when": "false"`.
 */
export const INTERNAL_COMMANDS: readonly CommandId[] = [];
