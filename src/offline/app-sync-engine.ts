import { calls } from '@contract/calls';
import { onAnswered } from '@/api/reachability';
import { API_BASE_URL, request } from '@/api/request';
import { getSupplierId, getToken } from '@/api/session';
import { allEntries, patchEntry, removeEntry, setOwnerStatus } from './outbox-store';
import { createSyncEngine, type SyncEngine } from './sync-engine';

/** How long a probe waits for the bid service before it counts as unreachable. */
export const PROBE_TIMEOUT_MS = 3000;

/**
 * Whether the bid service answers: a HEAD of its base URL, never cached, carrying nothing
 * (the service worker leaves it alone: it answers only POSTs of the public calls). Any HTTP
 * answer, even 404, says it is reachable, except a 5xx: the service answers its own errors in
 * an envelope, so a bare 5xx there is a proxy or gateway saying the service behind it is not
 * (the dev server's proxy answers 500). No answer in time, or a failed fetch, says unreachable.
 * `no-cors`: a bid service on another origin answers opaquely (status unknown), and that counts.
 */
export async function probeBidService(): Promise<boolean> {
  try {
    const response = await fetch(API_BASE_URL, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.type === 'opaque' || response.status < 500;
  } catch {
    return false;
  }
}

/**
 * The portal's sync engine, made with the browser's dependencies: the outbox in IndexedDB,
 * the request layer (quiet, with the entry's key), the session cookies, Web Locks, the
 * window's and the service worker's events, the request layer's answers and the probe above.
 * Part of the engine's lazy chunk (`on-demand.ts` loads it and keeps the one instance); tus
 * uploads load only for an entry with files.
 */
export function createAppSyncEngine(): SyncEngine {
  return createSyncEngine({
    store: { allEntries, patchEntry, removeEntry, setOwnerStatus },
    send: (entry, payload) =>
      request(calls[entry.call], payload as never, { idempotencyKey: entry.idempotencyKey, background: true, suppressError: true }),
    uploadFile: async (uploadId) => (await import('./uploads')).uploadFile(uploadId),
    session: () => ({ token: getToken(), supplierId: getSupplierId() }),
    locks: globalThis.navigator?.locks,
    triggers: {
      window: globalThis,
      document: globalThis.document,
      serviceWorker: globalThis.navigator?.serviceWorker,
      navigator: globalThis.navigator,
      answered: onAnswered,
    },
    probe: probeBidService,
  });
}
