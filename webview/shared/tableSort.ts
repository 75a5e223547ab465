/**
 * Sorting a summary table's rows by one column (the transactions table). Pure: unit-tested
 * in Node. Rows without a value in the column go last in either direction; ties keep the name order.
 */
export type SortDirection = 'ascending' | 'descending';

export interface TableSort {
  column: number;
  direction: SortDirection;
}

export function sortTableRows<R extends { metric: string; values: Array<number | null> }>(
  rows: readonly R[],
  sort: TableSort,
): R[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a.values[sort.column] ?? null;
    const y = b.values[sort.column] ?? null;
    if (x === null || y === null) {
      return x === y ? a.metric.localeCompare(b.metric) : x === null ? 1 : -1;
    }
    return (x - y) * sign || a.metric.localeCompare(b.metric);
  });
}

/** The sort after a click on `column`'s header: the same column flips, another starts descending. */
export function nextSort(current: TableSort, column: number): TableSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'descending' ? 'ascending' : 'descending' };
  }
  return { column, direction: 'descending' };
}
