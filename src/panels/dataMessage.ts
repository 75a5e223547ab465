import { chartsForView } from './decimate';
import type { PanelData } from './panelLoad';
import type { PanelState, ToWebview } from './protocol';

/** `budget`: the point budget the charts were thinned to; undefined when they went whole. */
export function dataMessage(
  data: PanelData,
  view: PanelState['view'],
  plotWidth: number | undefined,
  fetchedAt = Date.now(),
): { message: ToWebview; budget: number | undefined } {
  const { charts, decimated, budget } = chartsForView(data.charts, view, plotWidth);
  const { requested, shown } = data.range;
  const message: ToWebview = {
    type: 'data',
    summary: data.summary,
    summaryNote: data.summaryNote,
    charts,
    table: data.table,
    ...(data.deployments ? { deployments: data.deployments } : {}),
    ...(data.alerts ? { alerts: data.alerts } : {}),
    ...(data.aroundChoices ? { aroundChoices: data.aroundChoices } : {}),
    ...(data.errors ? { errors: data.errors } : {}),
    ...(decimated ? { decimated } : {}),
    range: {
      from: shown.from.toISOString(),
      to: shown.to.toISOString(),
      period: requested.period,
      ...(shown.requestedTo ? { requestedTo: shown.requestedTo.toISOString() } : {}),
    },
    validPeriods: requested.validPeriods,
    fetchedAt: new Date(fetchedAt).toISOString(),
  };
  return { message, budget };
}
