import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { EnvError, operatorSecretFile, readEnv, type Env } from './env';
import { FileStorage } from './files/storage';
import { BACKUP_PATH, OPERATOR_HEADER, OPS_PATH } from './routes/ops';
import { backupToFile, writeArchive } from './services/backup';
import { restoreBackup, verifyBackup } from './services/restore';
import { parse, USAGE } from './cli-args';
import { OperatorError, runOperatorAction, type OperatorAction } from './services/operator-actions';

/**
 * PGlite admits one process: while the server runs it owns the data directory, so the action
 * goes to the server's operator endpoint. `null` when no server answers on the port.
 */
async function viaServer(env: Env, action: OperatorAction, input: unknown): Promise<unknown | null> {
  const file = operatorSecretFile(env.dataDir);
  if (!existsSync(file)) return null;
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${env.port}${OPS_PATH}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: readFileSync(file, 'utf8').trim() },
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

async function direct(env: Env, action: OperatorAction, input: unknown): Promise<unknown> {
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    await migrate(db);
    return await runOperatorAction({ db, storage: new FileStorage(join(env.dataDir, 'files')), now: new Date() }, action, input);
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

const refused = (error: unknown) => ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === 'ECONNREFUSED';

/**
 * `backup FILE` while the server runs: the server dumps its database (PGlite admits one process)
 * and streams the archive back, written here with the operator's account. False when no server
 * listens on the port (or no operator secret exists): then the CLI takes the backup itself.
 */
async function backupViaServer(env: Env, file: string): Promise<boolean> {
  const secret = operatorSecretFile(env.dataDir);
  if (!existsSync(secret)) return false;
  // Until the answer starts: the dump takes a moment, the archive then streams as long as it needs.
  const started = new AbortController();
  const timer = setTimeout(() => started.abort(), 120_000);
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${env.port}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { [OPERATOR_HEADER]: readFileSync(secret, 'utf8').trim() },
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

async function backup(env: Env, file: string): Promise<unknown> {
  if (existsSync(file)) throw new OperatorError(`${file} exists already: choose another name`);
  const byServer = await backupViaServer(env, file);
  if (!byServer) {
    if (!env.databaseUrl && !existsSync(join(env.dataDir, 'pgdata', 'PG_VERSION'))) throw new OperatorError(`no database in ${env.dataDir} (pgdata/): nothing to back up`);
    // With DATABASE_URL the files alone: the database is backed up with pg_dump.
    const db = env.databaseUrl ? undefined : await openDb({ dataDir: env.dataDir });
    try {
      await backupToFile({ db, dataDir: env.dataDir, now: new Date() }, file);
    } finally {
      await db?.close();
    }
  }
  // Every backup is read back whole before it is called done.
  const manifest = await verifyBackup(file);
  return {
    file,
    bytes: statSync(file).size,
    takenBy: byServer ? 'the running server' : 'the CLI (no server running)',
    manifest,
    ...(manifest.database === 'postgres-files-only' ? { database: 'not in the archive (DATABASE_URL): back it up with pg_dump, see the README, Backups' } : {}),
  };
}

async function restore(env: Env, file: string): Promise<unknown> {
  // The restore writes DATA_DIR: the service must be stopped.
  const running = await fetch(`http://127.0.0.1:${env.port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.ok,
    () => false,
  );
  if (running) throw new OperatorError(`a service answers on port ${env.port}: stop it before restoring`);
  return restoreBackup({ file, dataDir: env.dataDir, databaseUrl: env.databaseUrl });
}

async function main(): Promise<void> {
  const env = readEnv();
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') {
    const file = archiveArg(rest);
    console.log(JSON.stringify(command === 'backup' ? await backup(env, file) : await restore(env, file), null, 2));
    return;
  }
  const { action, input } = parse(process.argv.slice(2));
  const remote = await viaServer(env, action, input);
  const result = remote ?? (await direct(env, action, input));
  console.log(JSON.stringify(result, null, 2));
}

main().catch((error: unknown) => {
  const known = error instanceof OperatorError || error instanceof EnvError || (error as Error)?.name === 'ZodError';
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
