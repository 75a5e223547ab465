// NRQL only reads (docs/service.md#nrql-results); NerdGraph mutations cannot be sent through it.
import { MAX_NRQL_LENGTH } from '../panels/protocol';
import { answer, foreign } from './toolAnswer';
import { inputObject, optionalInteger, optionalText, ToolInputError } from './toolInput';
import type { TimesliceTool } from './toolTypes';

export const MAX_NRQL_ROWS = 100;

/** Where the string literal opened at `start` ends (after its closing quote; a backslash escapes but in backticks). */
function afterQuoted(nrql: string, start: number): number {
  const quote = nrql[start];
  for (let i = start + 1; i < nrql.length; i++) {
    if (nrql[i] === '\\' && quote !== '`') {
      i++;
    } else if (nrql[i] === quote) {
      return i + 1;
    }
  }
  return nrql.length;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\w.]/.test(c);

// A subquery's `LIMIT` shapes what the outer query aggregates, so only the outer one is lowered. Comments
// are NRQL's: `--` or `//` to the line's end, and C-style blocks (the NRQL reference, "Comments").
export function cappedNrql(nrql: string): { nrql: string; lowered: boolean } {
  let out = '';
  let at = 0;
  let depth = 0;
  let lowered = false;
  let i = 0;
  while (i < nrql.length) {
    const c = nrql[i];
    const next = nrql[i + 1];
    if (c === "'" || c === '"' || c === '`') {
      i = afterQuoted(nrql, i);
    } else if ((c === '-' && next === '-') || (c === '/' && next === '/')) {
      const end = nrql.indexOf('\n', i);
      i = end < 0 ? nrql.length : end;
    } else if (c === '/' && next === '*') {
      const end = nrql.indexOf('*/', i + 2);
      i = end < 0 ? nrql.length : end + 2;
    } else if (isWordChar(c)) {
      let end = i;
      while (isWordChar(nrql[end])) {
        end++;
      }
      if (depth === 0 && end - i === 5 && nrql.slice(i, end).toUpperCase() === 'LIMIT') {
        let from = end;
        while (from < nrql.length && /\s/.test(nrql[from])) {
          from++;
        }
        let to = from;
        while (isWordChar(nrql[to])) {
          to++;
        }
        const value = nrql.slice(from, to).toUpperCase();
        const rows = from === end ? NaN : value === 'MAX' ? Infinity : /^\d+$/.test(value) ? Number(value) : NaN;
        if (rows > MAX_NRQL_ROWS) {
          out += `${nrql.slice(at, i)}LIMIT ${MAX_NRQL_ROWS}`;
          at = to;
          lowered = true;
        }
        end = Number.isNaN(rows) ? end : to;
      }
      i = end;
    } else {
      depth = c === '(' ? depth + 1 : c === ')' ? Math.max(0, depth - 1) : depth;
      i++;
    }
  }
  return { nrql: out + nrql.slice(at), lowered };
}

/** A result value with every string (keys included) made answer-safe; deep values beyond 4 levels dropped. */
function safeValue(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') {
    return foreign(v);
  }
  if (v === null || typeof v !== 'object') {
    return v;
  }
  if (depth >= 4) {
    return '…';
  }
  if (Array.isArray(v)) {
    return v.slice(0, 50).map((x) => safeValue(x, depth + 1));
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [foreign(k), safeValue(x, depth + 1)]));
}

export const nrqlTool: TimesliceTool = {
  name: 'timeslice_nrql',
  async run(input, ctx) {
    const fields = inputObject(input, ['nrql', 'accountId']);
    const typed = optionalText(fields, 'nrql', MAX_NRQL_LENGTH);
    const given = optionalInteger(fields, 'accountId', 1, Number.MAX_SAFE_INTEGER);
    if (!typed) {
      throw new ToolInputError('Give "nrql": a NRQL query, e.g. SELECT count(*) FROM Transaction SINCE 1 hour ago.');
    }
    const client = ctx.session.nrql;
    if (!client) {
      throw new ToolInputError('This connection cannot run NRQL: reconnect, then retry.');
    }
    let accountId = given ?? client.storedAccountId;
    if (accountId === undefined) {
      const accounts = await client.listAccounts({ signal: ctx.signal });
      if (accounts.length !== 1) {
        throw new ToolInputError(
          `The key sees ${accounts.length} accounts: give "accountId", one of the candidates' ids.`,
          {
            candidates: accounts.slice(0, 20).map((a) => ({ id: a.id, name: foreign(a.name) })),
            more: Math.max(0, accounts.length - 20),
          },
        );
      }
      accountId = accounts[0].id;
    }
    const { nrql, lowered } = cappedNrql(typed);
    const result = await client.run(accountId, nrql, { signal: ctx.signal });
    return answer({
      heading: `NRQL results in account ${accountId}`,
      range: "the query's own SINCE/UNTIL (the service's default: the last hour)",
      notes: [
        lowered
          ? `The outer query's LIMIT was lowered to ${MAX_NRQL_ROWS}, the cap on rows; subqueries keep theirs.`
          : `At most ${MAX_NRQL_ROWS} rows: an outer LIMIT above that is lowered to it; subqueries keep theirs.`,
      ],
      key: 'results',
      rows: result.results.map((r) => safeValue(r)),
      maxRows: MAX_NRQL_ROWS,
      narrowHint: 'add a LIMIT, a WHERE or a FACET',
    });
  },
};
