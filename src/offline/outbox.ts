import { openPortalDb, type ChunkRecord, type OutboxCall, type OutboxEntry, type OwnerKey, type UploadRecord } from './db';
import { emitChange, onChange, onRefusedLocal, onSentLocal } from './events';
import { ensureSyncEngine } from './on-demand';
import { newId, newIdempotencyKey } from './ids';
import { byAge, getEntry, getUpload, patchEntry, readChunks, removeEntry, uploadsOf } from './outbox-store';
import { parsePath } from './path';
import { assertRoomFor, ensurePersisted, isQuotaError, StorageFullError } from './storage';

/**
 * The outbox (DESIGN.md section 4): a write is stored first, then sent by the sync engine.
 * An entry holds the intent (call + body), never a header or a token.
 */
export { StorageFullError };

/** The files of one named field of an entry. */
export interface EnqueueFiles {
  /** Dotted path into the payload: 'attachments', 'remittanceSlip', 'bidDocuments', 'certificates.0.files', 'billOfMaterials'. */
  field: string;
  /** May be empty: the field's array is still created in the payload. */
  files: File[];
  /** How the screen names the field (e.g. the certificate's name), shown as a group heading on the pending page. */
  label?: string;
  /** The field holds one FileRef, not an array ('files.0.file'): its one file is set there. */
  single?: boolean;
}

export interface EnqueueInput {
  /** supplierOwner(getSupplierId()) or visitorOwner(phone). */
  owner: OwnerKey;
  /** FIFO group, e.g. `communication:${id}`, `communication:new`, `visitor:${phone}`, `tender:${recordId}`. */
  thread: string;
  call: OutboxCall;
  payload: Record<string, unknown>;
  /**
   * Named file fields, uploaded (tus) before the entry is sent. The FileRefs are appended to
   * the array at each `field` path (created when missing), field by field, in the order given.
   */
  files?: EnqueueFiles[];
  /** Epoch ms by which the write must reach the bid service (a tender's cut-off): warned about when near, kept when missed. */
  deadline?: number | null;
  /** Shown on the pending page. */
  summary: string;
  /**
   * The id of an entry this write mends: one the bid service refused (or that never went), opened
   * in its form and corrected. It takes that entry's place in its thread, with a new idempotency
   * key (the refused write was not applied), and keeps the stored uploads of the files the form
   * kept (see `entryFiles`): a file already uploaded is not sent again.
   */
  replaces?: string;
}

/** An entry that is no longer there or no longer mendable (sent, in flight, or discarded meanwhile). */
export class EntryNotMendableError extends Error {
  constructor() {
    super('This entry cannot be changed now');
    this.name = 'EntryNotMendableError';
  }
}

/**
 * Whether the bid service surely did not apply the entry, so it may be changed and sent as a new
 * write: refused (E4xx), paused (E401) or never tried. One in flight, or retried after a network
 * error, may have been applied.
 */
export const isMendable = (entry: OutboxEntry): boolean =>
  entry.status === 'failed' || entry.status === 'paused' || (entry.status === 'queued' && entry.attempts === 0);

/** Files `entryFiles` rebuilt from an entry's stored uploads, with the upload each came from. */
const storedFileOf = new WeakMap<File, string>();

/** Files are stored in pieces of this size: a browser never has to clone one 50 MB value at once. */
export const STORE_CHUNK_BYTES = 4 * 1024 * 1024;

let lastCreatedAt = 0;
/** Strictly increasing within a tab, so two entries written in one millisecond keep their order. */
function nextCreatedAt(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return lastCreatedAt;
}

function splitFile(
  file: File,
  owner: OwnerKey,
  entryId: string,
  field: string,
  createdAt: number,
): { upload: UploadRecord; chunks: ChunkRecord[] } {
  const id = newId();
  const chunkCount = Math.max(1, Math.ceil(file.size / STORE_CHUNK_BYTES));
  const chunks: ChunkRecord[] = [];
  for (let index = 0; index < chunkCount; index++) {
    chunks.push({ uploadId: id, index, blob: file.slice(index * STORE_CHUNK_BYTES, (index + 1) * STORE_CHUNK_BYTES, file.type) });
  }
  const upload: UploadRecord = {
    id,
    owner,
    entryId,
    field,
    name: file.name,
    type: file.type || 'application/octet-stream',
    size: file.size,
    chunkCount,
    tusUrl: null,
    uploadedBytes: 0,
    fileRef: null,
    status: 'queued',
    lastError: null,
    createdAt,
  };
  return { upload, chunks };
}

/** Asks the service worker for a Background Sync, where the browser has it (Chromium). */
function registerBackgroundSync(): void {
  const container = globalThis.navigator?.serviceWorker;
  if (!container?.getRegistration) return;
  void container
    .getRegistration()
    .then((registration) =>
      (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync?.register(
        'portal-outbox',
      ),
    )
    .catch(() => {
      // Without Background Sync the engine's own triggers (online, visibility, timer) still run.
    });
}

/**
 * Stores the entry with every field's files in one transaction (entry, uploads, chunks), or
 * nothing. Throws StorageFullError when the device has no room for all the fields' bytes
 * (checked before, and on a quota error while writing).
 */
export async function enqueue(input: EnqueueInput): Promise<OutboxEntry> {
  const fields = input.files ?? [];
  // A bad path would fail every attempt later: refuse it now, before anything is stored.
  fields.forEach(({ field, files, single }) => {
    parsePath(field);
    if (single && files.length !== 1) throw new Error(`A single-file field needs exactly one file: "${field}"`);
  });
  void ensurePersisted();
  // Files kept from the entry being mended are stored already.
  const isNew = (file: File) => !input.replaces || !storedFileOf.has(file);
  const bytes = fields.reduce((sum, { files }) => sum + files.filter(isNew).reduce((n, file) => n + file.size, 0), 0);
  if (bytes > 0) await assertRoomFor(bytes);

  const db = await openPortalDb();
  const tx = db.transaction(['outbox', 'uploads', 'chunks'], 'readwrite');
  const writes: Promise<unknown>[] = [];
  let entry: OutboxEntry;
  try {
    const previous = input.replaces ? await tx.objectStore('outbox').get(input.replaces) : undefined;
    if (input.replaces && (!previous || previous.owner !== input.owner || previous.call !== input.call || !isMendable(previous)))
      throw new EntryNotMendableError();
    const now = Date.now();
    const createdAt = previous?.createdAt ?? nextCreatedAt();
    const entryId = previous?.id ?? newId();
    const previousUploads = new Set(previous?.fileFields.flatMap((field) => field.uploadIds) ?? []);
    const keptId = (file: File) => {
      const id = storedFileOf.get(file);
      return id && previousUploads.has(id) ? id : null;
    };
    const groups = fields.map(({ field, files, label, single }) => ({
      field,
      label,
      single,
      files: files.map((file) => keptId(file) ?? splitFile(file, input.owner, entryId, field, createdAt)),
    }));
    entry = {
      id: entryId,
      owner: input.owner,
      thread: input.thread,
      call: input.call,
      payload: input.payload,
      fileFields: groups.map(({ field, label, single, files }) => ({
        field,
        ...(label ? { label } : {}),
        ...(single ? { single } : {}),
        uploadIds: files.map((file) => (typeof file === 'string' ? file : file.upload.id)),
      })),
      deadline: input.deadline ?? null,
      idempotencyKey: newIdempotencyKey(),
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      summary: input.summary,
      createdAt,
      updatedAt: now,
    };
    const kept = new Map(
      groups.flatMap(({ field, files }) =>
        files.filter((file): file is string => typeof file === 'string').map((id) => [id, field] as const),
      ),
    );
    const uploads = tx.objectStore('uploads');
    const chunks = tx.objectStore('chunks');
    for (const uploadId of previousUploads) {
      const field = kept.get(uploadId);
      const upload = await uploads.get(uploadId);
      if (!upload) continue;
      if (field !== undefined) {
        // Kept: it goes again as it is (uploaded already, or waiting), under the field it is in now.
        writes.push(uploads.put({ ...upload, field, ...(upload.status === 'failed' ? { status: 'queued', lastError: null } : {}) }));
      } else {
        writes.push(uploads.delete(uploadId));
        for (const key of await chunks.index('uploadId').getAllKeys(uploadId)) writes.push(chunks.delete(key));
      }
    }
    for (const { files } of groups) {
      for (const part of files) {
        if (typeof part === 'string') continue;
        writes.push(uploads.add(part.upload));
        for (const chunk of part.chunks) writes.push(chunks.add(chunk));
      }
    }
    writes.push(previous ? tx.objectStore('outbox').put(entry) : tx.objectStore('outbox').add(entry));
    await Promise.all([...writes, tx.done]);
  } catch (error) {
    // Whatever failed, nothing of this write may stay: abort what the transaction still holds.
    writes.forEach((write) => void write.catch(() => {}));
    try {
      tx.abort();
    } catch {
      // Already aborted or finished.
    }
    await tx.done.catch(() => {});
    if (isQuotaError(error)) throw new StorageFullError();
    throw error;
  }
  registerBackgroundSync();
  emitChange(true);
  // Written in this tab: make sure an engine runs to send it (it may not be loaded yet).
  void ensureSyncEngine();
  return entry;
}

/**
 * An entry and its files, to open it in its form and mend it: the files by field (payload path),
 * rebuilt from the bytes kept on the device. Passed back to `enqueue` with `replaces`, a file the
 * form kept keeps its stored upload. Null when the entry is gone.
 */
export async function entryFiles(entryId: string): Promise<{ entry: OutboxEntry; files: Record<string, File[]> } | null> {
  const entry = await getEntry(entryId);
  if (!entry) return null;
  const files: Record<string, File[]> = {};
  for (const { field, uploadIds } of entry.fileFields) {
    files[field] = [];
    for (const uploadId of uploadIds) {
      const [upload, blob] = await Promise.all([getUpload(uploadId), readStoredFile(uploadId)]);
      if (!upload || !blob) continue;
      const file = new File([blob], upload.name, { type: upload.type });
      storedFileOf.set(file, uploadId);
      files[field].push(file);
    }
  }
  return { entry, files };
}

/** The entries of these owners, oldest first. */
export async function listEntries(owners: OwnerKey[]): Promise<OutboxEntry[]> {
  if (owners.length === 0) return [];
  const db = await openPortalDb();
  const lists = await Promise.all(owners.map((owner) => db.getAllFromIndex('outbox', 'owner', owner)));
  return lists.flat().sort(byAge);
}

/** An entry's uploads in the order its fields and their files were given. */
export async function listUploads(entryId: string): Promise<UploadRecord[]> {
  const [entry, uploads] = await Promise.all([getEntry(entryId), uploadsOf(entryId)]);
  const order = entry?.fileFields.flatMap((field) => field.uploadIds) ?? [];
  return uploads.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/**
 * The bytes of a file of an unsent entry, as one Blob, or null when they are not all on the
 * device. They stay until the entry is sent (uploaded files too: a refused entry is mended with
 * them), so this answers for every file an entry holds. For "download what I wrote".
 */
export async function readStoredFile(uploadId: string): Promise<Blob | null> {
  const upload = await getUpload(uploadId);
  if (!upload) return null;
  const blob = new Blob(await readChunks(uploadId), { type: upload.type });
  return blob.size === upload.size ? blob : null;
}

/** failed / paused → queued, due now. */
export async function retry(id: string): Promise<void> {
  const now = Date.now();
  // A queued entry waiting out its backoff goes now too: "retry" means now.
  await patchEntry(id, (entry) =>
    entry.status === 'failed' || entry.status === 'paused'
      ? { ...entry, status: 'queued', nextAttemptAt: now, lastError: null }
      : entry.status === 'queued' && entry.nextAttemptAt > now
        ? { ...entry, nextAttemptAt: now }
        : null,
  );
  const db = await openPortalDb();
  const tx = db.transaction('uploads', 'readwrite');
  const failed = (await tx.store.index('entryId').getAll(id)).filter((upload) => upload.status === 'failed');
  await Promise.all([...failed.map((upload) => tx.store.put({ ...upload, status: 'queued', lastError: null })), tx.done]);
  emitChange(true);
}

/** Deletes the entry, its uploads and their stored bytes. */
export async function discard(id: string): Promise<void> {
  await removeEntry(id);
  emitChange();
}

/** Any change of the outbox, in this tab or another. */
export function subscribe(listener: () => void): () => void {
  return onChange(listener);
}

/** An entry was accepted by the bid service (in this tab, the one that sent it). */
export function onSent(listener: (entry: OutboxEntry, result: unknown) => void): () => void {
  return onSentLocal(listener);
}

/**
 * Hears, in this tab, each entry the bid service refused for good. A refusal says the screen's
 * data is older than the service's (a deadline moved, a status changed): what shows is read again.
 */
export function onRefused(listener: (entry: OutboxEntry) => void): () => void {
  return onRefusedLocal(listener);
}
