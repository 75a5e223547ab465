// Metric names are costly to list and mostly stable (docs/service.md#value-rules), so they are cached per scope and filter.
import { scopePath } from './rest/requests';
import type { TimesliceApi } from './timesliceApi';
import type { MetricName, MetricScope, RequestOptions } from './types';

interface Entry {
  at: number;
  names: Promise<MetricName[]>;
  settled?: MetricName[];
}

export class MetricNamesCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly api: Pick<TimesliceApi, 'listMetricNames'>,
    private readonly ttlMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** No signal is passed on: a shared lookup must not be cancelled by one of its callers. */
  async get(scope: MetricScope, nameFilter = '', options?: Pick<RequestOptions, 'onProgress'>): Promise<MetricName[]> {
    const scopeKey = scopePath(scope);
    const full = this.fresh(`${scopeKey}|`);
    if (full && nameFilter !== '') {
      // The service's `name` filter is a simple character match: do the same on the cached list.
      return (await full.names).filter((m) => m.name.includes(nameFilter));
    }
    const key = `${scopeKey}|${nameFilter}`;
    const hit = this.fresh(key);
    if (hit) {
      return hit.names;
    }
    const names = this.api.listMetricNames(scope, nameFilter ? { name: nameFilter } : {}, {
      onProgress: options?.onProgress,
    });
    const entry: Entry = { at: this.now(), names };
    this.entries.set(key, entry);
    names.then(
      (list) => {
        entry.settled = list;
      },
      () => undefined,
    );
    // A failed or cancelled lookup must not stay cached.
    names.catch(() => {
      if (this.entries.get(key) === entry) {
        this.entries.delete(key);
      }
    });
    return names;
  }

  /** From fresh lookups of this scope already answered (any filter): no request, unseen names left out. */
  listedValues(scope: MetricScope, names: readonly string[]): Map<string, string[]> {
    const prefix = `${scopePath(scope)}|`;
    const wanted = new Set(names);
    const out = new Map<string, string[]>();
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(prefix) || !entry.settled || this.now() - entry.at >= this.ttlMs) {
        continue;
      }
      for (const m of entry.settled) {
        if (wanted.has(m.name) && !out.has(m.name)) {
          out.set(m.name, m.values);
        }
      }
    }
    return out;
  }

  invalidate(scope?: MetricScope): void {
    if (!scope) {
      this.entries.clear();
      return;
    }
    const prefix = `${scopePath(scope)}|`;
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix)) {
        this.entries.delete(key);
      }
    }
  }

  private fresh(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < this.ttlMs) {
      return entry;
    }
    if (entry) {
      this.entries.delete(key);
    }
    return undefined;
  }
}
