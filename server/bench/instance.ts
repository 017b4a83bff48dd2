import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';

/**
 * One instance of the bid service for instances.ts, in a process of its own (forked): on the
 * PostgreSQL schema the parent prepared (BENCH_INSTANCE_DB, migrated and seeded), with the
 * answer cache the parent asks for. Sends its port to the parent once listening; closes on
 * 'stop'.
 */
const app = await buildApp({
  dataDir: process.env.BENCH_INSTANCE_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bid-bench-instance-')),
  databaseUrl: process.env.BENCH_INSTANCE_DB,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  listCacheMs: Number(process.env.BENCH_CACHE_MS ?? 0),
  migrate: false,
  // The load clients name their addresses (load-client.ts, forwardedFor), through the proxy or not.
  trustProxy: ['127.0.0.1'],
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });
process.on('message', (message) => {
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
