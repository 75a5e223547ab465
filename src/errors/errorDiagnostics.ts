// The `Timeslice` diagnostics, on the session's scheduler (so nothing while the window is unfocused). A failed
// refresh keeps the last good ones, marked (docs/errors.md#when-a-refresh-fails); an update started before a
// binding, key or backend change writes nothing.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

import { inBackground } from '../api/requestLane';
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
import { staleNote } from '../format/presentation';
import { applicationErrors, ERROR_DIAGNOSTICS_INTERVAL_MS } from './applicationErrors';
import type { ApplicationErrors } from './applicationErrors';
import type { ErrorDetails } from './errorDetails';
import type { ErrorDiagnosticEntry } from './errorDiagnosticModel';
import { callCountOf, diagnosticEntry, lensErrorClass, metricNameOf, serviceErrorLink } from './errorDiagnosticModel';
import type { ErrorClassRow } from './errorModel';
import { errorClassKey } from './errorModel';
import { errorText } from './errorText';
import { sessionErrorClient } from './sessionErrorClient';

export interface ShownError {
  diagnostic: vscode.Diagnostic;
  entry: ErrorDiagnosticEntry;
  /** The application on the service's own domain, when the connection has one (not the demo, not a custom URL). */
  link?: string;
}

interface ShownEntry {
  uri: string;
  folder: vscode.WorkspaceFolder;
  entry: ErrorDiagnosticEntry;
  link?: string;
}

interface AppShown {
  at: number;
  rows: ErrorClassRow[];
  entries: ShownEntry[];
}

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

export const ERROR_DIAGNOSTICS_FOCUS_KEY = 'error diagnostics';

export class ErrorDiagnostics extends Disposable implements TopErrorClasses {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('Timeslice'));
  private readonly shown = new Map<string, ShownError[]>();
  private readonly rows = new Map<number, ErrorClassRow[]>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private lastRun: number | undefined;
  /** Each application's last good diagnostics, kept while its refresh fails (shown marked, with their age). */
  private lastGood = new Map<number, AppShown>();
  private readonly failures = new Map<number, string>();
  // Bumped by clear(): an update that started before writes nothing.
  private generation = 0;
  /** The applications the last run asked for: one bound meanwhile is asked at once, not at the next run. */
  private asked = new Set<number>();
  // Every bound application's errors, the Problems view's: in the background lane, behind what is on screen.
  private readonly updates = new RunThenOnceMore(() =>
    inBackground(() => this.update()).catch((e: unknown) =>
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

  shownAt(uri: vscode.Uri): readonly ShownError[] {
    return this.shown.get(uri.toString()) ?? [];
  }

  classesOf(applicationId: number): readonly ErrorClassRow[] {
    return this.rows.get(applicationId) ?? [];
  }

  topClassOf(applicationId: number, agentLanguage: string, metricName: string): string | undefined {
    const top = this.classesOf(applicationId).find(
      (r) => metricNameOf(agentLanguage, r.transactionName) === metricName,
    );
    return top && lensErrorClass(top);
  }

  // `force`: now, whatever the interval. A call while one runs runs once more after it.
  refresh(force = true): Promise<void> {
    const now = (this.deps.now ?? Date.now)();
    if (!force && this.lastRun !== undefined && now - this.lastRun < ERROR_DIAGNOSTICS_INTERVAL_MS) {
      return Promise.resolve();
    }
    return this.updates.run();
  }

  clear(): void {
    this.generation++;
    this.lastRun = undefined;
    this.asked = new Set();
    this.lastGood = new Map();
    this.failures.clear();
    this.collection.clear();
    this.shown.clear();
    this.rows.clear();
    this.changed.fire();
  }

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
    const started = { generation: this.generation, bindings: this.bindingsKey() };
    const targets = this.targets();
    if (targets.length === 0) {
      // Unbound (or no record yet) while a run was queued: what is shown belongs to no bound folder.
      if (this.lastGood.size > 0) {
        this.clear();
      }
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
    // Every application at once: their NRQL travels in one request (sessionErrorClient.ts).
    const perApp = await applicationErrors({
      details: this.deps.details,
      rates: (query) => this.deps.rates(session, query),
      applications: [...apps].map(([applicationId, language]) => ({ applicationId, language })),
      window,
    });
    const next = new Map<number, AppShown>();
    const failed = new Map<number, unknown>();
    for (const outcome of perApp) {
      const id = outcome.applicationId;
      if (outcome.kind === 'failed') {
        failed.set(id, outcome.error);
        const kept = this.lastGood.get(id);
        if (kept) {
          next.set(id, kept);
        }
        continue;
      }
      const mine = targets.filter((t) => t.applicationId === id);
      next.set(id, { at: now, rows: outcome.rows, entries: await this.entriesOf(session, outcome, mine, rangeLabel) });
    }
    if (
      session !== this.deps.connections.current ||
      !this.deps.config.errorDiagnosticsEnabled ||
      started.generation !== this.generation ||
      started.bindings !== this.bindingsKey()
    ) {
      return; // Another session's answer, switched off, cleared or bound otherwise meanwhile: the rerun asks anew.
    }
    this.logFailures(failed);
    this.lastGood = next;
    this.show(now, failed);
  }

  private async entriesOf(
    session: ConnectionSession,
    errors: ApplicationErrors,
    targets: ReadonlyArray<{ folder: vscode.WorkspaceFolder }>,
    rangeLabel: string,
  ): Promise<ShownEntry[]> {
    const { applicationId, language, top, stacks } = errors;
    const link = top.length > 0 ? await this.linkOf(session, applicationId) : undefined;
    const entries = new Map<string, ShownEntry>();
    for (const { folder } of targets) {
      const map = await this.deps.sources.indexOf(folder).fileMap(sourceLanguagesOfAgent(language), session.signal);
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
          callCount: callCountOf(errors.stats, language, row),
        });
        const uri = entry && this.deps.sources.uriOf(folder, entry.path)?.toString();
        const key = uri && `${uri}\n${errorClassKey(row.transactionName, row.errorClass)}`;
        if (entry && uri && key && !entries.has(key)) {
          entries.set(key, { uri, folder, entry, link });
        }
      });
    }
    return [...entries.values()];
  }

  private show(now: number, failed: ReadonlyMap<number, unknown>): void {
    this.collection.clear();
    this.shown.clear();
    this.rows.clear();
    for (const [applicationId, app] of this.lastGood) {
      this.rows.set(applicationId, app.rows);
      const error = failed.get(applicationId);
      const note = error === undefined ? undefined : staleNote(now - app.at, refreshFailed(error));
      for (const { uri, folder, entry, link } of app.entries) {
        const list = this.shown.get(uri) ?? [];
        list.push({ diagnostic: this.diagnosticOf(entry, folder, note), entry, link });
        this.shown.set(uri, list);
      }
    }
    for (const [uri, list] of this.shown) {
      this.collection.set(
        vscode.Uri.parse(uri),
        list.map((s) => s.diagnostic),
      );
    }
    this.changed.fire();
  }

  /** Each application's failure once, until it refreshes again or fails otherwise (not every 5 minutes). */
  private logFailures(failed: ReadonlyMap<number, unknown>): void {
    for (const id of this.asked) {
      const error = failed.get(id);
      const said = error === undefined ? undefined : refreshFailed(error);
      if (said !== undefined && said !== this.failures.get(id)) {
        this.deps.log.warn(`error diagnostics: application ${id}: ${error instanceof Error ? error.message : said}`);
      }
      if (said === undefined) {
        this.failures.delete(id);
      } else {
        this.failures.set(id, said);
      }
    }
  }

  private bindingsKey(): string {
    return JSON.stringify(
      this.deps.bindings.all().map(({ folder, binding }) => [folder.uri.toString(), binding.id, binding.region]),
    );
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

  private diagnosticOf(entry: ErrorDiagnosticEntry, folder: vscode.WorkspaceFolder, note?: string): vscode.Diagnostic {
    const line = entry.line - 1;
    const diagnostic = new vscode.Diagnostic(
      new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER),
      note === undefined ? entry.message : `${entry.message}\n${note}`,
      SEVERITY[this.deps.config.errorDiagnosticsSeverity],
    );
    diagnostic.source = entry.source;
    const at = (path: string, frameLine: number) => {
      const uri = this.deps.sources.uriOf(folder, path);
      return uri && new vscode.Location(uri, new vscode.Position(frameLine - 1, 0));
    };
    const related = entry.related.flatMap((frame) => {
      const location = at(frame.path, frame.line);
      return location ? [new vscode.DiagnosticRelatedInformation(location, frame.text)] : [];
    });
    // The frames not listed, in one line at the error: the error panel shows them, library runs folded.
    const here = entry.folded === undefined ? undefined : at(entry.path, entry.line);
    diagnostic.relatedInformation = here
      ? [...related, new vscode.DiagnosticRelatedInformation(here, entry.folded!)]
      : related;
    return diagnostic;
  }
}

function refreshFailed(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return l10n.t('the refresh failed: {0}', errorText(message.split(/(?<=\.)\s/)[0], 'message'));
}
