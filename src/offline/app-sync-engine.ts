import { calls } from '@contract/calls';
import { request } from '@/api/request';
import { getSupplierId, getToken } from '@/api/session';
import { allEntries, patchEntry, removeEntry, setOwnerStatus } from './outbox-store';
import { createSyncEngine, type SyncEngine } from './sync-engine';

/**
 * The portal's sync engine, made with the browser's dependencies: the outbox in IndexedDB,
 * the request layer (quiet, with the entry's key), the session cookies, Web Locks, the
 * window's and the service worker's events. Part of the engine's lazy chunk (`on-demand.ts`
 * loads it and keeps the one instance); tus uploads load only for an entry with files.
 */
export function createAppSyncEngine(): SyncEngine {
  return createSyncEngine({
    store: { allEntries, patchEntry, removeEntry, setOwnerStatus },
    send: (entry, payload) => request(calls[entry.call], payload as never, { idempotencyKey: entry.idempotencyKey, background: true, suppressError: true }),
    uploadFile: async (uploadId) => (await import('./uploads')).uploadFile(uploadId),
    session: () => ({ token: getToken(), supplierId: getSupplierId() }),
    locks: globalThis.navigator?.locks,
    triggers: { window: globalThis, document: globalThis.document, serviceWorker: globalThis.navigator?.serviceWorker },
  });
}
