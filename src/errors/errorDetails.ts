// Error classes and latest stacks for every view: each ask shared and kept by age (agedCache.ts), a failure
// never kept as an answer. No `vscode` (docs/errors.md).
import * as l10n from '@vscode/l10n';

import { ApiError } from '../api/apiError';
import type { ApiErrorKind } from '../api/apiError';
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { TimeRange } from '../api/timeRange';
import type { IDisposable } from '../util/lifecycle';
import type { AgedEntry } from './agedCache';
import { AgedCache } from './agedCache';
import type { ErrorApplication, ErrorClassesAnswer, ErrorClassMarker, ErrorClassRow, StackAnswer } from './errorModel';
import { errorClassKey } from './errorModel';
import { errorClassesNrql, latestOccurrencesNrql } from './errorQueries';
import type { Occurrence } from './errorRows';
import { classRows, occurrencesOf } from './errorRows';
import { errorText } from './errorText';
import type { AgentLanguage, ServiceFrame, StackFrame } from './stackFrame';
import { unparsed } from './stackFrame';
import { parseStack } from './stackParser';

export interface ServiceException {
  message?: unknown;
  frames: readonly ServiceFrame[];
}

export interface ErrorDetailsClient {
  runNrql(nrql: string, signal?: AbortSignal): Promise<NrqlResult>;
  entityGuid(applicationId: number, signal?: AbortSignal): Promise<string>;
  /** Null when the occurrence's stack is gone; rejects when the service failed to answer for it. */
  exception(entityGuid: string, occurrenceId: string, signal?: AbortSignal): Promise<ServiceException | null>;
}

export interface ErrorDetailsOptions {
  /** The current connection's client; undefined when it has no NerdGraph access. */
  client(): ErrorDetailsClient | undefined;
  now(): number;
  /** How long an answer serves further asks: the refresh interval, so a refresh asks once. */
  maxAgeMs(): number;
  /** Marks the classes new since the latest deployment (newErrorClasses.ts); without it, none are. */
  marker?: ErrorClassMarker;
}

// A REST-only key or no account: the views say classes need NerdGraph instead of an error on every refresh.
export const NEEDS_NERDGRAPH_KINDS: readonly ApiErrorKind[] = ['auth', 'forbidden', 'noAccount'];

// A stack rarely changes between occurrences while each costs an `exception` request: an hour keeps 10
// applications well inside the key's budget (bench: key budget).
export const OCCURRENCES_MAX_AGE_MS = 60 * 60_000;

// A class throws from the same code until a deployment moves it; an hour brings a deployment's lines in.
export const CLASS_STACK_MAX_AGE_MS = OCCURRENCES_MAX_AGE_MS;

// Past CLASS_STACK_MAX_AGE_MS a known stack still shows while its new look waits (360 classes take 6 hours).
export const STACK_KEEP_MS = 6 * 60 * 60_000;

// The occurrences answer naming an occurrence may be as old again as OCCURRENCES_MAX_AGE_MS.
const OCCURRENCE_STACK_MAX_AGE_MS = 2 * OCCURRENCES_MAX_AGE_MS;

// A range ending within this of now is "the last N minutes": it shares one answer as it moves on.
export const LIVE_RANGE_MS = 5 * 60_000;

/** Stacks kept in memory: one per occurrence, far more than the classes any view shows. */
export const MAX_CACHED_STACKS = 500;
export const MAX_CACHED_CLASS_ANSWERS = 100;
export const MAX_CACHED_OCCURRENCE_ANSWERS = 100;

const AGENT_LANGUAGES: readonly string[] = ['ruby', 'python', 'java', 'dotnet', 'nodejs', 'php', 'go'];

export interface KnownStack {
  answer: StackAnswer;
  due: boolean;
}

/** Frames of the application's agent; an agent Timeslice has no parser for keeps each frame's text only. */
function framesOf(language: string, frames: readonly ServiceFrame[]): StackFrame[] {
  const lang = language.toLowerCase();
  return AGENT_LANGUAGES.includes(lang)
    ? parseStack(lang as AgentLanguage, frames)
    : frames.map((f) => unparsed(typeof f.formatted === 'string' ? f.formatted : ''));
}

function cancelled(): ApiError {
  return new ApiError('cancelled', l10n.t('The request was cancelled.'));
}

/** `work`, or a cancellation as soon as `signal` aborts (the shared work goes on for the other askers). */
function until<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) {
    return work;
  }
  if (signal.aborted) {
    return Promise.reject(cancelled());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export class ErrorDetails implements IDisposable {
  private readonly classCache: AgedCache<Promise<ErrorClassesAnswer>>;
  private readonly occurrenceCache: AgedCache<Promise<Map<string, Occurrence>>>;
  private readonly stackCache: AgedCache<Promise<StackAnswer>>;
  private readonly classStacks: AgedCache<StackAnswer>;
  /** The last classes answered per application, to tell listeners only of a change. */
  private readonly lastRows = new Map<number, string>();
  private readonly listeners = new Set<() => void>();
  private forClient: ErrorDetailsClient | undefined;

  constructor(private readonly options: ErrorDetailsOptions) {
    const now = () => options.now();
    this.classCache = new AgedCache({ maxAgeMs: () => options.maxAgeMs(), maxEntries: MAX_CACHED_CLASS_ANSWERS }, now);
    this.occurrenceCache = new AgedCache(
      {
        maxAgeMs: () => Math.max(OCCURRENCES_MAX_AGE_MS, options.maxAgeMs()),
        maxEntries: MAX_CACHED_OCCURRENCE_ANSWERS,
      },
      now,
    );
    this.stackCache = new AgedCache(
      { maxAgeMs: () => OCCURRENCE_STACK_MAX_AGE_MS, maxEntries: MAX_CACHED_STACKS },
      now,
    );
    this.classStacks = new AgedCache({ maxAgeMs: () => STACK_KEEP_MS, maxEntries: MAX_CACHED_STACKS }, now);
  }

  readonly onDidChange = (listener: () => unknown, thisArgs?: unknown, disposables?: IDisposable[]): IDisposable => {
    const bound = () => void listener.call(thisArgs);
    this.listeners.add(bound);
    const subscription = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  get cachedEntries(): number {
    return (
      this.classCache.size +
      this.occurrenceCache.size +
      this.stackCache.size +
      this.classStacks.size +
      this.lastRows.size
    );
  }

  // One NRQL request per application and refresh interval; a failed query rejects, never an empty answer.
  async classes(app: ErrorApplication, range: TimeRange, signal?: AbortSignal): Promise<ErrorClassesAnswer> {
    const client = this.currentClient();
    if (!client) {
      return { kind: 'needs-nerdgraph', message: needsNerdGraphMessage() };
    }
    const key = `${app.id}:${range.from.getTime()}:${range.to.getTime()}`;
    const answer =
      this.classCache.entry(key)?.value ??
      this.pending(this.classCache, key, this.fetchClasses(client, app.id, range)).value;
    return until(answer, signal);
  }

  /** What is known of a class's latest stack over a live range, without a request; undefined when nothing is. */
  knownStack(app: ErrorApplication, errorClass: string, transactionName: string): KnownStack | undefined {
    this.currentClient();
    const known = this.classStacks.entry(this.classStackKey(app.id, transactionName, errorClass));
    if (!known) {
      return undefined;
    }
    const maxAge = known.value.kind === 'none' ? this.options.maxAgeMs() : CLASS_STACK_MAX_AGE_MS;
    return { answer: known.value, due: this.options.now() - known.at >= maxAge };
  }

  // Over a live range the known stack while not due, else one ErrorTrace request per application and one
  // `exception` request per occurrence; a failure rejects and is never kept.
  async latestStack(
    app: ErrorApplication,
    errorClass: string,
    transactionName: string,
    range: TimeRange,
    signal?: AbortSignal,
  ): Promise<StackAnswer> {
    const client = this.currentClient();
    if (!client) {
      return { kind: 'none' };
    }
    const live = this.isLive(range);
    const known = live ? this.knownStack(app, errorClass, transactionName) : undefined;
    if (known && !known.due) {
      return known.answer;
    }
    const work = (async (): Promise<StackAnswer> => {
      const guid = await client.entityGuid(app.id);
      const occurrence = await this.occurrence(client, app.id, guid, range, errorClassKey(transactionName, errorClass));
      const answer = occurrence
        ? await this.stackOf(client, app.language, guid, occurrence)
        : { kind: 'none' as const };
      if (live && client === this.forClient) {
        this.classStacks.set(this.classStackKey(app.id, transactionName, errorClass), answer);
      }
      return answer;
    })();
    return until(work, signal);
  }

  reset(): void {
    this.forget();
    this.fire();
  }

  dispose(): void {
    this.forget();
    this.listeners.clear();
  }

  private forget(): void {
    this.classCache.clear();
    this.occurrenceCache.clear();
    this.stackCache.clear();
    this.classStacks.clear();
    this.lastRows.clear();
    this.options.marker?.clear();
  }

  private fire(): void {
    for (const listener of [...this.listeners]) {
      listener();
    }
  }

  /** The client, with everything of an earlier one forgotten (its answers belong to another connection). */
  private currentClient(): ErrorDetailsClient | undefined {
    const client = this.options.client();
    if (client !== this.forClient) {
      this.forget();
      this.forClient = client;
    }
    return client;
  }

  private isLive(range: TimeRange): boolean {
    return this.options.now() - range.to.getTime() < LIVE_RANGE_MS;
  }

  private classStackKey(applicationId: number, transactionName: string, errorClass: string): string {
    return `${applicationId}:${errorClassKey(transactionName, errorClass)}`;
  }

  private occurrencesKey(applicationId: number, range: TimeRange): string {
    const length = range.to.getTime() - range.from.getTime();
    return `${applicationId}:${length}:${this.isLive(range) ? 'live' : range.to.getTime()}`;
  }

  /** `value` kept under `key` while it is pending or answered; a failure is dropped, so the next ask asks again. */
  private pending<T>(cache: AgedCache<Promise<T>>, key: string, value: Promise<T>): AgedEntry<Promise<T>> {
    const entry = cache.set(key, value);
    value.catch(() => cache.delete(key, entry));
    return entry;
  }

  // A class the kept answer lacks (new since a deployment) asks it again, at most once per refresh interval.
  private async occurrence(
    client: ErrorDetailsClient,
    applicationId: number,
    guid: string,
    range: TimeRange,
    classKey: string,
  ): Promise<Occurrence | undefined> {
    const key = this.occurrencesKey(applicationId, range);
    const fetch = async () =>
      occurrencesOf(await client.runNrql(latestOccurrencesNrql({ entityGuid: guid, range, perTransaction: true })));
    let entry = this.occurrenceCache.entry(key) ?? this.pending(this.occurrenceCache, key, fetch());
    let found = (await entry.value).get(classKey);
    if (!found && this.options.now() - entry.at >= this.options.maxAgeMs()) {
      const current = this.occurrenceCache.entry(key);
      entry = current && current !== entry ? current : this.pending(this.occurrenceCache, key, fetch());
      found = (await entry.value).get(classKey);
    }
    return found;
  }

  private async fetchClasses(
    client: ErrorDetailsClient,
    applicationId: number,
    range: TimeRange,
  ): Promise<ErrorClassesAnswer> {
    let rows: ErrorClassRow[];
    try {
      rows = classRows(await client.runNrql(errorClassesNrql(applicationId, range)));
      rows = (await this.options.marker?.mark((q) => client.runNrql(q), applicationId, rows)) ?? rows;
    } catch (e) {
      if (e instanceof ApiError && NEEDS_NERDGRAPH_KINDS.includes(e.kind)) {
        return { kind: 'needs-nerdgraph', message: needsNerdGraphMessage(e.message) };
      }
      throw e;
    }
    if (client === this.forClient) {
      const fingerprint = JSON.stringify(rows);
      const changed = this.lastRows.has(applicationId) && this.lastRows.get(applicationId) !== fingerprint;
      this.lastRows.set(applicationId, fingerprint);
      if (changed) {
        this.fire();
      }
    }
    return { kind: 'classes', applicationId, range, rows, expectedLeftOut: true };
  }

  private stackOf(
    client: ErrorDetailsClient,
    language: string,
    guid: string,
    occurrence: Occurrence,
  ): Promise<StackAnswer> {
    const known = this.stackCache.entry(occurrence.id);
    if (known) {
      return known.value;
    }
    const { id, message, timestamp } = occurrence;
    const stack = client.exception(guid, id).then((exception): StackAnswer =>
      exception === null
        ? { kind: 'aged-out', occurrenceId: id, message, timestamp }
        : {
            kind: 'stack',
            occurrenceId: id,
            message: errorText(exception.message, 'message') || message,
            timestamp,
            frames: framesOf(language, exception.frames),
          },
    );
    return this.pending(this.stackCache, id, stack).value;
  }
}

function needsNerdGraphMessage(reason?: string): string {
  const base = l10n.t('Error classes and stacks come from NerdGraph; REST API v2 gives error counts only.');
  return reason ? `${base} ${l10n.t('NerdGraph answered: {0}', errorText(reason, 'message'))}` : base;
}
