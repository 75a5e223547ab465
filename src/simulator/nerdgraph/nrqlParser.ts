/**
 * A parser for the subset of NRQL that Timeslice sends (docs/service.md#nerdgraph-mapping), errors in the
 * service's wording: `NRQL Syntax Error: Error at line 1 position N, unexpected 'X'`.
 */
import type { Tok } from './nrqlLexer';
import { TokenCursor, tokenize, unitMs } from './nrqlLexer';
import type { Attr, Cond, EventType, Expr, Literal, NrqlQuery, SelectItem, TimePoint } from './nrqlSyntax';
import { CHANGE_EVENT_TYPES, defaultKey, EVENT_TYPE_ATTR, EVENT_TYPES } from './nrqlSyntax';

const CLAUSES = new Set(['select', 'from', 'where', 'facet', 'since', 'until', 'timeseries', 'limit', 'as']);

class Parser extends TokenCursor {
  private types: EventType[] = ['Metric'];
  /** The first event-only token: a Metric query with one fails there. */
  private eventOnlyTok: Tok | undefined;

  parse(): NrqlQuery {
    const q: NrqlQuery = { from: 'Metric', types: [], select: [] };
    let from = false;
    if (this.isWord('from')) {
      this.fromClause();
      from = true;
    }
    this.word('select');
    q.select = this.selectList();
    const seen = new Set<string>();
    while (this.peek().t !== 'eof') {
      const tok = this.peek();
      const w = tok.t === 'id' ? tok.v.toLowerCase() : '';
      if (!CLAUSES.has(w) || w === 'select' || w === 'as' || seen.has(w)) {
        this.fail();
      }
      seen.add(w);
      this.i++;
      switch (w) {
        case 'from':
          if (from) {
            this.fail(tok);
          }
          this.i--;
          this.fromClause();
          from = true;
          break;
        case 'where':
          q.where = this.condition();
          break;
        case 'facet':
          q.facet = this.facet();
          break;
        case 'since':
          q.since = this.timePoint();
          break;
        case 'until':
          q.until = this.timePoint();
          break;
        case 'timeseries':
          q.timeseries = this.timeseries();
          break;
        case 'limit':
          q.limit = this.limit();
          break;
      }
    }
    if (!from) {
      this.fail();
    }
    if (this.types[0] === 'Metric' && this.eventOnlyTok) {
      this.fail(this.eventOnlyTok);
    }
    const raw = q.select.filter((s) => s.expr.k === 'attr');
    if (raw.length > 0 && raw.length < q.select.length) {
      this.fail(this.eventOnlyTok); // Bare attributes and aggregates do not mix without FACET.
    }
    [q.from] = q.types = this.types;
    return q;
  }

  private fromClause(): void {
    this.word('from');
    this.types = [];
    do {
      const tok = this.next();
      const type = tok.t === 'id' ? EVENT_TYPES.get(tok.v.toLowerCase()) : undefined;
      // Only these event types hold data here, and only the change-tracking ones are read together.
      if (!type || (this.types.length > 0 && ![type, this.types[0]].every((t) => CHANGE_EVENT_TYPES.includes(t)))) {
        this.fail(tok);
      }
      this.types.push(type);
    } while (this.isPunct(',') && this.next());
  }

  private selectList(): SelectItem[] {
    const items: SelectItem[] = [];
    for (;;) {
      const expr = this.expr();
      let key = defaultKey(expr);
      if (this.isWord('as')) {
        this.i++;
        const tok = this.next();
        if (tok.t !== 'str' && tok.t !== 'id') {
          this.fail(tok);
        }
        key = tok.v;
      }
      items.push({ expr, key });
      if (!this.isPunct(',')) {
        return items;
      }
      this.i++;
    }
  }

  private expr(): Expr {
    let l = this.term();
    while (this.isPunct('+') || this.isPunct('-')) {
      const op = this.next().v as '+' | '-';
      l = { k: 'bin', op, l, r: this.term() };
    }
    return l;
  }

  private term(): Expr {
    let l = this.factor();
    while (this.isPunct('*') || this.isPunct('/')) {
      const op = this.next().v as '*' | '/';
      l = { k: 'bin', op, l, r: this.factor() };
    }
    return l;
  }

  private factor(): Expr {
    const tok = this.next();
    if (tok.t === 'num') {
      return { k: 'num', v: Number(tok.v) };
    }
    if (tok.t === 'punct' && tok.v === '(') {
      const e = this.expr();
      this.punct(')');
      return e;
    }
    if (tok.t === 'id' && !this.isPunct('(') && !CLAUSES.has(tok.v.toLowerCase())) {
      this.eventOnlyTok ??= tok;
      this.i--;
      return { k: 'attr', attr: this.attr() };
    }
    if (tok.t !== 'id') {
      this.fail(tok);
    }
    const fn = tok.v.toLowerCase();
    this.punct('(');
    let e: Expr;
    switch (fn) {
      case 'count':
      case 'sum':
      case 'min':
      case 'max':
      case 'average':
      case 'apdex':
        e = { k: 'agg', fn, attr: this.attr() };
        break;
      case 'latest':
        this.eventOnlyTok ??= tok;
        e = { k: 'agg', fn, attr: this.attr() };
        break;
      case 'uniques': {
        const attr = this.attr();
        let limit: number | undefined;
        if (this.isPunct(',')) {
          this.i++;
          limit = this.number();
        }
        e = { k: 'uniques', attr, limit };
        break;
      }
      case 'rate': {
        const inner = this.expr();
        this.punct(',');
        const n = this.peek().t === 'num' ? this.number() : 1;
        const unit = this.next();
        const ms = unit.t === 'id' ? unitMs(unit.v) : undefined;
        if (ms === undefined) {
          this.fail(unit);
        }
        e = { k: 'rate', inner, perSeconds: (n * ms) / 1000 };
        break;
      }
      case 'filter': {
        const inner = this.expr();
        this.punct(',');
        this.word('where');
        e = { k: 'filter', inner, where: this.condition() };
        break;
      }
      default:
        this.fail(tok);
    }
    this.punct(')');
    return e;
  }

  private number(): number {
    const tok = this.next();
    if (tok.t !== 'num') {
      this.fail(tok);
    }
    return Number(tok.v);
  }

  private attr(): Attr {
    const tok = this.next();
    if (tok.t === 'punct' && tok.v === '*') {
      return { name: '*' };
    }
    if (tok.t !== 'id') {
      this.fail(tok);
    }
    if (tok.v.toLowerCase() === 'eventtype' && this.isPunct('(')) {
      this.i++;
      this.punct(')');
      return { name: EVENT_TYPE_ATTR };
    }
    if (this.isPunct('[')) {
      this.i++;
      const sub = this.next();
      if (sub.t !== 'str') {
        this.fail(sub);
      }
      this.punct(']');
      return { name: tok.v, sub: sub.v };
    }
    return { name: tok.v };
  }

  private literal(): Literal {
    const tok = this.next();
    if (tok.t === 'str') {
      return tok.v;
    }
    if (tok.t === 'num') {
      return Number(tok.v);
    }
    if (tok.t === 'punct' && tok.v === '-' && this.peek().t === 'num') {
      return -Number(this.next().v);
    }
    return this.fail(tok);
  }

  /** `a OR b AND c` is `a OR (b AND c)`: AND binds tighter, as in SQL. */
  private condition(): Cond {
    const parts: Cond[] = [this.allOf()];
    while (this.isWord('or')) {
      this.i++;
      parts.push(this.allOf());
    }
    return parts.length === 1 ? parts[0] : { k: 'or', parts };
  }

  private allOf(): Cond {
    const parts: Cond[] = [this.simpleCondition()];
    while (this.isWord('and')) {
      this.i++;
      parts.push(this.simpleCondition());
    }
    return parts.length === 1 ? parts[0] : { k: 'and', parts };
  }

  private simpleCondition(): Cond {
    if (this.isPunct('(')) {
      this.i++;
      const c = this.condition();
      this.punct(')');
      return c;
    }
    const attr = this.attr();
    if (this.isPunct('=') || this.isPunct('!=')) {
      const op = this.next().v as '=' | '!=';
      return { k: 'cmp', attr, op, value: this.literal() };
    }
    if (this.isWord('is')) {
      this.i++;
      const not = this.isWord('not');
      if (not) {
        this.i++;
      }
      if (this.isWord('true') || this.isWord('false')) {
        this.eventOnlyTok ??= this.peek();
        return { k: 'bool', attr, value: this.next().v.toLowerCase() === 'true', not };
      }
      this.word('null');
      return { k: 'null', attr, not };
    }
    const not = this.isWord('not');
    if (not) {
      this.i++;
    }
    if (this.isWord('in')) {
      this.i++;
      this.punct('(');
      const values: Literal[] = [this.literal()];
      while (this.isPunct(',')) {
        this.i++;
        values.push(this.literal());
      }
      this.punct(')');
      return { k: 'in', attr, values, not };
    }
    if (this.isWord('like')) {
      this.i++;
      const tok = this.next();
      if (tok.t !== 'str') {
        this.fail(tok);
      }
      return { k: 'like', attr, pattern: tok.v, not };
    }
    return this.fail();
  }

  private facet(): { attrs: string[]; alias?: string } {
    const attrs = [this.attr().name];
    while (this.isPunct(',')) {
      this.i++;
      attrs.push(this.attr().name);
    }
    if (attrs.length > 5) {
      this.fail(); // FACET takes at most 5 attributes (docs/service.md#nrql-limits).
    }
    let alias: string | undefined;
    if (this.isWord('as')) {
      this.i++;
      const tok = this.next();
      if (tok.t !== 'id' && tok.t !== 'str') {
        this.fail(tok);
      }
      alias = tok.v;
    }
    return { attrs, alias };
  }

  private timePoint(): TimePoint {
    if (this.isWord('now')) {
      this.i++;
      return { k: 'now' };
    }
    const n = this.number();
    if (this.peek().t === 'id' && unitMs(this.peek().v) !== undefined) {
      const ms = unitMs(this.next().v)! * n;
      this.word('ago');
      return { k: 'ago', ms };
    }
    return { k: 'ms', ms: n };
  }

  private timeseries(): number | 'auto' | 'max' | undefined {
    if (this.isWord('auto') || this.isWord('max')) {
      return this.next().v.toLowerCase() as 'auto' | 'max';
    }
    if (this.peek().t === 'num' || (this.peek().t === 'id' && unitMs(this.peek().v) !== undefined)) {
      const n = this.peek().t === 'num' ? this.number() : 1;
      const unit = this.next();
      const ms = unit.t === 'id' ? unitMs(unit.v) : undefined;
      if (ms === undefined || !(n > 0)) {
        this.fail(unit);
      }
      return n * ms;
    }
    return 'auto';
  }

  private limit(): number | 'max' {
    if (this.isWord('max')) {
      this.i++;
      return 'max';
    }
    return this.number();
  }
}

export function parseNrql(text: string): NrqlQuery {
  return new Parser(tokenize(text)).parse();
}
