/**
 * A short-lived cache of public list answers, shared by all callers of this instance.
 *
 * Why: the public lists are the same for everybody and read far more often than notices are
 * published, and an exact `count(*)` over a search that matches tens of thousands of notices
 * costs tens of milliseconds. Answers live `ttlMs` (a published notice shows up within that
 * time on other instances; this instance clears the cache when it publishes one). Concurrent
 * misses for one key share one query instead of stampeding the database.
 */
export class ListCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: now, value });
    // A failed load must not be served to the next caller.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
