/**
 * What SecretStorage holds for one region (no `vscode`, so it is unit-tested). The custom region's key
 * is stored with the origin it was entered for, because `timeslice.customBaseUrl` can change later:
 * the key is used only while the URL still has that origin, and the user is asked again otherwise.
 */

/** A stored key; `origin` (scheme://host:port) is set for the custom region. */
export interface KeyRecord {
  key: string;
  origin?: string;
}

const TAG = 'timeslice-key/1';

export function encodeKeyRecord(record: KeyRecord): string {
  return record.origin === undefined ? record.key : JSON.stringify({ tag: TAG, key: record.key, origin: record.origin });
}

/** A stored value: a plain key (US, EU, or a custom key stored before origins were recorded) or a record. */
export function decodeKeyRecord(raw: string | undefined): KeyRecord | undefined {
  if (!raw) {
    return undefined;
  }
  if (raw.startsWith('{')) {
    try {
      const v = JSON.parse(raw) as Partial<Record<'tag' | 'key' | 'origin', unknown>>;
      if (v.tag === TAG && typeof v.key === 'string' && v.key && typeof v.origin === 'string') {
        return { key: v.key, origin: v.origin };
      }
    } catch {
      // Not a record: a key never starts with "{", so this is damage; treat it as no key.
    }
    return undefined;
  }
  return { key: raw };
}

/** The origin of a base URL, as a key record stores it. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/**
 * The key to send to `origin`, or why not. US and EU keys have fixed hosts; a custom key only goes to
 * the origin it was stored for (one stored before origins were recorded is asked for again too).
 */
export function keyForOrigin(record: KeyRecord | undefined, custom: boolean, origin: string): { key: string } | { mismatch: string | undefined } | undefined {
  if (!record) {
    return undefined;
  }
  if (!custom || record.origin === origin) {
    return { key: record.key };
  }
  return { mismatch: record.origin };
}
