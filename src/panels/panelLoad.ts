// Apart from panelData.ts, which imports every loader, so the loaders name these types without a circle.
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
  range: PanelRangeShown;
  /** Metric-data requests this load made (the breakdown's and explorer's depend on value lists). */
  metricDataRequests: number;
  deployments?: DeploymentMarker[];
  alerts?: AlertMarker[];
  aroundChoices?: DeploymentMarker[];
  errors?: ErrorPanelData;
  /** Host only: the webview names an index. */
  frameTargets?: ReadonlyArray<FrameTarget | undefined>;
}

export interface PanelDataContext {
  api: TimesliceApi;
  metricNames: MetricNamesCache;
  nrql?: Pick<NrqlClient, 'run'>;
  signal?: AbortSignal;
  now?: Date;
  deployments?: DeploymentCache;
  openAlerts?: Pick<OpenAlertsCache, 'answer'>;
  errors?: PanelErrorSource;
}

export interface PanelLoad<K extends PanelKind = PanelKind> {
  ctx: PanelDataContext;
  entity: PanelEntity & { kind: K };
  state: PanelState;
  range: PanelRange;
}
