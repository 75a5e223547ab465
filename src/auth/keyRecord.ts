// The custom region's key is stored with its origin, since `timeslice.customBaseUrl` can change later.

/**
 * `accountId` is not a secret (it is in every entity GUID), but it belongs to the key: another key may be another
 * user who sees other accounts, so replacing or removing the key drops the choice.
 */
export interface KeyRecord {
  key: string;
  origin?: string;
  accountId?: number;
}

const TAG = 'timeslice-key/1';

export function encodeKeyRecord(record: KeyRecord): string {
  return record.origin === undefined && record.accountId === undefined
    ? record.key
    : JSON.stringify({ tag: TAG, key: record.key, origin: record.origin, accountId: record.accountId });
}

/** A stored value: a plain key (US, EU, or a custom key stored before origins were recorded) or a record. */
export function decodeKeyRecord(raw: string | undefined): KeyRecord | undefined {
  if (!raw) {
    return undefined;
  }
  if (raw.startsWith('{')) {
    try {
      const v = JSON.parse(raw) as Partial<Record<'tag' | 'key' | 'origin' | 'accountId', unknown>>;
      const origin = typeof v.origin === 'string' ? v.origin : undefined;
      const accountId =
        typeof v.accountId === 'number' && Number.isSafeInteger(v.accountId) && v.accountId > 0
          ? v.accountId
          : undefined;
      if (v.tag === TAG && typeof v.key === 'string' && v.key && (origin !== undefined || accountId !== undefined)) {
        return {
          key: v.key,
          ...(origin !== undefined ? { origin } : {}),
          ...(accountId !== undefined ? { accountId } : {}),
        };
      }
    } catch {
      // Not a record: a key never starts with "{", so this is damage; treat it as no key.
    }
    return undefined;
  }
  return { key: raw };
}

export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** A custom key only goes to the origin it was stored for. */
export function keyForOrigin(
  record: KeyRecord | undefined,
  custom: boolean,
  origin: string,
): { key: string } | { mismatch: string | undefined } | undefined {
  if (!record) {
    return undefined;
  }
  if (!custom || record.origin === origin) {
    return { key: record.key };
  }
  return { mismatch: record.origin };
}
