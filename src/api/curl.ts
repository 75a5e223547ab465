// The key is never in a copied command: the shell reads it from the environment, so it can be pasted safely.
import type { GraphqlRequestBody } from './nerdgraph/nrqlQuery';
import type { ApiKeyHeader } from './transport';

export const CURL_KEY_VARIABLE = 'NEW_RELIC_API_KEY';

/** Quotes one word for a POSIX shell: single quotes, each inner `'` written as `'\''`. */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) {
    return word;
  }
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The key header with the key left to the shell: double quotes on purpose, the only place it expands. */
function keyHeader(name: string): string {
  return `-H "${name}: $${CURL_KEY_VARIABLE}"`;
}

export function curlCommand(url: string, header: ApiKeyHeader): string {
  return `curl -sS ${keyHeader(header)} ${shellQuote(url)}`;
}

/** The NRQL stays inside `variables`, never in the GraphQL text; the whole body is one shell-quoted word. */
export function graphqlCurlCommand(url: string, body: GraphqlRequestBody): string {
  // NerdGraph's docs spell the header API-Key (docs/service.md#regions-and-keys); names are case-insensitive.
  return `curl -sS -X POST -H 'Content-Type: application/json' ${keyHeader('API-Key')} --data ${shellQuote(JSON.stringify(body))} ${shellQuote(url)}`;
}
