// The parsed form of the NRQL subset Timeslice sends (nrqlParser.ts).

/** An attribute, e.g. `newrelic.timeslice.value['totalExclusive']` → { name, sub: 'totalExclusive' }. */
export interface Attr {
  name: string;
  sub?: string;
}

export type Expr =
  | { k: 'num'; v: number }
  | { k: 'agg'; fn: 'count' | 'sum' | 'min' | 'max' | 'average' | 'apdex' | 'latest'; attr: Attr }
  | { k: 'rate'; inner: Expr; perSeconds: number }
  | { k: 'uniques'; attr: Attr; limit?: number }
  | { k: 'filter'; inner: Expr; where: Cond }
  | { k: 'bin'; op: '+' | '-' | '*' | '/'; l: Expr; r: Expr }
  /** A bare attribute: the query lists events (raw rows), not aggregates. */
  | { k: 'attr'; attr: Attr };

export type Literal = string | number;

export type Cond =
  | { k: 'and'; parts: Cond[] }
  | { k: 'or'; parts: Cond[] }
  | { k: 'cmp'; attr: Attr; op: '=' | '!='; value: Literal }
  | { k: 'in'; attr: Attr; values: Literal[]; not: boolean }
  | { k: 'like'; attr: Attr; pattern: string; not: boolean }
  | { k: 'null'; attr: Attr; not: boolean }
  | { k: 'bool'; attr: Attr; value: boolean; not: boolean };

export type EventType = 'Metric' | 'TransactionError' | 'ErrorTrace' | 'Deployment' | 'ChangeTrackingEvent';

/** The event types by their lower-case name: matched regardless of case, as `FROM Metric` always was here. */
export const EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  ['metric', 'Metric'],
  ['transactionerror', 'TransactionError'],
  ['errortrace', 'ErrorTrace'],
  ['deployment', 'Deployment'],
  ['changetrackingevent', 'ChangeTrackingEvent'],
]);

/** The types one `FROM A, B` may name together here: the change-tracking events (docs/service.md#change-tracking). */
export const CHANGE_EVENT_TYPES: readonly EventType[] = ['Deployment', 'ChangeTrackingEvent'];

export const EVENT_TYPE_ATTR = 'eventType()';

export type TimePoint = { k: 'ms'; ms: number } | { k: 'ago'; ms: number } | { k: 'now' };

export interface SelectItem {
  expr: Expr;
  /** The result key: the alias, else `<fn>.<attr>` (docs/service.md#nrql-results). */
  key: string;
}

export interface NrqlQuery {
  from: EventType;
  types: EventType[];
  select: SelectItem[];
  where?: Cond;
  facet?: { attrs: string[]; alias?: string };
  since?: TimePoint;
  until?: TimePoint;
  /** Bucket length in ms; 'auto'/'max' when asked without a length. */
  timeseries?: number | 'auto' | 'max';
  limit?: number | 'max';
}

function attrText(a: Attr): string {
  return a.sub === undefined ? a.name : `${a.name}.${a.sub}`;
}

/** `count(x)` → `count.x`, `count(*)` → `count`; arithmetic takes its first aggregate's key (docs/service.md#nrql-results). */
export function defaultKey(e: Expr): string {
  switch (e.k) {
    case 'agg':
      return e.attr.name === '*' ? e.fn : `${e.fn}.${attrText(e.attr)}`;
    case 'uniques':
      return `uniques.${attrText(e.attr)}`;
    case 'rate':
      return `rate.${defaultKey(e.inner)}`;
    case 'filter':
      return `filter.${defaultKey(e.inner)}`;
    case 'bin':
      return e.l.k === 'num' ? defaultKey(e.r) : defaultKey(e.l);
    case 'num':
      return String(e.v);
    case 'attr':
      return attrText(e.attr);
  }
}

export function isRawSelect(q: NrqlQuery): boolean {
  return q.select.every((s) => s.expr.k === 'attr');
}
