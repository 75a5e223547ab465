/**
 * A curl command line for a request, for "Copy as curl". The key is never in it: the header reads
 * it from the shell's environment, so the command can be pasted into chat or a ticket safely.
 */
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

export function curlCommand(url: string, keyHeader: ApiKeyHeader): string {
  // Double quotes on purpose: the shell expands the variable there and nowhere else.
  return `curl -sS -H "${keyHeader}: $${CURL_KEY_VARIABLE}" ${shellQuote(url)}`;
}
