/**
 * A summary table whose columns sort it (the transactions table): each column header holds
 * a button (Tab to it, Enter or Space to sort), the sorted column's header carries `aria-sort`, and a
 * live note says the new order. With row actions, each row is focusable (Enter opens it) and has
 * Open and Go to Code buttons. Names are text nodes and attribute values only.
 */
import * as l10n from '@vscode/l10n';

import type { SummaryTable } from '../../src/panels/protocol';
import { h, uniqueId } from '../shared/dom';
import { formatFixed, formatValue } from '../shared/format';
import type { TableSort } from '../shared/tableSort';
import { nextSort, sortTableRows } from '../shared/tableSort';

/** The order the table opens in: its first column, largest first (time consumed). */
export const DEFAULT_TABLE_SORT: TableSort = { column: 0, direction: 'descending' };

/** What a row offers (the transactions table): its transaction's panel, and the line of code serving it. */
export interface RowActions {
  open(name: string): void;
  goToCode(name: string): void;
}

/** A transaction's name, with a line-break chance after each `/` (a long name wraps between its parts). */
function nameParts(name: string): Array<string | HTMLElement> {
  return name.split(/(?<=\/)/).flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
}

function actionsCell(name: string, actions: RowActions): HTMLElement {
  const open = h(
    'button',
    { type: 'button', class: 'row-action', 'data-action': 'open', 'aria-label': l10n.t('Open {0}', name) },
    l10n.t('Open'),
  );
  const code = h(
    'button',
    { type: 'button', class: 'row-action', 'data-action': 'goToCode', 'aria-label': l10n.t('Go to Code: {0}', name) },
    l10n.t('Go to Code'),
  );
  open.addEventListener('click', () => actions.open(name));
  code.addEventListener('click', () => actions.goToCode(name));
  return h('td', { class: 'row-actions' }, open, code);
}

export function sortableTable(
  table: SummaryTable,
  sort: TableSort,
  onSort: (sort: TableSort) => void,
  actions?: RowActions,
): HTMLElement {
  const captionId = uniqueId('table-caption');
  const heads = table.columns.map((label, i) => {
    const sorted = sort.column === i;
    const arrow = sorted ? (sort.direction === 'descending' ? ' ↓' : ' ↑') : '';
    const button = h(
      'button',
      { type: 'button', class: 'sort-button', 'data-column': String(i) },
      label,
      h('span', { 'aria-hidden': 'true' }, arrow),
    );
    button.addEventListener('click', () => onSort(nextSort(sort, i)));
    return h('th', { scope: 'col', class: 'num', 'aria-sort': sorted ? sort.direction : 'none' }, button);
  });
  const rows = sortTableRows(table.rows, sort);
  const body = h(
    'tbody',
    {},
    ...rows.map((row) => {
      const tr = h(
        'tr',
        actions ? { tabindex: '0', class: 'action-row', 'data-name': row.metric } : {},
        h('th', { scope: 'row' }, ...nameParts(row.metric)),
        ...row.values.map((v, i) => {
          const d = table.decimals?.[i];
          return h('td', { class: 'num' }, d === undefined || d === null ? formatValue(v) : formatFixed(v, d));
        }),
        actions ? actionsCell(row.metric, actions) : null,
      );
      // Enter on the row itself (not on one of its buttons, which act on their own) opens its panel.
      tr.addEventListener('keydown', (e) => {
        if (actions && e.key === 'Enter' && e.target === tr) {
          e.preventDefault();
          actions.open(row.metric);
        }
      });
      return tr;
    }),
  );
  const width = table.columns.length + (actions ? 2 : 1);
  if (rows.length === 0) {
    body.append(h('tr', {}, h('td', { colspan: String(width) }, l10n.t('No values.'))));
  }
  const label = table.columns[sort.column] ?? '';
  const element = h(
    'table',
    { class: 'data-table summary-table sortable-table' },
    h(
      'caption',
      { id: captionId },
      table.caption ?? '',
      h(
        'span',
        { class: 'caption-detail' },
        ` · ${sort.direction === 'descending' ? l10n.t('sorted by {0}, largest first', label) : l10n.t('sorted by {0}, smallest first', label)}`,
      ),
    ),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, table.rowHeader ?? ''),
        ...heads,
        actions ? h('th', { scope: 'col' }, l10n.t('Actions')) : null,
      ),
    ),
    body,
  );
  return h(
    'section',
    { class: 'table-box' },
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': captionId }, element),
  );
}
