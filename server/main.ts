import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FileStore } from '@tus/file-store';
import { BASE_PATH } from '../contract/http';
import { buildApp } from './app';
import { deleteOldAttempts } from './db/attempt-repo';
import type { Db } from './db/db';
import { deleteExpiredSessions } from './db/session-repo';
import { deleteStaleTusUploads } from './db/tus-repo';
import { deleteOldIdempotencyKeys, IDEMPOTENCY_KEEP_MS } from './http/idempotency';
import { TUS_EXPIRY_MS, tusStore } from './routes/file/tus';
import { operatorSecretFile, readEnv } from './env';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

function ensureOperatorSecret(dataDir: string): string {
  const file = operatorSecretFile(dataDir);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

async function housekeeping(db: Db, tus: FileStore): Promise<void> {
  const now = new Date();
  await deleteExpiredSessions(db, now);
  await deleteOldAttempts(db, new Date(now.getTime() - 24 * 3600_000));
  await deleteOldIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS));
  await tus.deleteExpired();
  await deleteStaleTusUploads(db, new Date(now.getTime() - TUS_EXPIRY_MS));
}

async function main(): Promise<void> {
  const env = readEnv();
  mkdirSync(env.dataDir, { recursive: true });
  const app = await buildApp({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    tokenTtlSeconds: env.tokenTtlSeconds,
    notifyFile: env.notifyFile,
    logLevel: env.logLevel,
    logRequests: env.logRequests,
    staticDir: env.staticDir,
    operatorSecret: ensureOperatorSecret(env.dataDir),
    passSecret: env.passSecret,
  });
  if (await seedDemo(app.services.db, app.services.storage)) app.log.info('seeded the demo data');
  const tus = tusStore(env.dataDir);
  await housekeeping(app.services.db, tus);
  // Expired sessions, old attempts and keys, unfinished uploads are useless; keep them small.
  setInterval(() => void housekeeping(app.services.db, tus).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed')), 3600_000).unref();

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
  await app.listen({ port: env.port, host: env.host });
  const shown = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  const url = `http://${shown}:${env.port}`;
  console.log(`\nBid service: ${url}${BASE_PATH}`);
  console.log(`OpenAPI:     ${url}${BASE_PATH}/openapi.json`);
  const portal = !env.staticDir ? '(served by Vite in development)' : existsSync(join(env.staticDir, 'index.html')) ? `${url}/` : '(not built: run npm run build)';
  console.log(`Portal:      ${portal}`);
  console.log(`Data:        ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : env.dataDir}`);
  console.log('Demo accounts (username / password / status):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username} / ${a.password} / ${a.status}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
