/**
 * Runs a parsed NRQL query over the same `minuteOf` the REST side aggregates, so both APIs agree
 * (docs/service.md#metric-values). Naming `host` reads host scopes, `realAgentId` or `instanceName` instance
 * scopes (realAgentId = the REST instance id, an open point), anything else application scopes.
 */
import { NrqlSyntaxError } from './nrqlLexer';
import { eventRows } from './nrqlEvents';
import { parseNrql } from './nrqlParser';
import type { Expr, NrqlQuery, TimePoint } from './nrqlSyntax';
import { isRawSelect } from './nrqlSyntax';
import type { Comp, NrqlContext, Unit } from './nrqlUnits';
import { facetKeysOf, matches, Slicer, unitsOf } from './nrqlUnits';

export class NrqlError extends Error {
  constructor(
    readonly errorClass: string,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_BUCKETS = 366;
const DEFAULT_FACET_LIMIT = 10;
/** Rows of a query that lists events, without LIMIT (docs/service.md#nrql-limits). */
const DEFAULT_EVENT_LIMIT = 100;
const MAX_LIMIT = 5000;
const DEFAULT_UNIQUES = 1000;
const MAX_UNIQUES = 10_000;

export interface NrqlAnswer {
  results: Array<Record<string, unknown>>;
  metadata: {
    facets: string[] | null;
    eventTypes: string[];
    messages: string[];
    timeWindow: { begin: number; end: number; since: string; until: string; compareWith: null };
  };
}

type Value = number | null | string[] | { score: number; s: number; t: number; f: number; count: number };

function numeric(v: Value): number | null {
  if (v === null || Array.isArray(v)) {
    return null;
  }
  return typeof v === 'number' ? v : v.score;
}

function evaluate(e: Expr, units: Unit[], comps: Comp[], seconds: number): Value {
  const sum = (f: (c: Comp) => number) => comps.reduce((acc, c) => acc + f(c), 0);
  switch (e.k) {
    case 'num':
      return e.v;
    case 'attr':
      return null; // The parser lets bare attributes reach events only.
    case 'agg': {
      if (comps.length === 0) {
        return e.fn === 'count' ? 0 : null;
      }
      const field = (c: Comp) =>
        e.attr.sub === 'totalExclusive' ? c.exclusive : e.attr.sub === 'count' ? c.count : c.total;
      switch (e.fn) {
        case 'count':
          return sum((c) => c.count);
        case 'sum':
          return sum(field);
        case 'average': {
          const n = sum((c) => c.count);
          return n > 0 ? sum(field) / n : null;
        }
        case 'min': {
          const all = comps.map((c) => c.min).filter((x): x is number => x !== undefined);
          return all.length > 0 ? Math.min(...all) : null;
        }
        case 'max': {
          const all = comps.map((c) => c.max).filter((x): x is number => x !== undefined);
          return all.length > 0 ? Math.max(...all) : null;
        }
        case 'apdex': {
          const s = sum((c) => c.count),
            t = sum((c) => c.total),
            f = sum((c) => c.exclusive);
          const count = s + t + f;
          return { score: count > 0 ? (s + t / 2) / count : 0, s, t, f, count };
        }
      }
      return null;
    }
    case 'uniques': {
      const limit = Math.min(MAX_UNIQUES, e.limit ?? DEFAULT_UNIQUES);
      const seen = new Set<string>();
      for (const u of units) {
        const v = u.attrs[e.attr.name];
        if (v !== undefined && seen.size < limit) {
          seen.add(String(v));
        }
      }
      return [...seen];
    }
    case 'rate': {
      const v = numeric(evaluate(e.inner, units, comps, seconds));
      return v === null || seconds <= 0 ? null : (v * e.perSeconds) / seconds;
    }
    case 'filter': {
      const keep = units.map((u) => matches(e.where, u));
      return evaluate(
        e.inner,
        units.filter((_, i) => keep[i]),
        comps.filter((_, i) => keep[i]),
        seconds,
      );
    }
    case 'bin': {
      const l = numeric(evaluate(e.l, units, comps, seconds));
      const r = numeric(evaluate(e.r, units, comps, seconds));
      if (l === null || r === null) {
        return null;
      }
      switch (e.op) {
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        case '/':
          return r === 0 ? null : l / r;
      }
    }
  }
}

function timeOf(p: TimePoint | undefined, fallback: number, now: number): number {
  if (!p) {
    return fallback;
  }
  return p.k === 'ms' ? p.ms : p.k === 'ago' ? now - p.ms : now;
}

function describe(p: TimePoint | undefined, fallback: string): string {
  if (!p) {
    return fallback;
  }
  return p.k === 'now'
    ? 'NOW'
    : p.k === 'ago'
      ? `${Math.round(p.ms / 60_000)} MINUTES AGO`
      : new Date(p.ms).toISOString();
}

export async function runNrql(ctx: NrqlContext, text: string): Promise<NrqlAnswer> {
  let q: NrqlQuery;
  try {
    q = parseNrql(text);
  } catch (e) {
    if (e instanceof NrqlSyntaxError) {
      throw new NrqlError('INVALID_INPUT', e.message);
    }
    throw e;
  }
  const now = ctx.now.getTime();
  const until = timeOf(q.until, now, now);
  const since = timeOf(q.since, until - 3_600_000, now); // The default window is 1 hour (docs/service.md#nrql-time).
  if (since >= until) {
    throw new NrqlError(
      'INVALID_INPUT',
      "External Service 'NRDB' execution resulted in 400 - cause: Your query's start time must be before its end time.",
    );
  }
  const window = until - since;
  let buckets: Array<[number, number]> = [[since, until]];
  if (q.timeseries !== undefined) {
    let step: number;
    if (typeof q.timeseries === 'number') {
      step = q.timeseries;
    } else {
      // AUTO aims at about 60 points, MAX at the finest step allowed; both whole minutes.
      step = Math.max(60_000, Math.ceil(window / (q.timeseries === 'max' ? MAX_BUCKETS : 60) / 60_000) * 60_000);
    }
    if (step > window) {
      throw new NrqlError(
        'INVALID_INPUT',
        "External Service 'NRDB' execution resulted in 400 - cause: TIMESERIES step size is larger than the current time window.",
      );
    }
    const n = Math.ceil(window / step);
    if (n > MAX_BUCKETS) {
      throw new NrqlError('INVALID_INPUT', `TIMESERIES supports a maximum of ${MAX_BUCKETS} buckets`);
    }
    // Buckets are based on the end of the range; the first one is a full bucket (docs/service.md#nrql-time).
    buckets = Array.from(
      { length: n },
      (_, i) => [until - (n - i) * step, until - (n - i - 1) * step] as [number, number],
    );
  }
  const defaultLimit = isRawSelect(q) ? DEFAULT_EVENT_LIMIT : DEFAULT_FACET_LIMIT;
  const limit = q.limit === 'max' ? MAX_LIMIT : Math.min(MAX_LIMIT, q.limit ?? defaultLimit);
  const metadata = (eventTypes: string[]) => ({
    facets: q.facet ? q.facet.attrs : null,
    eventTypes,
    messages: [],
    timeWindow: {
      begin: buckets[0][0],
      end: until,
      since: describe(q.since, '60 MINUTES AGO'),
      until: describe(q.until, 'NOW'),
      compareWith: null,
    },
  });
  if (q.from !== 'Metric') {
    return { results: await eventRows(ctx, q, buckets, limit), metadata: metadata(q.types) };
  }
  const units = unitsOf(ctx, q);
  const slicer = new Slicer(ctx.dataset.seed);
  const minute = (ms: number) => Math.floor(ms / 60_000);
  const row = (group: Unit[], [a, b]: [number, number]) => {
    const comps = slicer.comps(group, minute(a), minute(b));
    const out: Record<string, unknown> = {};
    for (const item of q.select) {
      out[item.key] = evaluate(item.expr, group, comps, (b - a) / 1000);
    }
    return out;
  };
  const times = ([a, b]: [number, number]) => ({
    beginTimeSeconds: Math.floor(a / 1000),
    endTimeSeconds: Math.floor(b / 1000),
  });
  const results: Array<Record<string, unknown>> = [];
  if (!q.facet) {
    for (const bucket of buckets) {
      results.push(q.timeseries !== undefined ? { ...times(bucket), ...row(units, bucket) } : row(units, bucket));
    }
  } else {
    const attrs = q.facet.attrs;
    const groups = new Map<string, { values: string[]; units: Unit[] }>();
    for (const u of units) {
      const values = attrs.map((a) => u.attrs[a]);
      if (values.some((v) => v === undefined)) {
        continue;
      }
      const key = JSON.stringify(values);
      const g = groups.get(key) ?? { values: values.map(String), units: [] };
      g.units.push(u);
      groups.set(key, g);
    }
    // Facets are ordered by the first aggregate over the whole window, largest first (docs/service.md#nrql-limits).
    const first = q.select[0];
    const ranked = [...groups.values()]
      .map((g) => {
        const comps = slicer.comps(g.units, minute(since), minute(until));
        return { g, rank: numeric(evaluate(first.expr, g.units, comps, window / 1000)) ?? Number.NEGATIVE_INFINITY };
      })
      .sort((x, y) => y.rank - x.rank || x.g.values.join().localeCompare(y.g.values.join()));
    for (const { g } of ranked.slice(0, limit)) {
      const facetKeys = facetKeysOf(g.values, attrs, q.facet.alias);
      for (const bucket of buckets) {
        results.push({ ...facetKeys, ...(q.timeseries !== undefined ? times(bucket) : {}), ...row(g.units, bucket) });
      }
    }
  }
  return { results, metadata: metadata(['Metric']) };
}
