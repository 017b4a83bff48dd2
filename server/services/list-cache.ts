/**
 * A short-lived cache of public list answers, shared by all callers of this instance.
 *
 * Why: the public lists are the same for everybody and read far more often than notices are
 * published, while an exact count or a search over 100,000 notices costs tens of milliseconds
 * on the embedded database. An answer is fresh for `ttlMs`; after that it is still served
 * (stale-while-revalidate) while one refresh runs in the background, for at most
 * `maxStaleMs`. So a published notice shows up within about `ttlMs` on other instances; this
 * instance clears the cache when it publishes one. Concurrent misses share one query.
 */
export class ListCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown>; refreshing: boolean }>();
  /** Lookups answered from the cache (fresh or stale) and lookups that loaded (the benchmark reports them). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly maxStaleMs = ttlMs * 10,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) {
      this.stats.hits++;
      return hit.value as Promise<T>;
    }
    if (hit && now - hit.at < this.maxStaleMs) {
      this.stats.hits++;
      if (!hit.refreshing) {
        hit.refreshing = true;
        load().then(
          (value) => this.store(key, Promise.resolve(value)),
          () => (hit.refreshing = false),
        );
      }
      return hit.value as Promise<T>;
    }
    this.stats.misses++;
    const value = load();
    this.store(key, value);
    // A failed load must not be served to the next caller.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }

  private store(key: string, value: Promise<unknown>): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), value, refreshing: false });
  }

  clear(): void {
    this.entries.clear();
  }
}
