import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListCache } from './list-cache';

afterEach(() => vi.useRealTimers());

describe('ListCache', () => {
  it('shares one load between concurrent misses and reuses it while fresh', async () => {
    const cache = new ListCache(1000);
    const load = vi.fn(async () => 42);
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([42, 42]);
    expect(await cache.get('k', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves a stale answer while one refresh runs, then the refreshed one', async () => {
    vi.useFakeTimers();
    const cache = new ListCache(1000);
    let finish: (n: number) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    expect(await cache.get('k', async () => 1)).toBe(1);
    vi.advanceTimersByTime(1500);
    expect(await cache.get('k', refresh)).toBe(1);
    expect(await cache.get('k', refresh)).toBe(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    finish(2);
    await vi.waitFor(async () => expect(await cache.get('k', refresh)).toBe(2));
  });

  it('forgets failed loads and cleared entries', async () => {
    const cache = new ListCache(1000);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 1)).toBe(1);
    cache.clear();
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('does not cache at all with a zero lifetime', async () => {
    const cache = new ListCache(0);
    const load = vi.fn(async () => 1);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
