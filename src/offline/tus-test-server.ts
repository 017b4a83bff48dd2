import { createHash } from 'node:crypto';
import { BASE_PATH, HEADER, REASON_HEADER, TUS_PATH } from '@contract/http';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';

/** Unit-test helper (only test files import it): a small tus server on MSW, with answers that can be broken on purpose. */

export const TUS_BASE = `${location.origin}${BASE_PATH}${TUS_PATH}`;

interface TusState {
  /** Bytes received in total (PATCH bodies). */
  received: number;
  created: number;
  patches: number;
  /** The n-th PATCH and every later one fail with a network error. */
  failPatchesFrom: number;
  createStatus: number;
  /** Upload-Metadata filenames of the uploads created, in order. */
  createdNames: string[];
  tokens: (string | null)[];
  completed: string[];
  /** The SHA-256 each completion was sent with, in order. */
  digests: (string | undefined)[];
  /** The n-th PATCH has one byte damaged on the way (its bytes then differ from the portal's digest). */
  damagePatch: number;
}

const metadataName = (header: string | null) => {
  const encoded = header
    ?.split(',')
    .map((pair) => pair.trim().split(' '))
    .find(([key]) => key === 'filename')?.[1];
  return encoded ? new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))) : '';
};

/** The message the fake answers a digest mismatch with (the bid service's is translated). */
export const DAMAGED = 'the bytes differ from the digest';

/** Offsets per upload; /file/tusComplete answers a FileRef named after the upload's file. */
export function tusServer(server: SetupServer) {
  const uploads = new Map<string, { length: number; offset: number; name: string; hash: ReturnType<typeof createHash> }>();
  const state: TusState = {
    received: 0,
    created: 0,
    patches: 0,
    failPatchesFrom: Infinity,
    createStatus: 201,
    createdNames: [],
    tokens: [],
    completed: [],
    digests: [],
    damagePatch: 0,
  };
  let next = 0;
  server.use(
    http.post(TUS_BASE, ({ request }) => {
      state.tokens.push(request.headers.get(HEADER.token));
      if (state.createStatus !== 201) return new HttpResponse(null, { status: state.createStatus });
      const id = `upload-${++next}-abcdef`;
      const name = metadataName(request.headers.get('Upload-Metadata'));
      uploads.set(id, { length: Number(request.headers.get('Upload-Length')), offset: 0, name, hash: createHash('sha256') });
      state.created += 1;
      state.createdNames.push(name);
      return new HttpResponse(null, { status: 201, headers: { Location: `${TUS_BASE}/${id}`, 'Tus-Resumable': '1.0.0' } });
    }),
    http.head(`${TUS_BASE}/:id`, ({ params }) => {
      const upload = uploads.get(String(params.id));
      if (!upload) return new HttpResponse(null, { status: 404 });
      return new HttpResponse(null, {
        status: 200,
        headers: { 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length), 'Tus-Resumable': '1.0.0' },
      });
    }),
    http.patch(`${TUS_BASE}/:id`, async ({ request, params }) => {
      const upload = uploads.get(String(params.id));
      if (!upload) return new HttpResponse(null, { status: 404 });
      state.patches += 1;
      if (state.patches >= state.failPatchesFrom) return HttpResponse.error();
      if (Number(request.headers.get('Upload-Offset')) !== upload.offset) return new HttpResponse(null, { status: 409 });
      const body = new Uint8Array(await request.arrayBuffer());
      if (state.patches === state.damagePatch) body[0] = body[0]! ^ 0xff;
      upload.hash.update(body);
      state.received += body.length;
      upload.offset += body.length;
      return new HttpResponse(null, { status: 204, headers: { 'Upload-Offset': String(upload.offset), 'Tus-Resumable': '1.0.0' } });
    }),
    http.post(`${location.origin}${BASE_PATH}/file/tusComplete`, async ({ request }) => {
      const { uploadId, sha256 } = (await request.json()) as { uploadId: string; sha256?: string };
      state.digests.push(sha256);
      const upload = uploads.get(uploadId);
      // As the bid service does: bytes that differ from the portal's digest are dropped, E409.
      if (upload && sha256 && upload.hash.copy().digest('hex') !== sha256) {
        uploads.delete(uploadId);
        return HttpResponse.json({ code: 'E409', message: DAMAGED, data: null }, { headers: { [REASON_HEADER]: 'fileDigestMismatch' } });
      }
      state.completed.push(uploadId);
      const name = upload?.name || 'plan.pdf';
      const filename = JSON.stringify({ name, fileUrl: `/files/${uploadId}`, path: `files/${uploadId}` });
      return HttpResponse.json({ code: 'E000', message: 'ok', data: { filename } });
    }),
  );
  return { uploads, state };
}
