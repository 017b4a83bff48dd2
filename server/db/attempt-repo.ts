import type { Queryable } from './db';

/** Counts attempts of a scope and key since `since` (rate limits live in the database, not in memory). */
export async function countAttempts(db: Queryable, scope: string, key: string, since: Date): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM attempts WHERE scope = $1 AND key = $2 AND at > $3', [scope, key, since]);
  return rows[0]?.n ?? 0;
}

export async function recordAttempt(db: Queryable, scope: string, key: string, at: Date): Promise<void> {
  await db.query('INSERT INTO attempts (scope, key, at) VALUES ($1, $2, $3)', [scope, key, at]);
}

export async function clearAttempts(db: Queryable, scope: string, key: string): Promise<void> {
  await db.query('DELETE FROM attempts WHERE scope = $1 AND key = $2', [scope, key]);
}

/** Housekeeping (main.ts, hourly): no rate-limit window is longer than a day. */
export async function deleteOldAttempts(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM attempts WHERE at < $1', [before]);
}
