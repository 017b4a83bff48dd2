import { BUILD_VERSION } from '@contract/limits';
import { defaultShouldDehydrateQuery, dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { kvDelete, kvGet, kvSet } from '@/offline/db';

/**
 * A supplier's own lists stay readable offline (DESIGN.md section 4): the queries that say
 * `meta: { persist: true }` are kept in IndexedDB (kv `rq:<supplierId>`), one record per
 * supplier, restored when that supplier's platform area opens and wiped at logout. Loaded by
 * the platform layout route only, so /login does not pay for it.
 *
 * The record has the shape of @tanstack/react-query-persist-client's PersistedClient (buster,
 * timestamp, clientState) and follows its rules (maxAge, buster), but is written with this
 * app's own query-core: the persist-client package pins an older query-core, and its
 * hydrate would be a second copy working on our QueryClient.
 */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Writes are gathered: a list page of answers arriving together is one write. */
const WRITE_DELAY_MS = 1000;
const BUSTER = String(BUILD_VERSION);

export const persistKey = (supplierId: string) => `rq:${supplierId}`;

const isPersisted = (query: Query) => (query.meta as { persist?: unknown } | undefined)?.persist === true;

interface PersistedClient {
  buster: string;
  timestamp: number;
  clientState: DehydratedState;
}

interface Session {
  supplierId: string;
  stop: () => void;
}
let session: Session | null = null;

/**
 * A query that holds an answer is kept, whatever became of its last refetch: a restored answer
 * is asked again at once (see restorePersistedQueries), and offline that refetch fails. Kept
 * only while successful, the answer would vanish from the store at the next save, and the
 * second reload without a connection would show nothing where the first showed the list.
 */
const hasAnswer = (query: Query) => query.state.data !== undefined || defaultShouldDehydrateQuery(query);

/** Stores a failed refetch as what the supplier could still read: the last good answer. */
const lastGoodAnswers = (state: DehydratedState): DehydratedState => ({
  ...state,
  queries: state.queries.map((q) =>
    q.state.status === 'error' ? { ...q, state: { ...q.state, status: 'success', fetchStatus: 'idle', error: null, fetchFailureCount: 0, fetchFailureReason: null } } : q,
  ),
});

/** Follows the cache and saves the persisted queries, at most once per WRITE_DELAY_MS. */
function follow(client: QueryClient, supplierId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const record: PersistedClient = {
      buster: BUSTER,
      timestamp: Date.now(),
      clientState: lastGoodAnswers(dehydrate(client, { shouldDehydrateQuery: (q) => isPersisted(q) && hasAnswer(q), shouldDehydrateMutation: () => false })),
    };
    void kvSet(persistKey(supplierId), record).catch((error: unknown) => console.warn('query persistence failed', error));
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (!isPersisted(event.query)) return;
    // A persisted query must outlive the default five minutes without a screen, or it would
    // drop out of the store while the supplier is elsewhere in the app.
    if (event.type === 'added' && event.query.gcTime < PERSIST_MAX_AGE_MS) event.query.setOptions({ ...event.query.options, gcTime: PERSIST_MAX_AGE_MS });
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') timer ??= setTimeout(save, WRITE_DELAY_MS);
  });
  // A reload or a closed tab must not lose the answers of the last second: save at once when
  // the page is hidden (best effort: the browser may stop the page before IndexedDB is done).
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  globalThis.addEventListener?.('pagehide', flush);
  globalThis.document?.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    globalThis.removeEventListener?.('pagehide', flush);
    globalThis.document?.removeEventListener('visibilitychange', onHidden);
  };
}

/** The stored record when it is young enough and of this build; otherwise it is deleted. */
async function readRecord(supplierId: string): Promise<PersistedClient | null> {
  const record = await kvGet<PersistedClient>(persistKey(supplierId));
  if (!record) return null;
  if (record.buster !== BUSTER || !record.timestamp || Date.now() - record.timestamp > PERSIST_MAX_AGE_MS || !record.clientState) {
    await kvDelete(persistKey(supplierId));
    return null;
  }
  return record;
}

/**
 * Restores the supplier's persisted queries into the cache and keeps saving them; a no-op when
 * that supplier's are already in. Another supplier's in-memory lists are dropped first, so no
 * screen ever shows them.
 */
export async function restorePersistedQueries(client: QueryClient, supplierId: string): Promise<void> {
  if (!supplierId || session?.supplierId === supplierId) return;
  if (session) {
    session.stop();
    client.removeQueries({ predicate: isPersisted });
  }
  const current: Session = { supplierId, stop: () => {} };
  session = current;
  try {
    const record = await readRecord(supplierId);
    // Newer answers already in the cache win (hydrate compares update times).
    if (record && session === current) {
      hydrate(client, record.clientState, { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } });
      // What was restored shows at once but is only as new as the record: the first screen that
      // uses it asks again, so a reload shows what the buyer did meanwhile (offline, the stored
      // answer stays on screen). An answer this session already had is left alone.
      for (const stored of record.clientState.queries) {
        const query = client.getQueryCache().get(stored.queryHash);
        if (query && query.state.dataUpdatedAt === stored.state.dataUpdatedAt) void query.invalidate();
      }
    }
  } catch (error) {
    // An unreadable record is dropped; the screens fetch afresh.
    console.warn('restoring persisted queries failed', error);
    await kvDelete(persistKey(supplierId)).catch(() => undefined);
  }
  // A logout may have come while restoring.
  if (session === current) current.stop = follow(client, supplierId);
}

/** Logout: stop saving and delete the supplier's persisted queries (called by src/app/platform/logout.ts). */
export async function wipePersistedQueries(supplierId: string): Promise<void> {
  if (session?.supplierId === supplierId) {
    session.stop();
    session = null;
  }
  await kvDelete(persistKey(supplierId));
}
