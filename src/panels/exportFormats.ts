/**
 * What a panel's Export writes: every slice of its charts (never the points thinned for the plot) as
 * CSV or JSON text. Pure (no `vscode`); exportData.ts asks where to save it.
 */
import type { DeploymentMarker } from './deploymentMarkers';
import { deploymentRows } from './deploymentMarkers';
import type { ChartSpec } from './protocol';

function csvCell(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  const text = String(value);
  // Quote what needs it, and keep spreadsheet formulas from running (a leading = + - @).
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row per point: time (ISO UTC), chart, series, value, unit. */
export function chartsToCsv(charts: ChartSpec[]): string {
  const lines = ['time,chart,series,value,unit'];
  for (const chart of charts) {
    for (const series of chart.series) {
      for (const [t, v] of series.points) {
        lines.push([new Date(t).toISOString(), chart.title, series.label, v, chart.unit].map(csvCell).join(','));
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The Deployments table (time ISO UTC, revision, user, description, changelog), newest first. */
export function deploymentsToCsv(markers: readonly DeploymentMarker[]): string {
  const lines = ['deployment_time,revision,user,description,changelog'];
  lines.push(...deploymentRows(markers).map((row) => row.map(csvCell).join(',')));
  return `${lines.join('\n')}\n`;
}

/** The deployments as the JSON export lists them. */
export function deploymentsToJson(markers: readonly DeploymentMarker[]): Array<Record<string, string>> {
  return deploymentRows(markers).map(([time, revision, user, description, changelog]) => ({
    time,
    revision,
    user,
    description,
    changelog,
  }));
}

export function chartsToJson(charts: ChartSpec[], meta: Record<string, unknown>): string {
  return `${JSON.stringify(
    {
      ...meta,
      charts: charts.map((c) => ({
        title: c.title,
        unit: c.unit,
        series: c.series.map((s) => ({
          label: s.label,
          compare: s.compare ?? false,
          points: s.points.map(([t, v]) => ({ time: new Date(t).toISOString(), value: v })),
        })),
      })),
    },
    null,
    2,
  )}\n`;
}
