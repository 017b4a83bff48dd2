import { createHash } from 'node:crypto';
import { TUS_CHUNK_BYTES } from '@contract/http';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPortalDb, supplierOwner, visitorOwner, type OwnerKey } from './db';
import { enqueue } from './outbox';
import { getUpload, patchUpload } from './outbox-store';
import { logIn, resetPortalDb, useNodeBlobs } from './test-helpers';
import { DAMAGED, tusServer as startTusServer, TUS_BASE } from './tus-test-server';
import { uploadFile, UploadFailure } from './uploads';

// The portal runs tus-js-client's browser build (XHR + Blob slices); Node would pick its http build.
vi.mock('tus-js-client', () => import('../../node_modules/tus-js-client/lib.esm/browser/index.js' as string));

const base = TUS_BASE;
const server = setupServer();
const tusServer = () => startTusServer(server);

async function storedUpload(size: number, owner: OwnerKey = supplierOwner('sa')): Promise<string> {
  const entry = await enqueue({
    owner,
    thread: 't',
    call: 'communicationReply',
    payload: {},
    summary: '',
    files: [{ field: 'attachments', files: [new File([new Uint8Array(size).fill(1)], 'plan.pdf', { type: 'application/pdf' })] }],
  });
  return entry.fileFields[0]!.uploadIds[0]!;
}

const chunkCount = async () => (await openPortalDb()).count('chunks');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useNodeBlobs();
  logIn('sa');
});
afterEach(async () => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  await resetPortalDb();
});
afterAll(() => server.close());

describe('uploadFile (tus)', () => {
  it('sends the stored bytes in 1 MB PATCHes, keeps the URL and offset, completes, and keeps the bytes until the entry is sent', async () => {
    const { state } = tusServer();
    const size = 2 * TUS_CHUNK_BYTES + 10;
    const id = await storedUpload(size);
    const ref = await uploadFile(id);
    expect(state.received).toBe(size);
    expect(state.patches).toBe(3);
    expect(state.completed).toEqual(['upload-1-abcdef']);
    expect(ref).toEqual({ name: 'plan.pdf', url: '/files/upload-1-abcdef', path: 'files/upload-1-abcdef' });
    expect(await getUpload(id)).toMatchObject({ tusUrl: `${base}/upload-1-abcdef`, uploadedBytes: size, status: 'done', fileRef: ref });
    // Kept for mending the entry in its form if the bid service refuses it (freed when it is sent).
    expect(await chunkCount()).toBe(1);
    // A second call (the entry failed after its files went) answers the stored reference.
    expect(await uploadFile(id)).toEqual(ref);
    expect(state.completed).toHaveLength(1);
  });

  it('sends the SHA-256 of the bytes on the device with the completion, hashed once and kept with the upload', async () => {
    const { state } = tusServer();
    const size = TUS_CHUNK_BYTES + 3;
    const id = await storedUpload(size);
    await uploadFile(id);
    const expected = createHash('sha256').update(new Uint8Array(size).fill(1)).digest('hex');
    expect(state.digests).toEqual([expected]);
    expect(await getUpload(id)).toMatchObject({ sha256: expected });
  });

  it('bytes damaged on the way are refused at completion (E409 fileDigestMismatch): the next attempt sends the whole file again and completes', async () => {
    const { state } = tusServer();
    const size = 2 * TUS_CHUNK_BYTES + 10;
    const id = await storedUpload(size);
    state.damagePatch = 2;
    const failure = await uploadFile(id).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UploadFailure);
    // The entry shows the bid service's own words for it.
    expect(failure).toMatchObject({ retryable: true, code: 'E409', message: DAMAGED });
    expect(await getUpload(id)).toMatchObject({ tusUrl: null, uploadedBytes: 0, status: 'queued', fileRef: null });
    expect(state.completed).toEqual([]);

    const ref = await uploadFile(id);
    expect(state.created).toBe(2);
    expect(state.received).toBe(2 * size);
    expect(state.completed).toEqual(['upload-2-abcdef']);
    expect(ref.path).toBe('files/upload-2-abcdef');
  });

  it("a supplier's file waits for its owner's session: sent under no other supplier's, and a 401 asks for the login", async () => {
    const { state } = tusServer();
    const id = await storedUpload(10, supplierOwner('sa'));
    // Another supplier logged in on this device since: nothing goes out, under no session.
    logIn('sb');
    const other = await uploadFile(id).catch((e: unknown) => e);
    expect(other).toMatchObject({ needsLogin: true, retryable: false, code: 'E401' });
    expect(state.tokens).toEqual([]);
    expect(await getUpload(id)).toMatchObject({ status: 'queued' });

    // The owner again, but the bid service no longer takes the token (revoked, expired).
    logIn('sa');
    state.createStatus = 401;
    const revoked = await uploadFile(id).catch((e: unknown) => e);
    expect(revoked).toMatchObject({ needsLogin: true, code: 'E401' });
    expect(state.tokens).toEqual(['tok-sa']);
    expect(await getUpload(id)).toMatchObject({ status: 'queued' });

    // Logged in afresh: it goes.
    state.createStatus = 201;
    await uploadFile(id);
    expect(state.created).toBe(1);
    expect(await getUpload(id)).toMatchObject({ status: 'done' });
  });

  it('a drop mid-way keeps the acknowledged offset; the next attempt resumes from there', async () => {
    const { state, uploads } = tusServer();
    const size = 4 * TUS_CHUNK_BYTES;
    const id = await storedUpload(size);
    // Every PATCH after the first fails (the quick retries included).
    state.failPatchesFrom = 2;
    const error = await uploadFile(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadFailure);
    expect((error as UploadFailure).retryable).toBe(true);
    expect(await getUpload(id)).toMatchObject({ uploadedBytes: TUS_CHUNK_BYTES, status: 'queued', tusUrl: `${base}/upload-1-abcdef` });
    expect(state.received).toBe(TUS_CHUNK_BYTES);

    server.resetHandlers();
    const again = tusServer();
    // The bid service still knows the upload (restored state): it resumes at 1 MB, not at 0.
    again.uploads.set('upload-1-abcdef', uploads.get('upload-1-abcdef')!);
    await uploadFile(id);
    expect(again.state.created).toBe(0);
    expect(again.state.received).toBe(size - TUS_CHUNK_BYTES);
  }, 15_000);

  it('an upload the bid service forgot (404 on resume) starts over from byte 0', async () => {
    const { state } = tusServer();
    const size = TUS_CHUNK_BYTES + 5;
    const id = await storedUpload(size);
    await patchUpload(id, (u) => ({ ...u, tusUrl: `${base}/expired-upload-1`, uploadedBytes: TUS_CHUNK_BYTES }));
    await uploadFile(id);
    expect(state.created).toBe(1);
    expect(state.received).toBe(size);
    expect((await getUpload(id))?.tusUrl).toBe(`${base}/upload-1-abcdef`);
  });

  it('a file the bid service refuses (413) fails for good', async () => {
    const { state } = tusServer();
    state.createStatus = 413;
    const id = await storedUpload(10);
    const error = (await uploadFile(id).catch((e: unknown) => e)) as UploadFailure;
    expect(error).toBeInstanceOf(UploadFailure);
    expect(error).toMatchObject({ retryable: false, code: 'E413' });
    expect((await getUpload(id))?.status).toBe('failed');
  });

  it("a supplier's file carries the token; a visitor's travels without one", async () => {
    const { state } = tusServer();
    await uploadFile(await storedUpload(10));
    await uploadFile(await storedUpload(10, visitorOwner('13900000001')));
    expect(state.tokens).toEqual(['tok-sa', null]);
  });
});
