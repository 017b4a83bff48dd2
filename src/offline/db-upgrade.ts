import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { FileField, OutboxEntry, PortalDb, UploadRecord } from './db';

/**
 * The schema of the portal's database and the conversion of records written by older builds.
 * A user may have queued work offline before an update: the new build must send it as it is.
 */

/** The stores as version 1 created them; version 2 changed records, not stores. */
export function createStores(db: IDBPDatabase<PortalDb>): void {
  const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
  outbox.createIndex('owner', 'owner');
  outbox.createIndex('createdAt', 'createdAt');
  const uploads = db.createObjectStore('uploads', { keyPath: 'id' });
  uploads.createIndex('entryId', 'entryId');
  uploads.createIndex('owner', 'owner');
  const chunks = db.createObjectStore('chunks', { keyPath: ['uploadId', 'index'] });
  chunks.createIndex('uploadId', 'uploadId');
  db.createObjectStore('drafts', { keyPath: 'key' });
  db.createObjectStore('kv');
}

/** An entry as version 1 stored it: one optional file field, no deadline. */
type V1Entry = Omit<OutboxEntry, 'fileFields' | 'deadline'> & { attachments?: { field: string; uploadIds: string[] } | null };
type V1Upload = Omit<UploadRecord, 'field'>;

/** The only field version 1's callers used. */
const V1_DEFAULT_FIELD = 'attachments';

/** A version 1 entry in version 2's shape (pure: the upgrade and its test share it). */
function entryFromV1(old: V1Entry): OutboxEntry {
  const { attachments, ...rest } = old;
  const fileFields: FileField[] =
    attachments && attachments.uploadIds.length > 0 ? [{ field: attachments.field, uploadIds: [...attachments.uploadIds] }] : [];
  return { ...rest, fileFields, deadline: null };
}

/**
 * Version 1 → 2, inside the upgrade's own transaction: entries get `fileFields` and
 * `deadline: null`, uploads the field of their entry. Only IndexedDB requests are awaited, so
 * the versionchange transaction stays alive; anything unexpected aborts it (the database stays
 * at version 1, unchanged, rather than half converted).
 */
export async function migrateV1Records(tx: IDBPTransaction<PortalDb, StoreNames<PortalDb>[], 'versionchange'>): Promise<void> {
  try {
    const fieldOf = new Map<string, string>();
    for (let cursor = await tx.objectStore('outbox').openCursor(); cursor; cursor = await cursor.continue()) {
      const stored = cursor.value as unknown as V1Entry | OutboxEntry;
      // Written by a version 2 tab that lost the race to upgrade? Already in shape.
      if ('fileFields' in stored && Array.isArray(stored.fileFields)) continue;
      const entry = entryFromV1(stored as V1Entry);
      for (const { field, uploadIds } of entry.fileFields) for (const id of uploadIds) fieldOf.set(id, field);
      await cursor.update(entry);
    }
    for (let cursor = await tx.objectStore('uploads').openCursor(); cursor; cursor = await cursor.continue()) {
      const stored = cursor.value as V1Upload | UploadRecord;
      if ('field' in stored && typeof stored.field === 'string') continue;
      await cursor.update({ ...stored, field: fieldOf.get(stored.id) ?? V1_DEFAULT_FIELD });
    }
  } catch (error) {
    console.error('outbox upgrade to version 2 failed', error);
    try {
      tx.abort();
    } catch {
      // Already finished or aborted.
    }
  }
}
