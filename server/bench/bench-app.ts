import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { scratchSchema } from '../db/scratch-schema';

export type BenchDatabase = 'pglite' | 'postgresql';

/**
 * Runs a benchmark against a bid service of its own: a fresh in-memory PGlite, or with
 * BENCH_USE_DATABASE_URL=1 DATABASE_URL in a schema of its own (`bench_<name>`). The service, its
 * schema and its data folder are removed after `run`, whatever happens; a failure is printed and
 * exits 1.
 */
export function runBench(
  name: string,
  options: Partial<AppOptions>,
  run: (app: FastifyInstance, database: BenchDatabase) => Promise<void>,
): void {
  const main = async () => {
    const databaseUrl = process.env.BENCH_USE_DATABASE_URL === '1' ? process.env.DATABASE_URL : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), `bid-bench-${name}-`));
    const pg = databaseUrl ? await scratchSchema(databaseUrl, `bench_${name}`) : null;
    const app = await buildApp({ dataDir, databaseUrl: pg?.url, memoryDb: !pg, logLevel: 'warn', ...options });
    try {
      await run(app, pg ? 'postgresql' : 'pglite');
    } finally {
      await app.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
