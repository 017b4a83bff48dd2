import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BASE_PATH, TUS_PATH } from '../../contract/http';
import { tusDirectory, tusStore } from '../routes/file/tus';
import { build, multipart, registration } from '../test/helper';
import { ENGINE } from '../test/engine';
import { housekeeping, HOUSEKEEPING_LOCK } from './housekeeping';

const t = await build({ quotas: { unclaimedTtlMs: 24 * 3600_000 } });
const HOUR = 3600_000;
const TUS = `${BASE_PATH}${TUS_PATH}`;

async function upload(name: string, token?: string) {
  const form = multipart(name, Buffer.from(`%PDF-1.4 ${name}`));
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE_PATH}/file/upload`,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { 'x-access-token': token } : {}) },
  });
  const body = res.json() as { code: string; data: { filename: string } };
  expect(body.code).toBe('E000');
  const file = JSON.parse(body.data.filename) as { name: string; fileUrl: string; path: string };
  return { name: file.name, url: file.fileUrl, path: file.path };
}

async function startTus(bytes: string, length: number) {
  const created = await t.app.inject({ method: 'POST', url: TUS, headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length) } });
  expect(created.statusCode).toBe(201);
  const id = String(created.headers.location).split('/').at(-1)!;
  const patched = await t.app.inject({
    method: 'PATCH',
    url: `${TUS}/${id}`,
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from(bytes),
  });
  expect(patched.statusCode).toBe(204);
  return id;
}

const fileRow = async (path: string) => (await t.db.query('SELECT 1 FROM files WHERE storage_key = $1', [path])).length === 1;
const onDisk = (path: string) => existsSync(t.app.services.storage.pathOf(path));
const tusRow = async (id: string) => (await t.db.query('SELECT 1 FROM tus_uploads WHERE upload_id = $1', [id])).length === 1;
const tusBytes = (id: string) => existsSync(join(tusDirectory(t.dataDir), id));
// The day-long expiry alone: an anonymous upload that stalls for an hour goes earlier (routes/file/quotas.test.ts).
const run = () =>
  housekeeping({
    ...t.app.services,
    tus: tusStore(t.dataDir),
    unclaimedTtlMs: t.app.services.quotas.unclaimedTtlMs,
    stalledUploadMs: 48 * HOUR,
  });

describe('housekeeping', () => {
  it.runIf(ENGINE === 'postgres')('runs on one instance at a time: while another holds the lock, a run does nothing', async () => {
    const upload0 = await upload('skipped.pdf');
    const saved = t.clock.now;
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      t.clock.now = new Date(saved.getTime() + 25 * HOUR);
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1)', [HOUSEKEEPING_LOCK]);
      expect(await run()).toBeNull();
      expect(await fileRow(upload0.path)).toBe(true);
      await other.query('COMMIT');
      expect(await run()).toEqual({ unclaimedFiles: 1, tusUploads: 0 });
      expect(await fileRow(upload0.path)).toBe(false);
      expect(onDisk(upload0.path)).toBe(false);
    } finally {
      t.clock.now = saved;
      await other.end();
    }
  });

  it('expires unclaimed uploads and unfinished tus uploads older than the limit, and keeps claimed and fresh ones', async () => {
    const saved = t.clock.now;
    try {
      await expiresOldUploads();
    } finally {
      t.clock.now = saved;
    }
  });

  /** The body of the test above; the clock it moves is put back whatever happens. */
  async function expiresOldUploads() {
    // Logged in at the test's own time: a token from before another test moved the clock may have expired.
    const a104 = await t.login('demo_a104');
    // A day and more ago: uploads nobody claimed, uploads a registration and a thread claimed, an unfinished tus upload.
    const unclaimed = await upload('forgotten.pdf');
    const forRegistration = await upload('licence.pdf');
    const forThread = await upload('photo.pdf');
    const owned = await upload('mine.pdf', a104.token);
    const staleTus = await startTus('half', 10);
    expect((await t.post('/supplier/save', registration(1, forRegistration))).code).toBe('E000');
    const thread = await t.post(
      '/communication/save',
      { priority: 'medium', topic: 'topic', content: 'content', sourceNo: 'ZB2026', attachments: [forThread] },
      { token: a104.token },
    );
    expect(thread.code).toBe('E000');
    t.clock.now = new Date(t.clock.now.getTime() + 23 * HOUR);
    // Within the day: kept.
    const fresh = await upload('fresh.pdf');
    const freshTus = await startTus('new', 10);
    for (const f of [unclaimed, forRegistration, forThread, owned, fresh]) expect(onDisk(f.path), f.name).toBe(true);
    expect(await run()).toEqual({ unclaimedFiles: 0, tusUploads: 0 });
    expect(await fileRow(unclaimed.path)).toBe(true);

    t.clock.now = new Date(t.clock.now.getTime() + 2 * HOUR);
    expect(await run()).toEqual({ unclaimedFiles: 1, tusUploads: 1 });
    // The unclaimed upload is gone, row and bytes; downloading it finds nothing.
    expect(await fileRow(unclaimed.path)).toBe(false);
    expect(onDisk(unclaimed.path)).toBe(false);
    const gone = await t.app.inject({ method: 'GET', url: unclaimed.url });
    expect(gone.json()).toMatchObject({ code: 'E404' });
    // The unfinished tus upload is gone too: row, bytes, and the protocol answers 404.
    expect(await tusRow(staleTus)).toBe(false);
    expect(tusBytes(staleTus)).toBe(false);
    expect((await t.app.inject({ method: 'HEAD', url: `${TUS}/${staleTus}`, headers: { 'tus-resumable': '1.0.0' } })).statusCode).toBe(404);
    // Claimed (by a registration, by a thread), owned and fresh files stay.
    for (const f of [forRegistration, forThread, owned, fresh]) {
      expect(await fileRow(f.path), f.name).toBe(true);
      expect(onDisk(f.path), f.name).toBe(true);
    }
    expect(await tusRow(freshTus)).toBe(true);
    expect(tusBytes(freshTus)).toBe(true);
  }

  it('forgets a completed anonymous tus upload with its expired file, and old quota counters', async () => {
    const id = await startTus('whole', 5);
    const done = await t.post<{ filename: string }>('/file/tusComplete', { uploadId: id });
    const { path } = JSON.parse(done.data.filename) as { path: string };
    await t.db.query("INSERT INTO quota_usage (scope, key, day, count, bytes) VALUES ('upload-address', '10.9.9.9', '2000-01-01', 1, 1)");
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 25 * HOUR);
    try {
      await run();
    } finally {
      t.clock.now = saved;
    }
    expect(await fileRow(path)).toBe(false);
    expect(onDisk(path)).toBe(false);
    expect(await tusRow(id)).toBe(false);
    expect((await t.db.query("SELECT 1 FROM quota_usage WHERE key = '10.9.9.9'")).length).toBe(0);
  });
});
