/**
 * What moved at one deployment, loaded: the application's transactions over the two equal windows around
 * it (impactWindows.ts), read with the same summarized request the tree, the table and the lenses send
 * (getTransactionStats: one request per window once the names are cached, on either backend), ranked with
 * their evidence (movement.ts) and the application's verdict (verdict.ts). No `vscode`.
 */
import type { Deployment } from '../api/deployments';
import type { TimesliceApi } from '../api/timesliceApi';
import type { TransactionStats, TransactionStatsOptions } from '../api/transactionStats';
import type { ImpactWindows } from './impactWindows';
import { impactWindows } from './impactWindows';
import type { MovementRow, TransactionWindows } from './movement';
import { rankMovement, windowNumbersOf } from './movement';
import type { ApplicationVerdict } from './verdict';
import { applicationVerdict } from './verdict';

export interface ImpactApplication {
  id: number;
  name: string;
  language?: string;
}

/** The deployments beside one: `previous` clips the window before, `next` the window after. */
export interface DeploymentNeighbours {
  previous?: Deployment;
  next?: Deployment;
}

/** The deployment just before and just after `d` in `list` (any order; `d` itself, by id, left out). */
export function neighboursOf(list: readonly Deployment[], d: Deployment): DeploymentNeighbours {
  let previous: Deployment | undefined;
  let next: Deployment | undefined;
  for (const other of list) {
    if (other.id === d.id) {
      continue;
    }
    if (other.time < d.time && (!previous || other.time > previous.time)) {
      previous = other;
    } else if (other.time > d.time && (!next || other.time < next.time)) {
      next = other;
    }
  }
  return { previous, next };
}

export interface ImpactQuery {
  application: ImpactApplication;
  deployment: Deployment;
  /** The application's deployments around it (the tree's list): its neighbours are found there. */
  deployments: readonly Deployment[];
  /** The data's now, in epoch milliseconds. */
  now: number;
  maxMinutes?: number;
}

export type DeploymentImpact =
  | ({ kind: 'impact'; windows: ImpactWindows; rows: MovementRow[]; verdict: ApplicationVerdict } & ImpactBase)
  /** Less than a whole minute after the deployment (or before the next one): nothing to compare yet. */
  | ({ kind: 'tooEarly' } & ImpactBase);

interface ImpactBase {
  application: ImpactApplication;
  deployment: Deployment;
  previous?: Deployment;
  next?: Deployment;
}

/** Both windows' stats of one transaction name, joined. */
export function joinWindows(
  before: readonly TransactionStats[],
  after: readonly TransactionStats[],
): TransactionWindows[] {
  const byName = new Map<string, TransactionWindows>();
  const entry = (s: TransactionStats) => {
    let t = byName.get(s.name);
    if (!t) {
      t = { name: s.name, kind: s.kind };
      byName.set(s.name, t);
    }
    return t;
  };
  before.forEach((s) => (entry(s).before = windowNumbersOf(s)));
  after.forEach((s) => (entry(s).after = windowNumbersOf(s)));
  return [...byName.values()];
}

/** Loads the windows' numbers (both at once, the names listing shared through `options.metricNames`) and ranks them. */
export async function loadDeploymentImpact(
  api: Pick<TimesliceApi, 'getTransactionStats'>,
  query: ImpactQuery,
  options: TransactionStatsOptions = {},
): Promise<DeploymentImpact> {
  const { application, deployment } = query;
  const { previous, next } = neighboursOf(query.deployments, deployment);
  const base: ImpactBase = {
    application,
    deployment,
    ...(previous ? { previous } : {}),
    ...(next ? { next } : {}),
  };
  const windows = impactWindows(deployment.time, query.now, {
    maxMinutes: query.maxMinutes,
    previousAt: previous?.time,
    nextAt: next?.time,
  });
  if (!windows) {
    return { kind: 'tooEarly', ...base };
  }
  const ask = (w: { from: number; to: number }) =>
    api.getTransactionStats({ applicationId: application.id, language: application.language, ...w }, options);
  const [before, after] = await Promise.all([ask(windows.before), ask(windows.after)]);
  const rows = rankMovement(joinWindows(before, after), windows);
  return { kind: 'impact', ...base, windows, rows, verdict: applicationVerdict(rows) };
}
