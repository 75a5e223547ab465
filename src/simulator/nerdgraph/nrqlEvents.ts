// NRQL over the simulator's error and change-tracking events: only what docs/errors.md's queries need.
import type { SimApp } from '../dataset';
import type { ErrorOccurrence } from '../errorEvents';
import { errorOccurrences, requestUriOf } from '../errorEvents';
import { hashString } from '../random';
import { appGuid } from './entities';
import { changeEvents } from './nrqlChangeEvents';
import type { Cond, Expr, NrqlQuery } from './nrqlSyntax';
import { CHANGE_EVENT_TYPES, isRawSelect } from './nrqlSyntax';
import type { AttrValue, NrqlContext } from './nrqlUnits';
import { facetKeysOf, matches } from './nrqlUnits';

/** How long events stay queryable: an open point, the service's default event retention is 8 days. */
export const EVENT_RETENTION_MS = 8 * 24 * 3_600_000;

type EventAttrs = Readonly<Record<string, AttrValue>>;

// One level per part of the key: no key string is built per event.
type NestedMap = Map<unknown, NestedMap | EventAttrs>;

// Attributes shared by an occurrence's transaction, class and message live on one cached prototype, so a long
// window builds one small object per event.
class AttrsBuilder {
  private readonly shared: NestedMap = new Map();
  constructor(
    private readonly ctx: NrqlContext,
    private readonly from: 'TransactionError' | 'ErrorTrace',
  ) {}

  sharedFor(o: ErrorOccurrence): EventAttrs {
    const parts = [o.app, o.metricName, o.kind, o.expected, o.host];
    let level = this.shared;
    for (const part of parts) {
      let next = level.get(part) as NestedMap | undefined;
      if (!next) {
        next = new Map();
        level.set(part, next);
      }
      level = next;
    }
    let shared = level.get(o.message) as EventAttrs | undefined;
    if (!shared) {
      shared = this.sharedOf(o);
      level.set(o.message, shared);
    }
    return shared;
  }

  of(o: ErrorOccurrence): EventAttrs {
    const shared = this.sharedFor(o);
    const own: Record<string, AttrValue> = Object.create(shared) as Record<string, AttrValue>;
    own.timestamp = o.timestamp;
    if (this.from === 'ErrorTrace') {
      own.id = o.id;
    }
    return own;
  }

  private sharedOf(o: ErrorOccurrence): EventAttrs {
    const common: Record<string, AttrValue> = {
      'error.class': o.kind.errorClass,
      'error.message': o.message,
      'error.expected': o.expected,
      transactionName: o.transactionName,
      appId: o.app.id,
      appName: o.app.name,
      entityGuid: appGuid(this.ctx.accountId, o.app),
      host: o.host,
    };
    if (this.from === 'ErrorTrace') {
      return {
        ...common,
        fingerprint: String(hashString(`${o.app.id}:${o.transactionName}:${o.kind.errorClass}`)),
        count: 1,
      };
    }
    const uri = requestUriOf(o.app, o.metricName);
    return uri === undefined ? common : { ...common, 'request.uri': uri, 'http.statusCode': o.kind.status };
  }
}

/** The application a top-level `appId = N` or `entityGuid = '…'` names, so a query reads only its events. */
function onlyApp(ctx: NrqlContext, where: Cond | undefined): (app: SimApp) => boolean {
  const parts = where === undefined ? [] : where.k === 'and' ? where.parts : [where];
  for (const p of parts) {
    if (p.k === 'cmp' && p.op === '=' && p.attr.name === 'appId') {
      return (app) => String(app.id) === String(p.value);
    }
    if (p.k === 'cmp' && p.op === '=' && p.attr.name === 'entityGuid') {
      return (app) => appGuid(ctx.accountId, app) === p.value;
    }
  }
  return () => true;
}

function forEachErrorEvent(
  ctx: NrqlContext,
  q: NrqlQuery,
  since: number,
  until: number,
  take: (o: ErrorOccurrence, builder: AttrsBuilder) => void,
): void {
  const from = q.from === 'ErrorTrace' ? 'ErrorTrace' : 'TransactionError';
  const start = Math.max(since, ctx.now.getTime() - EVENT_RETENTION_MS);
  const end = Math.min(until, ctx.now.getTime());
  const builder = new AttrsBuilder(ctx, from);
  for (const app of ctx.dataset.apps.filter(onlyApp(ctx, q.where))) {
    for (let minute = Math.floor(start / 60_000); minute * 60_000 < end; minute++) {
      for (const o of errorOccurrences(ctx.dataset, app, minute, from === 'ErrorTrace' ? 'traced' : 'sampled')) {
        if (o.timestamp >= start && o.timestamp < end) {
          take(o, builder);
        }
      }
    }
  }
}

function eventsOf(ctx: NrqlContext, q: NrqlQuery, since: number, until: number): EventAttrs[] {
  if (q.types.every((t) => CHANGE_EVENT_TYPES.includes(t))) {
    return changeEvents(ctx, q, q.types, since, until);
  }
  const out: EventAttrs[] = [];
  forEachErrorEvent(ctx, q, since, until, (o, builder) => {
    const attrs = builder.of(o);
    if (!q.where || matches(q.where, { attrs })) {
      out.push(attrs);
    }
  });
  return out;
}

// Every other attribute is the event's shared prototype's.
const OWN_ATTRS: ReadonlySet<string> = new Set(['timestamp', 'id']);

function condAttrs(c: Cond): string[] {
  return c.k === 'and' || c.k === 'or' ? c.parts.flatMap(condAttrs) : [c.attr.name];
}

/** A query that only counts error events by shared attributes needs no object per event (a week can be 2 million). */
function countsShared(q: NrqlQuery): boolean {
  return (
    !q.types.some((t) => CHANGE_EVENT_TYPES.includes(t)) &&
    q.timeseries === undefined &&
    q.select.every((item) => item.expr.k === 'agg' && item.expr.fn === 'count' && item.expr.attr.name === '*') &&
    ![...(q.facet?.attrs ?? []), ...(q.where ? condAttrs(q.where) : [])].some((a) => OWN_ATTRS.has(a))
  );
}

/** Facets in order of their first selected value, highest first, then of their values (a stable order). */
function byRank(x: { rank: number; values: string[] }, y: { rank: number; values: string[] }): number {
  return y.rank - x.rank || x.values.join().localeCompare(y.values.join());
}

function countRows(
  ctx: NrqlContext,
  q: NrqlQuery,
  since: number,
  until: number,
  limit: number,
): Array<Record<string, unknown>> {
  const counts = new Map<EventAttrs, number>();
  const kept = new Map<EventAttrs, boolean>();
  forEachErrorEvent(ctx, q, since, until, (o, builder) => {
    const shared = builder.sharedFor(o);
    let keep = kept.get(shared);
    if (keep === undefined) {
      keep = !q.where || matches(q.where, { attrs: shared });
      kept.set(shared, keep);
    }
    if (keep) {
      counts.set(shared, (counts.get(shared) ?? 0) + 1);
    }
  });
  const rowOf = (count: number) => Object.fromEntries(q.select.map((item) => [item.key, count]));
  if (!q.facet) {
    return [rowOf([...counts.values()].reduce((a, n) => a + n, 0))];
  }
  const attrs = q.facet.attrs;
  const groups = new Map<string, { values: string[]; count: number }>();
  for (const [shared, count] of counts) {
    const values = attrs.map((a) => shared[a]);
    if (values.some((v) => v === undefined)) {
      continue;
    }
    const key = JSON.stringify(values);
    const g = groups.get(key) ?? { values: values.map(String), count: 0 };
    g.count += count;
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({ values: g.values, rank: g.count }))
    .sort(byRank)
    .slice(0, limit)
    .map((g) => ({ ...facetKeysOf(g.values, attrs, q.facet!.alias), ...rowOf(g.rank) }));
}

function numbers(events: readonly EventAttrs[], name: string): number[] {
  return events.map((e) => e[name]).filter((v): v is number => typeof v === 'number');
}

function evaluate(e: Expr, events: readonly EventAttrs[], seconds: number): unknown {
  switch (e.k) {
    case 'num':
      return e.v;
    case 'attr':
      return null; // Bare attributes only list events (rawRows).
    case 'agg': {
      const name = e.attr.name;
      switch (e.fn) {
        case 'count':
          return name === '*' ? events.length : events.filter((x) => x[name] !== undefined).length;
        case 'sum':
          return numbers(events, name).reduce((a, v) => a + v, 0);
        case 'min':
        case 'max': {
          // Not Math.min(...values): a week of events is more arguments than a call takes.
          let best: number | null = null;
          for (const v of numbers(events, name)) {
            best = best === null || (e.fn === 'min' ? v < best : v > best) ? v : best;
          }
          return best;
        }
        case 'average': {
          const values = numbers(events, name);
          return values.length > 0 ? values.reduce((a, v) => a + v, 0) / values.length : null;
        }
        case 'latest': {
          let best: EventAttrs | undefined;
          for (const x of events) {
            if (x[name] !== undefined && (!best || Number(x.timestamp) >= Number(best.timestamp))) {
              best = x;
            }
          }
          return best ? best[name] : null;
        }
        case 'apdex':
          return null;
      }
      return null;
    }
    case 'uniques':
      return [...new Set(events.map((x) => x[e.attr.name]).filter((v) => v !== undefined))].slice(0, e.limit ?? 1000);
    case 'rate': {
      const v = evaluate(e.inner, events, seconds);
      return typeof v === 'number' && seconds > 0 ? (v * e.perSeconds) / seconds : null;
    }
    case 'filter':
      return evaluate(
        e.inner,
        events.filter((x) => matches(e.where, { attrs: x })),
        seconds,
      );
    case 'bin': {
      const l = evaluate(e.l, events, seconds);
      const r = evaluate(e.r, events, seconds);
      if (typeof l !== 'number' || typeof r !== 'number') {
        return null;
      }
      return e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : r === 0 ? null : l / r;
    }
  }
}

/** The events themselves, newest first: each row its `timestamp` and the attributes asked (null when absent). */
function rawRows(q: NrqlQuery, events: readonly EventAttrs[], limit: number): Array<Record<string, unknown>> {
  return [...events]
    .sort((a, b) => Number(b.timestamp) - Number(a.timestamp))
    .slice(0, limit)
    .map((x) => {
      const row: Record<string, unknown> = { timestamp: x.timestamp };
      for (const item of q.select) {
        row[item.key] = item.expr.k === 'attr' ? (x[item.expr.attr.name] ?? null) : null;
      }
      return row;
    });
}

/** The rows of an event query: one per bucket, or per facet and bucket, facets ranked by the first selection. */
export function eventRows(
  ctx: NrqlContext,
  q: NrqlQuery,
  buckets: ReadonlyArray<[number, number]>,
  limit: number,
): Promise<Array<Record<string, unknown>>> {
  return Promise.resolve(answerRows(ctx, q, buckets, limit));
}

function answerRows(
  ctx: NrqlContext,
  q: NrqlQuery,
  buckets: ReadonlyArray<[number, number]>,
  limit: number,
): Array<Record<string, unknown>> {
  const since = buckets[0][0];
  const until = buckets[buckets.length - 1][1];
  if (countsShared(q)) {
    return countRows(ctx, q, since, until, limit);
  }
  const all = eventsOf(ctx, q, since, until);
  if (isRawSelect(q)) {
    return rawRows(q, all, limit);
  }
  const row = (events: readonly EventAttrs[], [a, b]: [number, number]) => {
    // One bucket spans the whole window, which holds every event: no copy of a week's events.
    const inBucket =
      buckets.length === 1 ? events : events.filter((x) => Number(x.timestamp) >= a && Number(x.timestamp) < b);
    const out: Record<string, unknown> = {};
    for (const item of q.select) {
      out[item.key] = evaluate(item.expr, inBucket, (b - a) / 1000);
    }
    return q.timeseries !== undefined
      ? { beginTimeSeconds: Math.floor(a / 1000), endTimeSeconds: Math.floor(b / 1000), ...out }
      : out;
  };
  if (!q.facet) {
    return buckets.map((bucket) => row(all, bucket));
  }
  const attrs = q.facet.attrs;
  const groups = new Map<string, { values: string[]; events: EventAttrs[] }>();
  // Events that share a prototype (AttrsBuilder) share its facet key unless a facet is one of their own attributes.
  const keyOfShared = new Map<object, string | undefined>();
  const keyOf = (x: EventAttrs): string | undefined => {
    const values = attrs.map((a) => x[a]);
    return values.some((v) => v === undefined) ? undefined : JSON.stringify(values);
  };
  for (const x of all) {
    const shared = Object.getPrototypeOf(x) as object | null;
    let key: string | undefined;
    if (shared !== null && shared !== Object.prototype && !attrs.some((a) => Object.hasOwn(x, a))) {
      key = keyOfShared.has(shared) ? keyOfShared.get(shared) : keyOf(x);
      keyOfShared.set(shared, key);
    } else {
      key = keyOf(x);
    }
    if (key === undefined) {
      continue;
    }
    let g = groups.get(key);
    if (!g) {
      g = { values: attrs.map((a) => String(x[a])), events: [] };
      groups.set(key, g);
    }
    g.events.push(x);
  }
  const first = q.select[0].expr;
  const rank = (events: EventAttrs[]) => {
    const v = evaluate(first, events, (until - since) / 1000);
    return typeof v === 'number' ? v : Number.NEGATIVE_INFINITY;
  };
  const ranked = [...groups.values()].map((g) => ({ ...g, rank: rank(g.events) })).sort(byRank);
  const results: Array<Record<string, unknown>> = [];
  for (const g of ranked.slice(0, limit)) {
    const facetKeys = facetKeysOf(g.values, attrs, q.facet.alias);
    for (const bucket of buckets) {
      results.push({ ...facetKeys, ...row(g.events, bucket) });
    }
  }
  return results;
}
