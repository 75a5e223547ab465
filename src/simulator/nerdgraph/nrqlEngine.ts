/**
 * Runs a parsed NRQL query over the simulator's timeslice data. Every (scope, metric, minute) is one
 * timeslice with the components the notes list (count, total, totalExclusive, min, max; times in
 * seconds; Apdex as s→count, t→total, f→totalExclusive, threshold→max/min), built from the same
 * `minuteOf` the REST side aggregates, with the same sampling of long slices, so both APIs agree.
 *
 * Scope granularity: a query that names `host` reads host scopes, one that names `realAgentId` or
 * `instanceName` reads instance scopes (realAgentId = the REST instance id, an open point), any other
 * reads application scopes, so `WHERE appId = N` is exactly what REST shows for the application.
 */
import type { Dataset } from '../dataset';
import type { Minute, MetricDef, SimScope } from '../series';
import { metricCatalog, minuteOf } from '../series';
import { appGuid } from './entities';
import type { Cond, Expr, Literal, NrqlQuery, TimePoint } from './nrqlParser';
import { NrqlSyntaxError, parseNrql } from './nrqlParser';

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
const MAX_LIMIT = 5000;
const DEFAULT_UNIQUES = 1000;
const MAX_UNIQUES = 10_000;

interface Comp {
  count: number;
  total: number;
  exclusive: number;
  min?: number;
  max?: number;
}

interface Unit {
  scope: SimScope;
  scopeKey: string;
  def: MetricDef;
  attrs: Record<string, string | number>;
}

export interface NrqlContext {
  dataset: Dataset;
  accountId: number;
  now: Date;
}

export interface NrqlAnswer {
  results: Array<Record<string, unknown>>;
  metadata: {
    facets: string[] | null;
    eventTypes: string[];
    messages: string[];
    timeWindow: { begin: number; end: number; since: string; until: string; compareWith: null };
  };
}

/** One minute of one metric as timeslice components (see the module comment). */
function componentsOf(def: MetricDef, scope: SimScope, m: Minute): Comp {
  const p = scope.app.profile;
  switch (def.kind) {
    case 'apdex': {
      const a = def.apdex ? def.apdex(m) : m.apdex;
      return { count: a.s, total: a.t, exclusive: a.f, min: p.apdexT, max: p.apdexT };
    }
    case 'endUserApdex':
      return {
        count: m.endUserApdex.s,
        total: m.endUserApdex.t,
        exclusive: m.endUserApdex.f,
        min: p.endUserApdexT,
        max: p.endUserApdexT,
      };
    case 'errors':
      return { count: def.errors ? def.errors(m) : m.errors, total: 0, exclusive: 0 };
    case 'cpu': {
      // CPU seconds used in the minute: REST's percent = 100 · total / seconds (notes 5.2).
      const seconds = (m.cpuPercent / 100) * 60;
      return { count: 1, total: seconds, exclusive: seconds, min: seconds, max: seconds };
    }
    case 'memory': {
      // The application scope is the sum of its hosts, one sample per host per minute.
      const samples = scope.kind === 'application' ? Math.max(1, scope.app.hostIds.length) : 1;
      return {
        count: samples,
        total: m.memoryMb,
        exclusive: m.memoryMb,
        min: m.memoryMb / samples,
        max: m.memoryMb / samples,
      };
    }
    default: {
      const { calls, totalMs } = def.timed!(m);
      const avg = calls > 0 ? totalMs / calls : 0;
      // min/max/exclusive as series.ts derives REST's min, max and exclusive time from the average.
      return calls > 0
        ? {
            count: calls,
            total: totalMs / 1000,
            exclusive: (totalMs * 0.82) / 1000,
            min: (avg * 0.35) / 1000,
            max: (avg * 2.6) / 1000,
          }
        : { count: 0, total: 0, exclusive: 0 };
    }
  }
}

function mentions(q: NrqlQuery, names: string[]): boolean {
  const inCond = (c: Cond | undefined): boolean => {
    if (!c) {
      return false;
    }
    return c.k === 'and' ? c.parts.some(inCond) : names.includes(c.attr.name);
  };
  const inExpr = (e: Expr): boolean => {
    switch (e.k) {
      case 'uniques':
        return names.includes(e.attr.name);
      case 'filter':
        return inCond(e.where) || inExpr(e.inner);
      case 'rate':
        return inExpr(e.inner);
      case 'bin':
        return inExpr(e.l) || inExpr(e.r);
      default:
        return false;
    }
  };
  return (
    inCond(q.where) || (q.facet?.attrs ?? []).some((a) => names.includes(a)) || q.select.some((s) => inExpr(s.expr))
  );
}

function unitsOf(ctx: NrqlContext, q: NrqlQuery): Unit[] {
  const level = mentions(q, ['realAgentId', 'instanceName'])
    ? 'instance'
    : mentions(q, ['host', 'host.displayName'])
      ? 'host'
      : 'application';
  const units: Unit[] = [];
  for (const app of ctx.dataset.apps) {
    if (!app.reporting) {
      continue; // A non-reporting application has no timeslices in any window.
    }
    const base = { appId: app.id, appName: app.name, 'entity.guid': appGuid(ctx.accountId, app) };
    const scopes: Array<{ scope: SimScope; key: string; attrs: Record<string, string | number> }> = [];
    if (level === 'application') {
      scopes.push({ scope: { kind: 'application', app }, key: `a${app.id}`, attrs: base });
    } else {
      for (const host of app.hostIds.map((id) => ctx.dataset.hosts.get(id)!)) {
        const hostAttrs = { ...base, host: host.name, 'host.displayName': host.name };
        if (level === 'host') {
          scopes.push({ scope: { kind: 'host', app, host }, key: `h${host.id}`, attrs: hostAttrs });
        } else {
          for (const instance of host.instanceIds.map((id) => ctx.dataset.instances.get(id)!)) {
            scopes.push({
              scope: { kind: 'instance', app, host, instance },
              key: `i${instance.id}`,
              attrs: { ...hostAttrs, realAgentId: instance.id, instanceName: `${host.name}:${instance.port}` },
            });
          }
        }
      }
    }
    for (const s of scopes) {
      for (const def of metricCatalog(app)) {
        units.push({
          scope: s.scope,
          scopeKey: s.key,
          def,
          attrs: { ...s.attrs, metricTimesliceName: def.name, metricName: def.name },
        });
      }
    }
  }
  return units.filter((u) => q.where === undefined || test(q.where, u));
}

function likeToRegex(pattern: string): RegExp {
  const body = pattern
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'is');
}

function same(a: string | number | undefined, b: Literal): boolean {
  return a !== undefined && String(a) === String(b);
}

function test(c: Cond, u: Unit): boolean {
  switch (c.k) {
    case 'and':
      return c.parts.every((p) => test(p, u));
    case 'null': {
      // Every timeslice has a value, so `newrelic.timeslice.value IS NOT NULL` keeps them all.
      const present = c.attr.name === 'newrelic.timeslice.value' || u.attrs[c.attr.name] !== undefined;
      return c.not ? present : !present;
    }
    case 'cmp':
      return (c.op === '=') === same(u.attrs[c.attr.name], c.value);
    case 'in':
      return c.not !== c.values.some((v) => same(u.attrs[c.attr.name], v));
    case 'like': {
      const v = u.attrs[c.attr.name];
      return v !== undefined && c.not !== likeToRegex(c.pattern).test(String(v));
    }
  }
}

/** Components of each unit over minutes [a, b), sampled as series.ts samples long slices. */
class Slicer {
  private readonly minutes = new Map<string, Minute>();
  constructor(private readonly seed: number) {}

  comps(units: Unit[], a: number, b: number): Comp[] {
    const stride = Math.max(1, Math.floor(Math.max(1, b - a) / 60));
    return units.map((u) => {
      const acc: Comp = { count: 0, total: 0, exclusive: 0 };
      for (let minute = a; minute < b; minute += stride) {
        const key = `${u.scopeKey}:${minute}`;
        let m = this.minutes.get(key);
        if (!m) {
          m = minuteOf(this.seed, u.scope, minute);
          this.minutes.set(key, m);
        }
        const c = componentsOf(u.def, u.scope, m);
        acc.count += c.count * stride;
        acc.total += c.total * stride;
        acc.exclusive += c.exclusive * stride;
        if (c.min !== undefined) {
          acc.min = Math.min(acc.min ?? Number.POSITIVE_INFINITY, c.min);
        }
        if (c.max !== undefined) {
          acc.max = Math.max(acc.max ?? Number.NEGATIVE_INFINITY, c.max);
        }
      }
      return acc;
    });
  }
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
      const keep = units.map((u) => test(e.where, u));
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

export function runNrql(ctx: NrqlContext, text: string): NrqlAnswer {
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
  const since = timeOf(q.since, until - 3_600_000, now); // The default window is 1 hour (notes 0.5).
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
    // Buckets are based on the end of the range; the first one is a full bucket (notes 5.5).
    buckets = Array.from(
      { length: n },
      (_, i) => [until - (n - i) * step, until - (n - i - 1) * step] as [number, number],
    );
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
  const begin = buckets[0][0];
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
    // Facets are ordered by the first aggregate over the whole window, largest first (notes 1.5).
    const first = q.select[0];
    const ranked = [...groups.values()]
      .map((g) => {
        const comps = slicer.comps(g.units, minute(since), minute(until));
        return { g, rank: numeric(evaluate(first.expr, g.units, comps, window / 1000)) ?? Number.NEGATIVE_INFINITY };
      })
      .sort((x, y) => y.rank - x.rank || x.g.values.join().localeCompare(y.g.values.join()));
    const limit = q.limit === 'max' ? MAX_LIMIT : Math.min(MAX_LIMIT, q.limit ?? DEFAULT_FACET_LIMIT);
    for (const { g } of ranked.slice(0, limit)) {
      const facetKeys: Record<string, unknown> = { facet: g.values.length === 1 ? g.values[0] : g.values };
      if (q.facet.alias !== undefined && attrs.length === 1) {
        facetKeys[q.facet.alias] = g.values[0];
      } else {
        attrs.forEach((a, i) => {
          facetKeys[a] = g.values[i];
        });
      }
      for (const bucket of buckets) {
        results.push({ ...facetKeys, ...(q.timeseries !== undefined ? times(bucket) : {}), ...row(g.units, bucket) });
      }
    }
  }
  return {
    results,
    metadata: {
      facets: q.facet ? q.facet.attrs : null,
      eventTypes: ['Metric'],
      messages: [],
      timeWindow: {
        begin,
        end: until,
        since: describe(q.since, '60 MINUTES AGO'),
        until: describe(q.until, 'NOW'),
        compareWith: null,
      },
    },
  };
}
