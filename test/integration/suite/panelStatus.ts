/**
 * What a chart panel shows, as the integration tests check it: its data (every slice, before thinning
 * for the plot) and its charts' lines, when and through which backend it was loaded, and the last
 * failure (cleared by new data). Read from the panel's content; production code has no such view.
 */
import type { Backend } from '../../../src/api/backendChoice';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import type { PanelData } from '../../../src/panels/panelLoad';

export interface PanelStatus {
  data?: PanelData;
  dataAt?: number;
  backend?: Backend;
  error?: string;
  staleNote?: string;
  charts?: Array<{ title: string; series: string[]; points: number }>;
}

export function panelStatus(panel: ChartPanel): PanelStatus {
  const { data, dataAt, session, error } = panel.content;
  return {
    data,
    dataAt,
    backend: session?.backend,
    error: error?.message,
    staleNote: error?.staleNote,
    charts: data?.charts.map((c) => ({
      title: c.title,
      series: c.series.map((x) => x.label),
      points: c.series.reduce((n, x) => n + x.points.length, 0),
    })),
  };
}
