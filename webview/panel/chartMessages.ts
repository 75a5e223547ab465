/** A chart's own problems, shown inside its box in both the chart and the table view. */
import * as l10n from '@vscode/l10n';

import type { ChartSpec } from '../../src/panels/protocol';
import { h } from '../shared/dom';

export function chartMessages(spec: ChartSpec): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (spec.note) {
    out.push(h('p', { class: 'chart-message chart-note' }, spec.note));
  }
  if (spec.error) {
    out.push(h('p', { class: 'chart-message chart-error' }, spec.error));
  }
  if (spec.notFound && spec.notFound.length > 0) {
    out.push(h('p', { class: 'chart-message' }, l10n.t('These metrics were not found: {0}', spec.notFound.join(', '))));
  }
  for (const note of spec.missingValues ?? []) {
    out.push(h('p', { class: 'chart-message' }, `${note}.`));
  }
  if (!spec.error && spec.series.length > 0 && spec.series.every((s) => s.points.length === 0)) {
    out.push(h('p', { class: 'chart-message' }, l10n.t('No data points in this range.')));
  } else if (!spec.error && spec.series.length === 0 && !spec.notFound?.length && !spec.missingValues?.length) {
    out.push(h('p', { class: 'chart-message' }, l10n.t('No data for this chart.')));
  }
  return out;
}
