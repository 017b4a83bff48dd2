/**
 * The device's storage as the outbox sees it (DESIGN.md section 4): ask to keep it
 * (`persist()`) when the first entry is written, check the room left (`estimate()`) before
 * accepting files, and tell a quota error apart from other failures.
 */

/** The device has no room for what the user wants to keep: nothing was written. The caller translates the message. */
export class StorageFullError extends Error {
  constructor(message = 'Not enough storage on this device') {
    super(message);
    this.name = 'StorageFullError';
  }
}

/** Room kept free besides the files themselves (entry records, the browser's own bookkeeping). */
const SAFETY_MARGIN_BYTES = 1024 * 1024;

let persistAsked: Promise<boolean> | null = null;

/**
 * Asks once per page life for persistent storage, so the browser does not evict queued work
 * under pressure. Called without awaiting from the user's own action (Firefox may prompt).
 */
export function ensurePersisted(): Promise<boolean> {
  persistAsked ??= (async () => {
    const storage = globalThis.navigator?.storage;
    if (!storage?.persist) return false;
    try {
      if (await storage.persisted?.()) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return persistAsked;
}

/** Throws StorageFullError when the origin's quota cannot hold `bytes` more. Without `estimate()`, the write itself decides. */
export async function assertRoomFor(bytes: number): Promise<void> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.estimate) return;
  let estimate: StorageEstimate;
  try {
    estimate = await storage.estimate();
  } catch {
    return;
  }
  if (estimate.quota === undefined) return;
  const free = estimate.quota - (estimate.usage ?? 0);
  if (bytes + SAFETY_MARGIN_BYTES > free) throw new StorageFullError();
}

/** A quota error as the browsers name it (IndexedDB reports it as the transaction's error). */
export function isQuotaError(error: unknown): boolean {
  if (error instanceof StorageFullError) return true;
  if (!error || typeof error !== 'object') return false;
  const { name, code } = error as { name?: string; code?: number };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/** For tests: forget that persistence was asked. */
export function resetStorageForTests(): void {
  persistAsked = null;
}
