import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { acquireDataLock, DataDirInUseError, type DataLock, type LockHolder } from './db/data-lock';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { EnvError, operatorSecretFile, readEnv, type Env } from './env';
import { FileStorage } from './files/storage';
import { BACKUP_PATH, OPERATOR_HEADER, OPS_PATH } from './routes/ops';
import { rotateReceiptKey } from './security/receipt-keys';
import { backupToFile, writeArchive } from './services/backup';
import { restoreBackup, verifyBackup } from './services/restore';
import { parse, USAGE } from './cli-args';
import { OperatorError, runOperatorAction, type OperatorAction } from './services/operator-actions';

/** The address a service listening on `host` answers on this machine. */
function localUrl(port: number, host?: string): string {
  const shown = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** The operator's secret, shown to the service's operator endpoints. */
function operatorSecret(env: Env): string | null {
  const file = operatorSecretFile(env.dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/**
 * The action sent to the service's operator endpoint at `url`. `null` when nothing answers there
 * (or no operator secret exists).
 */
async function viaServer(env: Env, url: string, action: OperatorAction, input: unknown): Promise<unknown | null> {
  const secret = operatorSecret(env);
  if (!secret) return null;
  let res: Response;
  try {
    res = await fetch(`${url}${OPS_PATH}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: secret },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
  const body = (await res.json().catch(() => ({}))) as { result?: unknown; error?: string };
  if (!res.ok) throw new OperatorError(`server refused (${res.status}): ${body.error ?? 'unknown error'}`);
  return body.result;
}

/** How long the CLI waits for a service that holds the folder but does not listen yet (migrations, the demo seed). */
const STARTING_SERVICE_WAIT_MS = 60_000;

/**
 * Who does an operator command on an embedded data folder (server/db/data-lock.ts): the service
 * that holds it, found through the folder (it writes where it listens), or this process, with
 * the folder's lock. Never the CLI beside a running service: PGlite admits one process, and
 * what the CLI wrote there was lost at the service's next start.
 */
async function embeddedWriter(env: Env): Promise<{ service: LockHolder & { port: number } } | { lock: DataLock }> {
  const deadline = Date.now() + STARTING_SERVICE_WAIT_MS;
  for (;;) {
    try {
      return { lock: await acquireDataLock(env.dataDir, 'cli') };
    } catch (error) {
      if (!(error instanceof DataDirInUseError) || error.holder.kind !== 'service') throw error;
      const { holder } = error;
      if (holder.port !== undefined) return { service: { ...holder, port: holder.port } };
      if (Date.now() > deadline)
        throw new OperatorError(`${error.message}, and has not started listening within ${STARTING_SERVICE_WAIT_MS / 1000} s`);
      await sleep(500);
    }
  }
}

/** With the folder's lock held for the time of `work`. */
async function holding<T>(lock: DataLock, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    lock.release();
  }
}

const noAnswer = (holder: LockHolder & { port: number }) =>
  new OperatorError(
    `the bid service (pid ${holder.pid}) holds the data folder but does not answer on port ${holder.port}, or the operator secret is missing: nothing was done`,
  );

async function direct(env: Env, action: OperatorAction, input: unknown): Promise<unknown> {
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    await migrate(db);
    return await runOperatorAction(
      { db, storage: new FileStorage(join(env.dataDir, 'files')), now: new Date(), timeZone: env.timeZone },
      action,
      input,
    );
  } finally {
    await db.close();
  }
}

/** The one argument of `backup` and `restore`: the archive's path. */
function archiveArg(args: string[]): string {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new OperatorError(USAGE);
  return resolve(positionals[0]!);
}

const refused = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === 'ECONNREFUSED';

/**
 * `backup FILE` while the server runs: the server dumps its database (PGlite admits one process)
 * and streams the archive back, written here with the operator's account. False when no server
 * listens at `url` (or no operator secret exists).
 */
async function backupViaServer(env: Env, url: string, file: string): Promise<boolean> {
  const secret = operatorSecret(env);
  if (!secret) return false;
  // Until the answer starts: the dump takes a moment, the archive then streams as long as it needs.
  const started = new AbortController();
  const timer = setTimeout(() => started.abort(), 120_000);
  let res: Response;
  try {
    res = await fetch(`${url}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { [OPERATOR_HEADER]: secret },
      signal: started.signal,
    });
  } catch (error) {
    // Only "nobody listens" means no server: opening PGlite beside a running server would harm it.
    if (refused(error)) return false;
    throw new OperatorError(`the server did not answer the backup request (${(error as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new OperatorError(`server refused (${res.status}): ${body.error ?? 'unknown error'}`);
  }
  try {
    await writeArchive(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), file);
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(`the backup was cut off (${(error as Error).message}): nothing written, see the server's log`);
  }
  return true;
}

/** The CLI's own backup: the folder (and, embedded, its database) as this process reads them. */
async function backupHere(env: Env, file: string): Promise<void> {
  if (!env.databaseUrl && !existsSync(join(env.dataDir, 'pgdata', 'PG_VERSION')))
    throw new OperatorError(`no database in ${env.dataDir} (pgdata/): nothing to back up`);
  // With DATABASE_URL the files alone: the database is backed up with pg_dump.
  const db = env.databaseUrl ? undefined : await openDb({ dataDir: env.dataDir });
  try {
    await backupToFile(
      { db, dataDir: env.dataDir, now: new Date(), passSecretFromEnv: Boolean(env.passSecret), receiptKeyFromEnv: Boolean(env.receiptKey) },
      file,
    );
  } finally {
    await db?.close();
  }
}

async function backup(env: Env, file: string): Promise<unknown> {
  if (existsSync(file)) throw new OperatorError(`${file} exists already: choose another name`);
  let byServer: boolean;
  if (env.databaseUrl) {
    byServer = await backupViaServer(env, localUrl(env.port), file);
    if (!byServer) await backupHere(env, file);
  } else {
    const writer = await embeddedWriter(env);
    if ('service' in writer) {
      if (!(await backupViaServer(env, localUrl(writer.service.port, writer.service.host), file))) throw noAnswer(writer.service);
      byServer = true;
    } else {
      await holding(writer.lock, () => backupHere(env, file));
      byServer = false;
    }
  }
  // Every backup is read back whole before it is called done.
  const manifest = await verifyBackup(file);
  return {
    file,
    bytes: statSync(file).size,
    takenBy: byServer ? 'the running server' : 'the CLI (no server running)',
    manifest,
    ...(manifest.database === 'postgres-files-only'
      ? { database: 'not in the archive (DATABASE_URL): back it up with pg_dump, see the README, Backups' }
      : {}),
    ...(manifest.passSecretFrom === 'environment'
      ? {
          passSecret:
            'not in the archive: PASS_SECRET is given by the environment; keep that value with the archive, a restored service needs it for the passes it signed',
        }
      : {}),
  };
}

async function restore(env: Env, file: string): Promise<unknown> {
  if (!env.databaseUrl) {
    // The restore writes the folder: no service may hold it (the lock says which one does).
    const lock = await acquireDataLock(env.dataDir, 'cli').catch((error: unknown) => {
      throw error instanceof DataDirInUseError ? new OperatorError(`${error.message}: stop it before restoring`) : error;
    });
    return holding(lock, () => restoreBackup({ file, dataDir: env.dataDir }));
  }
  // The restore writes DATA_DIR: the service must be stopped.
  const running = await fetch(`${localUrl(env.port)}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.ok,
    () => false,
  );
  if (running) throw new OperatorError(`a service answers on port ${env.port}: stop it before restoring`);
  return restoreBackup({ file, dataDir: env.dataDir, databaseUrl: env.databaseUrl });
}

/**
 * An operator action: through the service that holds an embedded folder, else here with its lock; on
 * PostgreSQL through a service on PORT if one answers, else here.
 */
async function act(env: Env, action: OperatorAction, input: unknown): Promise<unknown> {
  if (env.databaseUrl) return (await viaServer(env, localUrl(env.port), action, input)) ?? (await direct(env, action, input));
  const writer = await embeddedWriter(env);
  if ('lock' in writer) return holding(writer.lock, () => direct(env, action, input));
  const result = await viaServer(env, localUrl(writer.service.port, writer.service.host), action, input);
  if (result === null) throw noAnswer(writer.service);
  return result;
}

async function main(): Promise<void> {
  const env = readEnv();
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') {
    const file = archiveArg(rest);
    console.log(JSON.stringify(command === 'backup' ? await backup(env, file) : await restore(env, file), null, 2));
    return;
  }
  if (command === 'rotate-receipt-key') {
    const rotation = await rotateReceiptKey(env.dataDir, env.receiptKey);
    const next = rotation.receiptKey
      ? 'Set RECEIPT_KEY to receiptKey on every instance and restart them; keep DATA_DIR/receipt-keys/retired with the data folder.'
      : 'Restart every instance: until then they sign with the retired key, which still checks.';
    console.log(JSON.stringify({ ...rotation, next }, null, 2));
    return;
  }
  const { action, input } = parse(process.argv.slice(2));
  console.log(JSON.stringify(await act(env, action, input), null, 2));
}

main().catch((error: unknown) => {
  const known =
    error instanceof OperatorError ||
    error instanceof EnvError ||
    error instanceof DataDirInUseError ||
    (error as Error)?.name === 'ZodError';
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
