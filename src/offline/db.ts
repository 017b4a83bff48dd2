import type { FileRef } from '@contract/schemas/common';
import type { CallName } from '@contract/calls';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DB_NAME } from './db-name';
import { createStores, migrateV1Records } from './db-upgrade';

/**
 * The portal's one IndexedDB database (DESIGN.md section 4). Every store that holds a user's
 * work carries its owner: `supplier:<supplierId>` or `visitor:<phone>`, so entries of one
 * account are never shown to or sent under another. The service worker keeps its stored
 * public answers in a database of its own (`src/offline/public-store.ts`).
 */
export type OwnerKey = `supplier:${string}` | `visitor:${string}`;
export const supplierOwner = (supplierId: string): OwnerKey => `supplier:${supplierId}`;
export const visitorOwner = (phone: string): OwnerKey => `visitor:${phone}`;

/** Writes that may wait in the outbox (the calls a user makes that must never be lost). */
export type OutboxCall = Extract<
  CallName,
  | 'communicationSave'
  | 'communicationReply'
  | 'h5SavePersonnelEntity'
  | 'tenderPayDeposit'
  | 'tenderSubmitBid'
  | 'tenderReplaceBid'
  | 'tenderWithdrawBid'
  | 'tenderApplyRefund'
  | 'enquiryQuote'
  | 'visitApplySave'
>;

/**
 * queued: waits for its turn (or its next attempt time); sending: in flight in the leader tab;
 * paused: the bid service said E401, waits for its owner to log in again;
 * failed: a business error (E4xx): waits for the user to edit, retry or discard.
 * A sent entry is deleted.
 */
export type EntryStatus = 'queued' | 'sending' | 'paused' | 'failed';

export interface OutboxEntry {
  id: string;
  owner: OwnerKey;
  /** FIFO group: entries of one thread are sent in the order they were written. */
  thread: string;
  call: OutboxCall;
  /** The request body as the user meant it; never a header or a token. */
  payload: Record<string, unknown>;
  /**
   * Named file fields, in the order given: each field's files are uploaded first and their
   * FileRefs appended to the array at `field` (a dotted path into the payload) before sending.
   * A field may hold no files (its array is still created).
   */
  fileFields: FileField[];
  /** Epoch ms by which the write must reach the bid service (a tender's cut-off), or null. Warned about, never enforced here. */
  deadline: number | null;
  idempotencyKey: string;
  status: EntryStatus;
  attempts: number;
  /** Epoch ms; the entry is not sent before. */
  nextAttemptAt: number;
  /** The last refusal: envelope code, its text as shown, and its reason (the message key, X-Reason) when the bid service said one. */
  lastError: { code: string; message: string; reason?: string } | null;
  /** What the pending page shows (e.g. the first words of a reply). */
  summary: string;
  createdAt: number;
  updatedAt: number;
}

export interface FileField {
  /** Dotted path into the payload: 'attachments', 'bidDocuments', 'certificates.0.files'. */
  field: string;
  /** What the screen that wrote it called the field, in the user's language at the time; shown on the pending page. */
  label?: string;
  /** The field holds one FileRef (its one upload), set at the path instead of appended. */
  single?: boolean;
  uploadIds: string[];
}

type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

/** A file waiting to travel by tus; its bytes are in `chunks`, keyed [uploadId, index]. */
export interface UploadRecord {
  id: string;
  owner: OwnerKey;
  entryId: string;
  /** The entry's file field (payload path) this file belongs to. */
  field: string;
  name: string;
  type: string;
  size: number;
  chunkCount: number;
  /** The tus upload URL once the bid service created it: a resume starts from there. */
  tusUrl: string | null;
  /** Bytes the bid service acknowledged. */
  uploadedBytes: number;
  /** The SHA-256 of the bytes on this device, computed while they first went out (`file-digest.ts`); absent before. */
  sha256?: string;
  fileRef: FileRef | null;
  status: UploadStatus;
  lastError: string | null;
  createdAt: number;
}

export interface ChunkRecord {
  uploadId: string;
  index: number;
  blob: Blob;
}

interface DraftRecord {
  /** `${owner}|${formKey}` */
  key: string;
  values: unknown;
  savedAt: number;
}

export interface PortalDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { owner: string; createdAt: number } };
  uploads: { key: string; value: UploadRecord; indexes: { entryId: string; owner: string } };
  chunks: { key: [string, number]; value: ChunkRecord; indexes: { uploadId: string } };
  drafts: { key: string; value: DraftRecord };
  /** Small records by key: the visitor's passes, the persisted query cache per supplier. */
  kv: { key: string; value: unknown };
}

export type PortalDatabase = IDBPDatabase<PortalDb>;
export { DB_NAME } from './db-name';
/** 1: the first outbox (one `attachments` field per entry); 2: named file fields and a deadline per entry. */
const DB_VERSION = 2;

let opening: Promise<PortalDatabase> | null = null;

export function openPortalDb(): Promise<PortalDatabase> {
  opening ??= openDB<PortalDb>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) createStores(db);
      // What a user queued before the update (a reply written offline) must survive it.
      else if (oldVersion < 2) void migrateV1Records(transaction);
    },
    // Another tab runs a newer version: let it upgrade, reopen on next use.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** Closes and forgets the connection (tests delete the database between cases). */
export async function closePortalDb(): Promise<void> {
  const db = await opening;
  db?.close();
  opening = null;
}

export async function kvGet<T>(key: string): Promise<T | undefined> {
  return (await (await openPortalDb()).get('kv', key)) as T | undefined;
}

export async function kvSet(key: string, value: unknown): Promise<void> {
  await (await openPortalDb()).put('kv', value, key);
}

/** Keys from `prefix` up to `prefix` followed by any text. */
const prefixRange = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** The kv records whose key starts with `prefix`, with their keys. */
export async function kvEntries<T>(prefix: string): Promise<{ key: string; value: T }[]> {
  const tx = (await openPortalDb()).transaction('kv');
  const range = prefixRange(prefix);
  const [keys, values] = await Promise.all([tx.store.getAllKeys(range), tx.store.getAll(range)]);
  await tx.done;
  return keys.map((key, i) => ({ key, value: values[i] as T }));
}

/** Writes several kv records in one transaction. */
export async function kvSetMany(records: { key: string; value: unknown }[]): Promise<void> {
  const tx = (await openPortalDb()).transaction('kv', 'readwrite');
  await Promise.all([...records.map(({ key, value }) => tx.store.put(value, key)), tx.done]);
}

/** Deletes the kv records whose key starts with `prefix`, or any of `keys`, in one transaction. */
export async function kvDeleteKeys(keys: (string | { prefix: string })[]): Promise<void> {
  const tx = (await openPortalDb()).transaction('kv', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(typeof key === 'string' ? key : prefixRange(key.prefix))), tx.done]);
}
