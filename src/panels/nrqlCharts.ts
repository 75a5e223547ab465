// A NRQL `TIMESERIES` result as the explorer's charts: one per aggregate, one line per facet (docs/service.md#nrql-results).
import * as l10n from '@vscode/l10n';

import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import { SERIES_PALETTE } from './catalogue';
import type { PanelData } from './panelLoad';
import type { ChartSpec, NrqlSource, SeriesSpec } from './protocol';

/** More lines than this make a chart unreadable (FACET's default is 10, LIMIT MAX 5,000). */
export const MAX_NRQL_SERIES = 20;

const BUCKET_KEYS = new Set(['beginTimeSeconds', 'endTimeSeconds']);

export interface NrqlCharts {
  charts: ChartSpec[];
  from: Date;
  to: Date;
  bucketSeconds: number;
  facetsLeftOut: number;
}

type Row = Record<string, unknown>;

function bucketOf(row: Row): { begin: number; end: number } | undefined {
  const { beginTimeSeconds: begin, endTimeSeconds: end } = row;
  return typeof begin === 'number' && typeof end === 'number' && Number.isFinite(begin) && end > begin
    ? { begin, end }
    : undefined;
}

/** One facet's name: a string, or an array for several attributes (docs/service.md#nrql-results); undefined without FACET. */
function facetOf(row: Row): string | undefined {
  const f = row.facet;
  if (Array.isArray(f)) {
    return f.map(String).join(', ');
  }
  return typeof f === 'string' || typeof f === 'number' ? String(f) : undefined;
}

/** `apdex()` answers `{score, s, t, f, count}` (docs/service.md#nrql-results): its score is what a chart shows. */
function apdexScore(v: unknown): number | undefined {
  const score = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Row).score : undefined;
  return typeof score === 'number' && Number.isFinite(score) ? score : undefined;
}

function chartValue(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) {
    return v;
  }
  return apdexScore(v) ?? null;
}

/** Numbers, nulls or Apdex objects in every row; the facet's own keys (which repeat its value) are not. */
function aggregateKeys(rows: Row[], facetAttributes: readonly string[]): string[] {
  const keys: string[] = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!keys.includes(key)) {
        keys.push(key);
      }
    }
  }
  const isAggregate = (v: unknown) =>
    v === undefined || v === null || typeof v === 'number' || apdexScore(v) !== undefined;
  // `FACET x AS name` repeats the facet under the alias, which metadata.facets does not name.
  const repeatsFacet = (key: string) =>
    rows.every((row) => facetOf(row) !== undefined && String(row[key]) === facetOf(row));
  return keys.filter(
    (key) =>
      !BUCKET_KEYS.has(key) &&
      key !== 'facet' &&
      !facetAttributes.includes(key) &&
      rows.every((row) => isAggregate(row[key])) &&
      !repeatsFacet(key),
  );
}

export function nrqlTimeseriesCharts(result: NrqlResult): NrqlCharts | undefined {
  const rows = result.results.filter((row) => bucketOf(row) !== undefined);
  if (rows.length === 0) {
    return undefined;
  }
  // Facets in the service's order (it ranks them by the first aggregate, docs/service.md#nrql-limits).
  const facets: Array<string | undefined> = [];
  for (const row of rows) {
    const facet = facetOf(row);
    if (!facets.includes(facet)) {
      facets.push(facet);
    }
  }
  const drawn = facets.slice(0, MAX_NRQL_SERIES);
  const keys = aggregateKeys(rows, result.metadata.facets);
  const first = bucketOf(rows[0])!;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const b = bucketOf(row)!;
    from = Math.min(from, b.begin);
    to = Math.max(to, b.end);
  }
  const charts = keys.map((key): ChartSpec => ({
    id: `nrql:${key}`,
    title: key,
    unit: rows.some((row) => apdexScore(row[key]) !== undefined) ? 'apdex' : '',
    series: drawn.map((facet, i): SeriesSpec => ({
      label: facet ?? key,
      color: SERIES_PALETTE[i % SERIES_PALETTE.length],
      points: rows
        .filter((row) => facetOf(row) === facet)
        .map((row): [number, number | null] => [bucketOf(row)!.begin * 1000, chartValue(row[key])])
        .sort((a, b) => a[0] - b[0]),
    })),
  }));
  return {
    charts,
    from: new Date(from * 1000),
    to: new Date(to * 1000),
    bucketSeconds: first.end - first.begin,
    facetsLeftOut: facets.length - drawn.length,
  };
}

export function nrqlPanelData(
  result: NrqlResult,
  source: NrqlSource,
  title: string,
  now: Date = new Date(),
): PanelData {
  const set = nrqlTimeseriesCharts(result);
  const notes = [
    ...(set
      ? []
      : [
          l10n.t('This query has no TIMESERIES clause, so there is nothing to chart: its results are in the JSON tab.'),
        ]),
    ...(set && set.facetsLeftOut > 0
      ? [l10n.t('The first {0} facets are drawn; {1} more are in the JSON tab.', MAX_NRQL_SERIES, set.facetsLeftOut)]
      : []),
    ...result.metadata.messages,
  ];
  const from = set?.from ?? new Date(result.metadata.timeWindow?.begin ?? now.getTime());
  const to = set?.to ?? new Date(result.metadata.timeWindow?.end ?? now.getTime());
  return {
    title,
    summary: [
      { label: l10n.t('Account'), value: String(source.accountId) },
      { label: l10n.t('Rows'), value: String(result.results.length) },
      ...(result.metadata.facets.length > 0
        ? [{ label: l10n.t('Facets'), value: result.metadata.facets.join(', ') }]
        : []),
    ],
    ...(notes.length > 0 ? { summaryNote: notes.join(' ') } : {}),
    charts: set?.charts ?? [],
    // The query's own SINCE/UNTIL/TIMESERIES set the range: the panel offers no other period.
    range: {
      requested: {
        from,
        to,
        period: Math.max(1, set?.bucketSeconds ?? Math.round((to.getTime() - from.getTime()) / 1000)),
        validPeriods: [],
      },
      shown: { from, to },
    },
    metricDataRequests: 0,
  };
}
