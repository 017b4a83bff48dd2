import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { create as createTar, extract as extractTar, list as listTar, Parser, type ReadEntry } from 'tar';
import type { Db } from '../db/db';
import { STORAGE_KEY_RE } from '../files/storage';
import { passSecretFile } from '../security/pass';
import { OperatorError } from './operator-errors';

/**
 * Backups of a data directory (`npm run cli -- backup FILE`, `restore FILE`): one uncompressed tar
 *
 *   manifest.json    always the first entry: BackupManifest
 *   pgdata.tar.gz    the embedded database's data directory (PGlite's dumpDataDir); absent
 *                    with DATABASE_URL, whose database the operator backs up with pg_dump
 *   pass.secret      the visit-pass signing secret, when the data directory holds one
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
}

export const APP_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const MANIFEST = 'manifest.json';
const PGDATA = 'pgdata.tar.gz';
const PASS_SECRET = 'pass.secret';
const FILES = 'files';

/** What a backup is taken from: the data directory and, on the embedded database, the database. */
export interface BackupSource {
  dataDir: string;
  /** The open database; with one that cannot dump (PostgreSQL) or none, the files alone. */
  db?: Pick<Db, 'dumpDataDir'>;
  now: Date;
}

const code = (error: unknown) => (error as { code?: string }).code;

/** Every stored file under `root`, as storage keys (anything else there is not ours). */
async function storedKeys(root: string, prefix = ''): Promise<string[]> {
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
    const passSecret = await take(passSecretFile(dataDir), join(staging, PASS_SECRET));
    if (passSecret) entries.push(PASS_SECRET);
    entries.push(FILES);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt,
      appVersion: APP_VERSION,
      database: database ? 'pglite' : 'postgres-files-only',
      counts: { files, fileBytes, databaseBytes: database?.byteLength ?? 0 },
      passSecret,
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
    if (code(error) === 'EEXIST') throw new OperatorError(`${partial} exists: another backup to this name is running, or a failed one left it (remove it)`);
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

const notABackup = (file: string, why: string) => new OperatorError(`${file} is not a backup archive of this service (${why})`);

/** Checks a manifest read from an archive: the format and a version this code reads. */
function checkManifest(file: string, raw: unknown): BackupManifest {
  const m = raw as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || m.format !== BACKUP_FORMAT) throw notABackup(file, `${MANIFEST} is not ours`);
  if (m.version !== BACKUP_VERSION) throw new OperatorError(`${file} is a backup of format version ${String(m.version)}; this version of the service reads version ${BACKUP_VERSION} (written by ${m.appVersion ?? 'an unknown version'})`);
  if (m.database !== 'pglite' && m.database !== 'postgres-files-only') throw notABackup(file, `unknown database kind ${String(m.database)}`);
  return m as BackupManifest;
}

/**
 * The manifest of the archive at `file`, read from its first entry without reading the rest.
 * Refuses a missing file, anything that is not a tar (or tar.gz) starting with our manifest, and
 * other format versions.
 */
export async function readManifest(file: string): Promise<BackupManifest> {
  const path = resolve(file);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new OperatorError(`no backup file at ${path}`);
  const text = await new Promise<string>((done, fail) => {
    const input = createReadStream(path);
    const parser = new Parser({ strict: true });
    let settled = false;
    const finish = (error: Error | null, value = '') => {
      if (settled) return;
      settled = true;
      input.destroy();
      if (error) fail(error);
      else done(value);
    };
    parser.on('entry', (entry: ReadEntry) => {
      if (entry.path !== MANIFEST || entry.type !== 'File' || entry.size > 1024 * 1024) return finish(notABackup(path, `its first entry is ${entry.path}, not ${MANIFEST}`));
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8')));
    });
    parser.on('error', (error: Error) => finish(notABackup(path, error.message)));
    parser.on('end', () => finish(notABackup(path, 'no entries')));
    input.on('error', (error) => finish(error));
    input.pipe(parser as unknown as NodeJS.WritableStream);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notABackup(path, `${MANIFEST} is not JSON`);
  }
  return checkManifest(path, parsed);
}

/** What is allowed out of an archive: our entries, plain files and folders only. */
function ourEntry(path: string, type: string): boolean {
  const name = path.replace(/\/+$/, '');
  if (type === 'Directory') return name === FILES || (name.startsWith(`${FILES}/`) && /^[up](\/\d{4}(\/\d{2})?)?$/.test(name.slice(FILES.length + 1)));
  if (type !== 'File' && type !== 'OldFile' && type !== 'ContiguousFile') return false;
  return name === MANIFEST || name === PGDATA || name === PASS_SECRET || (name.startsWith(`${FILES}/`) && STORAGE_KEY_RE.test(name.slice(FILES.length + 1)));
}

/**
 * Reads the whole archive (every byte, as a restore will): its manifest, and that the stored
 * files and the database it announces are all there. The CLI runs it on every backup it writes.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const path = resolve(file);
  const manifest = await readManifest(path);
  let files = 0;
  let database = false;
  let foreign: string | null = null;
  try {
    await listTar({
      file: path,
      strict: true,
      onReadEntry: (entry) => {
        if (!ourEntry(entry.path, entry.type)) foreign ??= entry.path;
        else if (entry.path === PGDATA) database = true;
        else if (entry.type !== 'Directory' && entry.path.startsWith(`${FILES}/`)) files++;
      },
    });
  } catch (error) {
    throw notABackup(path, `unreadable: ${(error as Error).message}`);
  }
  if (foreign) throw notABackup(path, `unexpected entry ${String(foreign)}`);
  if (files !== manifest.counts.files) throw notABackup(path, `the manifest announces ${manifest.counts.files} files, the archive holds ${files}`);
  if (database !== (manifest.database === 'pglite')) throw notABackup(path, database ? 'a database dump the manifest does not announce' : `no ${PGDATA}`);
  return manifest;
}

/** What a restore found in the restored data. */
export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
  /** Counted in the restored embedded database (absent for files only). */
  database?: { suppliers: number; notices: number; communications: number; fileRows: number };
  /** Rows of `files` whose bytes are not in the archive (see the consistency note above). */
  missingFiles: string[];
  files: number;
  /** What the operator does next. */
  next: string;
}

/** Whether a folder (absent: none) holds any file, in any subfolder. */
async function holdsFiles(path: string): Promise<boolean> {
  const entries = await readdir(path, { withFileTypes: true }).catch((error: unknown) => {
    if (code(error) === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (!entry.isDirectory() || (await holdsFiles(join(path, entry.name)))) return true;
  }
  return false;
}

/**
 * Restores the archive `file` into `dataDir`, which must hold no database and no stored files
 * (a fresh folder, or one without pgdata/ and files/): the operator restores into an empty data
 * folder while the service is stopped. The archive is extracted into a folder beside `dataDir`,
 * the database is opened once there (PGlite loads its dump and recovers) and counted, then
 * everything is renamed into place: a failed restore leaves `dataDir` as it was.
 *
 * With `databaseUrl` only the files (and pass.secret) are restored; the database is restored
 * with PostgreSQL's own tools.
 */
export async function restoreBackup(opts: { file: string; dataDir: string; databaseUrl?: string }): Promise<RestoreResult> {
  const file = resolve(opts.file);
  const dataDir = resolve(opts.dataDir);
  const manifest = await readManifest(file);
  const embedded = !opts.databaseUrl;
  if (embedded && manifest.database !== 'pglite')
    throw new OperatorError(`${file} holds the files only (taken with DATABASE_URL): set DATABASE_URL to restore them, and restore the database with pg_restore or psql`);
  if (!embedded && manifest.database === 'pglite')
    throw new OperatorError(`${file} holds an embedded database, but DATABASE_URL is set: unset it to restore into the embedded database in DATA_DIR`);

  // Nothing is ever overwritten: a database or files there already are someone's data.
  if (await holdsFiles(join(dataDir, 'pgdata'))) throw new OperatorError(`${dataDir} holds a database already (pgdata/): restore into an empty data folder, or move this one away first`);
  if (await holdsFiles(join(dataDir, FILES))) throw new OperatorError(`${dataDir} holds stored files already (files/): restore into an empty data folder, or move this one away first`);

  await mkdir(dirname(dataDir), { recursive: true });
  const work = await mkdtemp(join(dirname(dataDir), `.${basename(dataDir)}.restore-`));
  try {
    try {
      await extractTar({ file, cwd: work, strict: true, filter: (path, entry) => ourEntry(path, (entry as ReadEntry).type ?? 'File') });
    } catch (error) {
      throw notABackup(file, `unreadable: ${(error as Error).message}`);
    }
    await mkdir(join(work, FILES), { recursive: true, mode: 0o700 });
    const keys = new Set(await storedKeys(join(work, FILES)));
    if (keys.size !== manifest.counts.files) throw notABackup(file, `the manifest announces ${manifest.counts.files} files, the archive holds ${keys.size}`);

    const existingSecret = passSecretFile(dataDir);
    if (manifest.passSecret && existsSync(existingSecret) && (await readFile(existingSecret, 'utf8')) !== (await readFile(join(work, PASS_SECRET), 'utf8')))
      throw new OperatorError(`${existingSecret} exists with another secret: move it away to restore the backup's (visit passes issued before the backup stay valid with it)`);

    let database: RestoreResult['database'];
    let missingFiles: string[] = [];
    if (embedded) {
      if (!existsSync(join(work, PGDATA))) throw notABackup(file, `no ${PGDATA}`);
      const dump = new File([await readFile(join(work, PGDATA))], PGDATA, { type: 'application/gzip' });
      // The extensions of the service's PGlite (db/pglite-worker.mjs). Loading the dump writes it into pgdata/ and starts it.
      const lite = await PGlite.create(join(work, 'pgdata'), { extensions: { pg_trgm }, loadDataDir: dump });
      try {
        const [counts] = (
          await lite.query<{ suppliers: number; notices: number; communications: number; file_rows: number }>(
            `SELECT (SELECT count(*)::int FROM suppliers) AS suppliers, (SELECT count(*)::int FROM notices) AS notices,
                    (SELECT count(*)::int FROM communications) AS communications, (SELECT count(*)::int FROM files) AS file_rows`,
          )
        ).rows;
        database = { suppliers: counts!.suppliers, notices: counts!.notices, communications: counts!.communications, fileRows: counts!.file_rows };
        const rows = (await lite.query<{ storage_key: string }>('SELECT storage_key FROM files ORDER BY storage_key')).rows;
        missingFiles = rows.map((r) => r.storage_key).filter((key) => !keys.has(key));
      } finally {
        await lite.close();
      }
      await rm(join(work, PGDATA));
    }
    await rm(join(work, MANIFEST), { force: true });

    // Into place: the whole folder when there is none yet, else entry by entry (each a rename).
    if (!existsSync(dataDir)) {
      await rename(work, dataDir);
    } else {
      for (const name of await readdir(work)) {
        const target = join(dataDir, name);
        // pgdata/ and files/ may be there as empty folders only (checked again: never remove a file).
        if (name !== PASS_SECRET && existsSync(target)) {
          if (await holdsFiles(target)) throw new OperatorError(`${target} is no longer empty: is a service running on ${dataDir}?`);
          await rm(target, { recursive: true });
        }
        await rename(join(work, name), target);
      }
      await rm(work, { recursive: true, force: true });
    }
    return {
      dataDir,
      manifest,
      ...(database ? { database } : {}),
      missingFiles,
      files: keys.size,
      next: embedded
        ? 'Start the service with this DATA_DIR.'
        : 'Restore the database with pg_restore (or psql for a plain dump) from the dump taken with this backup, then start the service.',
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
