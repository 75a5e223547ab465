import * as l10n from '@vscode/l10n';

import type { Breakdown } from '../api/metrics';
import type { MetricData } from '../api/types';
import type { BreakdownPart } from './catalogue';
import type { ExplorerSelection, SummaryTable } from './protocol';

export function breakdownTable(b: Breakdown, parts: readonly BreakdownPart[]): SummaryTable {
  const share = (ms: number) => (b.total > 0 ? Math.round((ms / b.total) * 1000) / 10 : null);
  const ms = (x: number) => Math.round(x * 100) / 100;
  const components = parts.filter((p) => p.key !== 'queue');
  const rows = components.map((p) => ({ metric: p.label(), values: [ms(b[p.key]), share(b[p.key])] }));
  rows.push({ metric: l10n.t('Total ({0})', b.totalSource), values: [ms(b.total), b.total > 0 ? 100 : null] });
  if (parts.some((p) => p.key === 'queue')) {
    rows.push({ metric: l10n.t('Request queuing'), values: [ms(b.queue), null] });
  }
  rows.push({ metric: l10n.t('Response time including queuing'), values: [ms(b.responseTime), null] });
  return {
    caption: l10n.t(
      'The whole range summarized, per web request (request queuing and the response time are not part of the total)',
    ),
    rowHeader: l10n.t('Component'),
    columns: ['ms', l10n.t('% of total')],
    decimals: [2, 1],
    rows,
  };
}

export function explorerTable(selection: ExplorerSelection, summarized: MetricData): SummaryTable {
  const byName = new Map(summarized.metrics.map((m) => [m.name, m]));
  return {
    columns: selection.values,
    rows: selection.metrics
      .filter((name) => byName.has(name))
      .map((name) => ({
        metric: name,
        values: selection.values.map((v) => byName.get(name)?.timeslices[0]?.values[v] ?? null),
      })),
  };
}
