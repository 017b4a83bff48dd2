import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { create as createTar } from 'tar';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE_PATH, HEADER } from '../../contract/http';
import { buildApp } from '../app';
import { acquireDataLock } from '../db/data-lock';
import type { Db } from '../db/db';
import { operatorSecretFile } from '../env';
import { BACKUP_PATH, OPERATOR_HEADER } from '../routes/ops';
import { passSecretFile } from '../security/pass';
import { receiptKeyDir } from '../security/receipt-keys';
import { seedDemo } from '../seed';
import { demoCreditCode } from '../seed/suppliers';
import { ENGINE } from '../test/engine';
import { build, multipart, registration } from '../test/helper';
import { BACKUP_FORMAT, openBackup, writeArchive, type BackupManifest } from './backup';
import { readManifest, restoreBackup, verifyBackup } from './restore';
import { runOperatorAction } from './operator-actions';

/**
 * Backups of a real data folder (PGlite in `pgdata/`, files in `files/`): taken from the running
 * service through its operator endpoint (what `npm run cli -- backup` calls while it runs),
 * restored into a fresh folder, and opened there. In the `server:postgres` project: the files-only
 * backup of a service on PostgreSQL.
 */
const onPostgres = ENGINE === 'postgres';
const run = promisify(execFile);
const SECRET = 'backup-test-operator-secret-0123456789';
const root = mkdtempSync(join(tmpdir(), 'backup-test-'));
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** The service on a data folder of its own, as `npm start` runs it (no injected database). */
async function service(dataDir: string, seed = true) {
  const app = await buildApp({ dataDir, logLevel: 'silent', listCacheMs: 0, operatorSecret: SECRET });
  apps.push(app);
  writeFileSync(operatorSecretFile(dataDir), SECRET, { mode: 0o600 });
  if (seed) await seedDemo(app.services.db, app.services.storage);
  const call = async <T>(path: string, body: unknown, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `${BASE_PATH}${path}`,
      payload: body as object,
      headers: { [HEADER.language]: 'en', ...(token ? { [HEADER.token]: token } : {}) },
      remoteAddress: '127.0.0.1',
    });
    const envelope = res.json() as { code: string; message: string; data: T };
    if (envelope.code !== 'E000') throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  };
  const upload = async (name: string, bytes: Buffer, token?: string) => {
    const form = multipart(name, bytes);
    const res = await app.inject({
      method: 'POST',
      url: `${BASE_PATH}/file/upload`,
      payload: form.payload,
      headers: { ...form.headers, ...(token ? { [HEADER.token]: token } : {}) },
      remoteAddress: '127.0.0.1',
    });
    return JSON.parse((res.json() as { data: { filename: string } }).data.filename) as { name: string; fileUrl: string; path: string };
  };
  const login = async (username: string, password = 'Demo1234') =>
    call<{ oauthToken: string }>('/supplier/login', { username, password }).then((d) => d.oauthToken);
  return { app, db: app.services.db, call, upload, login };
}

/** Everything a restore must bring back, as sorted ids (and each stored file's bytes). */
async function inventory(db: Db, dataDir: string) {
  const ids = async (table: string) => (await db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} ORDER BY id`)).map((r) => r.id);
  const keys = (await db.query<{ key: string }>('SELECT storage_key AS key FROM files ORDER BY storage_key')).map((r) => r.key);
  return {
    suppliers: await ids('suppliers'),
    notices: await ids('notices'),
    communications: await ids('communications'),
    replies: await ids('communication_replies'),
    files: Object.fromEntries(keys.map((key) => [key, readFileSync(join(dataDir, 'files', key)).toString('base64')])),
  };
}

async function backupThroughServer(app: FastifyInstance, file: string) {
  const res = await app.inject({ method: 'POST', url: BACKUP_PATH, headers: { [OPERATOR_HEADER]: SECRET }, remoteAddress: '127.0.0.1' });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/x-tar');
  writeFileSync(file, res.rawPayload);
}

const live = join(root, 'live');
let s!: Awaited<ReturnType<typeof service>>;
beforeAll(async () => {
  if (!onPostgres) s = await service(live);
});

describe.skipIf(onPostgres)('backup and restore', { timeout: 120_000 }, () => {
  it('restores a backup taken while the service runs into a fresh folder: every supplier, notice, thread and file', async () => {
    // Data of every kind through the real API: a new supplier, a thread with an attachment, a notice.
    const licence = await s.upload('licence.pdf', Buffer.from('%PDF-1.4 licence of the backup test'));
    const registered = registration(
      7,
      { name: licence.name, url: licence.fileUrl, path: licence.path },
      { username: 'backup_supplier', creditCode: demoCreditCode('440300', 'MB0000007') },
    );
    await s.call('/supplier/save', registered);
    const token = await s.login('demo_a104');
    const attachment = await s.upload('drawing.bin', Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)), token);
    const thread = await s.call<{ id: string }>(
      '/communication/save',
      {
        priority: 'high',
        topic: '备份之前的问题',
        content: '内容',
        attachments: [{ name: attachment.name, url: '', path: attachment.path }],
      },
      token,
    );
    const ctx = { db: s.db, storage: s.app.services.storage, now: new Date(), timeZone: s.app.services.timeZone };
    const notice = (await runOperatorAction(ctx, 'publishNotice', { type: 'bidding', title: '备份之前的公告' })) as { id: string };
    const before = await inventory(s.db, live);
    expect(before.suppliers.length).toBeGreaterThanOrEqual(4);
    expect(before.communications).toContain(thread.id);
    expect(before.notices).toContain(notice.id);
    expect(Object.keys(before.files)).toEqual(expect.arrayContaining([licence.path, attachment.path]));

    // Taken while the service runs, with the portal's reads going on beside it.
    const file = join(root, 'live.tar');
    const reads = Array.from({ length: 20 }, () => s.call('/business/listByPage', { pageNo: 1, pageSize: 10 }));
    await backupThroughServer(s.app, file);
    await Promise.all(reads);
    const manifest = await verifyBackup(file);
    expect(manifest).toMatchObject({
      format: BACKUP_FORMAT,
      version: 1,
      database: 'pglite',
      passSecret: true,
      counts: { files: Object.keys(before.files).length },
    });
    // The staging folder goes once the archive is out.
    await vi.waitFor(() => expect(readdirSync(live).filter((name) => name.startsWith('.backup-'))).toEqual([]));

    // Written after the backup: not in it (a backup is a point in time).
    const after = await s.call<{ id: string }>('/communication/save', { priority: 'low', topic: '备份之后的问题', content: '内容' }, token);
    const later = await s.upload('later.txt', Buffer.from('after the backup'), token);

    const restoredDir = join(root, 'restored');
    const result = await restoreBackup({ file, dataDir: restoredDir });
    expect(result).toMatchObject({
      missingFiles: [],
      files: Object.keys(before.files).length,
      database: { suppliers: before.suppliers.length, notices: before.notices.length, communications: before.communications.length },
    });
    expect(readFileSync(passSecretFile(restoredDir), 'utf8')).toBe(readFileSync(passSecretFile(live), 'utf8'));
    expect(existsSync(operatorSecretFile(restoredDir))).toBe(false);
    expect(readdirSync(root).filter((name) => name.includes('.restore-'))).toEqual([]);

    // The restored folder opens as the service does, with everything of the moment of the backup.
    const r = await service(restoredDir, false);
    expect(await inventory(r.db, restoredDir)).toEqual(before);
    const ids = (await r.db.query<{ id: string }>('SELECT id::text AS id FROM communications')).map((x) => x.id);
    expect(ids).not.toContain(after.id);
    expect(existsSync(join(restoredDir, 'files', later.path))).toBe(false);
    // The file downloads byte-equal through the API, with the session the backup kept.
    const download = await r.app.inject({
      method: 'POST',
      url: `${BASE_PATH}/file/download`,
      payload: `filePath=${encodeURIComponent(attachment.path)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', [HEADER.token]: token },
      remoteAddress: '127.0.0.1',
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(readFileSync(join(live, 'files', attachment.path)))).toBe(true);
    const restoredThread = await r.call<{ topic: string; replies: Array<{ attachments: Array<{ path: string }> }> }>(
      '/communication/getById',
      { id: thread.id },
      token,
    );
    expect(restoredThread).toMatchObject({ topic: '备份之前的问题', replies: [{ attachments: [{ path: attachment.path }] }] });
    // Writes work on the restored database.
    expect(
      await r.call<{ id: string }>('/communication/save', { priority: 'low', topic: '恢复之后', content: '内容' }, token),
    ).toMatchObject({ id: expect.any(String) });
  });

  it('waits for an open transaction: the dump holds a moment between transactions, never the middle of one', async () => {
    const file = join(root, 'during-transaction.tar');
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let inserted!: () => void;
    const begun = new Promise<void>((done) => (inserted = done));
    const writing = s.db.transaction(async (tx) => {
      await tx.query("INSERT INTO dictionary_items (type, code, sort, labels) VALUES ('backupTest', 'open', 0, '{}')");
      inserted();
      await held;
    });
    await begun;
    const backup = backupThroughServer(s.app, file);
    // The backup waits while the transaction is open.
    await new Promise((done) => setTimeout(done, 300));
    release();
    await Promise.all([writing, backup]);
    const dir = join(root, 'after-transaction');
    await restoreBackup({ file, dataDir: dir });
    const r = await service(dir, false);
    expect(await r.db.query("SELECT code FROM dictionary_items WHERE type = 'backupTest'")).toEqual([{ code: 'open' }]);
  });

  it('refuses a missing file, a file that is no backup, another format version, and a folder that holds data', async () => {
    const fresh = join(root, 'refusals');
    await expect(restoreBackup({ file: join(root, 'nothing.tar'), dataDir: fresh })).rejects.toThrow(
      `no backup file at ${join(root, 'nothing.tar')}`,
    );
    const text = join(root, 'notes.txt');
    writeFileSync(text, 'just some notes, not an archive\n'.repeat(40));
    await expect(restoreBackup({ file: text, dataDir: fresh })).rejects.toThrow('is not a backup archive of this service');
    // A tar, but not ours.
    const other = join(root, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'readme.md'), 'hello');
    await createTar({ file: join(root, 'other.tar'), cwd: other }, ['readme.md']);
    await expect(restoreBackup({ file: join(root, 'other.tar'), dataDir: fresh })).rejects.toThrow(
      'its first entry is readme.md, not manifest.json',
    );
    // Ours, from a later format.
    const future = join(root, 'future');
    mkdirSync(future);
    writeFileSync(
      join(future, 'manifest.json'),
      JSON.stringify({ format: BACKUP_FORMAT, version: 2, appVersion: '9.0.0' } satisfies Partial<BackupManifest>),
    );
    await createTar({ file: join(root, 'future.tar'), cwd: future }, ['manifest.json']);
    await expect(readManifest(join(root, 'future.tar'))).rejects.toThrow(
      'is a backup of format version 2; this version of the service reads version 1 (written by 9.0.0)',
    );
    expect(existsSync(fresh)).toBe(false);

    // A real backup, but the folder holds a database, or stored files: nothing is touched.
    const file = join(root, 'refusals.tar');
    await backupThroughServer(s.app, file);
    await expect(restoreBackup({ file, dataDir: live })).rejects.toThrow(`${live} holds a database already (pgdata/)`);
    const filesOnly = join(root, 'files-only');
    mkdirSync(join(filesOnly, 'files', 'u'), { recursive: true });
    writeFileSync(join(filesOnly, 'files', 'u', 'stray.txt'), 'x');
    await expect(restoreBackup({ file, dataDir: filesOnly })).rejects.toThrow(`${filesOnly} holds stored files already (files/)`);
    // The embedded database's backup is not restored with DATABASE_URL set, nor the reverse.
    await expect(restoreBackup({ file, dataDir: fresh, databaseUrl: 'postgres://localhost/x' })).rejects.toThrow(
      'holds an embedded database, but DATABASE_URL is set',
    );
    expect(readdirSync(root).filter((name) => name.includes('.restore-'))).toEqual([]);
  });

  it('the backup endpoint answers the operator only (loopback and the secret); a dropped backup leaves no staging folder', async () => {
    const wrong = await s.app.inject({
      method: 'POST',
      url: BACKUP_PATH,
      headers: { [OPERATOR_HEADER]: 'not-the-secret' },
      remoteAddress: '127.0.0.1',
    });
    expect(wrong.statusCode).toBe(403);
    const remote = await s.app.inject({
      method: 'POST',
      url: BACKUP_PATH,
      headers: { [OPERATOR_HEADER]: SECRET },
      remoteAddress: '10.1.2.3',
    });
    expect(remote.statusCode).toBe(403);
    const none = await s.app.inject({ method: 'POST', url: BACKUP_PATH, remoteAddress: '127.0.0.1' });
    expect(none.statusCode).toBe(403);

    const { stream } = await openBackup({ dataDir: live, db: s.db, now: new Date() });
    expect(readdirSync(live).filter((name) => name.startsWith('.backup-'))).toHaveLength(1);
    stream.destroy();
    await vi.waitFor(() => expect(readdirSync(live).filter((name) => name.startsWith('.backup-'))).toEqual([]));
    // A failed write (the name is taken) removes its partial file and the staging folder.
    const taken = join(root, 'taken.tar');
    writeFileSync(`${taken}.partial`, 'another backup to the same name');
    await expect(writeArchive((await openBackup({ dataDir: live, db: s.db, now: new Date() })).stream, taken)).rejects.toThrow(
      `${taken}.partial exists`,
    );
    expect(existsSync(taken)).toBe(false);
    await vi.waitFor(() => expect(readdirSync(live).filter((name) => name.startsWith('.backup-'))).toEqual([]));
  });

  it('with PASS_SECRET given by the environment: no pass secret in the archive, and the manifest says where it comes from', async () => {
    writeFileSync(passSecretFile(live), 'a-stale-secret-of-an-earlier-setup-0123456789', { mode: 0o600 });
    const file = join(root, 'env-secret.tar');
    const { manifest, stream } = await openBackup({ dataDir: live, db: {}, now: new Date(), passSecretFromEnv: true });
    await writeArchive(stream, file);
    expect(manifest).toMatchObject({ passSecret: false, passSecretFrom: 'environment' });
    expect(await verifyBackup(file)).toMatchObject({ passSecret: false, passSecretFrom: 'environment' });
    const dir = join(root, 'env-secret-restored');
    await restoreBackup({ file, dataDir: dir, databaseUrl: 'postgres://localhost:1/x' });
    expect(existsSync(passSecretFile(dir))).toBe(false);
  });

  it('carries the receipt keys: a receipt signed before the backup checks on the restored service; with RECEIPT_KEY, the retired keys alone', async () => {
    const keys = receiptKeyDir(live);
    mkdirSync(join(keys, 'retired'), { recursive: true });
    const earlier = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    writeFileSync(join(keys, 'retired', 'earlier.pem'), earlier);
    const claims = { kind: 'deposit' as const, recordId: 'r1', recordNo: null, supplierId: 's1', supplierName: '供应商' };
    const signed = await s.app.services.receipts.sign({ ...claims, receivedAt: new Date().toISOString() }, []);

    const file = join(root, 'receipt-keys.tar');
    await backupThroughServer(s.app, file);
    expect(await verifyBackup(file)).toMatchObject({ receiptKeys: ['signing.pem', 'retired/earlier.pem'], receiptKeyFrom: 'archive' });
    // A folder that holds another signing key is refused: the backup's signed the receipts in it.
    const other = join(root, 'other-key');
    mkdirSync(receiptKeyDir(other), { recursive: true });
    writeFileSync(
      join(receiptKeyDir(other), 'signing.pem'),
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    await expect(restoreBackup({ file, dataDir: other })).rejects.toThrow(/exists with another key/);

    const dir = join(root, 'receipt-keys-restored');
    await restoreBackup({ file, dataDir: dir });
    const r = await service(dir, false);
    const { keys: restored } = r.app.services.receipts.keySet;
    expect(restored[0]).toEqual(s.app.services.receipts.keySet.keys[0]);
    expect(restored.map((k) => k.status)).toEqual(['current', 'retired']);
    expect(await r.app.services.receipts.check(signed.jws)).toMatchObject({ valid: true, claims: { recordId: 'r1' } });

    const { manifest, stream } = await openBackup({ dataDir: live, db: {}, now: new Date(), receiptKeyFromEnv: true });
    await writeArchive(stream, join(root, 'env-key.tar'));
    expect(manifest).toMatchObject({ receiptKeys: ['retired/earlier.pem'], receiptKeyFrom: 'environment' });
  });

  it('with DATABASE_URL (a database that cannot dump): the files only, restored beside a database restored by its own tools', async () => {
    const file = join(root, 'files-only.tar');
    const { manifest, stream } = await openBackup({ dataDir: live, db: {}, now: new Date() });
    await writeArchive(stream, file);
    expect(manifest).toMatchObject({ database: 'postgres-files-only', counts: { databaseBytes: 0 } });
    expect((await verifyBackup(file)).counts.files).toBe(
      readdirSync(join(live, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length,
    );
    await expect(restoreBackup({ file, dataDir: join(root, 'no-url') })).rejects.toThrow(
      'holds the files only (taken with DATABASE_URL): set DATABASE_URL',
    );
    const dir = join(root, 'pg-files');
    const result = await restoreBackup({ file, dataDir: dir, databaseUrl: 'postgres://localhost:1/x' });
    expect(result).toMatchObject({
      files: manifest.counts.files,
      missingFiles: [],
      databaseChecked: false,
      next: expect.stringContaining('pg_restore'),
    });
    expect(existsSync(join(dir, 'pgdata'))).toBe(false);
  });
});

const cli = (args: string[], env: Record<string, string>) =>
  run('npx', ['tsx', 'server/cli.ts', ...args], { env: { ...process.env, ...env }, timeout: 200_000 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

// Each CLI run starts tsx and PGlite: seconds each.
describe.skipIf(onPostgres)('npm run cli -- backup / restore', { timeout: 300_000 }, () => {
  it('backs up through the running server and without one, refuses to overwrite, restores into a fresh folder (refused while a server answers)', async () => {
    const dataDir = join(root, 'cli-live');
    const c = await service(dataDir);
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const port = String((c.app.server.address() as AddressInfo).port);
    // The folder held as the service holds it (server/main.ts): the CLI finds the server through it.
    const lock = await acquireDataLock(dataDir, 'service');
    lock.update({ port: Number(port), host: '127.0.0.1' });
    const before = await inventory(c.db, dataDir);

    const file = join(root, 'cli.tar');
    const backup = await cli(['backup', file], { DATA_DIR: dataDir, PORT: port });
    expect(backup.code, backup.err).toBe(0);
    expect(JSON.parse(backup.out)).toMatchObject({
      file,
      takenBy: 'the running server',
      manifest: { database: 'pglite', counts: { files: Object.keys(before.files).length } },
    });
    expect(existsSync(`${file}.partial`)).toBe(false);
    const again = await cli(['backup', file], { DATA_DIR: dataDir, PORT: port });
    expect(again.code).toBe(1);
    expect(again.err).toContain(`${file} exists already`);

    const target = join(root, 'cli-restored');
    const whileRunning = await cli(['restore', file], { DATA_DIR: dataDir });
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.err).toContain(`in use by the bid service (pid ${process.pid}, port ${port})`);
    expect(whileRunning.err).toContain('stop it before restoring');
    await c.app.close();
    lock.release();
    // No server now: the CLI opens the database itself.
    const direct = await cli(['backup', join(root, 'cli-direct.tar')], { DATA_DIR: dataDir, PORT: port });
    expect(direct.code, direct.err).toBe(0);
    expect(JSON.parse(direct.out)).toMatchObject({
      takenBy: 'the CLI (no server running)',
      manifest: { database: 'pglite', counts: { files: Object.keys(before.files).length } },
    });
    const restored = await cli(['restore', file], { DATA_DIR: target, PORT: port });
    expect(restored.code, restored.err).toBe(0);
    expect(JSON.parse(restored.out)).toMatchObject({
      dataDir: target,
      database: { suppliers: before.suppliers.length, notices: before.notices.length },
      missingFiles: [],
    });
    const r = await service(target, false);
    expect(await inventory(r.db, target)).toEqual(before);
    const bad = await cli(['restore', join(root, 'cli-missing.tar')], { DATA_DIR: join(root, 'cli-other'), PORT: port });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('no backup file at');
  });
});

const pg = onPostgres ? await build({ operatorSecret: SECRET }) : null;

describe.runIf(onPostgres)('on PostgreSQL (DATABASE_URL)', () => {
  it('backs up the files only through the running service; a restore brings them back beside the database pg_restore restores', async () => {
    const t = pg!;
    const form = multipart('on-postgres.bin', Buffer.from('stored beside PostgreSQL'));
    await t.app.inject({
      method: 'POST',
      url: `${BASE_PATH}/file/upload`,
      payload: form.payload,
      headers: form.headers,
      remoteAddress: '127.0.0.1',
    });
    const keys = (await t.db.query<{ key: string }>('SELECT storage_key AS key FROM files')).map((r) => r.key);
    const file = join(root, 'postgres.tar');
    await backupThroughServer(t.app, file);
    const manifest = await verifyBackup(file);
    expect(manifest).toMatchObject({ database: 'postgres-files-only', counts: { files: keys.length, databaseBytes: 0 } });
    const dir = join(root, 'postgres-restored');
    const result = await restoreBackup({ file, dataDir: dir, databaseUrl: t.databaseUrl });
    // The database is there (restored first): the files are checked against it, as on PGlite.
    expect(result).toMatchObject({
      files: keys.length,
      databaseChecked: true,
      missingFiles: [],
      next: expect.stringContaining('checked against the database'),
    });
    for (const key of keys)
      expect(readFileSync(join(dir, 'files', key)).equals(readFileSync(join(t.dataDir, 'files', key))), key).toBe(true);
  });
});
