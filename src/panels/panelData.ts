// Which loader makes a panel's data; a new panel kind is a new loader in loaders/ and its entry in `LOADERS`.
import * as l10n from '@vscode/l10n';

import { formatAge } from '../format/presentation';
import { panelAlerts } from './panelAlerts';
import { panelDeploymentChoices, panelDeployments } from './panelDeployments';
import { deploymentChange } from './deploymentChange';
import { loadApplication } from './loaders/application';
import { loadBreakdown } from './loaders/breakdown';
import { loadError } from './loaders/error';
import { loadExplorer } from './loaders/explorer';
import { loadHostOrInstance } from './loaders/hostOrInstance';
import { loadKeyTransaction } from './loaders/keyTransaction';
import { loadTransaction } from './loaders/transaction';
import { loadTransactions } from './loaders/transactions';
import type { PanelData, PanelDataContext, PanelLoad } from './panelLoad';
import { resolvePanelRange } from './panelRange';
import type { PanelKind, PanelState } from './protocol';

type PanelLoader<K extends PanelKind> = (load: PanelLoad<K>) => Promise<PanelData>;

const LOADERS: { [K in PanelKind]: PanelLoader<K> } = {
  application: loadApplication,
  host: loadHostOrInstance,
  instance: loadHostOrInstance,
  keyTransaction: loadKeyTransaction,
  breakdown: loadBreakdown,
  error: loadError,
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

export function olderMarkersNote(fetchedAt: number, error: Error, now: number): string {
  return l10n.t('Markers from {0}; refresh failed: {1}', formatAge(now - fetchedAt), error.message);
}
