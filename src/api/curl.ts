/**
 * Curl command lines for "Copy as curl". The key is never in them: the header reads it from the
 * shell's environment, so the command can be pasted into chat or a ticket safely.
 */
import type { GraphqlRequestBody } from './nerdgraph/nrqlQuery';
import type { ApiKeyHeader } from './transport';

/** The environment variable the copied command reads the key from. */
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

/** A REST v2 GET ("Run API Request…"). */
export function curlCommand(url: string, header: ApiKeyHeader): string {
  return `curl -sS ${keyHeader(header)} ${shellQuote(url)}`;
}

/**
 * A NerdGraph POST ("Run NRQL Query…"): the JSON body as sent, with the NRQL inside `variables`
 * (never in the GraphQL text), the whole body one shell-quoted word.
 */
export function graphqlCurlCommand(url: string, body: GraphqlRequestBody): string {
  // NerdGraph's docs spell the header API-Key (docs/service.md#regions-and-keys); names are case-insensitive.
  return `curl -sS -X POST -H 'Content-Type: application/json' ${keyHeader('API-Key')} --data ${shellQuote(JSON.stringify(body))} ${shellQuote(url)}`;
}
