/**
 * What a connection is made of. Two equal specs are the same connection: the manager keeps the session
 * it has when a rebuild finds an equal spec (a key saved again fires twice, for one), and replaces it
 * otherwise. Equality is structural, field by field, so a test asks a field (`spec.backend`), never a
 * joined string. No `vscode`.
 */
import { isDeepStrictEqual } from 'node:util';

import type { Backend } from '../api/backendChoice';
import type { ProxyOptions } from '../api/proxy';
import type { Region } from '../api/regions';
import type { ApiKeyHeader } from '../api/transport';
import type { ApiFormat } from '../api/types';

export interface ConnectionSpec {
  /** The built-in demo simulator (then only the backend, base URL and format count). */
  readonly demo: boolean;
  readonly backend: Backend;
  /** The configured region; undefined for the demo. */
  readonly region?: Region;
  readonly baseUrl: string;
  readonly format: ApiFormat;
  /** NerdGraph's account stored with the key; undefined when it is picked automatically. */
  readonly accountId?: number;
  readonly keyHeader?: ApiKeyHeader;
  /** `timeslice.caCertificatePath` as set (empty: none). */
  readonly caFile?: string;
  readonly timeoutMs?: number;
  /** The proxy chosen for the base URL, if any. */
  readonly proxy?: ProxyOptions;
  /** SHA-256 of the key, never the key: another key is another connection. */
  readonly keyHash?: string;
}

/** Whether two specs describe the same connection (fields left undefined count as absent). */
export function sameSpec(a: ConnectionSpec, b: ConnectionSpec): boolean {
  return isDeepStrictEqual(definedFields(a), definedFields(b));
}

function definedFields(value: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v !== null && typeof v === 'object' ? definedFields(v as object) : v]),
  );
}
