/**
 * What a panel shows (`PanelData`) and which loader makes it for each panel kind. Independent of
 * `vscode`: a loader takes the API interface and the metric-names cache, so it is unit-tested against
 * the simulator. A new panel kind is a new loader in loaders/ and its entry in `LOADERS`.
 */
import * as l10n from '@vscode/l10n';

import type { NrqlClient } from '../api/backend';
import type { TimesliceApi } from '../api/timesliceApi';
import type { MetricNamesCache } from '../api/metricNamesCache';
import type { DeploymentCache } from '../api/deploymentCache';
import type { OpenAlertsCache } from '../api/openAlertsCache';
import { formatAge } from '../format/presentation';
import type { AlertMarker, DeploymentMarker } from './deploymentMarkers';
import { panelAlerts, panelDeploymentChoices, panelDeployments } from './panelDeployments';
import { deploymentChange } from './deploymentChange';
import { loadApplication } from './loaders/application';
import { loadBreakdown } from './loaders/breakdown';
import { loadExplorer } from './loaders/explorer';
import { loadHostOrInstance } from './loaders/hostOrInstance';
import { loadKeyTransaction } from './loaders/keyTransaction';
import { loadTransaction } from './loaders/transaction';
import { loadTransactions } from './loaders/transactions';
import type { PanelRange, PanelRangeShown } from './panelRange';
import { resolvePanelRange } from './panelRange';
import type { ChartSpec, PanelEntity, PanelKind, PanelState, SummaryItem, SummaryTable } from './protocol';

export interface PanelData {
  title: string;
  summary: SummaryItem[];
  summaryNote?: string;
  charts: ChartSpec[];
  table?: SummaryTable;
  /** The range asked for, its compare twin, and what the returned slices cover. */
  range: PanelRangeShown;
  /** Metric-data requests this load made (the breakdown's and explorer's depend on value lists). */
  metricDataRequests: number;
  /** The application's deployments in the range, newest first (panelDeployments.ts). */
  deployments?: DeploymentMarker[];
  /** When each open alert of the entity's application started, newest first (panelDeployments.ts). */
  alerts?: AlertMarker[];
  /** The application's deployments of the last 7 days: the panel's "around a deployment" choices. */
  aroundChoices?: DeploymentMarker[];
}

export interface PanelDataContext {
  api: TimesliceApi;
  metricNames: MetricNamesCache;
  /** Runs the NRQL of an explorer panel opened by "Run NRQL Query…"; without it such a panel fails. */
  nrql?: Pick<NrqlClient, 'run'>;
  signal?: AbortSignal;
  now?: Date;
  /** The session's deployments per application; without it no panel shows markers. */
  deployments?: DeploymentCache;
  /** The session's open alerts per application; without it no panel marks alerts. */
  openAlerts?: Pick<OpenAlertsCache, 'answer'>;
}

/** What a loader gets: the context, the panel's entity (of its kind) and state, and the range resolved once. */
export interface PanelLoad<K extends PanelKind = PanelKind> {
  ctx: PanelDataContext;
  entity: PanelEntity & { kind: K };
  state: PanelState;
  range: PanelRange;
}

type PanelLoader<K extends PanelKind> = (load: PanelLoad<K>) => Promise<PanelData>;

const LOADERS: { [K in PanelKind]: PanelLoader<K> } = {
  application: loadApplication,
  host: loadHostOrInstance,
  instance: loadHostOrInstance,
  keyTransaction: loadKeyTransaction,
  breakdown: loadBreakdown,
  explorer: loadExplorer,
  transaction: loadTransaction,
  transactions: loadTransactions,
};

export async function loadPanelData(ctx: PanelDataContext, state: PanelState): Promise<PanelData> {
  const loader = LOADERS[state.entity.kind] as PanelLoader<PanelKind>;
  const range = resolvePanelRange(state.range, ctx.now);
  const now = (ctx.now ?? new Date()).getTime();
  let older: { fetchedAt: number; error: Error } | undefined;
  const onOlder = (fetchedAt: number, error: Error) => {
    older = older && older.fetchedAt <= fetchedAt ? older : { fetchedAt, error };
  };
  const [loaded, deployments, alerts, aroundChoices] = await Promise.all([
    loader({ ctx, entity: state.entity, state, range }),
    panelDeployments(ctx.deployments, state.entity, range, ctx.signal, onOlder),
    panelAlerts(ctx.openAlerts, state.entity, ctx.signal, onOlder),
    panelDeploymentChoices(ctx.deployments, state.entity, now, ctx.signal),
  ]);
  const markersNote = older && olderMarkersNote(older.fetchedAt, older.error, now);
  const data = {
    ...loaded,
    ...(markersNote ? { summaryNote: [loaded.summaryNote, markersNote].filter(Boolean).join(' · ') } : {}),
    ...(alerts ? { alerts } : {}),
    ...(aroundChoices && aroundChoices.length > 0 ? { aroundChoices } : {}),
  };
  // The transactions table's page is its table alone (no charts to mark, no Deployments table), so its
  // data and export carry no deployments either.
  if (!deployments || state.entity.kind === 'transactions') {
    return data;
  }
  // The before/after change leads the note under the summary (deploymentChange.ts).
  const change = deploymentChange(data.charts, deployments, range, now);
  const summaryNote = [change?.text, data.summaryNote].filter((t) => t !== undefined).join(' · ') || undefined;
  return { ...data, deployments, ...(summaryNote ? { summaryNote } : {}) };
}

/** Said under the summary when the markers come from an older answer: how old, and why the refresh failed. */
export function olderMarkersNote(fetchedAt: number, error: Error, now: number): string {
  return l10n.t('Markers from {0}; refresh failed: {1}', formatAge(now - fetchedAt), error.message);
}
