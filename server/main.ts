import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BASE_PATH } from '../contract/http';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { acquireDataLock, DataDirInUseError } from './db/data-lock';
import { tusStore } from './routes/file/tus';
import { housekeeping } from './services/housekeeping';
import { EnvError, operatorSecretFile, readEnv } from './env';
import { ensureSecretFile } from './security/secret-file';
import { existingDemoAccounts, seedDemo } from './seed';

/**
 * A graceful stop (an orchestrator's SIGTERM, Ctrl-C's SIGINT): /readyz answers 503 at once, no
 * new connection is taken, idle kept-alive ones close, requests in flight finish (a tus PATCH
 * stores what it received, so the upload resumes from the acknowledged offset), then the
 * database is closed and the process exits 0. Past SHUTDOWN_TIMEOUT_SECONDS it exits 1 anyway:
 * a write cut then was never acknowledged, and the portal's outbox sends it again.
 *
 * The handlers are in place from the start: a signal that comes while the service is still
 * starting (migrations, the demo seed) lets that finish and stops it as soon as it listens, so
 * a database is never cut off in the middle of a migration. Later signals are noted and change
 * nothing: one Ctrl-C under `npm start` arrives twice (from the terminal and passed on by npm),
 * and the default action of a signal no longer handled would kill the process mid-drain.
 */
function stopSignals(timeoutSeconds: number): { whenStarted(log: FastifyBaseLogger, stop: (signal: NodeJS.Signals) => void): void } {
  let started: { log: FastifyBaseLogger; stop: (signal: NodeJS.Signals) => void } | null = null;
  let received: NodeJS.Signals | null = null;
  // Until the service has started (and its logger is known), plain lines on standard error.
  const warn = (fields: Record<string, unknown>, message: string) =>
    started ? started.log.warn(fields, message) : console.error(`${message} ${JSON.stringify(fields)}`);
  const receive = (signal: NodeJS.Signals) => {
    if (received) {
      warn({ signal, first: received }, 'already shutting down');
      return;
    }
    received = signal;
    setTimeout(() => {
      warn(
        { timeoutSeconds },
        'still shutting down at the shutdown timeout (requests in flight, or a start that did not end): exiting anyway',
      );
      process.exit(1);
    }, timeoutSeconds * 1000).unref();
    if (started) started.stop(signal);
    else warn({ signal }, 'shutting down once the start has ended');
  };
  process.on('SIGINT', receive);
  process.on('SIGTERM', receive);
  return {
    whenStarted(log, stop) {
      started = { log, stop };
      if (received) stop(received);
    },
  };
}

async function main(): Promise<void> {
  const env = readEnv();
  const stop = stopSignals(env.shutdownTimeoutSeconds);
  mkdirSync(env.dataDir, { recursive: true });
  // One process writes an embedded data folder (server/db/data-lock.ts); a second service refuses to start.
  const lock = env.databaseUrl ? null : await acquireDataLock(env.dataDir, 'service');
  const app = await buildApp({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    searchConnections: env.searchConnections,
    tokenTtlSeconds: env.tokenTtlSeconds,
    notifyFile: env.notifyFile,
    mail: env.mail,
    sms: env.sms,
    logLevel: env.logLevel,
    logRequests: env.logRequests,
    staticDir: env.staticDir,
    operatorSecret: ensureSecretFile(operatorSecretFile(env.dataDir)),
    timeZone: env.timeZone,
    passSecret: env.passSecret,
    receiptKey: env.receiptKey,
    allowedOrigins: env.allowedOrigins,
    trustProxy: env.trustProxy,
    metricsAllow: env.metricsAllow,
    timeouts: {
      requestMs: env.requestTimeoutSeconds * 1000,
      keepAliveMs: env.keepAliveTimeoutSeconds * 1000,
    },
    maxConnections: env.maxConnections,
    maxConnectionsPerAddress: env.maxConnectionsPerAddress,
  });
  // Demo data on the embedded default only, unless SEED_DEMO says otherwise (env.ts).
  if (env.seedDemo && (await seedDemo(app.services.db, app.services.storage, new Date(), app.services.timeZone, app.services.receipts)))
    app.log.info('seeded the demo data');
  const demoAccounts = await existingDemoAccounts(app.services.db);
  // Expired sessions, old attempts and keys, unclaimed and unfinished uploads are useless; keep them small.
  const { db, storage, now, quotas } = app.services;
  const tus = tusStore(env.dataDir);
  const tidy = () =>
    housekeeping({
      db,
      storage,
      now,
      tus,
      unclaimedTtlMs: quotas.unclaimedTtlMs,
      stalledUploadMs: quotas.stalledUploadMs,
    }).then(
      (done) => app.log.info(done ?? { skipped: 'another instance is running it' }, 'housekeeping done'),
      (error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'),
    );
  await tidy();
  // Every 15 minutes: an anonymous upload silent for an hour goes within 75 minutes of its last byte.
  setInterval(() => void tidy(), 15 * 60_000).unref();

  await app.listen({ port: env.port, host: env.host });
  // Where it listens, for the CLI, which finds the service through the folder.
  lock?.update({ port: (app.server.address() as AddressInfo).port, host: env.host });
  stop.whenStarted(app.log, (signal) => {
    app.log.info({ signal, timeoutSeconds: env.shutdownTimeoutSeconds }, 'shutting down');
    app.lifecycle.shuttingDown = true;
    app.close().then(
      () => {
        lock?.release();
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
  const shown = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  const url = `http://${shown}:${env.port}`;
  const portal = !env.staticDir
    ? '(served by Vite in development)'
    : existsSync(join(env.staticDir, 'index.html'))
      ? `${url}/`
      : '(not built: run npm run build)';
  const codeFile = env.notifyFile ?? join(env.dataDir, 'notifications.jsonl');
  const started = {
    bidService: `${url}${BASE_PATH}`,
    openapi: `${url}${BASE_PATH}/openapi.json`,
    metrics: env.metricsAllow ? `${url}/metrics (to ${env.metricsAllow.join(', ')})` : 'off (METRICS_ALLOW)',
    portal,
    data: env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : env.dataDir,
    codes: `mail ${env.mail ? `by SMTP (${new URL(env.mail.url).host})` : `to ${codeFile}`}, SMS ${env.sms ? `by webhook (${new URL(env.sms.url).host})` : `to ${codeFile}`}`,
  };
  // Every line of the log is JSON, this one too; the readable banner only on a terminal.
  app.log.info({ ...started, demoAccounts: demoAccounts.map((a) => `${a.username} (${a.status})`) }, 'bid service started');
  if (!process.stdout.isTTY) return;
  console.log(`\nBid service: ${started.bidService}`);
  console.log(`OpenAPI:     ${started.openapi}`);
  console.log(`Metrics:     ${started.metrics}`);
  console.log(`Portal:      ${started.portal}`);
  console.log(`Data:        ${started.data}`);
  console.log(`Codes:       ${started.codes}`);
  if (demoAccounts.length) {
    console.log('Demo accounts (username / password / status):');
    for (const a of demoAccounts) console.log(`  ${a.username} / ${a.password} / ${a.status}`);
  } else {
    console.log('Demo accounts: none (SEED_DEMO=1 seeds them on a database without notices)');
  }
}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: the message alone, without a stack.
  console.error(error instanceof EnvError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
