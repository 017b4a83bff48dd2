import { createPgDb } from './db';

/** The advisory lock around creating the extensions the migrations use. */
const EXTENSIONS_LOCK = 7301946505;

/**
 * A schema of its own on a PostgreSQL database, for a test or a benchmark: the run neither
 * needs nor leaves an empty database. `url` connects with the schema first on the search path.
 * Extensions belong to the database, not to a schema: pg_trgm is made in `public` (on the
 * search path too) before the migrations' `CREATE EXTENSION IF NOT EXISTS` could put it into a
 * scratch schema that goes away with its run.
 */
export async function scratchSchema(databaseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = createPgDb(databaseUrl);
  await admin.exec(
    `SELECT pg_advisory_xact_lock(${EXTENSIONS_LOCK}); CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public; CREATE SCHEMA ${schema}`,
  );
  const sep = databaseUrl.includes('?') ? '&' : '?';
  return {
    url: `${databaseUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema},public`)}`,
    drop: async () => {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}
