import { BASE_PATH, HEADER, TUS_CHUNK_BYTES } from '@contract/http';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPortalDb, supplierOwner } from './db';
import { enqueue, listEntries, type EnqueueFiles } from './outbox';
import { patchEntry } from './outbox-store';
import { createAppSyncEngine } from './app-sync-engine';
import type { SyncEngine } from './sync-engine';
import { logIn, resetPortalDb, useNodeBlobs } from './test-helpers';
import { tusServer } from './tus-test-server';

/**
 * The sync engine with the real uploads (tus over MSW): named file fields of a tender bid
 * travel field by field and land at their paths in the body that is sent.
 */

// The portal runs tus-js-client's browser build (XHR + Blob slices); Node would pick its http build.
vi.mock('tus-js-client', () => import('../../node_modules/tus-js-client/lib.esm/browser/index.js' as string));

const server = setupServer();
const A = supplierOwner('sa');
let engine: SyncEngine;
let sent: { path: string; key: string | null; body: Record<string, unknown> }[] = [];

function bidService() {
  server.use(
    http.post(`${location.origin}${BASE_PATH}/tender/:name`, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: `/tender/${String(params.name)}`, key: request.headers.get(HEADER.idempotencyKey), body });
      return HttpResponse.json({ code: 'E000', message: 'ok', data: { id: 'r1' } });
    }),
  );
}

const file = (name: string, size: number) => new File([new Uint8Array(size).fill(3)], name, { type: 'application/pdf' });
const ref = (name: string, n: number) => ({ name, url: `/files/upload-${n}-abcdef`, path: `files/upload-${n}-abcdef` });

const submitBid = (files: EnqueueFiles[]) =>
  enqueue({
    owner: A,
    thread: 'tender:r1',
    call: 'tenderSubmitBid',
    payload: { tenderRecordId: 'r1', supplierCode: 'S001', certificates: [{ name: 'ISO 9001' }, { name: 'CE' }] },
    files,
    deadline: Date.now() + 3600_000,
    summary: '提交投标文件',
  });

async function sync() {
  engine.syncNow();
  await engine.whenIdle();
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  useNodeBlobs();
  sent = [];
  logIn('sa');
  engine = createAppSyncEngine();
  engine.start();
  await engine.whenIdle();
});
afterEach(async () => {
  engine.stop();
  server.resetHandlers();
  vi.unstubAllGlobals();
  await resetPortalDb();
});
afterAll(() => server.close());

describe('a tender bid with named file fields', () => {
  it('uploads field by field, in order, and sends the FileRefs at each path', async () => {
    const tus = tusServer(server);
    bidService();
    const entry = await submitBid([
      { field: 'bidDocuments', files: [file('技术标.pdf', 10), file('商务标.pdf', 11)] },
      { field: 'certificates.0.files', files: [file('iso.pdf', 12)] },
      { field: 'certificates.1.files', files: [file('ce.pdf', 13)] },
      { field: 'billOfMaterials', files: [file('bom.xlsx', 14)] },
    ]);
    await engine.whenIdle();

    expect(tus.state.createdNames).toEqual(['技术标.pdf', '商务标.pdf', 'iso.pdf', 'ce.pdf', 'bom.xlsx']);
    expect(sent).toEqual([
      {
        path: '/tender/submitBid',
        key: entry.idempotencyKey,
        body: {
          tenderRecordId: 'r1',
          supplierCode: 'S001',
          bidDocuments: [ref('技术标.pdf', 1), ref('商务标.pdf', 2)],
          certificates: [
            { name: 'ISO 9001', files: [ref('iso.pdf', 3)] },
            { name: 'CE', files: [ref('ce.pdf', 4)] },
          ],
          billOfMaterials: [ref('bom.xlsx', 5)],
        },
      },
    ]);
    expect(await listEntries([A])).toEqual([]);
    const db = await openPortalDb();
    expect([await db.count('uploads'), await db.count('chunks')]).toEqual([0, 0]);
  });

  it('a single-file field gets its one FileRef set at the path, beside the typed data written offline', async () => {
    const tus = tusServer(server);
    const sentVisit: Record<string, unknown>[] = [];
    server.use(
      http.post(`${location.origin}${BASE_PATH}/visitApply/save`, async ({ request }) => {
        sentVisit.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ code: 'E000', message: 'ok', data: { id: 'v1' } });
      }),
    );
    await enqueue({
      owner: A,
      thread: 'visitApply:new',
      call: 'visitApplySave',
      payload: { files: [{ type: 'safety' }, { type: 'other' }] },
      files: [
        { field: 'labourContract', files: [file('劳务合同.pdf', 9)] },
        { field: 'files.0.file', files: [file('安全承诺书.pdf', 10)], single: true },
        { field: 'files.1.file', files: [file('其他.pdf', 11)], single: true },
      ],
      summary: '参观申请',
    });
    await engine.whenIdle();
    expect(tus.state.createdNames).toEqual(['劳务合同.pdf', '安全承诺书.pdf', '其他.pdf']);
    expect(sentVisit).toEqual([
      {
        labourContract: [ref('劳务合同.pdf', 1)],
        files: [
          { type: 'safety', file: ref('安全承诺书.pdf', 2) },
          { type: 'other', file: ref('其他.pdf', 3) },
        ],
      },
    ]);
  });

  it('a single-file field with no file or two is refused before anything is stored', async () => {
    const write = (files: File[]) =>
      enqueue({
        owner: A,
        thread: 'visitApply:new',
        call: 'visitApplySave',
        payload: {},
        files: [{ field: 'files.0.file', files, single: true }],
        summary: 'x',
      });
    await expect(write([])).rejects.toThrow(/exactly one file/);
    await expect(write([file('a.pdf', 1), file('b.pdf', 1)])).rejects.toThrow(/exactly one file/);
    expect(await listEntries([A])).toEqual([]);
  });

  it('an empty field still gets its array; an entry without uploads sends at once', async () => {
    bidService();
    await submitBid([
      { field: 'bidDocuments', files: [] },
      { field: 'certificates.1.files', files: [] },
    ]);
    await engine.whenIdle();
    expect(sent[0]!.body).toEqual({
      tenderRecordId: 'r1',
      supplierCode: 'S001',
      bidDocuments: [],
      certificates: [{ name: 'ISO 9001' }, { name: 'CE', files: [] }],
    });
  });

  it('a drop in the second field resumes there: the first field is neither uploaded nor completed again', async () => {
    const tus = tusServer(server);
    bidService();
    const docs = 100;
    const bom = 2 * TUS_CHUNK_BYTES;
    // PATCH 1 is the bid documents, PATCH 2 the first MB of the bill of materials; then the link drops.
    tus.state.failPatchesFrom = 3;
    const entry = await submitBid([
      { field: 'bidDocuments', files: [file('标书.pdf', docs)] },
      { field: 'billOfMaterials', files: [file('bom.xlsx', bom)] },
    ]);
    await engine.whenIdle();
    expect(sent).toEqual([]);
    const waiting = (await listEntries([A]))[0]!;
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: { code: 'network' } });
    // The FileRef of the first field went into the copy only: the stored body is as written.
    expect(waiting.payload).toEqual({ tenderRecordId: 'r1', supplierCode: 'S001', certificates: [{ name: 'ISO 9001' }, { name: 'CE' }] });
    expect([tus.state.created, tus.state.completed]).toEqual([2, ['upload-1-abcdef']]);
    expect(tus.state.received).toBe(docs + TUS_CHUNK_BYTES);

    // The link is back; the backoff is over.
    tus.state.failPatchesFrom = Infinity;
    await patchEntry(entry.id, (e) => ({ ...e, nextAttemptAt: 0 }));
    await sync();
    expect(tus.state.created).toBe(2);
    expect(tus.state.completed).toEqual(['upload-1-abcdef', 'upload-2-abcdef']);
    // Only the missing MB of the bill of materials travelled again.
    expect(tus.state.received).toBe(docs + bom);
    expect(sent.map((s) => [s.key, s.body.bidDocuments, s.body.billOfMaterials])).toEqual([
      [entry.idempotencyKey, [ref('标书.pdf', 1)], [ref('bom.xlsx', 2)]],
    ]);
  }, 15_000);
});
