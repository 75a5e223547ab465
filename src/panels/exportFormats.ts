// Export writes every slice (never the points thinned for the plot) and every column, as CSV or JSON.
import * as l10n from '@vscode/l10n';

import type { AlertMarker } from './alertMarker';
import { alertRows } from './alertMarker';
import type { DeploymentMarker } from './deploymentMarkers';
import { deploymentRows } from './deploymentMarkers';
import type { PanelData } from './panelLoad';
import type { ChartSpec, PanelState, SummaryTable } from './protocol';

function csvCell(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  const text = String(value);
  // Quote what needs it, and keep spreadsheet formulas from running (a leading = + - @).
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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

export function deploymentsToCsv(markers: readonly DeploymentMarker[]): string {
  const lines = ['deployment_time,revision,user,description,changelog'];
  lines.push(...deploymentRows(markers).map((row) => row.map(csvCell).join(',')));
  return `${lines.join('\n')}\n`;
}

export function alertsToCsv(markers: readonly AlertMarker[]): string {
  const lines = ['alert_opened,priority,title,condition'];
  lines.push(...alertRows(markers).map((row) => row.map(csvCell).join(',')));
  return `${lines.join('\n')}\n`;
}

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

export function tableToCsv(table: SummaryTable): string {
  const lines = [[table.rowHeader ?? l10n.t('Metric'), ...table.columns].map(csvCell).join(',')];
  for (const row of table.rows) {
    lines.push([row.metric, ...table.columns.map((_, i) => row.values[i] ?? null)].map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

export function tableToJson(table: SummaryTable): Record<string, unknown> {
  return {
    caption: table.caption ?? null,
    rowHeader: table.rowHeader ?? l10n.t('Metric'),
    columns: table.columns,
    rows: table.rows.map((row) => ({ name: row.metric, values: table.columns.map((_, i) => row.values[i] ?? null) })),
  };
}

export function panelCsv(data: Pick<PanelData, 'charts' | 'table' | 'deployments' | 'alerts'>): string {
  const parts = [
    ...(data.charts.length > 0 || !data.table ? [chartsToCsv(data.charts)] : []),
    ...(data.table ? [tableToCsv(data.table)] : []),
    ...(data.deployments?.length ? [deploymentsToCsv(data.deployments)] : []),
    ...(data.alerts?.length && data.charts.length > 0 ? [alertsToCsv(data.alerts)] : []),
  ];
  return parts.join('\n');
}

export function panelJson(
  data: Pick<PanelData, 'charts' | 'table' | 'deployments' | 'alerts' | 'range'>,
  entity: PanelState['entity'],
): string {
  return chartsToJson(data.charts, {
    entity,
    from: data.range.requested.from.toISOString(),
    to: data.range.requested.to.toISOString(),
    period: data.range.requested.period,
    ...(data.table ? { table: tableToJson(data.table) } : {}),
    ...(data.deployments ? { deployments: deploymentsToJson(data.deployments) } : {}),
    ...(data.alerts?.length && data.charts.length > 0
      ? {
          alerts: alertRows(data.alerts).map(([opened, priority, title, condition]) => ({
            opened,
            priority,
            title,
            condition,
          })),
        }
      : {}),
  });
}
