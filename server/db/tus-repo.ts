import type { Queryable } from './db';

export interface TusUpload {
  uploadId: string;
  ownerSupplierId: string | null;
  /** The stored file once `/file/tusComplete` has run. */
  storageKey: string | null;
  /** The address key that created an anonymous upload. */
  address: string | null;
}

interface TusRow {
  upload_id: string;
  owner_supplier_id: string | null;
  storage_key: string | null;
  address: string | null;
}

const toUpload = (r: TusRow): TusUpload => ({
  uploadId: r.upload_id,
  ownerSupplierId: r.owner_supplier_id,
  storageKey: r.storage_key,
  address: r.address,
});

/**
 * `length`: what the creation declared (undefined: deferred). `address`: the address key of an
 * anonymous creation (services/quotas.ts `addressKey`), null for a supplier's own upload.
 */
export async function insertTusUpload(
  db: Queryable,
  uploadId: string,
  ownerSupplierId: string | null,
  now: Date,
  length: number | undefined,
  address: string | null,
): Promise<void> {
  await db.query(
    'INSERT INTO tus_uploads (upload_id, owner_supplier_id, created_at, length, address, active_at) VALUES ($1, $2, $3, $4, $5, $3)',
    [uploadId, ownerSupplierId, now, length ?? null, address],
  );
}

/** Bytes arrived: the upload now holds `received` of them, and is active as of `now`. */
export async function recordTusProgress(db: Queryable, uploadId: string, received: number, now: Date): Promise<void> {
  await db.query('UPDATE tus_uploads SET received = $2, active_at = $3 WHERE upload_id = $1 AND storage_key IS NULL', [
    uploadId,
    received,
    now,
  ]);
}

/** The anonymous uploads an address has under way: unfinished, and active since `activeSince`. */
export async function openTusUploads(db: Queryable, address: string, activeSince: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tus_uploads WHERE address = $1 AND storage_key IS NULL AND owner_supplier_id IS NULL AND active_at >= $2',
    [address, activeSince],
  );
  return rows[0]?.n ?? 0;
}

/** `lock` holds the row until the transaction ends (one completion at a time). */
export async function findTusUpload(db: Queryable, uploadId: string, lock = false): Promise<TusUpload | null> {
  const rows = await db.query<TusRow>(
    `SELECT upload_id, owner_supplier_id::text AS owner_supplier_id, storage_key, address FROM tus_uploads WHERE upload_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [uploadId],
  );
  return rows[0] ? toUpload(rows[0]) : null;
}

export async function setTusStorageKey(db: Queryable, uploadId: string, storageKey: string): Promise<void> {
  await db.query('UPDATE tus_uploads SET storage_key = $2 WHERE upload_id = $1', [uploadId, storageKey]);
}

/** An unfinished upload its client deleted (tus termination): its declared length no longer holds unclaimed space. */
export async function deleteTusUpload(db: Queryable, uploadId: string): Promise<void> {
  await db.query('DELETE FROM tus_uploads WHERE upload_id = $1 AND storage_key IS NULL', [uploadId]);
}

/**
 * Housekeeping: forgets the unfinished uploads created before `before`, and the anonymous ones
 * that received nothing since `stalledBefore`, and answers their ids, for their bytes to be
 * removed from the tus store.
 */
export async function deleteStaleTusUploads(db: Queryable, before: Date, stalledBefore: Date): Promise<string[]> {
  const rows = await db.query<{ upload_id: string }>(
    'DELETE FROM tus_uploads WHERE storage_key IS NULL AND (created_at < $1 OR (owner_supplier_id IS NULL AND active_at < $2)) RETURNING upload_id',
    [before, stalledBefore],
  );
  return rows.map((r) => r.upload_id);
}
