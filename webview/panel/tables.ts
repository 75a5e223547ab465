/**
 * The table view: one accessible table per chart (caption, column and row headers, times in the
 * panel's time zone), and the explorer's summarized table.
 */
import * as l10n from '@vscode/l10n';

import type { ChartSpec, FromWebview, SummaryTable } from '../../src/panels/protocol';
import { h, uniqueId } from '../shared/dom';
import type { TimeZoneMode } from '../shared/format';
import { formatDateTime, formatFixed, formatValue, timeZoneLabel } from '../shared/format';
import type { ViewData } from '../shared/seriesData';
import { tableRows } from '../shared/seriesData';
import { chartMessages } from './chartMessages';
import { alertsTable } from './alertsTable';
import { captionedTable, scrollable } from './captionedTable';
import { deploymentsTable } from './deploymentMarkers';

function valueCell(value: number | null | undefined, decimals?: number | null): HTMLTableCellElement {
  const cell = h(
    'td',
    { class: 'num' },
    decimals === undefined || decimals === null ? formatValue(value) : formatFixed(value, decimals),
  );
  if (value === null || value === undefined) {
    cell.title = value === null ? l10n.t('No data at this time') : l10n.t('No point at this time');
  }
  return cell;
}

export function chartTable(spec: ChartSpec, tz: TimeZoneMode): HTMLElement {
  const captionId = uniqueId('table-caption');
  const section = h('section', { class: 'table-box' });
  const messages = chartMessages(spec);
  if (spec.series.length === 0) {
    section.append(h('h2', { class: 'chart-title', id: captionId }, spec.title), ...messages);
    return section;
  }
  const rows = tableRows(spec.series);
  const unit = spec.unit ? ` (${spec.unit})` : '';
  const caption = h(
    'caption',
    { id: captionId },
    `${spec.title}${unit}`,
    h(
      'span',
      { class: 'caption-detail' },
      ` · ${rows.length === 1 ? l10n.t('1 time') : l10n.t('{0} times', rows.length)}`,
    ),
  );
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, l10n.t('Time ({0})', timeZoneLabel(tz))),
    ...spec.series.map((s) => h('th', { scope: 'col', class: 'num', title: s.description ?? '' }, s.label)),
  );
  // One fragment and no per-cell layout reads: 3,000 rows × 10 series is 33,000 cells.
  const body = document.createElement('tbody');
  const fragment = document.createDocumentFragment();
  for (const row of rows) {
    const tr = document.createElement('tr');
    tr.append(h('th', { scope: 'row' }, formatDateTime(row.time, tz)), ...row.values.map((v) => valueCell(v)));
    fragment.append(tr);
  }
  body.append(fragment);
  const table = h('table', { class: 'data-table' }, caption, h('thead', {}, head), body);
  section.append(...messages, scrollable(table, captionId));
  return section;
}

export function chartTables(data: ViewData, tz: TimeZoneMode, open?: (message: FromWebview) => void): HTMLElement {
  const deployments = data.deployments ? [deploymentsTable(data.deployments, tz, open)] : [];
  const alerts = data.alerts?.length ? [alertsTable(data.alerts, tz)] : [];
  return h('div', { class: 'tables' }, ...deployments, ...alerts, ...data.charts.map((spec) => chartTable(spec, tz)));
}

/** The explorer's `summarize=true` answer: one row per metric, one column per value. */
export function summaryTable(table: SummaryTable): HTMLElement {
  const caption = table.caption ?? l10n.t('Summary over the whole range');
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, table.rowHeader ?? l10n.t('Metric')),
    ...table.columns.map((c) => h('th', { scope: 'col', class: 'num' }, c)),
  );
  const body = h(
    'tbody',
    {},
    ...table.rows.map((row) =>
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, row.metric),
        ...row.values.map((v, i) => valueCell(v, table.decimals?.[i])),
      ),
    ),
  );
  if (table.rows.length === 0) {
    body.append(h('tr', {}, h('td', { colspan: String(table.columns.length + 1) }, l10n.t('No values.'))));
  }
  return captionedTable(caption, 'summary-table', head, body);
}
