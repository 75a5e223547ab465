/** The table view's box around a table: a scroll region keyboard users can focus, named by the table's caption. */
import { h, uniqueId } from '../shared/dom';

/** A table in a scroll box that keyboard users can focus and scroll, named by its caption. */
export function scrollable(table: HTMLTableElement, captionId: string): HTMLElement {
  return h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': captionId }, table);
}

/** A captioned table (`head` one header row, `body` its rows) in its section of the table view. */
export function captionedTable(
  caption: string,
  className: string,
  head: HTMLTableRowElement,
  body: HTMLTableSectionElement,
): HTMLElement {
  const captionId = uniqueId('table-caption');
  const table = h(
    'table',
    { class: `data-table ${className}` },
    h('caption', { id: captionId }, caption),
    h('thead', {}, head),
    body,
  );
  return h('section', { class: 'table-box' }, scrollable(table, captionId));
}
