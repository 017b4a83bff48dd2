import { openPortalDb, type EntryStatus, type OutboxEntry, type OwnerKey, type UploadRecord } from './db';

/**
 * Read-modify-write helpers over the outbox stores, each in one transaction, shared by the
 * outbox API and the sync engine. A record deleted meanwhile (discarded by the user while it
 * was being sent) stays deleted: a patch of a missing record writes nothing.
 */

/** Oldest first; ties (same millisecond, two tabs) by id so every tab sees one order. */
export const byAge = (a: OutboxEntry, b: OutboxEntry) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function allEntries(): Promise<OutboxEntry[]> {
  const db = await openPortalDb();
  return (await db.getAll('outbox')).sort(byAge);
}

export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  return (await openPortalDb()).get('outbox', id);
}

/** Applies `change` to the stored entry; `null` from it leaves the entry as it is. Answers the stored result. */
export async function patchEntry(id: string, change: (entry: OutboxEntry) => OutboxEntry | null): Promise<OutboxEntry | null> {
  const db = await openPortalDb();
  const tx = db.transaction('outbox', 'readwrite');
  const current = await tx.store.get(id);
  const next = current ? change(current) : null;
  if (next) await tx.store.put({ ...next, updatedAt: Date.now() });
  await tx.done;
  return next;
}

/** Moves every entry of `owner` whose status is in `from` to `to` (E401 pauses, login resumes). */
export async function setOwnerStatus(
  owner: OwnerKey,
  from: EntryStatus[],
  to: EntryStatus,
  extra: Partial<OutboxEntry> = {},
): Promise<number> {
  const db = await openPortalDb();
  const tx = db.transaction('outbox', 'readwrite');
  const entries = await tx.store.index('owner').getAll(owner);
  const now = Date.now();
  const moved = entries.filter((entry) => from.includes(entry.status));
  await Promise.all([...moved.map((entry) => tx.store.put({ ...entry, ...extra, status: to, updatedAt: now })), tx.done]);
  return moved.length;
}

/**
 * Deletes an entry with its uploads and their chunks, in one transaction; `keep` (the receipts
 * of a sent entry: `receipts.ts`) is written to the kv store in that same transaction.
 */
export async function removeEntry(id: string, keep: readonly { key: string; value: unknown }[] = []): Promise<void> {
  const db = await openPortalDb();
  const tx = db.transaction(['outbox', 'uploads', 'chunks', 'kv'], 'readwrite');
  const uploads = await tx.objectStore('uploads').index('entryId').getAllKeys(id);
  const chunkKeys = (await Promise.all(uploads.map((uploadId) => tx.objectStore('chunks').index('uploadId').getAllKeys(uploadId)))).flat();
  await Promise.all([
    tx.objectStore('outbox').delete(id),
    ...uploads.map((uploadId) => tx.objectStore('uploads').delete(uploadId)),
    ...chunkKeys.map((key) => tx.objectStore('chunks').delete(key)),
    ...keep.map(({ key, value }) => tx.objectStore('kv').put(value, key)),
    tx.done,
  ]);
}

export async function uploadsOf(entryId: string): Promise<UploadRecord[]> {
  const db = await openPortalDb();
  return db.getAllFromIndex('uploads', 'entryId', entryId);
}

export async function getUpload(id: string): Promise<UploadRecord | undefined> {
  return (await openPortalDb()).get('uploads', id);
}

export async function patchUpload(id: string, change: (upload: UploadRecord) => UploadRecord | null): Promise<UploadRecord | null> {
  const db = await openPortalDb();
  const tx = db.transaction('uploads', 'readwrite');
  const current = await tx.store.get(id);
  const next = current ? change(current) : null;
  if (next) await tx.store.put(next);
  await tx.done;
  return next;
}

/** The stored pieces of a file, in order. */
export async function readChunks(uploadId: string): Promise<Blob[]> {
  const db = await openPortalDb();
  const chunks = await db.getAllFromIndex('chunks', 'uploadId', uploadId);
  return chunks.sort((a, b) => a.index - b.index).map((chunk) => chunk.blob);
}

/** Removes an upload's bytes (entries of versions before this one freed them once uploaded; tests make such an entry). */
export async function deleteChunks(uploadId: string): Promise<void> {
  const db = await openPortalDb();
  const tx = db.transaction('chunks', 'readwrite');
  const keys = await tx.store.index('uploadId').getAllKeys(uploadId);
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
}
