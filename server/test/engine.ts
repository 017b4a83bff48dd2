import { createPgDb, createPgliteWorkerDb, type Db } from '../db/db';
import { scratchSchema } from '../db/scratch-schema';

/**
 * The engine the bid-service suites run on: PGlite, or PostgreSQL in the `server:postgres`
 * project (vitest.config.ts), which `npm test` adds when it could start a PostgreSQL
 * (scripts/test.mjs sets TEST_DATABASE_URL). The same tests and migration files run on both.
 */
export const ENGINE: 'pglite' | 'postgres' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** An empty database for one test file: an in-memory PGlite, or a schema of its own on PostgreSQL. */
/** `url` connects to that schema on PostgreSQL (another connection of a test, as another instance's). */
export async function testDb(): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  if (ENGINE === 'pglite') {
    const db = await createPgliteWorkerDb();
    return { db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const scratch = await scratchSchema(url, 'test');
  const db = createPgDb(scratch.url);
  return {
    db,
    url: scratch.url,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}
