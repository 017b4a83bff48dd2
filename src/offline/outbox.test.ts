import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPortalDb, supplierOwner, visitorOwner } from './db';
import {
  discard,
  enqueue,
  EntryNotMendableError,
  entryFiles,
  listEntries,
  listUploads,
  onSent,
  readStoredFile,
  retry,
  STORE_CHUNK_BYTES,
  StorageFullError,
  subscribe,
  type EnqueueInput,
} from './outbox';
import { deleteChunks, patchEntry } from './outbox-store';
import { resetStorageForTests } from './storage';
import { fileOf, resetPortalDb, useNodeBlobs } from './test-helpers';

const A = supplierOwner('sa');
const B = supplierOwner('sb');

const reply = (over: Partial<EnqueueInput> = {}): EnqueueInput => ({
  owner: A,
  thread: 'communication:c1',
  call: 'communicationReply',
  payload: { communicationId: 'c1', detail: '你好' },
  summary: '你好',
  ...over,
});

async function counts() {
  const db = await openPortalDb();
  return { outbox: await db.count('outbox'), uploads: await db.count('uploads'), chunks: await db.count('chunks') };
}

function stubStorage(estimate: StorageEstimate = { quota: 1e10, usage: 0 }) {
  const storage = { persist: vi.fn(async () => true), persisted: vi.fn(async () => false), estimate: vi.fn(async () => estimate) };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage }));
  return storage;
}

beforeEach(() => {
  useNodeBlobs();
  resetStorageForTests();
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await resetPortalDb();
});

describe('enqueue', () => {
  it('stores the entry, its uploads and 4 MB chunks in one go, queued with an idempotency key', async () => {
    stubStorage();
    const big = fileOf('plan.pdf', 2 * STORE_CHUNK_BYTES + 5);
    const entry = await enqueue(reply({ files: [{ field: 'attachments', files: [big, fileOf('a.png', 10, 'image/png')] }] }));
    expect(entry).toMatchObject({ owner: A, status: 'queued', attempts: 0, lastError: null });
    expect(entry.idempotencyKey).toMatch(/^[\w-]{8,128}$/);
    expect(entry.fileFields).toEqual([{ field: 'attachments', uploadIds: [expect.any(String), expect.any(String)] }]);
    expect(entry.deadline).toBeNull();
    expect(await counts()).toEqual({ outbox: 1, uploads: 2, chunks: 4 });
    const uploads = await listUploads(entry.id);
    expect(uploads.map((u) => [u.name, u.size, u.chunkCount, u.status, u.uploadedBytes, u.tusUrl])).toEqual([
      ['plan.pdf', 2 * STORE_CHUNK_BYTES + 5, 3, 'queued', 0, null],
      ['a.png', 10, 1, 'queued', 0, null],
    ]);
    const db = await openPortalDb();
    const chunks = await db.getAllFromIndex('chunks', 'uploadId', uploads[0]!.id);
    expect(chunks.map((c) => c.blob.size)).toEqual([STORE_CHUNK_BYTES, STORE_CHUNK_BYTES, 5]);
    // Never a header or a token.
    expect(JSON.stringify(await db.getAll('outbox'))).not.toMatch(/tok-|X-Access-Token/);
  });

  it('asks for persistent storage on the first entry, and checks the room before files', async () => {
    const storage = stubStorage();
    await enqueue(reply());
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(storage.estimate).not.toHaveBeenCalled();
    await enqueue(reply({ files: [{ field: 'attachments', files: [fileOf('a.pdf', 100)] }] }));
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(storage.estimate).toHaveBeenCalledTimes(1);
  });

  it('refuses files the quota cannot hold: StorageFullError, nothing written', async () => {
    stubStorage({ quota: 10 * 1024 * 1024, usage: 9 * 1024 * 1024 });
    await expect(enqueue(reply({ files: [{ field: 'attachments', files: [fileOf('a.pdf', 512 * 1024)] }] }))).rejects.toBeInstanceOf(
      StorageFullError,
    );
    expect(await counts()).toEqual({ outbox: 0, uploads: 0, chunks: 0 });
  });

  it('a quota error while writing leaves nothing half-saved', async () => {
    stubStorage();
    const add = IDBObjectStore.prototype.add;
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['add']>
    ) {
      if (this.name === 'chunks' && (args[0] as { index: number }).index === 1) throw new DOMException('full', 'QuotaExceededError');
      return add.apply(this, args);
    });
    const files = [fileOf('a.pdf', STORE_CHUNK_BYTES + 1)];
    await expect(enqueue(reply({ files: [{ field: 'attachments', files }] }))).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect(await counts()).toEqual({ outbox: 0, uploads: 0, chunks: 0 });
  });

  it('keeps the order of writing, even within one millisecond', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    const first = await enqueue(reply({ summary: '1' }));
    const second = await enqueue(reply({ summary: '2' }));
    vi.restoreAllMocks();
    expect(second.createdAt).toBeGreaterThan(first.createdAt);
    expect((await listEntries([A])).map((e) => e.summary)).toEqual(['1', '2']);
  });
});

describe('named file fields (a tender bid)', () => {
  const MB = 1024 * 1024;
  const bid = (files: EnqueueInput['files'], over: Partial<EnqueueInput> = {}): EnqueueInput => ({
    owner: A,
    thread: 'tender:r1',
    call: 'tenderSubmitBid',
    payload: { tenderRecordId: 'r1', supplierCode: 'S001', certificates: [{ name: 'ISO 9001' }, { name: 'CE' }] },
    files,
    deadline: Date.UTC(2026, 5, 1, 9),
    summary: '提交投标文件',
    ...over,
  });

  it('stores every field (labels, empty ones too) with its uploads and chunks in one transaction, and the deadline', async () => {
    stubStorage();
    const entry = await enqueue(
      bid([
        { field: 'bidDocuments', label: '投标文件', files: [fileOf('技术标.pdf', STORE_CHUNK_BYTES + 1), fileOf('商务标.pdf', 20)] },
        { field: 'certificates.0.files', label: 'ISO 9001', files: [fileOf('iso.pdf', 30)] },
        { field: 'certificates.1.files', label: 'CE', files: [] },
        { field: 'billOfMaterials', files: [fileOf('bom.xlsx', 40, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')] },
      ]),
    );
    expect(entry.deadline).toBe(Date.UTC(2026, 5, 1, 9));
    expect(entry.fileFields.map((f) => [f.field, f.label, f.uploadIds.length])).toEqual([
      ['bidDocuments', '投标文件', 2],
      ['certificates.0.files', 'ISO 9001', 1],
      ['certificates.1.files', 'CE', 0],
      ['billOfMaterials', undefined, 1],
    ]);
    expect(await counts()).toEqual({ outbox: 1, uploads: 4, chunks: 5 });
    const uploads = await listUploads(entry.id);
    expect(uploads.map((u) => [u.field, u.name])).toEqual([
      ['bidDocuments', '技术标.pdf'],
      ['bidDocuments', '商务标.pdf'],
      ['certificates.0.files', 'iso.pdf'],
      ['billOfMaterials', 'bom.xlsx'],
    ]);
    expect(uploads.map((u) => u.id)).toEqual(entry.fileFields.flatMap((f) => f.uploadIds));
    // The stored payload is the caller's: FileRefs are only added to the copy that is sent.
    expect((await listEntries([A]))[0]!.payload).toEqual({
      tenderRecordId: 'r1',
      supplierCode: 'S001',
      certificates: [{ name: 'ISO 9001' }, { name: 'CE' }],
    });
  });

  it('an entry without files or deadline has no fields and a null deadline', async () => {
    const entry = await enqueue(reply());
    expect([entry.fileFields, entry.deadline]).toEqual([[], null]);
  });

  it('checks the room for the bytes of all fields together: StorageFullError, nothing written', async () => {
    // 2.5 MB free, 1 MB kept as margin: each field alone fits, both together do not.
    stubStorage({ quota: 100 * MB, usage: 97.5 * MB });
    const files = [
      { field: 'bidDocuments', files: [fileOf('a.pdf', 0.9 * MB)] },
      { field: 'billOfMaterials', files: [fileOf('b.xlsx', 0.9 * MB)] },
    ];
    await expect(enqueue(bid(files))).rejects.toBeInstanceOf(StorageFullError);
    expect(await counts()).toEqual({ outbox: 0, uploads: 0, chunks: 0 });
    await enqueue(bid(files.slice(1)));
    expect(await counts()).toEqual({ outbox: 1, uploads: 1, chunks: 1 });
  });

  it('a quota error while writing the last field leaves nothing of any field', async () => {
    stubStorage();
    const add = IDBObjectStore.prototype.add;
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['add']>
    ) {
      if (this.name === 'chunks' && (args[0] as { index: number }).index === 1) throw new DOMException('full', 'QuotaExceededError');
      return add.apply(this, args);
    });
    const files = [
      { field: 'bidDocuments', files: [fileOf('a.pdf', 10), fileOf('b.pdf', 10)] },
      { field: 'certificates.0.files', files: [fileOf('c.pdf', 10)] },
      { field: 'billOfMaterials', files: [fileOf('bom.xlsx', STORE_CHUNK_BYTES + 1)] },
    ];
    await expect(enqueue(bid(files))).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect(await counts()).toEqual({ outbox: 0, uploads: 0, chunks: 0 });
  });

  it('refuses a field path that could never be filled, before storing anything', async () => {
    await expect(enqueue(bid([{ field: 'certificates..files', files: [fileOf('a.pdf', 10)] }]))).rejects.toThrow(/Invalid payload path/);
    await expect(enqueue(bid([{ field: '__proto__.x', files: [] }]))).rejects.toThrow(/Invalid payload path/);
    expect(await counts()).toEqual({ outbox: 0, uploads: 0, chunks: 0 });
  });

  it('readStoredFile answers the bytes while they are on the device, null once freed', async () => {
    const entry = await enqueue(
      bid([{ field: 'bidDocuments', files: [new File([bytesOf(STORE_CHUNK_BYTES + 3)], 'big.pdf', { type: 'application/pdf' })] }]),
    );
    const [uploadId] = entry.fileFields[0]!.uploadIds;
    const blob = await readStoredFile(uploadId!);
    expect([blob?.size, blob?.type]).toEqual([STORE_CHUNK_BYTES + 3, 'application/pdf']);
    expect(new Uint8Array(await blob!.arrayBuffer()).slice(STORE_CHUNK_BYTES)).toEqual(Uint8Array.from([0, 1, 2]));
    await deleteChunks(uploadId!);
    expect(await readStoredFile(uploadId!)).toBeNull();
    expect(await readStoredFile('nope')).toBeNull();
  });
});

/** Bytes 0, 1, 2 … 255, 0, 1 … so that order mistakes show. */
const bytesOf = (size: number) => Uint8Array.from({ length: size }, (_, i) => i % 256);

describe('listing', () => {
  it('lists only the given owners, oldest first', async () => {
    await enqueue(reply({ summary: 'a1' }));
    await enqueue(reply({ owner: B, summary: 'b1' }));
    await enqueue(
      reply({ owner: visitorOwner('13900000001'), call: 'h5SavePersonnelEntity', thread: 'visitor:13900000001', summary: 'v1' }),
    );
    await enqueue(reply({ summary: 'a2' }));
    expect((await listEntries([A])).map((e) => e.summary)).toEqual(['a1', 'a2']);
    expect((await listEntries([B])).map((e) => e.summary)).toEqual(['b1']);
    expect((await listEntries([A, visitorOwner('13900000001')])).map((e) => e.summary)).toEqual(['a1', 'v1', 'a2']);
    expect(await listEntries([])).toEqual([]);
  });
});

describe('retry, discard, replace', () => {
  it('retry: failed and paused go back to queued, due now', async () => {
    const failed = await enqueue(reply());
    const paused = await enqueue(reply({ thread: 'communication:c2' }));
    await patchEntry(failed.id, (e) => ({
      ...e,
      status: 'failed',
      nextAttemptAt: Date.now() + 60_000,
      lastError: { code: 'E400', message: 'x' },
    }));
    await patchEntry(paused.id, (e) => ({ ...e, status: 'paused' }));
    await retry(failed.id);
    await retry(paused.id);
    const [a, b] = await listEntries([A]);
    expect(a).toMatchObject({ status: 'queued', lastError: null });
    expect(a!.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    expect(b).toMatchObject({ status: 'queued' });
  });

  it('discard removes the entry, its uploads and their chunks, and nothing of other entries', async () => {
    const keep = await enqueue(reply({ files: [{ field: 'attachments', files: [fileOf('k.pdf', 10)] }] }));
    const gone = await enqueue(
      reply({ files: [{ field: 'attachments', files: [fileOf('a.pdf', STORE_CHUNK_BYTES + 1), fileOf('b.pdf', 3)] }] }),
    );
    expect(await counts()).toEqual({ outbox: 2, uploads: 3, chunks: 4 });
    await discard(gone.id);
    expect(await counts()).toEqual({ outbox: 1, uploads: 1, chunks: 1 });
    expect((await listEntries([A])).map((e) => e.id)).toEqual([keep.id]);
  });

  it('replaces: a failed entry goes again with the new body under a new idempotency key', async () => {
    const entry = await enqueue(reply());
    await patchEntry(entry.id, (e) => ({ ...e, status: 'failed', attempts: 0, lastError: { code: 'E400', message: '内容过长' } }));
    await enqueue(reply({ payload: { communicationId: 'c1', detail: '短一点' }, replaces: entry.id }));
    const [edited] = await listEntries([A]);
    expect(edited).toMatchObject({ status: 'queued', payload: { detail: '短一点' }, lastError: null, attempts: 0 });
    expect(edited!.idempotencyKey).not.toBe(entry.idempotencyKey);
  });

  it('replaces refuses an entry that may already have been applied (retried after a network error)', async () => {
    const entry = await enqueue(reply());
    await patchEntry(entry.id, (e) => ({ ...e, attempts: 1 }));
    await expect(enqueue(reply({ payload: { detail: 'x' }, replaces: entry.id }))).rejects.toBeInstanceOf(EntryNotMendableError);
    expect((await listEntries([A]))[0]!.idempotencyKey).toBe(entry.idempotencyKey);
  });
});

describe('mending a refused entry (enqueue with replaces)', () => {
  const deposit = (files: File[], over: Partial<EnqueueInput> = {}): EnqueueInput => ({
    owner: A,
    thread: 'tender:r1',
    call: 'tenderPayDeposit',
    payload: { tenderRecordId: 'r1', amount: 71950, remittanceSlip: [] },
    files: [{ field: 'remittanceSlip', files }],
    summary: '缴纳保证金',
    ...over,
  });
  const refuse = (id: string) =>
    patchEntry(id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E400', message: '保证金金额须与招标公告要求的金额一致' },
    }));

  it('opens with its files, and takes the place of the refused entry: same place in its thread, new key, queued; a kept file keeps its upload', async () => {
    const refused = await enqueue(deposit([fileOf('汇款单.pdf', 300), fileOf('多余.pdf', 10)]));
    const [slip, extra] = await listUploads(refused.id);
    // The slip went up before the bid service refused the entry.
    await (
      await openPortalDb()
    ).put('uploads', { ...slip!, status: 'done', uploadedBytes: 300, fileRef: { name: '汇款单.pdf', url: '/files/u1', path: 'files/u1' } });
    await refuse(refused.id);

    const opened = await entryFiles(refused.id);
    expect(opened!.entry.payload).toMatchObject({ amount: 71950 });
    const files = opened!.files.remittanceSlip!;
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['汇款单.pdf', 300],
      ['多余.pdf', 10],
    ]);

    // Corrected: the amount, the extra file removed, another added.
    const mended = await enqueue(
      deposit([files[0]!, fileOf('回单.pdf', 20)], {
        payload: { tenderRecordId: 'r1', amount: 72000, remittanceSlip: [] },
        replaces: refused.id,
      }),
    );
    expect(mended).toMatchObject({
      id: refused.id,
      createdAt: refused.createdAt,
      status: 'queued',
      attempts: 0,
      lastError: null,
      payload: { amount: 72000 },
    });
    expect(mended.idempotencyKey).not.toBe(refused.idempotencyKey);
    const uploads = await listUploads(refused.id);
    expect(uploads.map((u) => [u.name, u.status])).toEqual([
      ['汇款单.pdf', 'done'],
      ['回单.pdf', 'queued'],
    ]);
    expect(uploads[0]!.id).toBe(slip!.id);
    expect(uploads[0]!.fileRef).toMatchObject({ path: 'files/u1' });
    expect(await readStoredFile(extra!.id)).toBeNull();
    expect(await counts()).toEqual({ outbox: 1, uploads: 2, chunks: 2 });
  });

  it('refuses to replace an entry that may be applied (in flight) or is gone, and changes nothing', async () => {
    const entry = await enqueue(deposit([fileOf('汇款单.pdf', 30)]));
    await patchEntry(entry.id, (e) => ({ ...e, status: 'sending', attempts: 1 }));
    await expect(enqueue(deposit([fileOf('新.pdf', 5)], { replaces: entry.id }))).rejects.toBeInstanceOf(EntryNotMendableError);
    await expect(enqueue(deposit([], { replaces: 'gone' }))).rejects.toBeInstanceOf(EntryNotMendableError);
    expect((await listUploads(entry.id)).map((u) => u.name)).toEqual(['汇款单.pdf']);
    expect(await counts()).toEqual({ outbox: 1, uploads: 1, chunks: 1 });
  });

  it("never takes another owner's or another call's entry", async () => {
    const theirs = await enqueue(deposit([], { owner: B }));
    await refuse(theirs.id);
    await expect(enqueue(deposit([], { replaces: theirs.id }))).rejects.toBeInstanceOf(EntryNotMendableError);
    await expect(enqueue(deposit([], { owner: B, call: 'tenderSubmitBid', replaces: theirs.id }))).rejects.toBeInstanceOf(
      EntryNotMendableError,
    );
  });
});

describe('listeners', () => {
  it('subscribe hears every change; unsubscribe stops it', async () => {
    const listener = vi.fn();
    const stop = subscribe(listener);
    const entry = await enqueue(reply());
    expect(listener).toHaveBeenCalledTimes(1);
    await discard(entry.id);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    await enqueue(reply());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('onSent returns an unsubscribe', () => {
    const stop = onSent(() => {});
    expect(typeof stop).toBe('function');
    stop();
  });
});
