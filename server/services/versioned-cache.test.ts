import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  it('gives a value back only at the version it was kept at', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('a', '1', 'first');
    expect(cache.get('a', '1')).toBe('first');
    expect(cache.get('a', '2')).toBeUndefined();
    cache.set('a', '2', 'second');
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.get('a', '2')).toBe('second');
    expect(cache.get('b', '1')).toBeUndefined();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new VersionedCache<number>(2);
    cache.set('a', '1', 1);
    cache.set('b', '1', 2);
    // Reading a makes b the least recently used.
    expect(cache.get('a', '1')).toBe(1);
    cache.set('c', '1', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe(1);
    expect(cache.get('c', '1')).toBe(3);
  });
});
