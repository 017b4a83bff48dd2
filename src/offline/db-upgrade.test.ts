import { BASE_PATH, HEADER } from '@contract/http';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, openPortalDb, supplierOwner } from './db';
import { listEntries, listUploads } from './outbox';
import { createAppSyncEngine } from './app-sync-engine';
import type { SyncEngine } from './sync-engine';
import { logIn, resetPortalDb, useNodeBlobs } from './test-helpers';
import { tusServer } from './tus-test-server';

/**
 * A user queued a reply with a file offline, then the portal updated: the database written by
 * version 1 of the outbox is converted in place, and the engine sends the reply with its file.
 */

vi.mock('tus-js-client', () => import('../../node_modules/tus-js-client/lib.esm/browser/index.js' as string));

const server = setupServer();
const A = supplierOwner('sa');
const now = Date.now();
let engine: SyncEngine;

/** Records exactly as version 1 stored them. */
const v1Reply = {
  id: 'e-reply',
  owner: A,
  thread: 'communication:c1',
  call: 'communicationReply',
  payload: { communicationId: 'c1', detail: '离线写的回复', attachments: [] },
  attachments: { field: 'attachments', uploadIds: ['u-1'] },
  idempotencyKey: 'key-reply-0001',
  status: 'queued',
  attempts: 0,
  nextAttemptAt: now,
  lastError: null,
  summary: '回复沟通 GT1：离线写的回复',
  createdAt: now - 2000,
  updatedAt: now - 2000,
};
const v1Save = {
  ...v1Reply,
  id: 'e-save',
  thread: 'communication:new',
  call: 'communicationSave',
  payload: { topic: '新沟通', content: '内容', attachments: [] },
  attachments: null,
  idempotencyKey: 'key-save-0001',
  summary: '发起沟通：新沟通',
  createdAt: now - 1000,
};
const v1Upload = {
  id: 'u-1',
  owner: A,
  entryId: 'e-reply',
  name: '图纸.pdf',
  type: 'application/pdf',
  size: 5,
  chunkCount: 1,
  tusUrl: null,
  uploadedBytes: 0,
  fileRef: null,
  status: 'queued',
  lastError: null,
  createdAt: now - 2000,
};

const requestDone = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Opens the database at version 1 with version 1's own upgrade, writes the records, closes. */
async function writeVersion1Database(): Promise<void> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
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
  };
  const db = await requestDone(open);
  const tx = db.transaction(['outbox', 'uploads', 'chunks'], 'readwrite');
  tx.objectStore('outbox').put(v1Reply);
  tx.objectStore('outbox').put(v1Save);
  tx.objectStore('uploads').put(v1Upload);
  tx.objectStore('chunks').put({
    uploadId: 'u-1',
    index: 0,
    blob: new Blob([new Uint8Array([1, 2, 3, 4, 5])], { type: 'application/pdf' }),
  });
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  useNodeBlobs();
  await resetPortalDb();
  await writeVersion1Database();
  engine = createAppSyncEngine();
});
afterEach(async () => {
  engine.stop();
  server.resetHandlers();
  vi.unstubAllGlobals();
  await resetPortalDb();
});
afterAll(() => server.close());

describe('the outbox database, version 1 → 2', () => {
  it('converts entries (fileFields, deadline null) and uploads (the field of their entry), keeping every byte', async () => {
    const db = await openPortalDb();
    expect(db.version).toBe(2);
    const [reply, save] = await listEntries([A]);
    expect(reply).toEqual({ ...withoutAttachments(v1Reply), fileFields: [{ field: 'attachments', uploadIds: ['u-1'] }], deadline: null });
    expect(save).toEqual({ ...withoutAttachments(v1Save), fileFields: [], deadline: null });
    expect(await listUploads('e-reply')).toEqual([{ ...v1Upload, field: 'attachments' }]);
    const chunks = await db.getAllFromIndex('chunks', 'uploadId', 'u-1');
    expect(chunks.map((c) => c.blob.size)).toEqual([5]);
  });

  it('then the engine sends both, the reply with its file uploaded and its FileRef in place', async () => {
    const tus = tusServer(server);
    const sent: { path: string; key: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      http.post(`${location.origin}${BASE_PATH}/communication/:name`, async ({ request, params }) => {
        sent.push({
          path: String(params.name),
          key: request.headers.get(HEADER.idempotencyKey),
          body: (await request.json()) as Record<string, unknown>,
        });
        return HttpResponse.json({ code: 'E000', message: 'ok', data: { id: 'x' } });
      }),
    );
    logIn('sa');
    engine.start();
    await engine.whenIdle();
    expect(tus.state.received).toBe(5);
    expect(sent.map((s) => [s.path, s.key]).sort()).toEqual([
      ['reply', 'key-reply-0001'],
      ['save', 'key-save-0001'],
    ]);
    expect(sent.find((s) => s.path === 'reply')!.body).toEqual({
      communicationId: 'c1',
      detail: '离线写的回复',
      attachments: [{ name: '图纸.pdf', url: '/files/upload-1-abcdef', path: 'files/upload-1-abcdef' }],
    });
    expect(await listEntries([A])).toEqual([]);
    expect(await (await openPortalDb()).count('chunks')).toBe(0);
  });
});

function withoutAttachments<T extends { attachments: unknown }>(entry: T): Omit<T, 'attachments'> {
  const { attachments: _dropped, ...rest } = entry;
  return rest;
}
