/**
 * What was read last for a key and the version it was read at, for answers that a cheap look can
 * prove current (a version the database moves on every change): a hit needs the version to be
 * the one given, so a change anywhere, by this instance or another, is never served stale. At
 * most `maxEntries`, the least recently used going first.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: string; value: V }>();

  constructor(private readonly maxEntries: number) {}

  /** The value kept for `key` if it was read at `version`. */
  get(key: string, version: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, version: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value });
  }

  get size(): number {
    return this.entries.size;
  }
}
