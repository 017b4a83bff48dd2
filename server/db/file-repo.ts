import type { Queryable } from './db';

export interface StoredFile {
  id: string;
  storageKey: string;
  ownerSupplierId: string | null;
  public: boolean;
  originalName: string;
  size: number;
  mime: string;
  /** SHA-256 of the bytes (hex); null for a file stored before the service kept it (`digestOf`). */
  sha256: string | null;
}

interface FileRow {
  id: string;
  storage_key: string;
  owner_supplier_id: string | null;
  public: boolean;
  original_name: string;
  size: string | number;
  mime: string;
  sha256: string | null;
}

const COLUMNS = 'id::text AS id, storage_key, owner_supplier_id::text AS owner_supplier_id, public, original_name, size, mime, sha256';

const toFile = (r: FileRow): StoredFile => ({
  id: r.id,
  storageKey: r.storage_key,
  ownerSupplierId: r.owner_supplier_id,
  public: r.public,
  originalName: r.original_name,
  size: Number(r.size),
  mime: r.mime,
  sha256: r.sha256,
});

/** `uploadAddress`: the address key of an anonymous upload (its share of the unclaimed space, services/quotas.ts). */
export async function insertFile(
  db: Queryable,
  f: Omit<StoredFile, 'id' | 'sha256'> & { sha256: string; uploadAddress?: string | null },
  now: Date,
): Promise<void> {
  await db.query(
    'INSERT INTO files (storage_key, owner_supplier_id, public, original_name, size, mime, sha256, created_at, upload_address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [f.storageKey, f.ownerSupplierId, f.public, f.originalName, f.size, f.mime, f.sha256, now, f.uploadAddress ?? null],
  );
}

/** A file's SHA-256: the one kept, else computed from its bytes and kept (files stored before the column). */
export async function digestOf(db: Queryable, storage: { digest(key: string): Promise<string> }, file: StoredFile): Promise<string> {
  if (file.sha256) return file.sha256;
  const sha256 = await storage.digest(file.storageKey);
  await db.query('UPDATE files SET sha256 = $2 WHERE storage_key = $1', [file.storageKey, sha256]);
  return sha256;
}

/**
 * `lock`: hold the rows (FOR SHARE) until the transaction ends, as a write that references them
 * does, so that housekeeping cannot delete an unclaimed upload between the check and the claim.
 */
export async function findFilesByKeys(db: Queryable, keys: string[], lock = false): Promise<StoredFile[]> {
  if (!keys.length) return [];
  return (
    await db.query<FileRow>(`SELECT ${COLUMNS} FROM files WHERE storage_key = ANY($1::text[])${lock ? ' FOR SHARE' : ''}`, [keys])
  ).map(toFile);
}

export async function findFileByKey(db: Queryable, key: string): Promise<StoredFile | null> {
  return (await findFilesByKeys(db, [key]))[0] ?? null;
}

/** Unowned private files among `keys` become the supplier's. */
export async function claimFiles(db: Queryable, keys: string[], supplierId: string): Promise<void> {
  if (!keys.length) return;
  await db.query(
    'UPDATE files SET owner_supplier_id = $2 WHERE storage_key = ANY($1::text[]) AND owner_supplier_id IS NULL AND NOT public',
    [keys, supplierId],
  );
}

/**
 * The space unclaimed uploads hold, in all and those of `address`: files no record references
 * yet, and the bytes unfinished anonymous tus uploads have received (not what they declared),
 * counting only those active since `activeSince` (a stalled one holds nothing; housekeeping
 * removes it).
 */
export async function unclaimedBytes(db: Queryable, activeSince: Date, address = ''): Promise<{ total: number; mine: number }> {
  const rows = await db.query<{ total: string | number; mine: string | number }>(
    `WITH held AS (
       SELECT size AS bytes, upload_address AS address FROM files WHERE owner_supplier_id IS NULL AND NOT public
       UNION ALL
       SELECT received, address FROM tus_uploads WHERE owner_supplier_id IS NULL AND storage_key IS NULL AND active_at >= $1)
     SELECT COALESCE(sum(bytes), 0) AS total, COALESCE(sum(bytes) FILTER (WHERE address = $2), 0) AS mine FROM held`,
    [activeSince, address],
  );
  return { total: Number(rows[0]?.total ?? 0), mine: Number(rows[0]?.mine ?? 0) };
}

/**
 * Housekeeping: forgets the uploads no record claimed since before `before` and answers their
 * storage keys, for the bytes to be removed. A write that references uploads holds their rows
 * (findFilesByKeys with `lock`) until it has claimed them, so the delete waits for it and then
 * skips what it claimed; what the delete took first, the write reports as not found.
 */
export async function deleteUnclaimedFiles(db: Queryable, before: Date): Promise<string[]> {
  const rows = await db.query<{ storage_key: string }>(
    'DELETE FROM files WHERE owner_supplier_id IS NULL AND NOT public AND created_at < $1 RETURNING storage_key',
    [before],
  );
  return rows.map((r) => r.storage_key);
}
