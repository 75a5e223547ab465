/** The service's per-key request limit (a sliding minute) and the headers of its 429 answer. */

export class RateLimit {
  private readonly calls = new Map<string, number[]>();

  /** `perMinute`: requests per key per minute before 429. */
  constructor(readonly perMinute: number) {}

  /** Counts a request of `key`; false when it goes over the limit. */
  admit(key: string): boolean {
    const now = Date.now();
    const recent = (this.calls.get(key) ?? []).filter((t) => t > now - 60_000);
    recent.push(now);
    this.calls.set(key, recent);
    return recent.length <= this.perMinute;
  }
}

export function rateLimitHeaders(limit: number, resetInSeconds: number): Record<string, string | number> {
  return {
    'x-ratelimit-limit': limit,
    'x-ratelimit-remaining': 0,
    'x-ratelimit-reset': Math.ceil(Date.now() / 1000 + resetInSeconds),
  };
}
