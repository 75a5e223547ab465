// For answers keyed by a moving window ("the last 30 minutes" is a new key every minute), which would
// otherwise pile up for the whole session.
export interface AgedEntry<V> {
  at: number;
  value: V;
}

export class AgedCache<V> {
  private readonly entries = new Map<string, AgedEntry<V>>();

  constructor(
    private readonly limits: { maxAgeMs: () => number; maxEntries: number },
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  entry(key: string): AgedEntry<V> | undefined {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at >= this.limits.maxAgeMs()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  set(key: string, value: V): AgedEntry<V> {
    const now = this.now();
    const maxAge = this.limits.maxAgeMs();
    // Insertion order is age order (a key set again moves to the end), so the aged ones lead.
    for (const [k, e] of this.entries) {
      if (now - e.at < maxAge) {
        break;
      }
      this.entries.delete(k);
    }
    this.entries.delete(key);
    const entry = { at: now, value };
    this.entries.set(key, entry);
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries) {
        break;
      }
      this.entries.delete(k);
    }
    return entry;
  }

  /** Drops `key`, or only while it still holds `entry` (a failure must not remove a newer answer). */
  delete(key: string, entry?: AgedEntry<V>): void {
    if (entry === undefined || this.entries.get(key) === entry) {
      this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
