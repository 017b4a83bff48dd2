import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { BASE_PATH, TUS_CHUNK_BYTES, TUS_PATH } from '../../../contract/http';
import { ENGINE } from '../../test/engine';
import { build, secondInstance } from '../../test/helper';
import { tusDirectory } from './tus';

const ENDPOINT = `${BASE_PATH}${TUS_PATH}`;
const t = ENGINE === 'postgres' ? await build() : null;
const other = t ? await secondInstance(t) : null;

/**
 * Two instances of the bid service on one PostgreSQL and one shared data folder (the
 * `server:postgres` project), as behind a load balancer: a tus upload whose parts go to either
 * instance completes byte-equal, and a file stored through one downloads through the other.
 */
describe.runIf(ENGINE === 'postgres')('tus uploads across two instances', () => {
  const instances = [t?.app, other] as FastifyInstance[];

  it('a PATCH to either instance continues the same upload, and the stored file downloads through both', async () => {
    const [, second] = instances;
    const auth = { 'x-access-token': (await t!.login('demo_a104')).token };

    const bytes = randomBytes(3 * TUS_CHUNK_BYTES + 777);
    const created = await second!.inject({
      method: 'POST',
      url: ENDPOINT,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from('标书.pdf').toString('base64')}`,
        ...auth,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = String(created.headers.location).split('/').at(-1)!;

    let offset = 0;
    for (let part = 0; offset < bytes.length; part++) {
      const via = instances[part % 2]!;
      // Each part goes where the load balancer sends it; the offset is asked of the other instance.
      const asked = await instances[(part + 1) % 2]!.inject({
        method: 'HEAD',
        url: `${ENDPOINT}/${id}`,
        headers: { 'tus-resumable': '1.0.0', ...auth },
      });
      expect(asked.headers['upload-offset']).toBe(String(offset));
      const chunk = bytes.subarray(offset, offset + TUS_CHUNK_BYTES);
      const patched = await via.inject({
        method: 'PATCH',
        url: `${ENDPOINT}/${id}`,
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...auth },
        payload: chunk,
      });
      expect(patched.statusCode).toBe(204);
      offset += chunk.length;
      expect(patched.headers['upload-offset']).toBe(String(offset));
    }

    const done = await second!.inject({
      method: 'POST',
      url: `${BASE_PATH}/file/tusComplete`,
      headers: { 'content-type': 'application/json', ...auth },
      payload: { uploadId: id },
    });
    const file = JSON.parse((done.json() as { data: { filename: string } }).data.filename) as { path: string };
    for (const instance of instances) {
      const got = await instance.inject({
        method: 'GET',
        url: `${BASE_PATH}/file/download?filePath=${encodeURIComponent(file.path)}`,
        headers: auth,
      });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('a request on one instance makes a PATCH still streaming on the other let go first: a stale client cannot write over the upload', async () => {
    const [first, second] = instances;
    const auth = { 'x-access-token': (await t!.login('demo_a104')).token };
    const headers = (offset: number) => ({
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...auth,
    });
    const bytes = randomBytes(1024 * 1024);
    const created = await first!.inject({
      method: 'POST',
      url: ENDPOINT,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), ...auth },
    });
    const id = String(created.headers.location).split('/').at(-1)!;

    // A client on a bad link: its PATCH through the first instance has sent 256 KB and stalls.
    const stalled = new PassThrough();
    const stale = first!.inject({ method: 'PATCH', url: `${ENDPOINT}/${id}`, headers: headers(0), payload: stalled });
    stalled.write(bytes.subarray(0, 256 * 1024));
    const onDisk = () => statSync(join(tusDirectory(t!.dataDir), id)).size;
    // Polled as long as a loaded machine needs (100 polls of 20 ms were 2 s in all).
    await vi.waitFor(() => expect(onDisk()).toBe(256 * 1024), { timeout: 20_000, interval: 20 });

    // The same client, reconnected through the second instance, asks where to go on, and sends the rest.
    const asked = await second!.inject({ method: 'HEAD', url: `${ENDPOINT}/${id}`, headers: { 'tus-resumable': '1.0.0', ...auth } });
    const offset = Number(asked.headers['upload-offset']);
    const rest = await second!.inject({
      method: 'PATCH',
      url: `${ENDPOINT}/${id}`,
      headers: headers(offset),
      payload: bytes.subarray(offset),
    });
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));

    // The old request wakes up with garbage: it must have been made to let go before the rest was written.
    stalled.end(Buffer.alloc(512 * 1024));
    await stale;
    const done = await second!.inject({
      method: 'POST',
      url: `${BASE_PATH}/file/tusComplete`,
      headers: { 'content-type': 'application/json', ...auth },
      payload: { uploadId: id },
    });
    const file = JSON.parse((done.json() as { data: { filename: string } }).data.filename) as { path: string };
    const got = await first!.inject({
      method: 'GET',
      url: `${BASE_PATH}/file/download?filePath=${encodeURIComponent(file.path)}`,
      headers: auth,
    });
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });
});
