import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import type { Db } from '../db/db';
import { STORAGE_KEY_RE } from '../files/storage';
import { passSecretFile } from '../security/pass';
import { receiptKeyDir, receiptKeyFiles, RETIRED_KEY_RE } from '../security/receipt-keys';
import { OperatorError } from './operator-errors';

/**
 * Backups of a data directory (`npm run cli -- backup FILE`, `restore FILE`): one uncompressed tar
 *
 *   manifest.json    always the first entry: BackupManifest
 *   pgdata.tar.gz    the embedded database's data directory (PGlite's dumpDataDir); absent
 *                    with DATABASE_URL, whose database the operator backs up with pg_dump
 *   pass.secret      the visit-pass signing secret, when the data directory holds the one in use (not with PASS_SECRET)
 *   receipt-keys/signing.pem   the receipt signing key, when the data directory holds the one in use (not with RECEIPT_KEY)
 *   receipt-keys/retired/*.pem the public keys that signed receipts before: old receipts still check with them
 *   files/u/..., files/p/...   every stored file, under its storage key
 *
 * Not in it: operator.secret (the server makes a new one at start), the log notifier's
 * notifications.jsonl, and the tus folder of unfinished resumable uploads (below).
 *
 * Consistency. The database is dumped first, then the files are taken, and a stored file is
 * never changed once written: FileStorage.write creates each key once ('wx') and streams it
 * before any row names it (insertFile comes after the write; a tus completion links its bytes to
 * the key inside the transaction that inserts the row). So every file a row of the dump names
 * was complete on disk before the dump, and is in the archive, unless it was deleted between the
 * dump and the taking of the files. Only housekeeping deletes stored files, and only unclaimed
 * uploads past their 24 h (no record refers to them; their row goes first): such a row may come
 * back without bytes, is expired already and goes at the restored service's first housekeeping
 * run. Files taken that no row of the dump names (uploaded after it, or still being written) are
 * harmless: nothing refers to them. The files are taken as hard links into a staging folder in
 * the data directory (copies where links fail) in one quick pass, and the archive is written from
 * there: a deletion while the archive streams out no longer matters.
 *
 * The dump itself is taken between two transactions (it waits for an open one to end), right
 * after a CHECKPOINT, while PGlite runs no other statement (db.ts, pglite-worker.mjs); it is
 * compressed after that moment, on another thread. On the demo data (a 44 MB pgdata) statements
 * waited at most 0.13 to 0.21 s while a backup was taken; the HTTP thread never waits for it.
 *
 * Unfinished tus uploads are left out: their bytes grow in place, they are worth nothing until
 * completed, and the portal keeps every queued file until it is acknowledged. After a restore the
 * uploader finds its upload unknown (404) and starts it again from its own copy; the stale rows go
 * at housekeeping after 24 h.
 */

export const BACKUP_FORMAT = 'supplier-portal-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  /** BACKUP_VERSION of the version that wrote it; a restore refuses other versions. */
  version: number;
  /** ISO 8601: when the database was dumped. */
  createdAt: string;
  /** package.json's version of the service that wrote it. */
  appVersion: string;
  /** `pglite`: the embedded database is in the archive; `postgres-files-only`: DATABASE_URL was set. */
  database: 'pglite' | 'postgres-files-only';
  counts: {
    /** Stored files in `files/` and their bytes. */
    files: number;
    fileBytes: number;
    /** The size of `pgdata.tar.gz` (0 without it). */
    databaseBytes: number;
  };
  passSecret: boolean;
  /**
   * `environment`: PASS_SECRET was given by the environment, so no secret is in the archive (a
   * `pass.secret` left in the folder is not the one in use): a restored service needs that value.
   */
  passSecretFrom?: 'archive' | 'environment';
  /** The receipt keys in the archive, as paths under `receipt-keys/` (none in a backup older than receipts). */
  receiptKeys?: string[];
  /** `environment`: RECEIPT_KEY was given by the environment, and the signing key is not in the archive. */
  receiptKeyFrom?: 'archive' | 'environment';
}

export const APP_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** The archive's entries (see above). */
export const MANIFEST = 'manifest.json';
export const PGDATA = 'pgdata.tar.gz';
export const PASS_SECRET = 'pass.secret';
export const FILES = 'files';
export const RECEIPT_KEYS = 'receipt-keys';

/** Whether a tar entry is one a backup of ours holds (anything else is refused, never extracted). */
export function isArchiveEntry(path: string, type: string): boolean {
  const name = path.replace(/\/+$/, '');
  if (type === 'Directory')
    return (
      name === FILES ||
      (name.startsWith(`${FILES}/`) && /^[up](\/\d{4}(\/\d{2})?)?$/.test(name.slice(FILES.length + 1))) ||
      name === RECEIPT_KEYS ||
      name === `${RECEIPT_KEYS}/retired`
    );
  if (type !== 'File' && type !== 'OldFile' && type !== 'ContiguousFile') return false;
  return (
    name === MANIFEST ||
    name === PGDATA ||
    name === PASS_SECRET ||
    (name.startsWith(`${FILES}/`) && STORAGE_KEY_RE.test(name.slice(FILES.length + 1))) ||
    name === `${RECEIPT_KEYS}/signing.pem` ||
    (name.startsWith(`${RECEIPT_KEYS}/retired/`) && RETIRED_KEY_RE.test(name.slice(RECEIPT_KEYS.length + 9)))
  );
}

/** What a backup is taken from: the data directory and, on the embedded database, the database. */
export interface BackupSource {
  dataDir: string;
  /** The open database; with one that cannot dump (PostgreSQL) or none, the files alone. */
  db?: Pick<Db, 'dumpDataDir'>;
  now: Date;
  /** PASS_SECRET is given by the environment: the folder's `pass.secret`, if any, is not the secret in use. */
  passSecretFromEnv?: boolean;
  /** RECEIPT_KEY is given by the environment: the folder's `receipt-keys/signing.pem`, if any, is not the key in use. */
  receiptKeyFromEnv?: boolean;
}

export const code = (error: unknown) => (error as { code?: string }).code;

/** Every stored file under `root`, as storage keys (anything else there is not ours). */
export async function storedKeys(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(root, prefix), { withFileTypes: true }).catch((error: unknown) => {
    if (code(error) === 'ENOENT') return [];
    throw error;
  });
  const keys: string[] = [];
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await storedKeys(root, key)));
    else if (entry.isFile() && STORAGE_KEY_RE.test(key)) keys.push(key);
  }
  return keys;
}

/** `from` at `to`: a hard link (the same bytes, instantly), else a copy. False when `from` is gone. */
async function take(from: string, to: string): Promise<boolean> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if (code(error) === 'ENOENT') return false;
  }
  try {
    await copyFile(from, to);
    return true;
  } catch (error) {
    if (code(error) === 'ENOENT') return false;
    throw error;
  }
}

/** A backup ready to stream: `stream` is the archive; the staging folder goes when it ends or is dropped. */
export interface OpenedBackup {
  manifest: BackupManifest;
  stream: Readable;
}

/**
 * Takes a backup of `source` (the database dump, then the files) into a staging folder and
 * answers the archive as a stream. Everything that can fail for a reason the operator can fix
 * fails here, before the first byte.
 */
export async function openBackup(source: BackupSource): Promise<OpenedBackup> {
  const dataDir = resolve(source.dataDir);
  const db = source.db?.dumpDataDir ? source.db : null;
  if (!existsSync(dataDir)) throw new OperatorError(`no data folder at ${dataDir}`);
  const staging = await mkdtemp(join(dataDir, '.backup-'));
  const cleanup = () => rm(staging, { recursive: true, force: true });
  try {
    // The database first, then the files (the consistency argument above).
    const database = db ? await db.dumpDataDir!() : null;
    const createdAt = source.now.toISOString();
    const entries = [MANIFEST];
    if (database) {
      await writeFile(join(staging, PGDATA), database, { mode: 0o600 });
      entries.push(PGDATA);
    }
    const filesRoot = join(dataDir, FILES);
    let files = 0;
    let fileBytes = 0;
    await mkdir(join(staging, FILES), { mode: 0o700 });
    for (const key of await storedKeys(filesRoot)) {
      const staged = join(staging, FILES, key);
      if (!(await take(join(filesRoot, key), staged))) continue;
      files++;
      fileBytes += (await stat(staged)).size;
    }
    const passSecret = !source.passSecretFromEnv && (await take(passSecretFile(dataDir), join(staging, PASS_SECRET)));
    if (passSecret) entries.push(PASS_SECRET);
    const keyDir = receiptKeyDir(dataDir);
    const receiptKeys: string[] = [];
    for (const name of receiptKeyFiles(keyDir, { signing: !source.receiptKeyFromEnv }))
      if (await take(join(keyDir, name), join(staging, RECEIPT_KEYS, name))) receiptKeys.push(name);
    if (receiptKeys.length) entries.push(RECEIPT_KEYS);
    entries.push(FILES);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt,
      appVersion: APP_VERSION,
      database: database ? 'pglite' : 'postgres-files-only',
      counts: { files, fileBytes, databaseBytes: database?.byteLength ?? 0 },
      passSecret,
      passSecretFrom: source.passSecretFromEnv ? 'environment' : 'archive',
      receiptKeys,
      receiptKeyFrom: source.receiptKeyFromEnv ? 'environment' : 'archive',
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // `portable`: no owner names or ids of this machine in the archive.
    const pack = createTar({ cwd: staging, portable: true }, entries);
    const stream = new PassThrough();
    // The staging folder goes when the archive is written out, or when the reader drops it.
    pipeline(pack, stream)
      .catch(() => undefined)
      .finally(() => void cleanup());
    return { manifest, stream };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The partial file a backup is written to before it takes its name. */
export const partialName = (file: string) => `${file}.partial`;

/**
 * Writes `archive` to `file` without ever replacing an existing file: into `file.partial` first,
 * then linked to its name, which fails if the name was taken meanwhile. A failure leaves neither.
 */
export async function writeArchive(archive: Readable, file: string): Promise<void> {
  const target = resolve(file);
  const partial = partialName(target);
  const taken = () => new OperatorError(`${target} exists already: choose another name`);
  if (existsSync(target)) {
    archive.destroy();
    throw taken();
  }
  try {
    await pipeline(archive, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    archive.destroy();
    if (code(error) === 'EEXIST')
      throw new OperatorError(`${partial} exists: another backup to this name is running, or a failed one left it (remove it)`);
    await rm(partial, { force: true });
    throw error;
  }
  try {
    await link(partial, target);
  } catch (error) {
    if (code(error) === 'EEXIST') throw taken();
    // A file system without hard links: a rename, after one more look.
    if (existsSync(target)) throw taken();
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}

/** A backup of `source` written to `file` (the CLI when no server runs). */
export async function backupToFile(source: BackupSource, file: string): Promise<BackupManifest> {
  if (existsSync(resolve(file))) throw new OperatorError(`${resolve(file)} exists already: choose another name`);
  const { manifest, stream } = await openBackup(source);
  await writeArchive(stream, file);
  return manifest;
}
