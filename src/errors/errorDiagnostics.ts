/**
 * The `Timeslice` diagnostics: each error class of a bound application in the range, at the line of
 * the bound folder's code that threw it (errorDiagnosticModel.ts). Asked on the session's scheduler
 * every ERROR_DIAGNOSTICS_INTERVAL_MS (applicationErrors.ts; so nothing while the window is unfocused), for bound folders
 * only; cleared when a binding, the key or the backend changes (a new session), or when switched off.
 * Frames map to files through the folder's source index, the listing the lenses use.
 */
import * as vscode from 'vscode';

import { transactionWindow } from '../api/transactionStats';
import type { TransactionStats } from '../api/transactionStats';
import type { Config } from '../config';
import { LENS_RANGES } from '../code/lensModel';
import type { LensRange } from '../code/lensModel';
import { sourceLanguagesOfAgent } from '../code/symbols';
import type { TopErrorClasses } from '../code/transactionLensProvider';
import type { WorkspaceSourceIndex } from '../code/workspaceSources';
import type { Logger } from '../log';
import type { ConnectionManager } from '../session/connectionManager';
import type { ConnectionSession } from '../session/connectionSession';
import type { BoundAppsPoller } from '../status/boundAppsPoller';
import type { BindingRegion } from '../status/binding';
import type { WorkspaceBindings } from '../status/workspaceBinding';
import { Disposable } from '../util/lifecycle';
import { RunThenOnceMore } from '../util/runThenOnceMore';
import { applicationErrors, ERROR_DIAGNOSTICS_INTERVAL_MS, errorRateOf } from './applicationErrors';
import type { ErrorDetails } from './errorDetails';
import type { ErrorDiagnosticEntry } from './errorDiagnosticModel';
import { diagnosticEntry, lensErrorClass, metricNameOf, serviceErrorLink } from './errorDiagnosticModel';
import type { ErrorClassRow } from './errorModel';
import { sessionErrorClient } from './sessionErrorClient';

/** A diagnostic of ours with what its code actions need. */
export interface ShownError {
  diagnostic: vscode.Diagnostic;
  entry: ErrorDiagnosticEntry;
  /** The application on the service's own domain, when the connection has one (not the demo, not a custom URL). */
  link?: string;
}

/** Where the transactions' error rates come from: the lenses' numbers request (one per application). */
export type ErrorRateSource = (
  session: ConnectionSession,
  query: { applicationId: number; from: number; to: number; names: string[]; language: string },
) => Promise<TransactionStats[]>;

const SEVERITY = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
} as const;

/** The diagnostics' refresh as held while the window is unfocused (`FocusGate.heldKeys`). */
export const ERROR_DIAGNOSTICS_FOCUS_KEY = 'error diagnostics';

export class ErrorDiagnostics extends Disposable implements TopErrorClasses {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('Timeslice'));
  private readonly shown = new Map<string, ShownError[]>();
  /** The classes shown per application (the lens's top class reads them). */
  private readonly rows = new Map<number, ErrorClassRow[]>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the diagnostics were replaced or cleared. */
  readonly onDidChange = this.changed.event;
  private lastRun: number | undefined;
  /** The applications the last run asked for: one bound meanwhile is asked at once, not at the next run. */
  private asked = new Set<number>();
  private readonly updates = new RunThenOnceMore(() =>
    this.update().catch((e: unknown) =>
      this.deps.log.warn(`error diagnostics: ${e instanceof Error ? e.message : String(e)}`),
    ),
  );

  constructor(
    private readonly deps: {
      config: Config;
      connections: ConnectionManager;
      bindings: WorkspaceBindings;
      poller: BoundAppsPoller;
      sources: WorkspaceSourceIndex;
      details: ErrorDetails;
      rates: ErrorRateSource;
      region: () => BindingRegion | undefined;
      log: Logger;
      now?: () => number;
    },
  ) {
    super();
    const { connections, bindings, config, poller } = deps;
    this._register(
      connections.registerJob({
        name: 'error diagnostics refresh',
        active: () => config.errorDiagnosticsEnabled && this.targets().length > 0,
        run: () => this.refresh(false),
      }),
    );
    // A change asks again at once, but never while the window is unfocused: then on focus (focusGate.ts).
    const soon = () => {
      connections.scheduleChanged();
      connections.focus.run(ERROR_DIAGNOSTICS_FOCUS_KEY, () => void this.refresh(true));
    };
    this._register(bindings.onDidChange(() => (this.clear(), soon())));
    this._register(connections.onDidChangeSession(() => (deps.details.reset(), this.clear(), soon())));
    // The application's language (which folder files and parser) is known after its first poll.
    this._register(poller.onDidRefresh(() => this.targets().some((t) => !this.asked.has(t.applicationId)) && soon()));
    this._register(
      config.onDidChange((e) => {
        if (e.affectsConfiguration('timeslice.errors') || e.affectsConfiguration('timeslice.codeLens.range')) {
          this.clear();
          soon();
        }
      }),
    );
  }

  /** Our diagnostics of a file, with what their code actions need. */
  shownAt(uri: vscode.Uri): readonly ShownError[] {
    return this.shown.get(uri.toString()) ?? [];
  }

  /** The classes shown for an application, most frequent first (empty when none are known). */
  classesOf(applicationId: number): readonly ErrorClassRow[] {
    return this.rows.get(applicationId) ?? [];
  }

  /** A transaction's (metric name's) most frequent class as its lens says it, e.g. `TimeoutError ×120`. */
  topClassOf(applicationId: number, agentLanguage: string, metricName: string): string | undefined {
    const top = this.classesOf(applicationId).find(
      (r) => metricNameOf(agentLanguage, r.transactionName) === metricName,
    );
    return top && lensErrorClass(top);
  }

  /**
   * Asks every bound application's classes and stacks again. `force`: now, whatever the interval (a
   * binding, the session or a setting changed). A call while one runs runs once more after it.
   */
  refresh(force = true): Promise<void> {
    const now = (this.deps.now ?? Date.now)();
    if (!force && this.lastRun !== undefined && now - this.lastRun < ERROR_DIAGNOSTICS_INTERVAL_MS) {
      return Promise.resolve();
    }
    return this.updates.run();
  }

  clear(): void {
    this.lastRun = undefined;
    this.asked = new Set();
    this.collection.clear();
    this.shown.clear();
    this.rows.clear();
    this.changed.fire();
  }

  /** Bound folders of this connection's region whose application's record (and language) is known. */
  private targets() {
    const region = this.deps.region();
    return this.deps.bindings.all().flatMap(({ folder, binding }) => {
      const language = binding.region === region ? this.deps.poller.snapshot(binding)?.app?.language : undefined;
      return language ? [{ folder, applicationId: binding.id, language }] : [];
    });
  }

  private async update(): Promise<void> {
    const session = this.deps.connections.current;
    if (!session || !this.deps.config.errorDiagnosticsEnabled) {
      return;
    }
    const now = (this.deps.now ?? Date.now)();
    const targets = this.targets();
    if (targets.length === 0) {
      this.asked = new Set();
      return; // No record of a bound application yet: its poll asks again (onDidRefresh).
    }
    this.lastRun = now;
    this.asked = new Set(targets.map((t) => t.applicationId));
    const rangeKey = (
      this.deps.config.codeLensRange in LENS_RANGES ? this.deps.config.codeLensRange : '30m'
    ) as LensRange;
    const window = transactionWindow(now, LENS_RANGES[rangeKey].minutes);
    const rangeLabel = LENS_RANGES[rangeKey].label();
    const apps = new Map(targets.map((t) => [t.applicationId, t.language]));
    const shown = new Map<string, ShownError[]>();
    const rows = new Map<number, ErrorClassRow[]>();
    // Every application at once: their NRQL travels in one request (sessionErrorClient.ts).
    const perApp = await applicationErrors({
      details: this.deps.details,
      rates: (query) => this.deps.rates(session, query),
      applications: [...apps].map(([applicationId, language]) => ({ applicationId, language })),
      window,
    });
    // A failed application reads as an empty answer here for now; its last good diagnostics are not kept yet.
    const answered = perApp.map((a) =>
      a.kind === 'ok' ? a : { ...a, rows: [], top: [], stacks: [], stats: [] as TransactionStats[] },
    );
    answered.forEach((a) => rows.set(a.applicationId, a.rows));
    const links = new Map<number, string | undefined>();
    for (const errors of answered) {
      const { applicationId, language, top, stacks } = errors;
      if (top.length > 0 && !links.has(applicationId)) {
        links.set(applicationId, await this.linkOf(session, applicationId));
      }
      for (const target of targets.filter((t) => t.applicationId === applicationId)) {
        const map = await this.deps.sources
          .indexOf(target.folder)
          .fileMap(sourceLanguagesOfAgent(language), session.signal);
        top.forEach((row, i) => {
          const stack = stacks[i];
          if (stack.kind !== 'stack') {
            return;
          }
          const entry = diagnosticEntry({
            applicationId,
            row,
            frames: stack.frames,
            paths: map.mapFrames(stack.frames),
            rangeLabel,
            errorRate: errorRateOf(errors, row),
          });
          const uri = entry && this.deps.sources.uriOf(target.folder, entry.path);
          if (entry && uri) {
            const list = shown.get(uri.toString()) ?? [];
            list.push({ diagnostic: this.diagnosticOf(entry, target.folder), entry, link: links.get(applicationId) });
            shown.set(uri.toString(), list);
          }
        });
      }
    }
    if (session !== this.deps.connections.current || !this.deps.config.errorDiagnosticsEnabled) {
      return; // Another session's answer, or switched off meanwhile.
    }
    this.collection.clear();
    this.shown.clear();
    this.rows.clear();
    for (const [uri, list] of shown) {
      this.shown.set(uri, list);
      this.collection.set(
        vscode.Uri.parse(uri),
        list.map((s) => s.diagnostic),
      );
    }
    rows.forEach((r, id) => this.rows.set(id, r));
    this.changed.fire();
  }

  private async linkOf(session: ConnectionSession, applicationId: number): Promise<string | undefined> {
    const region = this.deps.region();
    if (region !== 'us' && region !== 'eu') {
      return undefined;
    }
    try {
      const guid = await sessionErrorClient(session)?.entityGuid(applicationId);
      return guid === undefined ? undefined : serviceErrorLink(region, guid);
    } catch {
      return undefined; // No link: the action is simply not offered.
    }
  }

  private diagnosticOf(entry: ErrorDiagnosticEntry, folder: vscode.WorkspaceFolder): vscode.Diagnostic {
    const line = entry.line - 1;
    const diagnostic = new vscode.Diagnostic(
      new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER),
      entry.message,
      SEVERITY[this.deps.config.errorDiagnosticsSeverity],
    );
    diagnostic.source = entry.source;
    const here = this.deps.sources.uriOf(folder, entry.path)!;
    diagnostic.relatedInformation = entry.related.map((frame) => {
      const uri = frame.path === undefined ? undefined : this.deps.sources.uriOf(folder, frame.path);
      return uri && frame.line !== undefined
        ? new vscode.DiagnosticRelatedInformation(
            new vscode.Location(uri, new vscode.Position(frame.line - 1, 0)),
            frame.text,
          )
        : // A frame the folder lacks is listed at the error's line, never guessed.
          new vscode.DiagnosticRelatedInformation(new vscode.Location(here, new vscode.Position(line, 0)), frame.text);
    });
    return diagnostic;
  }
}
