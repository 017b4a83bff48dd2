import { BUILD_VERSION } from '@contract/limits';
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { kvDeleteKeys, kvEntries, kvSetMany } from '@/offline/db';
import { dropScreens, STORED_READS_MAX_AGE_MS } from '@/offline/screen-store';

/**
 * A supplier's reads stay readable offline (DESIGN.md section 4): every answer the cache holds
 * while a supplier's platform area is open is kept in IndexedDB, one kv record per query
 * (`rq:<supplierId>|<queryHash>`), written as soon as the answer arrives, so a reload or a closed
 * tab right after a screen appeared loses nothing. A query says `meta: { persist: false }` to stay
 * out (the session check, which must ask the bid service on each start; a visitor's data).
 * Restored when that supplier's platform area opens; wiped at logout, at a timed-out session, and
 * when another supplier opens the platform area on this device, with the screens rendered from
 * them (src/offline/screen-store.ts). Loaded by the platform layout
 * route only, so /login does not pay for it.
 *
 * Each record holds one dehydrated query and the build it was written by (a new build may read
 * its answers differently, so an older record is dropped), and follows
 * @tanstack/react-query-persist-client's rules (maxAge, buster) with this app's own query-core.
 */
export const PERSIST_MAX_AGE_MS = STORED_READS_MAX_AGE_MS;
const BUSTER = String(BUILD_VERSION);
const PREFIX = 'rq:';
const supplierPrefix = (supplierId: string) => `${PREFIX}${supplierId}|`;

type StoredQuery = DehydratedState['queries'][number];
interface PersistedQuery {
  buster: string;
  query: StoredQuery;
}

const isPersisted = (query: Query) => (query.meta as { persist?: unknown } | undefined)?.persist !== false;

interface Session {
  supplierId: string;
  /** Settles when the stored queries are in the cache (a second caller waits for the first). */
  ready: Promise<void>;
  stop: () => void;
}
let session: Session | null = null;

/** An answer came in (fetched, or set by the screen): the events worth a write. */
const isNewAnswer = (event: QueryCacheNotifyEvent) => event.type === 'updated' && event.action.type === 'success';

/**
 * Follows the cache: every new answer of a persisted query is written at once (answers of one
 * tick together). The answers already in the cache that the store does not hold (`stored`: what
 * was restored, by hash, with its update time) go first: a server-rendered screen's reads
 * (src/app/server-state.ts) came into the cache before this began.
 */
function follow(client: QueryClient, supplierId: string, stored: ReadonlyMap<string, number>): () => void {
  const prefix = supplierPrefix(supplierId);
  let pending: Map<string, Query> | null = null;
  let stopped = false;
  const write = () => {
    const batch = pending;
    pending = null;
    if (!batch || stopped) return;
    const { queries } = dehydrate(client, { shouldDehydrateQuery: (q) => batch.has(q.queryHash), shouldDehydrateMutation: () => false });
    const records = queries.map((query) => ({ key: prefix + query.queryHash, value: { buster: BUSTER, query } satisfies PersistedQuery }));
    void kvSetMany(records).catch((error: unknown) => console.warn('query persistence failed', error));
  };
  // A persisted query must outlive the default five minutes without a screen, or it would
  // drop out of the cache (and so out of the store) while the supplier is elsewhere in the app.
  const keepLong = (query: Query) => {
    if (query.gcTime < PERSIST_MAX_AGE_MS) query.setOptions({ ...query.options, gcTime: PERSIST_MAX_AGE_MS });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (!isPersisted(query)) return;
    if (event.type === 'added') keepLong(query);
    if (event.type === 'removed') void kvDeleteKeys([prefix + query.queryHash]).catch(() => undefined);
    if (!isNewAnswer(event)) return;
    if (!pending) {
      pending = new Map();
      queueMicrotask(write);
    }
    pending.set(query.queryHash, query);
  });
  const cached = client.getQueryCache().getAll().filter(isPersisted);
  cached.forEach(keepLong);
  const unstored = cached.filter((query) => query.state.status === 'success' && stored.get(query.queryHash) !== query.state.dataUpdatedAt);
  if (unstored.length) {
    pending = new Map(unstored.map((query) => [query.queryHash, query]));
    queueMicrotask(write);
  }
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * The supplier's stored queries that are young enough and of this build. Every other record
 * under `rq:` is deleted: an older build's or an expired one, and another supplier's (only one
 * supplier is logged in on a device at a time, so another's reads are a previous session's).
 */
async function readOwnRecords(supplierId: string): Promise<StoredQuery[]> {
  const prefix = supplierPrefix(supplierId);
  const oldest = Date.now() - PERSIST_MAX_AGE_MS;
  const own: StoredQuery[] = [];
  const drop: string[] = [];
  for (const { key, value } of await kvEntries<PersistedQuery>(PREFIX)) {
    const usable = key.startsWith(prefix) && value?.buster === BUSTER && (value.query?.state?.dataUpdatedAt ?? 0) >= oldest;
    if (usable) own.push(value.query);
    else drop.push(key);
  }
  if (drop.length) await kvDeleteKeys(drop);
  return own;
}

/**
 * Restores the supplier's persisted queries into the cache and keeps saving them; when that
 * supplier's are already in, or on their way in, answers when they are. Another supplier's
 * in-memory and stored reads are dropped first, so no screen ever shows them.
 */
export function restorePersistedQueries(client: QueryClient, supplierId: string): Promise<void> {
  if (!supplierId) return Promise.resolve();
  if (session?.supplierId === supplierId) return session.ready;
  if (session) {
    session.stop();
    client.removeQueries({ predicate: isPersisted });
  }
  const current: Session = { supplierId, ready: Promise.resolve(), stop: () => {} };
  session = current;
  current.ready = restore(client, current);
  return current.ready;
}

async function restore(client: QueryClient, current: Session): Promise<void> {
  const { supplierId } = current;
  let queries: StoredQuery[] = [];
  try {
    queries = await readOwnRecords(supplierId);
    // Newer answers already in the cache win (hydrate compares update times).
    if (queries.length && session === current) {
      hydrate(client, { mutations: [], queries }, { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } });
      // What was restored shows at once but is only as new as the record: the first screen that
      // uses it asks again, so a reload shows what the buyer did meanwhile (offline, the stored
      // answer stays on screen). An answer this session already had is left alone.
      for (const stored of queries) {
        const query = client.getQueryCache().get(stored.queryHash);
        if (query && query.state.dataUpdatedAt === stored.state.dataUpdatedAt) void query.invalidate();
      }
    }
  } catch (error) {
    // An unreadable store is dropped; the screens fetch afresh.
    console.warn('restoring persisted queries failed', error);
    await kvDeleteKeys([{ prefix: supplierPrefix(supplierId) }]).catch(() => undefined);
  }
  // A logout may have come while restoring.
  if (session === current)
    current.stop = follow(client, supplierId, new Map(queries.map((query) => [query.queryHash, query.state.dataUpdatedAt])));
  // Another supplier's screens go with their reads (in the background: never shown meanwhile,
  // the language pick shows a screen only to the supplier it was rendered for).
  void dropScreens(supplierId).catch(() => undefined);
}

/** Logout or a timed-out session: stop saving and delete the supplier's stored reads (its outbox entries stay). */
export async function wipePersistedQueries(supplierId: string): Promise<void> {
  if (session?.supplierId === supplierId) {
    session.stop();
    session = null;
  }
  await Promise.all([kvDeleteKeys([{ prefix: supplierPrefix(supplierId) }]), dropScreens()]);
}

/** The supplier's stored answers by query key (what a reload would restore); for tests. */
export async function readPersistedQueries(
  supplierId: string,
): Promise<{ queryKey: readonly unknown[]; data: unknown; dataUpdatedAt: number }[]> {
  const records = await kvEntries<PersistedQuery>(supplierPrefix(supplierId));
  return records.map(({ value }) => ({
    queryKey: value.query.queryKey,
    data: value.query.state.data,
    dataUpdatedAt: value.query.state.dataUpdatedAt,
  }));
}
