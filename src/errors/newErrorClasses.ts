// Error classes new since the latest deployment (docs/errors.md, "New since a deployment").
import * as l10n from '@vscode/l10n';

import type { Deployment } from '../api/deployments';
import { shortRevision } from '../api/deployments';
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import { AgedCache } from './agedCache';
import type { ErrorClassMarker, ErrorClassRow, NewSince } from './errorModel';
import { errorClassKey } from './errorModel';
import { classKeysOf } from './errorRows';
import { errorText } from './errorText';

const DAY_MS = 86_400_000;

/** How far before a deployment a class must be absent: a week holds a weekly job's and a weekend's errors. */
export const NEW_ERROR_LOOKBACK_MS = 7 * DAY_MS;

// docs.newrelic.com, "Manage your data retention": APM events, 8 days (an account may keep them longer).
export const ERROR_EVENT_RETENTION_MS = 8 * DAY_MS;

// Past this, a class whose earlier events are gone would read as new: such a deployment marks nothing.
export const NEW_ERROR_MAX_DEPLOYMENT_AGE_MS = ERROR_EVENT_RETENTION_MS - NEW_ERROR_LOOKBACK_MS;

/** NRQL's `LIMIT MAX` for FACET (docs.newrelic.com, NRQL reference): a full answer may have cut some classes. */
export const MAX_FACETS = 5000;

const MAX_CACHED_BEFORE_ANSWERS = 200;

// Expected errors included: a class thrown before, however marked, is not new.
export function classesBeforeNrql(applicationId: number, deploymentTime: number): string {
  if (!Number.isSafeInteger(applicationId) || applicationId <= 0 || !Number.isSafeInteger(deploymentTime)) {
    throw new RangeError('Not an application id or a deployment time.');
  }
  return (
    `SELECT count(*) FROM TransactionError WHERE appId = ${applicationId} ` +
    `FACET transactionName, error.class SINCE ${deploymentTime - NEW_ERROR_LOOKBACK_MS} UNTIL ${deploymentTime} LIMIT MAX`
  );
}

export function markNewClasses(
  rows: readonly ErrorClassRow[],
  deployment: Pick<Deployment, 'id' | 'revision' | 'time'>,
  seenBefore: ReadonlySet<string> | undefined,
): ErrorClassRow[] {
  if (!seenBefore) {
    return [...rows];
  }
  const newSince: NewSince = { deploymentId: deployment.id, revision: deployment.revision, time: deployment.time };
  return rows.map((r) =>
    r.lastSeen.getTime() >= deployment.time && !seenBefore.has(errorClassKey(r.transactionName, r.errorClass))
      ? { ...r, newSince }
      : r,
  );
}

export function newSinceRevision(newSince: Pick<NewSince, 'revision'>): string {
  return shortRevision(errorText(newSince.revision, 'class')) || l10n.t('the latest deployment');
}

export function newSinceLabel(newSince: Pick<NewSince, 'revision'>): string {
  return l10n.t('New since {0}', newSinceRevision(newSince));
}

export interface NewErrorClassesOptions {
  deployments(applicationId: number, range: { from: Date; to: Date }): Promise<readonly Deployment[]>;
  now(): number;
  log(message: string): void;
}

export class NewErrorClasses implements ErrorClassMarker {
  private readonly before: AgedCache<Promise<Set<string>>>;
  private readonly logged = new Map<number, string>();

  constructor(private readonly options: NewErrorClassesOptions) {
    this.before = new AgedCache(
      { maxAgeMs: () => NEW_ERROR_MAX_DEPLOYMENT_AGE_MS, maxEntries: MAX_CACHED_BEFORE_ANSWERS },
      () => options.now(),
    );
  }

  async mark(
    runNrql: (nrql: string) => Promise<NrqlResult>,
    applicationId: number,
    rows: ErrorClassRow[],
  ): Promise<ErrorClassRow[]> {
    const now = this.options.now();
    let deployment: Deployment | undefined;
    try {
      const range = { from: new Date(now - NEW_ERROR_MAX_DEPLOYMENT_AGE_MS), to: new Date(now) };
      [deployment] = await this.options.deployments(applicationId, range);
    } catch (e) {
      this.failed(applicationId, e);
      return rows;
    }
    if (!deployment || !rows.some((r) => r.lastSeen.getTime() >= deployment.time)) {
      return rows;
    }
    const key = `${applicationId}:${deployment.id}:${deployment.time}`;
    let entry = this.before.entry(key);
    if (!entry) {
      const asked = runNrql(classesBeforeNrql(applicationId, deployment.time)).then((result) => {
        if (result.results.length >= MAX_FACETS) {
          throw new Error(`${result.results.length} classes before the deployment: some may have been cut`);
        }
        return classKeysOf(result);
      });
      const set = this.before.set(key, asked);
      asked.catch(() => this.before.delete(key, set));
      entry = set;
    }
    try {
      const seen = await entry.value;
      this.logged.delete(applicationId);
      return markNewClasses(rows, deployment, seen);
    } catch (e) {
      this.failed(applicationId, e);
      return rows;
    }
  }

  clear(): void {
    this.before.clear();
    this.logged.clear();
  }

  private failed(applicationId: number, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (this.logged.get(applicationId) !== message) {
      this.logged.set(applicationId, message);
      this.options.log(`new error classes: application ${applicationId}: nothing marked new: ${message}`);
    }
  }
}
