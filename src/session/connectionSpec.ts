// Equal specs are the same connection (a key saved again fires twice, for one); equality is structural.
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
  readonly region?: Region;
  readonly baseUrl: string;
  readonly format: ApiFormat;
  /** NerdGraph's account stored with the key; undefined when it is picked automatically. */
  readonly accountId?: number;
  readonly keyHeader?: ApiKeyHeader;
  readonly caFile?: string;
  readonly timeoutMs?: number;
  readonly proxy?: ProxyOptions;
  /** SHA-256 of the key, never the key: another key is another connection. */
  readonly keyHash?: string;
}

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
