// The metric explorer's choices as pure functions; no DOM, so unit tests run it in Node.
import type { ExplorerSelection } from '../../src/panels/protocol';

/** The most metrics one chart request carries; the service slows down past that. */
export const MAX_PICKED_METRICS = 10;
/** The most value names a selection carries (the protocol's limit; each becomes a chart). */
export const MAX_CHOSEN_VALUES = 20;
/** Names shown for one search; a narrower search finds the rest. */
export const MAX_LISTED_NAMES = 200;

export interface MetricName {
  name: string;
  values: string[];
}

export function readMetricNames(raw: unknown): MetricName[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  const out: MetricName[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) {
      continue;
    }
    const { name, values } = item as { name?: unknown; values?: unknown };
    if (typeof name !== 'string' || name.length === 0 || name.length > 500) {
      continue;
    }
    const valueList = Array.isArray(values)
      ? values.filter((v): v is string => typeof v === 'string' && v.length <= 200).slice(0, 100)
      : [];
    out.push({ name, values: valueList });
    if (out.length >= MAX_LISTED_NAMES) {
      break;
    }
  }
  return out;
}

export function toggleIn(list: readonly string[], item: string, on: boolean, max: number): string[] {
  if (!on) {
    return list.filter((n) => n !== item);
  }
  if (list.includes(item) || list.length >= max) {
    return [...list];
  }
  return [...list, item];
}

/** Values already chosen whose metric's list is not known here (after a reload) are kept. */
export function valueChoices(
  picked: readonly string[],
  known: ReadonlyMap<string, readonly string[]>,
  chosen: readonly string[],
): string[] {
  const out = new Set<string>();
  for (const metric of picked) {
    for (const v of known.get(metric) ?? []) {
      out.add(v);
    }
  }
  for (const v of chosen) {
    out.add(v);
  }
  return [...out];
}

/** Drops chosen values that no picked metric offers any more (when every picked metric's list is known). */
export function pruneValues(
  picked: readonly string[],
  known: ReadonlyMap<string, readonly string[]>,
  chosen: readonly string[],
): string[] {
  if (!picked.every((m) => known.has(m))) {
    return [...chosen];
  }
  const offered = new Set(picked.flatMap((m) => known.get(m) ?? []));
  return chosen.filter((v) => offered.has(v));
}

export function canApply(selection: ExplorerSelection): boolean {
  return (
    selection.metrics.length > 0 &&
    selection.metrics.length <= MAX_PICKED_METRICS &&
    selection.values.length > 0 &&
    selection.values.length <= MAX_CHOSEN_VALUES
  );
}

export function sameSelection(a: ExplorerSelection | undefined, b: ExplorerSelection | undefined): boolean {
  const key = (s: ExplorerSelection | undefined) => JSON.stringify([s?.metrics ?? [], s?.values ?? []]);
  return key(a) === key(b);
}
