import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { extract as extractTar, list as listTar, Parser, type ReadEntry } from 'tar';
import { openDb } from '../db/db';
import { passSecretFile } from '../security/pass';
import { receiptKeyDir, receiptKeyFiles } from '../security/receipt-keys';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  code,
  FILES,
  isArchiveEntry,
  MANIFEST,
  PASS_SECRET,
  PGDATA,
  RECEIPT_KEYS,
  storedKeys,
  type BackupManifest,
} from './backup';
import { OperatorError } from './operator-errors';

/** Reading, checking and restoring the archives of backup.ts (its header says what they hold). */

const notABackup = (file: string, why: string) => new OperatorError(`${file} is not a backup archive of this service (${why})`);

/** Checks a manifest read from an archive: the format and a version this code reads. */
function checkManifest(file: string, raw: unknown): BackupManifest {
  const m = raw as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || m.format !== BACKUP_FORMAT) throw notABackup(file, `${MANIFEST} is not ours`);
  if (m.version !== BACKUP_VERSION)
    throw new OperatorError(
      `${file} is a backup of format version ${String(m.version)}; this version of the service reads version ${BACKUP_VERSION} (written by ${m.appVersion ?? 'an unknown version'})`,
    );
  if (m.database !== 'pglite' && m.database !== 'postgres-files-only')
    throw notABackup(file, `unknown database kind ${String(m.database)}`);
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
      if (entry.path !== MANIFEST || entry.type !== 'File' || entry.size > 1024 * 1024)
        return finish(notABackup(path, `its first entry is ${entry.path}, not ${MANIFEST}`));
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
/** Each key file of `from` (a `receipt-keys` folder) that `to` lacks, moved there. */
async function mergeKeys(from: string, to: string): Promise<void> {
  for (const name of receiptKeyFiles(from, { signing: true })) {
    if (existsSync(join(to, name))) continue;
    await mkdir(dirname(join(to, name)), { recursive: true, mode: 0o700 });
    await rename(join(from, name), join(to, name));
  }
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
        if (!isArchiveEntry(entry.path, entry.type)) foreign ??= entry.path;
        else if (entry.path === PGDATA) database = true;
        else if (entry.type !== 'Directory' && entry.path.startsWith(`${FILES}/`)) files++;
      },
    });
  } catch (error) {
    throw notABackup(path, `unreadable: ${(error as Error).message}`);
  }
  if (foreign) throw notABackup(path, `unexpected entry ${String(foreign)}`);
  if (files !== manifest.counts.files)
    throw notABackup(path, `the manifest announces ${manifest.counts.files} files, the archive holds ${files}`);
  if (database !== (manifest.database === 'pglite'))
    throw notABackup(path, database ? 'a database dump the manifest does not announce' : `no ${PGDATA}`);
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
  /** On PostgreSQL: whether the database was there to check the files against (restored first). */
  databaseChecked?: boolean;
  files: number;
  /** What the operator does next. */
  next: string;
}

/**
 * The storage keys the PostgreSQL database at `databaseUrl` names, or why they could not be read
 * (no `files` table yet: not restored; or the database did not answer).
 */
async function keysInDatabase(databaseUrl: string): Promise<{ keys: string[] } | { unchecked: string }> {
  let db: Awaited<ReturnType<typeof openDb>> | null = null;
  try {
    db = await openDb({ databaseUrl });
    return {
      keys: (await db.query<{ storage_key: string }>('SELECT storage_key FROM files ORDER BY storage_key')).map((r) => r.storage_key),
    };
  } catch (error) {
    // 42P01: undefined table.
    return { unchecked: code(error) === '42P01' ? 'it holds no tables yet' : `it did not answer (${(error as Error).message})` };
  } finally {
    await db?.close().catch(() => undefined);
  }
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
 * with PostgreSQL's own tools, first: the files are then checked against it as against the
 * embedded one (`missingFiles`). Restored after them, it is not checked, and `next` says so.
 */
export async function restoreBackup(opts: { file: string; dataDir: string; databaseUrl?: string }): Promise<RestoreResult> {
  const file = resolve(opts.file);
  const dataDir = resolve(opts.dataDir);
  const manifest = await readManifest(file);
  const embedded = !opts.databaseUrl;
  if (embedded && manifest.database !== 'pglite')
    throw new OperatorError(
      `${file} holds the files only (taken with DATABASE_URL): set DATABASE_URL to restore them, and restore the database with pg_restore or psql`,
    );
  if (!embedded && manifest.database === 'pglite')
    throw new OperatorError(
      `${file} holds an embedded database, but DATABASE_URL is set: unset it to restore into the embedded database in DATA_DIR`,
    );

  // Nothing is ever overwritten: a database or files there already are someone's data.
  if (await holdsFiles(join(dataDir, 'pgdata')))
    throw new OperatorError(
      `${dataDir} holds a database already (pgdata/): restore into an empty data folder, or move this one away first`,
    );
  if (await holdsFiles(join(dataDir, FILES)))
    throw new OperatorError(
      `${dataDir} holds stored files already (files/): restore into an empty data folder, or move this one away first`,
    );

  await mkdir(dirname(dataDir), { recursive: true });
  const work = await mkdtemp(join(dirname(dataDir), `.${basename(dataDir)}.restore-`));
  try {
    try {
      await extractTar({
        file,
        cwd: work,
        strict: true,
        filter: (path, entry) => isArchiveEntry(path, (entry as ReadEntry).type ?? 'File'),
      });
    } catch (error) {
      throw notABackup(file, `unreadable: ${(error as Error).message}`);
    }
    await mkdir(join(work, FILES), { recursive: true, mode: 0o700 });
    const keys = new Set(await storedKeys(join(work, FILES)));
    if (keys.size !== manifest.counts.files)
      throw notABackup(file, `the manifest announces ${manifest.counts.files} files, the archive holds ${keys.size}`);

    const existingSecret = passSecretFile(dataDir);
    if (
      manifest.passSecret &&
      existsSync(existingSecret) &&
      (await readFile(existingSecret, 'utf8')) !== (await readFile(join(work, PASS_SECRET), 'utf8'))
    )
      throw new OperatorError(
        `${existingSecret} exists with another secret: move it away to restore the backup's (visit passes issued before the backup stay valid with it)`,
      );

    const existingKey = join(receiptKeyDir(dataDir), 'signing.pem');
    const restoredKey = join(work, RECEIPT_KEYS, 'signing.pem');
    if (
      existsSync(restoredKey) &&
      existsSync(existingKey) &&
      (await readFile(existingKey, 'utf8')) !== (await readFile(restoredKey, 'utf8'))
    )
      throw new OperatorError(
        `${existingKey} exists with another key: move it away to restore the backup's (receipts signed before the backup are checked with it)`,
      );

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
        database = {
          suppliers: counts!.suppliers,
          notices: counts!.notices,
          communications: counts!.communications,
          fileRows: counts!.file_rows,
        };
        const rows = (await lite.query<{ storage_key: string }>('SELECT storage_key FROM files ORDER BY storage_key')).rows;
        missingFiles = rows.map((r) => r.storage_key).filter((key) => !keys.has(key));
      } finally {
        await lite.close();
      }
      await rm(join(work, PGDATA));
    }
    const inDatabase = embedded ? null : await keysInDatabase(opts.databaseUrl!);
    if (inDatabase && 'keys' in inDatabase) missingFiles = inDatabase.keys.filter((key) => !keys.has(key));
    await rm(join(work, MANIFEST), { force: true });

    // Into place: the whole folder when there is none yet, else entry by entry (each a rename).
    if (!existsSync(dataDir)) {
      await rename(work, dataDir);
    } else {
      for (const name of await readdir(work)) {
        const target = join(dataDir, name);
        // The receipt keys join those there (a signing key there is the archive's, checked above).
        if (name === RECEIPT_KEYS && existsSync(target)) {
          await mergeKeys(join(work, name), target);
          continue;
        }
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
      ...(inDatabase ? { databaseChecked: 'keys' in inDatabase } : {}),
      next: !inDatabase
        ? 'Start the service with this DATA_DIR.'
        : 'keys' in inDatabase
          ? 'The files were checked against the database at DATABASE_URL (missingFiles). Start the service.'
          : `The files were not checked against the database at DATABASE_URL: ${inDatabase.unchecked}. Restore it with pg_restore (or psql for a plain dump) from the dump taken with this backup, then start the service.`,
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
