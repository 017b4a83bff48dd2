import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BASE_PATH, TUS_CHUNK_BYTES, TUS_PATH } from '../../../contract/http';
import { MAX_FILE_BYTES } from '../../../contract/limits';
import { build } from '../../test/helper';
import { tusDirectory } from './tus';

const PORTAL = 'https://portal.example.com';
const t = await build({ allowedOrigins: [PORTAL] });
const ENDPOINT = `${BASE_PATH}${TUS_PATH}`;
const a104 = await t.login('demo_a104');
const a141 = await t.login('demo_a141');

const auth = (s?: { token: string }) => (s ? { 'x-access-token': s.token } : {});
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function create(size: number, name = '标书.pdf', s?: { token: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: ENDPOINT,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(name)},filetype ${b64('application/pdf')}`,
      ...auth(s),
    },
  });
  return res;
}

async function createdId(size: number, name?: string, s?: { token: string }) {
  const res = await create(size, name, s);
  expect(res.statusCode).toBe(201);
  const location = String(res.headers.location);
  expect(location).toMatch(new RegExp(`^${ENDPOINT}/[0-9a-f]{32}$`));
  return location.split('/').at(-1)!;
}

const patch = (id: string, offset: number, body: Buffer, s?: { token: string }) =>
  t.app.inject({
    method: 'PATCH',
    url: `${ENDPOINT}/${id}`,
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...auth(s) },
    payload: body,
  });

const head = (id: string, s?: { token: string }) =>
  t.app.inject({ method: 'HEAD', url: `${ENDPOINT}/${id}`, headers: { 'tus-resumable': '1.0.0', ...auth(s) } });
const complete = (uploadId: unknown, s?: { token: string }, sha256?: string) =>
  t.post<{ filename: string }>('/file/tusComplete', { uploadId, ...(sha256 ? { sha256 } : {}) }, s ? { token: s.token } : {});
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const storedDigest = async (path: string) =>
  (await t.db.query<{ sha256: string | null }>('SELECT sha256 FROM files WHERE storage_key = $1', [path]))[0]?.sha256;
const mismatches = async () => (await t.app.services.metrics.tusDigestMismatches.get()).values[0]?.value ?? 0;
/** An upload of `bytes` sent whole, not yet completed. */
async function sent(bytes: Buffer, s?: { token: string }) {
  const id = await createdId(bytes.length, 'a.pdf', s);
  expect((await patch(id, 0, bytes, s)).statusCode).toBe(204);
  return id;
}
const download = (path: string, s?: { token: string }) =>
  t.app.inject({ method: 'GET', url: `${BASE_PATH}/file/download?filePath=${encodeURIComponent(path)}`, headers: auth(s) });

describe('tus uploads', () => {
  it('announces the protocol, its extensions and the 50 MB maximum', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: ENDPOINT });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toContain('1.0.0');
    expect(res.headers['tus-max-size']).toBe(String(MAX_FILE_BYTES));
    expect(String(res.headers['tus-extension'])).toContain('creation');
  });

  it('creates, takes the bytes in parts, reports the offset, and completes into a stored file', async () => {
    // A PDF by its content (the stored type is the content's).
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * TUS_CHUNK_BYTES + 12345 - 9)]);
    const id = await createdId(bytes.length, '标书 v2.pdf', a104);
    expect((await head(id, a104)).headers['upload-offset']).toBe('0');
    let offset = 0;
    for (const size of [TUS_CHUNK_BYTES, TUS_CHUNK_BYTES, 12345]) {
      const res = await patch(id, offset, bytes.subarray(offset, offset + size), a104);
      expect(res.statusCode).toBe(204);
      offset += size;
      expect(res.headers['upload-offset']).toBe(String(offset));
      expect((await head(id, a104)).headers['upload-offset']).toBe(String(offset));
    }
    const res = await complete(id, a104);
    expect(res.code).toBe('E000');
    const file = JSON.parse(res.data.filename) as { name: string; fileUrl: string; path: string };
    expect(file.name).toBe('标书 v2.pdf');
    expect(file.path).toMatch(/^u\/\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(file.fileUrl).toBe(`${BASE_PATH}/file/download?filePath=${encodeURIComponent(file.path)}`);
    const got = await download(file.path, a104);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    // Readable by the service's account only, as every stored file.
    expect(statSync(t.app.services.storage.pathOf(file.path)).mode & 0o777).toBe(0o600);
    // The file is the supplier's: another supplier cannot download it.
    expect((await download(file.path, a141)).json()).toMatchObject({ code: 'E403' });
    // Completing again answers the same descriptor and stores nothing more.
    const files = await t.count('files');
    expect((await complete(id, a104)).data).toEqual(res.data);
    expect(await t.count('files')).toBe(files);
    // The upload URL is spent.
    expect((await head(id, a104)).statusCode).toBe(410);
  });

  it("keeps the SHA-256 of the bytes it holds, and completes when the portal's digest is the same", async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(TUS_CHUNK_BYTES + 77)]);
    const res = await complete(await sent(bytes, a104), a104, sha256(bytes));
    expect(res.code).toBe('E000');
    const { path } = JSON.parse(res.data.filename) as { path: string };
    expect(await storedDigest(path)).toBe(sha256(bytes));
    // Without a digest from the portal (another client), the service's own is kept all the same.
    const other = await complete(await sent(Buffer.from('%PDF-1.7\nplain')), undefined);
    expect(await storedDigest((JSON.parse(other.data.filename) as { path: string }).path)).toBe(sha256(Buffer.from('%PDF-1.7\nplain')));
  });

  it('refuses bytes that differ from the digest the portal sent (E409 fileDigestMismatch, translated), stores nothing and drops the upload so it is sent again', async () => {
    const meant = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000)]);
    const damaged = Buffer.from(meant);
    damaged[4000] = damaged[4000]! ^ 0xff;
    const id = await sent(damaged, a104);
    const files = await t.count('files');
    const before = await mismatches();
    const res = await complete(id, a104, sha256(meant));
    expect(res).toMatchObject({ code: 'E409', message: 'The file was damaged on the way; it is being sent again from the start' });
    expect(await t.count('files')).toBe(files);
    expect(await mismatches()).toBe(before + 1);
    // The damaged bytes are gone: the upload is unknown now, and the portal starts a new one.
    expect((await head(id, a104)).statusCode).toBe(404);
    expect((await complete(id, a104, sha256(meant))).code).toBe('E404');
    const again = await complete(await sent(meant, a104), a104, sha256(meant));
    expect(again.code).toBe('E000');
    // In the caller's language, and a digest that is not one is a field error.
    const zh = await t.post(
      '/file/tusComplete',
      { uploadId: await sent(damaged, a104), sha256: sha256(meant) },
      { token: a104.token, lang: 'zh-CN' },
    );
    expect(zh.message).toBe('文件在传输中受损，正在从头重新上传');
    expect((await complete(id, a104, 'not-a-digest')).code).toBe('E400');
  });

  it('a token that no longer holds (expired, revoked) is 401, never an anonymous upload', async () => {
    const s = await t.login('demo_a104');
    const id = await createdId(10, 'a.pdf', s);
    expect((await t.post('/supplier/logout', { username: 'demo_a104' }, { token: s.token })).code).toBe('E000');
    expect((await create(10, 'b.pdf', s)).statusCode).toBe(401);
    expect((await patch(id, 0, Buffer.alloc(10), s)).statusCode).toBe(401);
    expect((await head(id, s)).statusCode).toBe(401);
  });

  it('a completion whose commit never happened (the instance died there) completes on the retry, byte-equal', async () => {
    const bytes = randomBytes(TUS_CHUNK_BYTES + 777);
    const id = await createdId(bytes.length, '保函.pdf', a104);
    expect((await patch(id, 0, bytes.subarray(0, TUS_CHUNK_BYTES), a104)).statusCode).toBe(204);
    expect((await patch(id, TUS_CHUNK_BYTES, bytes.subarray(TUS_CHUNK_BYTES), a104)).statusCode).toBe(204);
    // Everything of the completion runs, then its transaction is lost instead of committed.
    const db = t.app.services.db;
    const transaction = db.transaction.bind(db);
    const lost = vi.spyOn(db, 'transaction').mockImplementationOnce(((fn: (tx: unknown) => Promise<unknown>) =>
      transaction(async (tx) => {
        await fn(tx);
        throw new Error('the connection dropped at the commit');
      })) as typeof db.transaction);
    const files = await t.count('files');
    expect((await complete(id, a104)).code).toBe('E500');
    lost.mockRestore();
    expect(await t.count('files')).toBe(files);
    // The portal sends it again: the upload is whole, and completes once.
    const res = await complete(id, a104);
    expect(res.code).toBe('E000');
    const file = JSON.parse(res.data.filename) as { path: string };
    expect(Buffer.compare((await download(file.path, a104)).rawPayload, bytes)).toBe(0);
    expect(await t.count('files')).toBe(files + 1);
    expect((await complete(id, a104)).data).toEqual(res.data);
  });

  it('resumes after a connection dropped mid-PATCH, from the offset the server acknowledged', async () => {
    const bytes = randomBytes(3 * 256 * 1024);
    const id = await createdId(bytes.length, 'cut.bin');
    // A real socket that sends 256 KB of a PATCH meant to carry everything, then drops.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: `${ENDPOINT}/${id}`,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    req.on('error', () => undefined);
    req.write(bytes.subarray(0, 256 * 1024));
    // Cut once the server has stored what arrived (not after a fixed 300 ms a loaded machine could outlast).
    const onDisk = () => statSync(join(tusDirectory(t.dataDir), id)).size;
    await vi.waitFor(() => expect(onDisk()).toBe(256 * 1024), { timeout: 20_000, interval: 20 });
    req.destroy();
    // The server acknowledges the offset once it has seen the connection go.
    let offset = 0;
    await vi.waitFor(
      async () => {
        offset = Number((await head(id)).headers['upload-offset']);
        expect(offset).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(offset).toBeLessThanOrEqual(256 * 1024);
    // A resend from a stale offset is refused; from the acknowledged one it goes on.
    expect((await patch(id, 0, bytes)).statusCode).toBe(409);
    const rest = await patch(id, offset, bytes.subarray(offset));
    expect(rest.statusCode).toBe(204);
    const file = JSON.parse((await complete(id)).data.filename) as { path: string };
    expect(Buffer.compare((await download(file.path)).rawPayload, bytes)).toBe(0);
  });

  it('refuses an upload over 50 MB with 413, and accepts exactly 50 MB', async () => {
    expect((await create(MAX_FILE_BYTES + 1)).statusCode).toBe(413);
    expect((await create(MAX_FILE_BYTES)).statusCode).toBe(201);
    // A deferred length cannot get past the limit either.
    const deferred = await t.app.inject({
      method: 'POST',
      url: ENDPOINT,
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
    });
    expect(deferred.statusCode).toBe(201);
    const id = String(deferred.headers.location).split('/').at(-1)!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${ENDPOINT}/${id}`,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'upload-length': String(MAX_FILE_BYTES + 1),
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('x'),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses requests without the protocol header and PATCH bodies of another type', async () => {
    expect((await t.app.inject({ method: 'POST', url: ENDPOINT, headers: { 'upload-length': '10' } })).statusCode).toBe(412);
    const id = await createdId(10);
    const wrongType = await t.app.inject({
      method: 'PATCH',
      url: `${ENDPOINT}/${id}`,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([wrongType.statusCode, wrongType.body]).toEqual([400, 'Invalid content-type\n']);
    expect((await head('0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
  });

  it("keeps an owned upload its owner's: no token 401, another supplier 403, on the protocol and on completion", async () => {
    const id = await createdId(5, 'mine.txt', a104);
    expect((await head(id)).statusCode).toBe(401);
    expect((await head(id, a141)).statusCode).toBe(403);
    expect((await patch(id, 0, Buffer.from('hello'), a141)).statusCode).toBe(403);
    expect((await patch(id, 0, Buffer.from('hello'), a104)).statusCode).toBe(204);
    expect((await complete(id)).code).toBe('E401');
    expect((await complete(id, a141)).code).toBe('E403');
    expect((await complete(id, a104)).code).toBe('E000');
  });

  it('answers E409 for an unfinished upload, E404 for an unknown one, E400 for a malformed id', async () => {
    const id = await createdId(100);
    await patch(id, 0, Buffer.alloc(40));
    expect(await complete(id)).toMatchObject({ code: 'E409', message: 'The file has not been uploaded completely yet' });
    expect((await complete('0123456789abcdef0123456789abcdef')).code).toBe('E404');
    for (const bad of ['../../etc/passwd', 'short', 'x'.repeat(200), 42, undefined])
      expect((await complete(bad)).code, String(bad)).toBe('E400');
  });

  it('completes an anonymous upload for anyone holding its id, like /file/upload', async () => {
    const id = await createdId(3, 'anon.txt');
    await patch(id, 0, Buffer.from('abc'));
    const res = await complete(id);
    const file = JSON.parse(res.data.filename) as { path: string };
    expect((await download(file.path)).body).toBe('abc');
    // The upload stays anonymous and now names its stored file.
    const rows = await t.db.query<{ owner: string | null; stored: boolean }>(
      'SELECT owner_supplier_id AS owner, storage_key IS NOT NULL AS stored FROM tus_uploads WHERE upload_id = $1',
      [id],
    );
    expect(rows).toEqual([{ owner: null, stored: true }]);
  });

  it('answers no Access-Control-Allow-Origin to another site (neither * nor its origin), and the configured origin its own', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: ENDPOINT,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'tus-resumable,upload-length' },
      });
    const createFrom = (origin?: string) =>
      t.app.inject({
        method: 'POST',
        url: ENDPOINT,
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '3', ...(origin ? { origin } : {}) },
      });
    for (const res of [await preflight('https://evil.example'), await createFrom('https://evil.example')]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.stringify(res.headers)).not.toContain('evil.example');
    }
    // A PATCH or HEAD from another site gets no permission to read the answer either.
    const id = await createdId(3);
    const fromEvil = await t.app.inject({
      method: 'HEAD',
      url: `${ENDPOINT}/${id}`,
      headers: { 'tus-resumable': '1.0.0', origin: 'https://evil.example' },
    });
    expect(fromEvil.headers['access-control-allow-origin']).toBeUndefined();
    // The configured origin may read the answers; the portal on the service's own origin needs no header.
    expect((await preflight(PORTAL)).headers['access-control-allow-origin']).toBe(PORTAL);
    const fromPortal = await createFrom(PORTAL);
    expect(fromPortal.statusCode).toBe(201);
    expect(fromPortal.headers['access-control-allow-origin']).toBe(PORTAL);
    const sameOrigin = await createFrom('http://localhost:80');
    expect(sameOrigin.statusCode).toBe(201);
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect((await createFrom()).statusCode).toBe(201);
  });
});
