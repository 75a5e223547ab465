/**
 * `timeslice_nrql`: one read-only NRQL query through NerdGraph, as Run NRQL Query sends it (the same
 * client, key and account choice), with its rows capped: a `LIMIT` above the cap (or `LIMIT MAX`) is
 * lowered to it before the query is sent, so the service never returns more than an answer can hold.
 * NRQL only reads (docs/service.md#nrql-results); NerdGraph mutations cannot be sent through it.
 */
import { MAX_NRQL_LENGTH } from '../panels/protocol';
import { answer, foreign } from './toolAnswer';
import { inputObject, optionalInteger, optionalText, ToolInputError } from './toolInput';
import type { TimesliceTool } from './toolTypes';

/** Rows in one answer, and the highest `LIMIT` sent. */
export const MAX_NRQL_ROWS = 100;

/** The query with quoted text blanked to the same length: a `LIMIT` inside a string is not a clause. */
function unquoted(nrql: string): string {
  return nrql.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`/g, (m) => ' '.repeat(m.length));
}

/** The query with its LIMIT clauses kept within MAX_NRQL_ROWS, and whether one was lowered. */
export function cappedNrql(nrql: string): { nrql: string; lowered: boolean } {
  const plain = unquoted(nrql);
  let out = '';
  let at = 0;
  let lowered = false;
  for (const m of plain.matchAll(/\bLIMIT\s+(MAX|\d+)\b/gi)) {
    const value = m[1].toUpperCase() === 'MAX' ? Infinity : Number(m[1]);
    if (value > MAX_NRQL_ROWS) {
      out += `${nrql.slice(at, m.index)}LIMIT ${MAX_NRQL_ROWS}`;
      at = m.index + m[0].length;
      lowered = true;
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
        const list = accounts.slice(0, 20).map((a) => ({ id: a.id, name: foreign(a.name) }));
        throw new ToolInputError(
          `The key sees ${accounts.length} accounts: give "accountId", one of ${JSON.stringify(list)}.`,
        );
      }
      accountId = accounts[0].id;
    }
    const { nrql, lowered } = cappedNrql(typed);
    const result = await client.run(accountId, nrql, { signal: ctx.signal });
    return answer({
      heading: `NRQL results in account ${accountId}`,
      range: "the query's own SINCE/UNTIL (the service's default: the last hour)",
      notes: lowered ? [`The query's LIMIT was lowered to ${MAX_NRQL_ROWS}.`] : [],
      key: 'results',
      rows: result.results.map((r) => safeValue(r)),
      maxRows: MAX_NRQL_ROWS,
      narrowHint: 'add a LIMIT, a WHERE or a FACET',
    });
  },
};
