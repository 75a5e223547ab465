/**
 * Decoded answers of recent GETs with an `ETag`, reused on `304 Not Modified`. Small bodies only: a metric-data
 * URL changes with its range, so keeping megabytes for it would only cost memory.
 */
export interface CachedAnswer {
  etag: string;
  decoded: unknown;
  /** The headers of the 200, for what a 304 may leave out (the `Link` of a page). */
  headers: Record<string, string>;
}

export class ConditionalCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(
    private readonly maxEntries = 64,
    private readonly maxBodyChars = 256 * 1024,
  ) {}

  get(url: string): CachedAnswer | undefined {
    const hit = this.entries.get(url);
    if (hit) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(url);
      this.entries.set(url, hit);
    }
    return hit;
  }

  /** Keeps `answer` when it has an ETag and its body was small; forgets the URL otherwise. */
  remember(url: string, answer: Omit<CachedAnswer, 'etag'> & { etag: string | undefined }, bodyChars: number): void {
    this.entries.delete(url);
    if (answer.etag === undefined || bodyChars > this.maxBodyChars) {
      return;
    }
    this.entries.set(url, { etag: answer.etag, decoded: answer.decoded, headers: answer.headers });
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
