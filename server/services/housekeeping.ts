import type { FileStore } from '@tus/file-store';
import { deleteOldAttempts } from '../db/attempt-repo';
import type { Db } from '../db/db';
import { deleteUnclaimedFiles } from '../db/file-repo';
import { deleteOldQuotaUsage, quotaDay } from '../db/quota-repo';
import { deleteExpiredSessions } from '../db/session-repo';
import { deleteStaleTusUploads } from '../db/tus-repo';
import type { FileStorage } from '../files/storage';
import { deleteOldIdempotencyKeys, IDEMPOTENCY_KEEP_MS } from '../http/idempotency';
import { DEFAULT_QUOTAS } from './quotas';

export interface HousekeepingServices {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /** The tus store of the data directory (routes/file/tus.ts `tusStore`). */
  tus: FileStore;
  /** Unclaimed uploads and unfinished tus uploads older than this go (Quotas.unclaimedTtlMs). */
  unclaimedTtlMs?: number;
  /** Unfinished anonymous tus uploads that received nothing for this long go (Quotas.stalledUploadMs). */
  stalledUploadMs?: number;
}

/** What one run removed. */
export interface HousekeepingResult {
  unclaimedFiles: number;
  tusUploads: number;
}

const DAY_MS = 24 * 3600_000;

/** The advisory lock of a housekeeping run: instances on one database take turns, never run it twice at once. */
export const HOUSEKEEPING_LOCK = 7301946503;

/**
 * Drops what nobody will use again, so the database and the disk stay small (main.ts runs it at
 * start and every 15 minutes): expired sessions, rate-limit attempts and quota counters past their window,
 * counts of search terms past their use, old idempotency keys, uploads no record claimed within
 * `unclaimedTtlMs` (row and bytes), and tus uploads unfinished after as long, or anonymous and
 * silent for `stalledUploadMs` (row, bytes and the store's info file). Time is the services' clock, so tests move it.
 *
 * The rows go in one transaction that first tries a database lock: when another instance on
 * the same database is running it, this run does nothing and answers null. The bytes go after
 * the rows are gone for good (a file whose row is gone can no longer be claimed or downloaded).
 */
export async function housekeeping(s: HousekeepingServices): Promise<HousekeepingResult | null> {
  const { db, storage, tus } = s;
  const now = s.now();
  const ttl = s.unclaimedTtlMs ?? DEFAULT_QUOTAS.unclaimedTtlMs;
  const before = new Date(now.getTime() - ttl);

  const gone = await db.transaction(async (tx) => {
    const [lock] = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [HOUSEKEEPING_LOCK]);
    if (!lock?.got) return null;
    await deleteExpiredSessions(tx, now);
    await deleteOldAttempts(tx, new Date(now.getTime() - DAY_MS));
    await deleteOldIdempotencyKeys(tx, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS));
    await deleteOldQuotaUsage(tx, quotaDay(new Date(now.getTime() - DAY_MS)));
    const keys = await deleteUnclaimedFiles(tx, before);
    // A completed anonymous tus upload whose file goes here is stale now too.
    const ids = await deleteStaleTusUploads(tx, before, new Date(now.getTime() - (s.stalledUploadMs ?? DEFAULT_QUOTAS.stalledUploadMs)));
    return { keys, ids };
  });
  if (!gone) return null;

  for (const key of gone.keys) await storage.remove(key);
  for (const id of gone.ids) await tus.remove(id).catch(() => tus.configstore.delete(id).catch(() => undefined));
  // The store's own expiry (wall clock) catches bytes without a row.
  await tus.deleteExpired();

  return { unclaimedFiles: gone.keys.length, tusUploads: gone.ids.length };
}
