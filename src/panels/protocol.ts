// Shared by the extension and the webview; no `vscode`. Each message is validated on receipt (the
// webview's are untrusted input), and none carries the API key.
import * as l10n from '@vscode/l10n';

import type { TransactionEntity, TransactionPanelKind as TxnKind, TransactionRowAction } from './transactionEntity';
import { hasTransactionFields, isTransactionName, TRANSACTION_PANEL_KINDS } from './transactionEntity';
import type { AlertMarker } from './alertMarker';
import type { DeploymentMarker } from './deploymentMarkers';
import type { ErrorEntity, ErrorPanelData, ErrorPanelMessage } from './errorEntity';
import { hasErrorFields, isErrorPanelMessage } from './errorEntity';

export type PanelKind =
  'application' | 'breakdown' | 'error' | 'explorer' | 'host' | 'instance' | 'keyTransaction' | TxnKind;
export const PANEL_KINDS: readonly PanelKind[] = [
  'application',
  'breakdown',
  'error',
  'explorer',
  'host',
  'instance',
  'keyTransaction',
  ...TRANSACTION_PANEL_KINDS,
];

/** What every panel's entity has: the application it belongs to, and its name (display text only, never HTML). */
interface EntityBase {
  applicationId: number;
  title: string;
}

export interface NrqlSource {
  /** The account it runs in (NerdGraph does not infer it from the key). */
  accountId: number;
  query: string;
}

/** Longer NRQL is refused when a panel is restored (the service's own limit is not documented). */
export const MAX_NRQL_LENGTH = 4000;

// The ids stay flat (as in every other entity) so kept panel state reads the same.
export type ExplorerEntity =
  | (EntityBase & { kind: 'explorer'; hostId?: undefined; instanceId?: undefined; nrql?: undefined })
  | (EntityBase & { kind: 'explorer'; hostId: number; instanceId?: undefined; nrql?: undefined })
  | (EntityBase & { kind: 'explorer'; hostId?: undefined; instanceId: number; nrql?: undefined })
  | (EntityBase & { kind: 'explorer'; hostId?: undefined; instanceId?: undefined; nrql: NrqlSource });

export type PanelEntity =
  | (EntityBase & { kind: 'application' | 'breakdown' })
  | (EntityBase & { kind: 'host'; hostId: number })
  | (EntityBase & { kind: 'instance'; instanceId: number })
  | (EntityBase & { kind: 'keyTransaction'; keyTransactionId: number })
  | ExplorerEntity
  | TransactionEntity
  | ErrorEntity;

export type RangePreset = '30m' | '1h' | '3h' | '6h' | '24h' | '3d' | '7d' | 'custom';
// The service's summary averages the last 3-4 minutes and its data lags the clock by about 3: a range
// ending this close to now is live; an older one is summarized from its own data, never "behind".
export const LIVE_WINDOW_SLACK_MS = 5 * 60_000;

export const RANGE_PRESETS: readonly RangePreset[] = ['30m', '1h', '3h', '6h', '24h', '3d', '7d', 'custom'];
export const PRESET_MINUTES: Readonly<Record<Exclude<RangePreset, 'custom'>, number>> = {
  '30m': 30,
  '1h': 60,
  '3h': 180,
  '6h': 360,
  '24h': 1440,
  '3d': 4320,
  '7d': 10_080,
};
export function presetLabel(preset: RangePreset): string {
  // Built on each call: module-level text would be read before the translations are configured.
  const labels: Readonly<Record<RangePreset, string>> = {
    '30m': l10n.t('Last 30 minutes'),
    '1h': l10n.t('Last hour'),
    '3h': l10n.t('Last 3 hours'),
    '6h': l10n.t('Last 6 hours'),
    '24h': l10n.t('Last 24 hours'),
    '3d': l10n.t('Last 3 days'),
    '7d': l10n.t('Last 7 days'),
    custom: l10n.t('Custom range'),
  };
  return labels[preset];
}

export type Compare = 'none' | 'day' | 'week';

export interface RangeSelection {
  preset: RangePreset;
  /** ISO 8601, for `custom` only. */
  from?: string;
  to?: string;
  /** Undefined: the range's default. */
  period?: number;
  compare: Compare;
  /** `custom` only: the deployment (ms) the range is around; the window before it is overlaid (aroundDeployment.ts). */
  around?: number;
}

export interface ExplorerSelection {
  metrics: string[];
  values: string[];
}

/** webview setState + WebviewPanelSerializer. */
export interface PanelState {
  entity: PanelEntity;
  range: RangeSelection;
  view: 'chart' | 'table';
  explorer?: ExplorerSelection;
  /** A preview (a tree row's single click): the next single click reuses its page; a restored window drops it. */
  preview?: boolean;
}

/** Points are [epoch ms, value]; null is a gap. */
export interface SeriesSpec {
  label: string;
  color: string;
  points: Array<[number, number | null]>;
  compare?: boolean;
  /** Drawn dotted and wider, for a line that can lie exactly on another (the legend says so). */
  dotted?: boolean;
  description?: string;
}

export interface ChartSpec {
  id: string;
  title: string;
  unit: string;
  stacked?: boolean;
  series: SeriesSpec[];
  error?: string;
  notFound?: string[];
  missingValues?: string[];
  /** What the chart shows that its title cannot say, one or two sentences shown under the title (chart and table view). */
  note?: string;
}

export interface SummaryItem {
  label: string;
  value: string;
  hint?: string;
}

export interface SummaryTable {
  caption?: string;
  rowHeader?: string;
  columns: string[];
  /** 6.0 beside 58.5, not 6; a column without a number shows each value as `formatValue` does. */
  decimals?: Array<number | null>;
  rows: Array<{ metric: string; values: Array<number | null> }>;
}

export type ToWebview =
  | {
      type: 'init';
      state: PanelState;
      timeZone: 'local' | 'utc';
      /** The translations of the display language (`vscode.l10n.bundle`), on the first 'init' only; none for English. */
      l10n?: Record<string, string>;
    }
  | { type: 'loading' }
  /** Drop everything shown: it was another session's (account, region or key). */
  | { type: 'clear' }
  | {
      type: 'data';
      summary: SummaryItem[];
      summaryNote?: string;
      charts: ChartSpec[];
      table?: SummaryTable;
      deployments?: DeploymentMarker[];
      alerts?: AlertMarker[];
      aroundChoices?: DeploymentMarker[];
      /** `requestedTo` is set when the data ends before the requested end (the service lags the clock). */
      range: { from: string; to: string; period: number; requestedTo?: string };
      validPeriods: number[];
      fetchedAt: string;
      /** Thinned for drawing (decimate.ts): the table view asks for every slice with `setView`. */
      decimated?: boolean;
      errors?: ErrorPanelData;
    }
  | {
      type: 'error';
      message: string;
      retryable: boolean;
      staleNote?: string;
      /** The label of the error policy's fix ("Set API Key…", "Switch Region…"); its button posts `fix`. */
      fix?: string;
    }
  | { type: 'metricNames'; query: string; names: Array<{ name: string; values: string[] }> }
  | { type: 'exported'; format: 'csv' | 'json'; path: string };

export type FromWebview =
  | { type: 'ready'; plotWidth?: number }
  | { type: 'plotWidth'; width: number }
  | { type: 'changeRange'; range: RangeSelection }
  | { type: 'setView'; view: 'chart' | 'table' }
  | { type: 'retry' }
  | { type: 'fix' }
  | { type: 'searchMetricNames'; query: string }
  | { type: 'changeExplorer'; explorer: ExplorerSelection }
  | { type: 'export'; format: 'csv' | 'json' }
  /** A row of the transactions table: open its transaction's panel, or go to its code (`name` must be a row sent). */
  | { type: TransactionRowAction; name: string }
  /** A deployment marker clicked: What Moved at it (`deploymentId` must be a marker the host sent). */
  | { type: 'showDeploymentImpact'; deploymentId: string }
  | ErrorPanelMessage;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isShortString = (v: unknown, max = 1000): v is string => typeof v === 'string' && v.length <= max;
const isIso = (v: unknown): v is string => isShortString(v, 40) && !Number.isNaN(Date.parse(v));
const isPlotWidth = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 100_000;
const isStringList = (v: unknown, maxItems: number): v is string[] =>
  Array.isArray(v) && v.length <= maxItems && v.every((s) => isShortString(s, 500));

/** The ids each kind must carry (none when absent); an id that does not belong to the kind refuses the entity. */
const KIND_IDS: Readonly<
  Partial<Record<PanelKind, ReadonlyArray<ReadonlyArray<'hostId' | 'instanceId' | 'keyTransactionId'>>>>
> = {
  application: [[]],
  breakdown: [[]],
  host: [['hostId']],
  instance: [['instanceId']],
  keyTransaction: [['keyTransactionId']],
  explorer: [[], ['hostId'], ['instanceId']],
};

export function isNrqlSource(v: unknown): v is NrqlSource {
  return isRec(v) && isId(v.accountId) && isShortString(v.query, MAX_NRQL_LENGTH) && v.query.trim() !== '';
}

export function isPanelEntity(v: unknown): v is PanelEntity {
  if (
    !isRec(v) ||
    !PANEL_KINDS.includes(v.kind as PanelKind) ||
    !isId(v.applicationId) ||
    !isShortString(v.title, 500) ||
    !(v.kind === 'error' || hasTransactionFields(v)) ||
    !hasErrorFields(v)
  ) {
    return false;
  }
  const present = (['hostId', 'instanceId', 'keyTransactionId'] as const).filter((k) => v[k] !== undefined);
  if (!present.every((k) => isId(v[k]))) {
    return false;
  }
  if (v.nrql !== undefined) {
    // Only the explorer charts NRQL, and then for no host or instance of its own.
    return v.kind === 'explorer' && present.length === 0 && isNrqlSource(v.nrql);
  }
  return (KIND_IDS[v.kind as PanelKind] ?? [[]]).some(
    (ids) => ids.length === present.length && ids.every((k) => present.includes(k)),
  );
}

export function isRangeSelection(v: unknown): v is RangeSelection {
  if (
    !isRec(v) ||
    !RANGE_PRESETS.includes(v.preset as RangePreset) ||
    !['none', 'day', 'week'].includes(v.compare as string)
  ) {
    return false;
  }
  if (v.period !== undefined && !(isId(v.period) && v.period % 60 === 0)) {
    return false;
  }
  if (v.preset === 'custom') {
    return isIso(v.from) && isIso(v.to) && (v.around === undefined || (isId(v.around) && v.compare === 'none'));
  }
  return v.from === undefined && v.to === undefined && v.around === undefined;
}

export function isExplorerSelection(v: unknown): v is ExplorerSelection {
  return isRec(v) && isStringList(v.metrics, 20) && isStringList(v.values, 20);
}

export function isPanelState(v: unknown): v is PanelState {
  return (
    isRec(v) &&
    isPanelEntity(v.entity) &&
    isRangeSelection(v.range) &&
    (v.view === 'chart' || v.view === 'table') &&
    (v.explorer === undefined || isExplorerSelection(v.explorer)) &&
    (v.preview === undefined || typeof v.preview === 'boolean')
  );
}

export function isFromWebview(v: unknown): v is FromWebview {
  if (!isRec(v) || typeof v.type !== 'string') {
    return false;
  }
  switch (v.type) {
    case 'ready':
      return v.plotWidth === undefined || isPlotWidth(v.plotWidth);
    case 'plotWidth':
      return isPlotWidth(v.width);
    case 'retry':
    case 'fix':
      return true;
    case 'changeRange':
      return isRangeSelection(v.range);
    case 'setView':
      return v.view === 'chart' || v.view === 'table';
    case 'searchMetricNames':
      return isShortString(v.query, 200);
    case 'changeExplorer':
      return isExplorerSelection(v.explorer);
    case 'export':
      return v.format === 'csv' || v.format === 'json';
    case 'openTransaction':
    case 'goToCode':
      return isTransactionName(v.name);
    case 'openFrame':
    case 'showError':
      return isErrorPanelMessage(v);
    case 'showDeploymentImpact':
      return isShortString(v.deploymentId, 100) && v.deploymentId !== '';
    default:
      return false;
  }
}
