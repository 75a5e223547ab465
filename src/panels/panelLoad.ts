/**
 * What a panel shows (`PanelData`) and what a loader is given (`PanelLoad`). Apart from panelData.ts, which
 * imports every loader, so the loaders can name these types without a circle. No `vscode`.
 */
import type { NrqlClient } from '../api/backend';
import type { DeploymentCache } from '../api/deploymentCache';
import type { MetricNamesCache } from '../api/metricNamesCache';
import type { OpenAlertsCache } from '../api/openAlertsCache';
import type { TimesliceApi } from '../api/timesliceApi';
import type { AlertMarker } from './alertMarker';
import type { DeploymentMarker } from './deploymentMarkers';
import type { ErrorPanelData } from './errorEntity';
import type { FrameTarget, PanelErrorSource } from './errorSource';
import type { PanelRange, PanelRangeShown } from './panelRange';
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
  /** The error panel's stack, or the transaction panel's error classes (posted to the webview). */
  errors?: ErrorPanelData;
  /** Where each frame of the error panel's stack opens, by index (host only: the webview names an index). */
  frameTargets?: ReadonlyArray<FrameTarget | undefined>;
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
  /** Error classes, stacks and frame locations; without it the error panel says they need NerdGraph. */
  errors?: PanelErrorSource;
}

/** What a loader gets: the context, the panel's entity (of its kind) and state, and the range resolved once. */
export interface PanelLoad<K extends PanelKind = PanelKind> {
  ctx: PanelDataContext;
  entity: PanelEntity & { kind: K };
  state: PanelState;
  range: PanelRange;
}
