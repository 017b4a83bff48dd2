import { BUILD_VERSION } from '@contract/limits';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closePortalDb, DB_NAME, kvEntries, kvGet, kvSet } from '@/offline/db';
import { PERSIST_MAX_AGE_MS, readPersistedQueries, restorePersistedQueries, wipePersistedQueries } from './query-persist';

const keysIn = async (id: string) => (await readPersistedQueries(id)).map((q) => q.queryKey[0]).sort();

/** A stored record as a previous page wrote it. */
function record(queryKey: unknown[], data: unknown, { updatedAt = Date.now() - 60_000, buster = String(BUILD_VERSION) } = {}) {
  const queryHash = JSON.stringify(queryKey);
  return {
    buster,
    query: {
      queryKey,
      queryHash,
      state: {
        data,
        dataUpdatedAt: updatedAt,
        status: 'success',
        fetchStatus: 'idle',
        dataUpdateCount: 1,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
      },
    },
  };
}
const store = (supplierId: string, queryKey: unknown[], data: unknown, options?: Parameters<typeof record>[2]) =>
  kvSet(`rq:${supplierId}|${JSON.stringify(queryKey)}`, record(queryKey, data, options));

afterEach(async () => {
  await wipePersistedQueries('A');
  await wipePersistedQueries('B');
  await closePortalDb();
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(DB_NAME);
    req.onsuccess = req.onerror = resolve;
  });
});

describe('query persistence', () => {
  it('keeps every answer under the supplier, unless the query says persist: false', async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await client.fetchQuery({ queryKey: ['threads'], queryFn: async () => ['t1'] });
    await client.fetchQuery({ queryKey: ['supplier', 'A'], queryFn: async () => ({ name: 'A Co.' }) });
    await client.fetchQuery({ queryKey: ['session', 'A'], queryFn: async () => 'asked each start', meta: { persist: false } });
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['supplier', 'threads']));
    // Kept longer than the default five minutes, or it would fall out of the store unseen.
    expect(client.getQueryCache().find({ queryKey: ['threads'] })?.gcTime).toBe(PERSIST_MAX_AGE_MS);
  });

  it("keeps the answers already in the cache when it begins (a server-rendered screen's reads), not those it restored", async () => {
    await store('A', ['kept'], ['from the device']);
    const client = new QueryClient();
    // As src/app/server-state.ts does before the app's first render.
    client.setQueryData(['threads'], ['t1']);
    client.setQueryData(['session', 'A'], 'asked each start');
    client
      .getQueryCache()
      .find({ queryKey: ['session', 'A'] })!
      .setOptions({ queryKey: ['session', 'A'], meta: { persist: false } });
    await restorePersistedQueries(client, 'A');
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['kept', 'threads']));
    expect(client.getQueryCache().find({ queryKey: ['threads'] })?.gcTime).toBe(PERSIST_MAX_AGE_MS);
  });

  it('writes an answer at once: it is on the device before the next task (a reload right after loses nothing)', async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await client.fetchQuery({ queryKey: ['thread', 't1'], queryFn: async () => ({ id: 't1' }) });
    // No timer runs: the write was started in the same task as the answer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      await vi.waitFor(async () =>
        expect(await readPersistedQueries('A')).toEqual([expect.objectContaining({ queryKey: ['thread', 't1'], data: { id: 't1' } })]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last good answer when a refetch fails (offline), for a second reload to show', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await restorePersistedQueries(client, 'A');
    let online = true;
    const queryFn = async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return { id: 'r1' };
    };
    await client.fetchQuery({ queryKey: ['record'], queryFn });
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['record']));
    online = false;
    await client.refetchQueries({ queryKey: ['record'] });
    expect(client.getQueryState(['record'])?.status).toBe('error');

    // The second reload, still offline: a fresh page restores the answer into a fresh cache.
    vi.resetModules();
    const reloaded = await import('./query-persist');
    const next = new QueryClient();
    await reloaded.restorePersistedQueries(next, 'A');
    expect(next.getQueryData(['record'])).toEqual({ id: 'r1' });
  });

  it('restores them into a fresh cache and asks again however young they are (a reload shows what changed meanwhile)', async () => {
    await store('A', ['threads'], ['t1'], { updatedAt: Date.now() - 1000 });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    await restorePersistedQueries(client, 'A');
    expect(client.getQueryData(['threads'])).toEqual(['t1']);
    const queryFn = vi.fn(async () => ['t1', 't2']);
    await client.prefetchQuery({ queryKey: ['threads'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['threads'])).toEqual(['t1', 't2']);
  });

  it('a second restore while the first reads the device waits for it (a screen never asks before the stored answers are in)', async () => {
    await store('A', ['threads'], ['t1']);
    const client = new QueryClient();
    const first = restorePersistedQueries(client, 'A');
    await restorePersistedQueries(client, 'A');
    expect(client.getQueryData(['threads'])).toEqual(['t1']);
    await first;
  });

  it('drops records of another build, older than seven days, and of the one-record format before', async () => {
    await store('A', ['old-build'], 1, { buster: 'old' });
    await store('A', ['too-old'], 2, { updatedAt: Date.now() - PERSIST_MAX_AGE_MS - 1 });
    await store('A', ['fine'], 3);
    await kvSet('rq:A', { buster: String(BUILD_VERSION), timestamp: Date.now(), clientState: { queries: [] } });
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    expect(client.getQueryData(['fine'])).toBe(3);
    expect(client.getQueryData(['old-build'])).toBeUndefined();
    expect((await kvEntries('rq:')).map((e) => e.key)).toEqual(['rq:A|["fine"]']);
  });

  it("another supplier's login removes the first supplier's stored reads from the device and the screen", async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await client.fetchQuery({ queryKey: ['threads'], queryFn: async () => ['of A'] });
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['threads']));

    await restorePersistedQueries(client, 'B');
    expect(client.getQueryData(['threads'])).toBeUndefined();
    expect(await readPersistedQueries('A')).toEqual([]);
  });

  it('wipes at logout, and stops saving (answers that still arrive are not written)', async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await client.fetchQuery({ queryKey: ['threads'], queryFn: async () => ['t1'] });
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['threads']));
    await wipePersistedQueries('A');
    expect(await readPersistedQueries('A')).toEqual([]);
    await client.fetchQuery({ queryKey: ['late'], queryFn: async () => 'late' });
    // Proves a negative: a save is one IndexedDB write on the cache's event, no timer (the first
    // answer above was seen saved by waiting for it); one still being made would land within 50 ms.
    await new Promise((r) => setTimeout(r, 50));
    expect(await readPersistedQueries('A')).toEqual([]);
    expect(await kvGet('rq:A|["late"]')).toBeUndefined();
  });
});
