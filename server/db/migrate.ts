import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The migration files of `dir`, in the order they apply. */
export const migrationFiles = (dir = MIGRATIONS_DIR): string[] =>
  readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();

/** The advisory lock around migrations: instances started together apply each file once. */
const MIGRATION_LOCK = 'pg_advisory_xact_lock(7301946502)';

/** Another instance applied the file between our read of `schema_migrations` and our turn at the lock. */
const appliedMeanwhile = (error: unknown) =>
  error instanceof Error && /schema_migrations_pkey/.test(`${(error as { constraint?: string }).constraint ?? ''} ${error.message}`);

/**
 * Applies `migrations/NNN_*.sql` in order, each in its own transaction, recording every
 * applied file in `schema_migrations` so that a restart applies only what is new. Each
 * transaction first takes a database lock and records its file: instances started at the same
 * moment on one PostgreSQL (as an orchestrator starts them) wait for each other, and a file
 * another instance has applied meanwhile is skipped (its record already exists).
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    `SELECT ${MIGRATION_LOCK};\nCREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const name of migrationFiles(dir)) {
    if (done.has(name)) continue;
    const sql = readFileSync(`${dir}/${name}`, 'utf8');
    try {
      await db.exec(`SELECT ${MIGRATION_LOCK};\nINSERT INTO schema_migrations (name) VALUES ('${name}');\n${sql}`);
    } catch (error) {
      if (appliedMeanwhile(error)) continue;
      throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(name);
  }
  return applied;
}
