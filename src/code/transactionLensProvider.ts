// Lenses are drawn from numbers already fetched (resolving one never calls the network): one request per
// refresh per bound application, on the session's scheduler (none while the window is unfocused).
import * as vscode from 'vscode';

import type { TransactionStats, TransactionStatsQuery } from '../api/transactionStats';
import { transactionWindow } from '../api/transactionStats';
import type { Config } from '../config';
import { COMMAND } from '../constants';
import type { Logger } from '../log';
import type { ConnectionManager } from '../session/connectionManager';
import type { ConnectionSession } from '../session/connectionSession';
import type { BoundAppsPoller } from '../status/boundAppsPoller';
import type { LatestImpactUpdates } from '../status/latestImpactUpdates';
import type { LatestDeploymentRef } from '../impact/latestImpactText';
import { placeSinceLenses, sinceHoverMarkdown, sinceLenses } from '../impact/latestImpactText';
import type { Binding } from '../status/binding';
import type { WorkspaceBindings } from '../status/workspaceBinding';
import { Disposable } from '../util/lifecycle';
import { RunThenOnceMore } from '../util/runThenOnceMore';
import type { CodeMap, IndexedFile } from './codeMatch';
import type { LensRange } from './lensModel';
import type { LensEntry } from './lensModel';
import { LENS_RANGES, lensesForFile, namesServedBy } from './lensModel';
import { withDocumentSymbols } from './documentSymbols';
import { oversizedMessage, oversizedSource, parseSource } from './parseSource';
import type { SourceLanguage } from './symbols';
import { sourceLanguageOf, sourceLanguagesOfAgent } from './symbols';
import type { WorkspaceSourceIndex } from './workspaceSources';
import { pathInFolder } from './workspaceSources';

export interface TransactionSource {
  names(session: ConnectionSession, applicationId: number, agentLanguage: string): Promise<string[]>;
  stats(session: ConnectionSession, query: TransactionStatsQuery): Promise<TransactionStats[]>;
}

export type DocumentNumbers =
  | {
      applicationId: number;
      from: number;
      to: number;
      entries: LensEntry[];
    }
  | { none: string };

export interface TopErrorClasses {
  topClassOf(applicationId: number, agentLanguage: string, metricName: string): string | undefined;
  readonly onDidChange: vscode.Event<void>;
}

interface AppNumbers {
  session: ConnectionSession;
  range: LensRange;
  stats: TransactionStats[];
}

export class TransactionLensProvider extends Disposable implements vscode.CodeLensProvider, vscode.HoverProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;
  /** One session's: another's are dropped. */
  private readonly numbers = new Map<number, AppNumbers>();
  private readonly refreshes = new RunThenOnceMore(() => this.fetchAll());
  private readonly oversized = new Map<string, number>();

  constructor(
    private readonly deps: {
      config: Config;
      connections: ConnectionManager;
      bindings: WorkspaceBindings;
      poller: BoundAppsPoller;
      sources: WorkspaceSourceIndex;
      source: TransactionSource;
      log: Logger;
      errorClasses?: TopErrorClasses;
      /** No request. */
      latestImpact?: Pick<LatestImpactUpdates, 'get' | 'onDidChange'>;
    },
  ) {
    super();
    const { connections, bindings, sources, config } = deps;
    if (deps.latestImpact) {
      this._register(deps.latestImpact.onDidChange(() => this.changed.fire()));
    }
    if (deps.errorClasses) {
      this._register(deps.errorClasses.onDidChange(() => this.changed.fire()));
    }
    this._register(
      connections.registerJob({
        name: 'code lenses refresh',
        active: () => config.codeLensEnabled && this.visibleTargets().length > 0,
        run: () => this.refresh(),
      }),
    );
    // At once when what is on screen changes, but never while the window is unfocused: then it
    // waits for focus to return (a file shown meanwhile gets its numbers then, not a tick later).
    let missed = false;
    const soon = () => {
      connections.scheduleChanged();
      missed = !vscode.window.state.focused;
      if (!missed) {
        void this.refresh();
      }
    };
    this._register(
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused && missed) {
          missed = false;
          void this.refresh();
        }
      }),
    );
    this._register(vscode.window.onDidChangeVisibleTextEditors(soon));
    this._register(bindings.onDidChange(soon));
    this._register(connections.onDidChangeSession(() => (this.numbers.clear(), soon())));
    this._register(sources.onDidChange(() => this.changed.fire()));
    this._register(
      config.onDidChange((e) => {
        if (e.affectsConfiguration('timeslice.codeLens')) {
          this.numbers.clear();
          soon();
          this.changed.fire();
        }
      }),
    );
    this._register(vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this));
    this._register(vscode.languages.registerHoverProvider({ scheme: 'file' }, this));
  }

  /** Over a line with a since-lens: the same, with the transaction's two windows (from the store: no request). */
  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const target = this.targetOf(document);
    const latest = target && this.deps.latestImpact?.get(target.binding.id);
    const since = target ? this.sinceIn(target.binding.id, target.folder, document) : [];
    if (!target || !latest || since.length === 0) {
      return undefined;
    }
    const file = await this.parsedWithSymbols(target.folder, document, target.language);
    const here = placeSinceLenses(file.parsed.symbols, since).filter((p) => p.line === position.line);
    if (here.length === 0) {
      return undefined;
    }
    const markdown = new vscode.MarkdownString(
      here.map((p) => sinceHoverMarkdown(latest, p.lens, COMMAND.showDeploymentImpact)).join('\n\n---\n\n'),
    );
    markdown.isTrusted = { enabledCommands: [COMMAND.showDeploymentImpact] };
    return new vscode.Hover(markdown, document.lineAt(position.line).range);
  }

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const target = this.targetOf(document);
    const numbers = target && this.numbers.get(target.binding.id);
    const current = numbers && numbers.session === this.deps.connections.current ? numbers : undefined;
    const since = target ? this.sinceIn(target.binding.id, target.folder, document) : [];
    if (!target || (!current && since.length === 0)) {
      return [];
    }
    const file = await this.parsedWithSymbols(target.folder, document, target.language);
    const sinceLensesHere = placeSinceLenses(file.parsed.symbols, since).map(({ line, lens }) => {
      const ref: LatestDeploymentRef = { applicationId: target.binding.id, deploymentId: lens.deploymentId };
      return new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
        title: lens.title,
        tooltip: lens.tooltip,
        command: COMMAND.showDeploymentImpact,
        arguments: [ref],
      });
    });
    const map = current && (await this.lensMap(target.folder, target.languages, token));
    if (!current || !map || token.isCancellationRequested) {
      return sinceLensesHere;
    }
    const range = LENS_RANGES[current.range];
    const topClassOf = (metricName: string) =>
      this.deps.errorClasses?.topClassOf(target.binding.id, target.agentLanguage, metricName);
    const numberLenses = lensesForFile(map, file, target.agentLanguage, current.stats, range.label(), topClassOf).map(
      (entry) =>
        new vscode.CodeLens(new vscode.Range(entry.line, 0, entry.line, 0), {
          title: entry.title,
          tooltip: entry.tooltip,
          command: COMMAND.openTransaction,
          arguments: [{ applicationId: target.binding.id, name: entry.stats.name, language: target.agentLanguage }],
        }),
    );
    return [...numberLenses, ...sinceLensesHere];
  }

  private sinceIn(applicationId: number, folder: vscode.WorkspaceFolder, document: vscode.TextDocument) {
    const latest = this.deps.latestImpact?.get(applicationId);
    const path = pathInFolder(folder, document.uri);
    return latest && path ? sinceLenses(latest).filter((l) => l.path === path) : [];
  }

  // Asked while a refresh runs, it runs once more after it: what is on screen may have changed since.
  refresh(): Promise<void> {
    return this.refreshes.run();
  }

  // The same target, code map, window and words as the lenses, for the language-model tools.
  async numbersFor(document: vscode.TextDocument, signal: AbortSignal): Promise<DocumentNumbers> {
    const session = this.deps.connections.current;
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    const binding = folder && this.deps.bindings.of(folder);
    if (!session || !folder || !binding) {
      return { none: 'The file is in no workspace folder bound to an application.' };
    }
    if (!this.deps.poller.snapshot(binding)?.app) {
      await this.deps.poller.refreshNow(); // The status bar has not read the record yet: its language names the rules.
    }
    const target = this.targetOf(document);
    if (!target) {
      return { none: "The file's language is not one the bound application's agent serves transactions from." };
    }
    const map = await this.deps.sources.indexOf(folder).lensMap(target.languages, signal);
    const file = await this.parsedWithSymbols(folder, document, target.language);
    const known = await this.deps.source.names(session, binding.id, target.agentLanguage);
    const names = namesServedBy(map, [file], target.agentLanguage, known);
    const window = transactionWindow(Date.now(), LENS_RANGES[this.range()].minutes);
    const stats =
      names.length === 0
        ? []
        : await this.deps.source.stats(session, {
            applicationId: binding.id,
            ...window,
            names,
            language: target.agentLanguage,
          });
    const label = LENS_RANGES[this.range()].label();
    return {
      applicationId: binding.id,
      ...window,
      entries: lensesForFile(map, file, target.agentLanguage, stats, label),
    };
  }

  /** The change view reuses them. */
  cachedStats(applicationId: number): { range: LensRange; stats: readonly TransactionStats[] } | undefined {
    const n = this.numbers.get(applicationId);
    return n && n.session === this.deps.connections.current ? { range: n.range, stats: n.stats } : undefined;
  }

  private range(): LensRange {
    return (this.deps.config.codeLensRange in LENS_RANGES ? this.deps.config.codeLensRange : '30m') as LensRange;
  }

  private async fetchAll(): Promise<void> {
    const session = this.deps.connections.current;
    if (!session || !this.deps.config.codeLensEnabled) {
      return;
    }
    const range = this.range();
    // Per application, its visible documents by folder: each folder's files are its own index.
    const byApp = new Map<
      number,
      {
        agentLanguage: string;
        languages: readonly SourceLanguage[];
        docs: Map<vscode.WorkspaceFolder, vscode.TextDocument[]>;
      }
    >();
    for (const { document, target } of this.visibleTargets()) {
      const entry = byApp.get(target.binding.id) ?? {
        ...target,
        docs: new Map<vscode.WorkspaceFolder, vscode.TextDocument[]>(),
      };
      entry.docs.set(target.folder, [...(entry.docs.get(target.folder) ?? []), document]);
      byApp.set(target.binding.id, entry);
    }
    for (const [applicationId, app] of byApp) {
      try {
        const known = await this.deps.source.names(session, applicationId, app.agentLanguage);
        const served = new Set<string>();
        for (const [folder, docs] of app.docs) {
          const map = await this.deps.sources.indexOf(folder).lensMap(app.languages, session.signal);
          const files = await Promise.all(
            docs.flatMap((d) => {
              const language = sourceLanguageOf(d.fileName);
              return language ? [this.parsedWithSymbols(folder, d, language)] : [];
            }),
          );
          namesServedBy(map, files, app.agentLanguage, known).forEach((n) => served.add(n));
        }
        const names = [...served];
        if (names.length === 0) {
          continue; // Nothing on screen serves a transaction: nothing to ask.
        }
        // The tree's window for the same range (whole minutes), so both say the same numbers.
        const stats = await this.deps.source.stats(session, {
          applicationId,
          ...transactionWindow(Date.now(), LENS_RANGES[range].minutes),
          names,
          language: app.agentLanguage,
        });
        if (session === this.deps.connections.current) {
          this.numbers.set(applicationId, { session, range, stats });
          this.changed.fire();
        }
      } catch (e) {
        // The lenses keep their last numbers; the views that show errors say why.
        this.deps.log.warn(`code lenses: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  private visibleTargets() {
    return vscode.window.visibleTextEditors.flatMap(({ document }) => {
      const target = this.targetOf(document);
      return target ? [{ document, target }] : [];
    });
  }

  private targetOf(document: vscode.TextDocument):
    | {
        folder: vscode.WorkspaceFolder;
        binding: Binding;
        agentLanguage: string;
        language: SourceLanguage;
        languages: readonly SourceLanguage[];
      }
    | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    const binding = folder && this.deps.bindings.of(folder);
    const agentLanguage = binding && this.deps.poller.snapshot(binding)?.app?.language;
    const language = sourceLanguageOf(document.fileName);
    const languages = agentLanguage ? sourceLanguagesOfAgent(agentLanguage) : [];
    if (!folder || !binding || !agentLanguage || !language || !languages.includes(language)) {
      return undefined;
    }
    return { folder, binding, agentLanguage, language, languages };
  }

  private async parsedWithSymbols(
    folder: vscode.WorkspaceFolder,
    document: vscode.TextDocument,
    language: SourceLanguage,
  ): Promise<IndexedFile> {
    const path = pathInFolder(folder, document.uri) ?? document.uri.path;
    const text = document.getText();
    const oversized = oversizedSource(text);
    if (oversized !== undefined) {
      // Left out as the index leaves it out: no lenses for generated or minified code.
      if (this.oversized.get(path) !== document.version) {
        this.oversized.set(path, document.version);
        this.deps.log.info(oversizedMessage(path, oversized));
      }
      return { path, language, parsed: { symbols: [] } };
    }
    return { path, language, parsed: await withDocumentSymbols(document, parseSource(language, text)) };
  }

  /** A file's lenses read only its own folder (the one bound to the application). */
  private async lensMap(
    folder: vscode.WorkspaceFolder,
    languages: readonly SourceLanguage[],
    token: vscode.CancellationToken,
  ): Promise<CodeMap | undefined> {
    const abort = new AbortController();
    const listener = token.onCancellationRequested(() => abort.abort());
    try {
      return await this.deps.sources.indexOf(folder).lensMap(languages, abort.signal);
    } catch {
      return undefined; // Cancelled: VS Code asks again.
    } finally {
      listener.dispose();
    }
  }
}
