// The timeslices a NRQL query reads, built from the same `minuteOf` the REST side aggregates.
import type { Dataset } from '../dataset';
import type { MetricDef } from '../metricCatalog';
import { metricCatalog } from '../metricCatalog';
import type { Minute, SimScope } from '../minutes';
import { minuteOf } from '../minutes';
import { appGuid } from './entities';
import type { Cond, Expr, Literal, NrqlQuery } from './nrqlSyntax';

export interface Comp {
  count: number;
  total: number;
  exclusive: number;
  min?: number;
  max?: number;
}

export type AttrValue = string | number | boolean;

export interface Unit {
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
      // CPU seconds used in the minute: REST's percent = 100 · total / seconds (docs/service.md#metric-values).
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
    return c.k === 'and' || c.k === 'or' ? c.parts.some(inCond) : names.includes(c.attr.name);
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

export function unitsOf(ctx: NrqlContext, q: NrqlQuery): Unit[] {
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
  return units.filter((u) => q.where === undefined || matches(q.where, u));
}

function likeToRegex(pattern: string): RegExp {
  const body = pattern
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'is');
}

function same(a: string | number | boolean | undefined, b: Literal): boolean {
  return a !== undefined && String(a) === String(b);
}

export function matches(c: Cond, u: { attrs: Readonly<Record<string, AttrValue>> }): boolean {
  switch (c.k) {
    case 'and':
      return c.parts.every((p) => matches(p, u));
    case 'or':
      return c.parts.some((p) => matches(p, u));
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
    case 'bool':
      // `x IS NOT true` holds for an attribute that is absent: agents that predate it send none.
      return c.not !== (u.attrs[c.attr.name] === c.value);
  }
}

export class Slicer {
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

/** `facet` (the value, or the values of several attributes), and each attribute by name or the one by alias. */
export function facetKeysOf(
  values: readonly unknown[],
  attrs: readonly string[],
  alias: string | undefined,
): Record<string, unknown> {
  const keys: Record<string, unknown> = { facet: values.length === 1 ? values[0] : values };
  if (alias !== undefined && attrs.length === 1) {
    keys[alias] = values[0];
  } else {
    attrs.forEach((a, i) => {
      keys[a] = values[i];
    });
  }
  return keys;
}
