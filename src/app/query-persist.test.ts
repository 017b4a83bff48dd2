import { BUILD_VERSION } from '@contract/limits';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closePortalDb, DB_NAME, kvGet, kvSet } from '@/offline/db';
import { PERSIST_MAX_AGE_MS, persistKey, restorePersistedQueries, wipePersistedQueries } from './query-persist';

interface Record_ {
  buster: string;
  timestamp: number;
  clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

const read = (id: string) => kvGet<Record_>(persistKey(id));
const keysIn = async (id: string) => ((await read(id))?.clientState.queries ?? []).map((q) => q.queryKey[0]);

async function fill(client: QueryClient) {
  await client.fetchQuery({ queryKey: ['threads'], queryFn: async () => ['t1'], meta: { persist: true } });
  await client.fetchQuery({ queryKey: ['secret-form'], queryFn: async () => 'not kept' });
}

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
  it('keeps only queries marked persist, under the supplier, with the build as buster', async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await fill(client);
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['threads']), { timeout: 3000 });
    expect((await read('A'))?.buster).toBe(String(BUILD_VERSION));
    // Kept longer than the default five minutes, or it would fall out of the store unseen.
    expect(client.getQueryCache().find({ queryKey: ['threads'] })?.gcTime).toBe(PERSIST_MAX_AGE_MS);
  });

  it('keeps an answer whose refetch failed (offline), as the last good answer a second reload still shows', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await restorePersistedQueries(client, 'A');
    let online = true;
    const queryFn = async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return { id: 'r1' };
    };
    await client.fetchQuery({ queryKey: ['record'], queryFn, meta: { persist: true } });
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['record']), { timeout: 3000 });
    // The bid service is gone: the refetch fails, the answer stays on screen.
    online = false;
    await client.refetchQueries({ queryKey: ['record'] });
    expect(client.getQueryState(['record'])?.status).toBe('error');
    const failedAt = Date.now();
    await vi.waitFor(async () => expect((await read('A'))!.timestamp).toBeGreaterThanOrEqual(failedAt), { timeout: 3000 });
    const stored = (await read('A'))!.clientState.queries as { queryKey: unknown[]; state: { data: unknown; status: string } }[];
    expect(stored.map((q) => [q.queryKey[0], q.state.status, q.state.data])).toEqual([['record', 'success', { id: 'r1' }]]);

    // The second reload, still offline: a fresh cache (the page's session is taken over by
    // another supplier's first, as this module keeps one per page).
    const next = new QueryClient();
    await restorePersistedQueries(next, 'B');
    await restorePersistedQueries(next, 'A');
    expect(next.getQueryData(['record'])).toEqual({ id: 'r1' });
  });

  it('restores them into a fresh cache (a reload, offline)', async () => {
    await kvSet(persistKey('A'), {
      buster: String(BUILD_VERSION),
      timestamp: Date.now() - 60_000,
      clientState: { mutations: [], queries: [{ queryKey: ['threads'], queryHash: '["threads"]', state: { data: ['t1'], dataUpdatedAt: Date.now() - 60_000, status: 'success', fetchStatus: 'idle', dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false } }] },
    });
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    expect(client.getQueryData(['threads'])).toEqual(['t1']);
  });

  it('asks again for a restored answer however young it is (a reload shows what changed meanwhile)', async () => {
    const savedAt = Date.now() - 1000;
    await kvSet(persistKey('A'), {
      buster: String(BUILD_VERSION),
      timestamp: savedAt,
      clientState: { mutations: [], queries: [{ queryKey: ['threads'], queryHash: '["threads"]', state: { data: ['t1'], dataUpdatedAt: savedAt, status: 'success', fetchStatus: 'idle', dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false } }] },
    });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    await restorePersistedQueries(client, 'A');
    expect(client.getQueryData(['threads'])).toEqual(['t1']);
    const queryFn = vi.fn(async () => ['t1', 't2']);
    await client.prefetchQuery({ queryKey: ['threads'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['threads'])).toEqual(['t1', 't2']);
  });

  it('drops a record of another build or older than seven days', async () => {
    const state = { mutations: [], queries: [] };
    await kvSet(persistKey('A'), { buster: 'old', timestamp: Date.now(), clientState: state });
    await restorePersistedQueries(new QueryClient(), 'A');
    expect(await read('A')).toBeUndefined();
    await wipePersistedQueries('A');
    await kvSet(persistKey('A'), { buster: String(BUILD_VERSION), timestamp: Date.now() - PERSIST_MAX_AGE_MS - 1, clientState: state });
    await restorePersistedQueries(new QueryClient(), 'A');
    expect(await read('A')).toBeUndefined();
  });

  it('never shows one supplier the lists of another, and wipes at logout', async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await fill(client);
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['threads']), { timeout: 3000 });

    await restorePersistedQueries(client, 'B');
    expect(client.getQueryData(['threads'])).toBeUndefined();

    await wipePersistedQueries('A');
    expect(await read('A')).toBeUndefined();
  });

  it('saves at once when the page is hidden (a reload within the write delay loses nothing)', async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await fill(client);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => expect(await keysIn('A')).toEqual(['threads']), { timeout: 500 });
  });

  it('stops saving after the wipe (a logout while answers still arrive)', async () => {
    const client = new QueryClient();
    await restorePersistedQueries(client, 'A');
    await fill(client);
    await wipePersistedQueries('A');
    await new Promise((r) => setTimeout(r, 1200));
    expect(await read('A')).toBeUndefined();
  });
});
