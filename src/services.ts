/**
 * Composition root: builds every service in order, hands each its dependencies, and owns their
 * disposal. No static instance: anything can be built alone in a test.
 */
import * as vscode from 'vscode';

import { parseBackendSetting } from './api/backendChoice';
import { ApiKeyStore } from './auth/apiKeyStore';
import { Config } from './config';
import { ConnectionManager } from './session/connectionManager';
import { DemoCode } from './demo/demoCode';
import { DemoController } from './demo/demoController';
import { EndOfLifeNotice } from './endOfLifeNotice';
import type { Logger } from './log';
import { ChannelLogger } from './log';
import { RecentLines } from './recentLines';
import { whenShown } from './util/whenShown';
import { ApplicationsView } from './tree/applicationsView';
import { PanelManager } from './panels/panelManager';
import { ImpactPanels } from './panels/impactPanel';
import { panelErrorSource } from './panels/panelErrorSource';
import { locateFrames } from './panels/frameLocator';
import { ErrorDetails } from './errors/errorDetails';
import { NewErrorClasses } from './errors/newErrorClasses';
import { sessionErrorClient } from './errors/sessionErrorClient';
import { RawResponseProvider } from './palette/rawResponseProvider';
import { ApplicationsTreeProvider } from './tree/applicationsTreeProvider';
import { ChangeImpactLoader } from './tree/changeImpactLoad';
import { ChangeImpactView } from './tree/changeImpactView';
import { loadDeploymentCode } from './tree/deploymentCodeLoad';
import { ApdexStatusBar } from './status/apdexStatusBar';
import { LatestImpactUpdates } from './status/latestImpactUpdates';
import { movedRowsOf } from './impact/latestImpact';
import { BoundAppsPoller } from './status/boundAppsPoller';
import { BoundAppsRefreshTriggers } from './status/boundAppsRefreshTriggers';
import { LENS_RANGES } from './code/lensModel';
import type { LensRange } from './code/lensModel';
import { sessionTransactionSource } from './code/sessionTransactionSource';
import { TransactionLensProvider } from './code/transactionLensProvider';
import { indexProbe } from './code/indexProbe';
import { WorkspaceSourceIndex } from './code/workspaceSources';
import { LanguageModelTools } from './tools/languageModelTools';
import { TOOLS } from './tools/toolList';
import { HealthAlertNotifier } from './status/healthAlertNotifier';
import type { BindingRegion } from './status/binding';
import { WorkspaceBindings } from './status/workspaceBinding';
import type { HarnessSwitches } from './testHarness';
import { Disposable } from './util/lifecycle';
import { ErrorCodeActions } from './errors/errorCodeActions';
import { ErrorDiagnostics } from './errors/errorDiagnostics';
import { metricNameOf } from './errors/errorDiagnosticModel';
import type { FirstRunWalkthrough } from './firstRunWalkthrough';
import { firstRunWalkthrough } from './walkthrough';

/** What a user's window runs with: no harness switch on. */
const USER_SWITCHES: HarnessSwitches = { api: false, quiet: false, demoNames: 'demo', emptyWebview: false };

export class Services extends Disposable {
  readonly channel: vscode.LogOutputChannel;
  readonly log: Logger;
  readonly config: Config;
  readonly apiKeys: ApiKeyStore;
  readonly demo: DemoController;
  /** Open the Demo's Code: the packaged sample workspace, copied and opened with the demo. */
  readonly demoCode: DemoCode;
  readonly connections: ConnectionManager;
  /** Error classes per transaction and stacks, for every view that shows them (the tree, the panels, the diagnostics). */
  readonly errorDetails: ErrorDetails;
  readonly tree: ApplicationsTreeProvider;
  readonly applicationsView: ApplicationsView;
  readonly panels: PanelManager;
  /** The "What moved at a deployment" panels. */
  readonly impactPanels: ImpactPanels;
  readonly bindings: WorkspaceBindings;
  readonly boundApps: BoundAppsPoller;
  readonly apdexStatusBar: ApdexStatusBar;
  /** The bound applications' latest deployment, its verdict and its moved code (status bar, tree, lenses). */
  readonly latestImpact: LatestImpactUpdates;
  readonly healthAlerts: HealthAlertNotifier;
  readonly rawResponses: RawResponseProvider;
  /** The workspace's source files, indexed lazily for the lenses and Go to Code. */
  readonly sources: WorkspaceSourceIndex;
  /** The numbers above the code that serves each transaction. */
  readonly codeLenses: TransactionLensProvider;
  /** Production errors at the lines that threw them. */
  readonly errorDiagnostics: ErrorDiagnostics;
  /** What my change will touch: the loader (the view's and the tool's) and the view. */
  readonly changeImpact: ChangeImpactLoader;
  readonly changeImpactView: ChangeImpactView;
  /** The walkthrough's first opening, while it has not reached the user. */
  readonly walkthrough: FirstRunWalkthrough | undefined;
  /** The last log lines (redacted), for the test API: only the test build keeps them (see esbuild.js). */
  readonly recentLines = __TIMESLICE_TEST__ ? new RecentLines() : undefined;

  /** `harness`: the test harness's switches (see testHarness.ts); all off for a user. */
  constructor(
    context: vscode.ExtensionContext,
    private readonly harness: HarnessSwitches = USER_SWITCHES,
  ) {
    super();
    this.channel = this._register(vscode.window.createOutputChannel('Timeslice', { log: true }));
    this.config = this._register(new Config(__TIMESLICE_TEST__ ? harness.refreshFloor : undefined));
    this.apiKeys = this._register(new ApiKeyStore(context.secrets));
    // Every key this session has seen, the demo's included, is redacted from every log line.
    this.log = new ChannelLogger(
      this.channel,
      () => [...this.apiKeys.knownValues(), ...(this.demo?.endpoint ? [this.demo.endpoint.key] : [])],
      '',
      this.recentLines,
    );
    this.demo = this._register(
      new DemoController(this.log.scoped('demo'), harness.demoNames, harness.demoClockShift, harness.api),
    );
    this.demo.story = __TIMESLICE_TEST__ && harness.demoStory === true;
    this.demo.storyUntil = __TIMESLICE_TEST__ ? harness.demoStoryUntil : undefined;
    this.demoCode = new DemoCode(context.extensionUri, context.globalStorageUri, this.log.scoped('demo code'));
    this.connections = this._register(new ConnectionManager(this.config, this.apiKeys, this.demo, this.log));
    this.errorDetails = this._register(
      new ErrorDetails({
        client: () => sessionErrorClient(this.connections.current),
        now: () => Date.now(),
        maxAgeMs: () => this.config.refreshIntervalSeconds * 1000,
        marker: new NewErrorClasses({
          deployments: async (id, range) => (await this.connections.current?.deployments.get(id, range)) ?? [],
          now: () => Date.now(),
          log: (message) => this.log.warn(message),
        }),
      }),
    );
    this.tree = this._register(
      new ApplicationsTreeProvider(this.connections, this.log.scoped('tree'), this.errorDetails),
    );
    this.applicationsView = this._register(new ApplicationsView(this.tree, this.connections));
    this.panels = this._register(
      new PanelManager(
        context.extensionUri,
        this.connections,
        this.config,
        this.log.scoped('panel'),
        panelErrorSource({
          details: this.errorDetails,
          client: () => sessionErrorClient(this.connections.current),
          bindings: { all: () => this.bindings.all() },
          sources: { indexOf: (f) => this.sources.indexOf(f), uriOf: (f, p) => this.sources.uriOf(f, p) },
          region: () => this.connectionRegion(),
        }),
      ),
    );
    // Its rows open dashboards: once it is on screen, the first one's page files are read ahead, not at the click.
    this._register(whenShown(this.applicationsView.view, () => this.panels.readPageAhead()));
    this.impactPanels = this._register(new ImpactPanels(context.extensionUri));
    this.bindings = this._register(new WorkspaceBindings());
    this.boundApps = this._register(
      new BoundAppsPoller({
        bindings: () => this.bindings.all().map((fb) => fb.binding),
        target: () => {
          const conn = this.connections.current;
          const region = this.connectionRegion();
          return conn && region ? { api: conn.api, region, openAlerts: conn.openAlerts } : undefined;
        },
        log: this.log.scoped('status'),
      }),
    );
    this.healthAlerts = this._register(new HealthAlertNotifier(this.boundApps, this.config, this.panels));
    this.latestImpact = this._register(
      new LatestImpactUpdates({
        poller: this.boundApps,
        connections: this.connections,
        bindings: () => this.bindings.all().map((fb) => fb.binding),
        region: () => this.connectionRegion(),
        code: (impact, signal) =>
          loadDeploymentCode(
            this,
            {
              applicationId: impact.application.id,
              agentLanguage: impact.application.language,
              previous: impact.previous,
              current: impact.deployment,
              moved: movedRowsOf(impact),
            },
            signal,
          ),
        notifyWorse: () => this.config.deploymentsNotifyWorse,
        log: this.log.scoped('latest deployment'),
      }),
    );
    this.tree.latestImpactOf = (id) => this.latestImpact.get(id);
    this._register(this.latestImpact.onDidChange(() => void this.tree.redrawDeployments()));
    this.apdexStatusBar = this._register(
      new ApdexStatusBar(
        this.bindings,
        this.boundApps,
        this.connections,
        () => this.connectionRegion(),
        this.config,
        this.latestImpact,
      ),
    );
    this._register(new BoundAppsRefreshTriggers(this.boundApps, this.bindings, this.connections));
    this.rawResponses = this._register(new RawResponseProvider());
    const probe =
      __TIMESLICE_TEST__ && harness.indexGate !== undefined ? this._register(indexProbe(harness.indexGate)) : undefined;
    this.sources = this._register(
      new WorkspaceSourceIndex(this.log.scoped('code index'), this.connections.focus, probe && ((f) => probe.wrap(f))),
    );
    this.errorDiagnostics = this._register(
      new ErrorDiagnostics({
        config: this.config,
        connections: this.connections,
        bindings: this.bindings,
        poller: this.boundApps,
        sources: this.sources,
        details: this.errorDetails,
        rates: (session, query) => sessionTransactionSource.stats(session, query),
        region: () => this.connectionRegion(),
        log: this.log.scoped('error diagnostics'),
      }),
    );
    this._register(new ErrorCodeActions(this.errorDiagnostics));
    this.codeLenses = this._register(
      new TransactionLensProvider({
        config: this.config,
        connections: this.connections,
        bindings: this.bindings,
        poller: this.boundApps,
        sources: this.sources,
        source: sessionTransactionSource,
        log: this.log.scoped('code lenses'),
        errorClasses: this.errorDiagnostics,
        latestImpact: this.latestImpact,
      }),
    );
    this.changeImpact = new ChangeImpactLoader({
      connections: this.connections,
      bindings: this.bindings,
      poller: this.boundApps,
      sources: this.sources,
      source: sessionTransactionSource,
      range: () => this.lensRange(),
      lensStats: (id) => this.codeLenses.cachedStats(id),
      topErrorClassOf: (id, language, name) =>
        this.errorDiagnostics.classesOf(id).find((r) => metricNameOf(language, r.transactionName) === name)?.errorClass,
    });
    this.changeImpactView = this._register(
      new ChangeImpactView(this.changeImpact, {
        boundFolders: () => this.bindings.all().map((b) => b.folder),
        onDidChangeInputs: [this.bindings.onDidChange, this.connections.onDidChangeSession],
        signal: () => this.connections.current?.signal ?? new AbortController().signal,
        log: (message) => this.log.warn(message),
      }),
    );
    this._register(
      new LanguageModelTools({
        tools: TOOLS,
        config: this.config,
        connections: this.connections,
        region: () => this.connectionRegion(),
        bindings: this.bindings,
        poller: this.boundApps,
        lenses: this.codeLenses,
        changes: this.changeImpact,
        deploymentCode: (query, signal) => loadDeploymentCode(this, query, signal),
        errors: {
          details: this.errorDetails,
          locate: (app, frames, signal) =>
            locateFrames(
              { bindings: this.bindings, sources: this.sources, region: () => this.connectionRegion() },
              app,
              frames,
              signal,
            ),
          // The diagnostics' range, so the tool's classes are the ones they show (and the same cached ask).
          minutes: () => LENS_RANGES[this.lensRange()].minutes,
        },
        secrets: () => [...this.apiKeys.knownValues(), ...(this.demo.endpoint ? [this.demo.endpoint.key] : [])],
        afterWrite: (applicationId) => {
          this.connections.current?.deployments.invalidate(applicationId);
          this.tree.refresh();
        },
        log: this.log.scoped('tools'),
      }),
    );
    this._register(new EndOfLifeNotice(this.connections, context.globalState, this.config, harness.quiet));
    const walkthrough = firstRunWalkthrough(context, harness.quiet);
    this.walkthrough = walkthrough && this._register(walkthrough);
  }

  /** The lenses' range setting (the diagnostics, the tools and the change view read the same window). */
  lensRange(): LensRange {
    return (this.config.codeLensRange in LENS_RANGES ? this.config.codeLensRange : '30m') as LensRange;
  }

  /** The region the current connection queries ('demo' for the demo), or undefined without one. */
  connectionRegion(): BindingRegion | undefined {
    const conn = this.connections.current;
    return conn ? (conn.demo ? 'demo' : this.config.region) : undefined;
  }

  /** Connects (and starts the demo for the README's demo command and in a window of the demo's code). */
  async start(): Promise<void> {
    // First, before anything can show an input: the commands wait for it (registerCommands.ts).
    const walkthrough = this.walkthrough;
    if (walkthrough) {
      void this.applicationsView.aroundWalkthrough(() => {
        walkthrough.start();
        return walkthrough.whenSettled();
      });
    }
    const demo = this.harness.demo;
    // A window of Open the Demo's Code: its folders are bound to the demo's applications.
    const demoCopy = this.demoCode.windowCopy;
    if (demoCopy) {
      // The code shows at once; its lenses fill in when the demo answers.
      void this.demoCode
        .openFirstFileOnce(demoCopy)
        .catch((e: unknown) => this.log.error(e instanceof Error ? e : String(e)));
    }
    if (demo || demoCopy) {
      // `demo=nerdGraph` (or restV2): `npm run demo -- --backend nerdGraph`.
      await this.demo.start(demo?.backend ? parseBackendSetting(demo.backend) : undefined);
    }
    await this.connections.rebuild();
  }

  showLog(): void {
    this.channel.show(true);
  }
}
