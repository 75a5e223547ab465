/**
 * Error classes per transaction and the latest stack of a class, for every view that shows them (the
 * diagnostics, the lens, the tree, the error panel), through NerdGraph whichever backend the views use.
 * Asks are shared: an application's classes are asked once per refresh interval however many views
 * want them, and a stack once per occurrence id (a stack never changes). No `vscode`; the connection's
 * NerdGraph access comes through `ErrorDetailsClient` (docs/errors.md).
 */
import * as l10n from '@vscode/l10n';

import { ApiError } from '../api/errors';
import type { ApiErrorKind } from '../api/errors';
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { TimeRange } from '../api/timeRange';
import type { IDisposable } from '../util/lifecycle';
import type { ErrorApplication, ErrorClassesAnswer, ErrorClassRow, StackAnswer } from './errorModel';
import { errorClassKey } from './errorModel';
import { errorClassesNrql, latestOccurrencesNrql } from './errorQueries';
import { errorText } from './errorText';
import type { AgentLanguage, ServiceFrame, StackFrame } from './stackFrame';
import { unparsed } from './stackFrame';
import { parseStack } from './stackParser';

/** An occurrence's stack as `exception(occurrenceId)` gives it. */
export interface ServiceException {
  message?: unknown;
  frames: readonly ServiceFrame[];
}

/** The connection's NerdGraph, as error details need it. Every request carries the session's signal. */
export interface ErrorDetailsClient {
  /** NRQL in the connection's account. */
  runNrql(nrql: string, signal?: AbortSignal): Promise<NrqlResult>;
  entityGuid(applicationId: number, signal?: AbortSignal): Promise<string>;
  /** Null when the occurrence's stack is gone. */
  exception(entityGuid: string, occurrenceId: string, signal?: AbortSignal): Promise<ServiceException | null>;
}

export interface ErrorDetailsOptions {
  /** The current connection's client; undefined when it has no NerdGraph access. */
  client(): ErrorDetailsClient | undefined;
  now(): number;
  /** How long an answer serves further asks: the refresh interval, so a refresh asks once. */
  maxAgeMs(): number;
}

/**
 * Failures that mean NerdGraph will not answer this key (a REST-only key, no account chosen): the
 * views say that classes need NerdGraph instead of showing an error on every refresh.
 */
export const NEEDS_NERDGRAPH_KINDS: readonly ApiErrorKind[] = ['auth', 'forbidden', 'noAccount'];

/**
 * How long a class's latest occurrence is kept before it is looked up again. A class's stack rarely
 * changes from one occurrence to the next, while each new occurrence costs an `exception` request: an
 * hour keeps the stacks of 10 bound applications well inside the key's budget (bench: key budget).
 */
export const OCCURRENCES_MAX_AGE_MS = 60 * 60_000;

/** Stacks kept in memory: one per occurrence, far more than the classes any view shows. */
export const MAX_CACHED_STACKS = 500;

const AGENT_LANGUAGES: readonly string[] = ['ruby', 'python', 'java', 'dotnet', 'nodejs', 'php', 'go'];

interface Occurrence {
  id: string;
  message: string;
  timestamp: Date;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/** A FACET row's values: NerdGraph puts several attributes' values in `facet` as an array. */
function facetValues(row: Record<string, unknown>, count: number): string[] | undefined {
  const facet = row.facet;
  const values: unknown = count === 1 && !Array.isArray(facet) ? [facet] : facet;
  return Array.isArray(values) && values.length === count && values.every((v) => typeof v === 'string')
    ? values
    : undefined;
}

function dateOf(v: unknown): Date | undefined {
  const d = typeof v === 'number' ? new Date(v) : undefined;
  return d && Number.isFinite(d.getTime()) ? d : undefined;
}

function countOf(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0;
}

/** The rows of the classes query, most frequent first; rows without a transaction, class or count are dropped. */
export function classRows(result: NrqlResult): ErrorClassRow[] {
  const rows: ErrorClassRow[] = [];
  for (const row of result.results) {
    const facet = facetValues(row, 2);
    const count = countOf(row.count);
    const lastSeen = dateOf(row['latest.timestamp']);
    if (!facet || count === 0 || !lastSeen || facet[1].length === 0) {
      continue;
    }
    const [transactionName, errorClass] = facet;
    rows.push({
      transactionName,
      errorClass,
      message: errorText(row['latest.error.message'], 'message'),
      count,
      lastSeen,
    });
  }
  return rows.sort(
    (a, b) =>
      b.count - a.count ||
      b.lastSeen.getTime() - a.lastSeen.getTime() ||
      a.transactionName.localeCompare(b.transactionName) ||
      a.errorClass.localeCompare(b.errorClass),
  );
}

/** The latest occurrence per transaction and class, from the per-transaction ErrorTrace query. */
function occurrencesOf(result: NrqlResult): Map<string, Occurrence> {
  const out = new Map<string, Occurrence>();
  for (const row of result.results) {
    const facet = facetValues(row, 2);
    const id = row['latest.id'];
    const timestamp = dateOf(row['latest.timestamp']);
    if (facet && typeof id === 'string' && id.length > 0 && timestamp) {
      out.set(errorClassKey(facet[0], facet[1]), {
        id,
        message: errorText(row['latest.error.message'], 'message'),
        timestamp,
      });
    }
  }
  return out;
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
  private readonly classCache = new Map<string, Cached<ErrorClassesAnswer>>();
  private readonly occurrenceCache = new Map<string, Cached<Map<string, Occurrence>>>();
  private readonly stackCache = new Map<string, Promise<StackAnswer>>();
  /** The last classes answered per application, to tell listeners only of a change. */
  private readonly lastRows = new Map<number, string>();
  private readonly listeners = new Set<() => void>();
  private forClient: ErrorDetailsClient | undefined;

  constructor(private readonly options: ErrorDetailsOptions) {}

  /** Told when an application's classes changed, or everything was forgotten (another connection). */
  readonly onDidChange = (listener: () => unknown, thisArgs?: unknown, disposables?: IDisposable[]): IDisposable => {
    const bound = () => void listener.call(thisArgs);
    this.listeners.add(bound);
    const subscription = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  /**
   * The error classes of every transaction of `app` over `range`, expected errors left out; one NRQL
   * request per application and refresh interval. Rejects with the ApiError of a failure that is not
   * about NerdGraph access.
   */
  async classes(app: ErrorApplication, range: TimeRange, signal?: AbortSignal): Promise<ErrorClassesAnswer> {
    const client = this.currentClient();
    if (!client) {
      return { kind: 'needs-nerdgraph', message: needsNerdGraphMessage() };
    }
    const answer = this.cached(this.classCache, this.rangeKey(app.id, range), () =>
      this.fetchClasses(client, app.id, range),
    );
    return until(answer, signal);
  }

  /**
   * The latest stack of one class of one transaction (`transactionName` in full) over `range`: one
   * ErrorTrace request per application and OCCURRENCES_MAX_AGE_MS for all its classes, and one
   * `exception` request per occurrence ever. A client without NerdGraph access answers `none`.
   */
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
    const work = (async (): Promise<StackAnswer> => {
      const guid = await client.entityGuid(app.id);
      const occurrences = await this.cached(
        this.occurrenceCache,
        this.occurrencesKey(app.id, range),
        async () =>
          occurrencesOf(await client.runNrql(latestOccurrencesNrql({ entityGuid: guid, range, perTransaction: true }))),
        Math.max(OCCURRENCES_MAX_AGE_MS, this.options.maxAgeMs()),
      );
      const occurrence = occurrences.get(errorClassKey(transactionName, errorClass));
      return occurrence ? this.stackOf(client, app.language, guid, occurrence) : { kind: 'none' };
    })();
    return until(work, signal);
  }

  /** Forgets every answer (the connection, key or backend changed) and tells listeners. */
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
    this.lastRows.clear();
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

  /** Classes answer exactly the range asked (views align "the last N minutes" to whole minutes). */
  private rangeKey(applicationId: number, range: TimeRange): string {
    return `${applicationId}:${range.from.getTime()}:${range.to.getTime()}`;
  }

  /**
   * A class's latest occurrence is kept for a range that ends about now whoever asks later ("the last
   * N minutes" moves on, its stack rarely changes); a range in the past is its own.
   */
  private occurrencesKey(applicationId: number, range: TimeRange): string {
    const length = range.to.getTime() - range.from.getTime();
    const live = this.options.now() - range.to.getTime() <= OCCURRENCES_MAX_AGE_MS;
    return `${applicationId}:${length}:${live ? 'live' : range.to.getTime()}`;
  }

  private cached<T>(
    cache: Map<string, Cached<T>>,
    key: string,
    fetch: () => Promise<T>,
    maxAgeMs = this.options.maxAgeMs(),
  ): Promise<T> {
    const now = this.options.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < maxAgeMs) {
      return hit.value;
    }
    const value = fetch();
    const entry = { at: now, value };
    cache.set(key, entry);
    // A failure is not kept: the next ask tries again.
    value.catch(() => {
      if (cache.get(key) === entry) {
        cache.delete(key);
      }
    });
    return value;
  }

  private async fetchClasses(
    client: ErrorDetailsClient,
    applicationId: number,
    range: TimeRange,
  ): Promise<ErrorClassesAnswer> {
    let rows: ErrorClassRow[];
    try {
      rows = classRows(await client.runNrql(errorClassesNrql(applicationId, range)));
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
    const known = this.stackCache.get(occurrence.id);
    if (known) {
      return known;
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
    if (this.stackCache.size >= MAX_CACHED_STACKS) {
      this.stackCache.delete(this.stackCache.keys().next().value as string);
    }
    this.stackCache.set(id, stack);
    stack.catch(() => {
      if (this.stackCache.get(id) === stack) {
        this.stackCache.delete(id);
      }
    });
    return stack;
  }
}

function needsNerdGraphMessage(reason?: string): string {
  const base = l10n.t('Error classes and stacks come from NerdGraph; REST API v2 gives error counts only.');
  return reason ? `${base} ${l10n.t('NerdGraph answered: {0}', errorText(reason, 'message'))}` : base;
}
