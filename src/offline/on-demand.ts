import { DB_NAME } from './db-name';
import type { SyncEngine } from './sync-engine';

/**
 * The outbox code (idb, the store, the sync engine) loads only when there is something to do:
 * an entry waits, one is written, a supplier logs in, or the device is offline. /login's first
 * load stays within its budget (DESIGN.md section 7), and a device that never queued anything
 * never loads the engine.
 */

/** The app's one engine, once loaded: the outbox (`enqueue`) and login reach it here. */
let engine: Promise<SyncEngine> | null = null;

/** Loads, makes and starts the sync engine once; later calls get the same engine. */
export function ensureSyncEngine(): Promise<SyncEngine> {
  engine ??= import('./app-sync-engine').then(({ createAppSyncEngine }) => {
    const created = createAppSyncEngine();
    created.start();
    return created;
  });
  engine.catch((error: unknown) => {
    console.error('sync engine failed to load', error);
    engine = null;
  });
  return engine;
}

/**
 * Whether the outbox holds any entry, read with the bare IndexedDB API (no idb, no engine).
 * Never creates the database: opening one that does not exist is aborted in its upgrade.
 */
export function outboxHasEntries(): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(false);
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(DB_NAME);
    } catch {
      return resolve(false);
    }
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(false);
    open.onblocked = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      try {
        if (!db.objectStoreNames.contains('outbox')) return resolve(false);
        const count = db.transaction('outbox', 'readonly').objectStore('outbox').count();
        count.onsuccess = () => resolve(count.result > 0);
        count.onerror = () => resolve(false);
      } catch {
        resolve(false);
      } finally {
        db.close();
      }
    };
  });
}

/** At app start: the engine runs when something already waits (from an earlier visit or another tab). */
export function startSyncWhenNeeded(): void {
  void outboxHasEntries().then((waiting) => {
    if (waiting) void ensureSyncEngine();
  });
}
