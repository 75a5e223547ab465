// The same summarized request the tree, the table and the lenses send, on either backend. No `vscode`.
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

export interface DeploymentNeighbours {
  previous?: Deployment;
  next?: Deployment;
}

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
  deployments: readonly Deployment[];
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
